import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportLedger } from '../export/index.js';
import { ingest } from '../ingest/ingest.js';
import { loadLedger } from '../ledger-file/read.js';
import { openStore } from '../store/open-store.js';
import { analyze } from './analyze.js';

const REPORTS = {
  'a.txt':
    'ASHFORD, May 2 – Shelling killed 7 people in Ashford on Tuesday, the governor said. "We will rebuild," Mayor Lee said.\n',
  'b.txt': 'Shelling killed 7 people in Ashford on Tuesday, the governor said. Residents fled the town.\n',
  'c.txt': 'Police said two men were arrested in Brill after a protest on Monday.\n',
};

describe('analyze', () => {
  let dir: string;
  const clock = () => new Date('2024-05-03T12:00:00Z');
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-analyze-'));
    fs.mkdirSync(path.join(dir, 'in'));
    for (const [name, text] of Object.entries(REPORTS)) fs.writeFileSync(path.join(dir, 'in', name), text);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes ledger.json, keeps the latest ledger in the store and logs custody entries', async () => {
    const store = openStore(path.join(dir, 'store'), { clock });
    try {
      const result = await analyze(store, [path.join(dir, 'in')], { out: path.join(dir, 'out'), clock });
      expect(result.documents).toBe(3);
      expect(result.extracted).toBe(3);
      const written = fs.readFileSync(path.join(dir, 'out', 'ledger.json'), 'utf8');
      expect(JSON.parse(written).schema).toBe('corroborate.ledger/1');
      expect(loadLedger(store)).toEqual(JSON.parse(written));
      const kinds = [...store.custody.entries()].map((e) => e.kind);
      expect(kinds.filter((k) => k === 'analysis')).toHaveLength(1);
      expect(kinds.filter((k) => k === 'export')).toHaveLength(1);
      expect(result.ledger.custody.entries).toBe(kinds.filter((k) => k === 'ingest').length);
    } finally {
      store.close();
    }
  });

  it('extracts only the new document on a second run', async () => {
    const store = openStore(path.join(dir, 'store'), { clock });
    try {
      await analyze(store, [path.join(dir, 'in')], { clock });
      const extra = path.join(dir, 'd.txt');
      fs.writeFileSync(
        extra,
        'Shelling killed 7 people in Ashford on Tuesday, officials told our reporter.\n',
      );
      const second = await analyze(store, [extra], { clock });
      expect(second.extracted).toBe(1);
      expect(second.documents).toBe(4);
      const third = await analyze(store, [], { clock });
      expect(third.extracted).toBe(0);
    } finally {
      store.close();
    }
  });

  it('extracts documents ingested outside analyze, and those of an interrupted run', async () => {
    const store = openStore(path.join(dir, 'store'), { clock });
    try {
      await ingest(store, [path.join(dir, 'in', 'a.txt')], { clock });
      const first = await analyze(store, [path.join(dir, 'in', 'b.txt')], { clock });
      expect(first.extracted).toBe(2);
      await ingest(store, [path.join(dir, 'in', 'c.txt')], { clock });
      const again = await analyze(store, [path.join(dir, 'in', 'a.txt')], { clock });
      expect(again.extracted).toBe(1);
      expect(again.documents).toBe(3);
    } finally {
      store.close();
    }
  });

  it('gives byte-identical ledgers and exports for the same input in two stores', async () => {
    const outputs: string[][] = [];
    for (const name of ['one', 'two']) {
      const store = openStore(path.join(dir, name), { clock });
      try {
        const { ledger } = await analyze(store, [path.join(dir, 'in')], {
          out: path.join(dir, `${name}-out`),
          clock,
        });
        outputs.push([
          fs.readFileSync(path.join(dir, `${name}-out`, 'ledger.json'), 'utf8'),
          ...(['csv', 'geojson', 'jsonl'] as const).map((f) => exportLedger(ledger, f)),
        ]);
        // Re-analysing without new input cites the same evidence: the same ledger.
        const again = await analyze(store, [], { clock });
        expect(exportLedger(again.ledger, 'json')).toBe(outputs.at(-1)?.[0]);
      } finally {
        store.close();
      }
    }
    expect(outputs[0]).toEqual(outputs[1]);
  });

  it('puts the files a run replaces in the store trash, which the next run empties; the ledger folder and --out hold only the latest', async () => {
    const store = openStore(path.join(dir, 'store'), { clock });
    const out = path.join(dir, 'out');
    const trash = store.analysis.trashFolder();
    const listed = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);
    try {
      const first = await analyze(store, [path.join(dir, 'in', 'a.txt')], { out, clock });
      expect(listed(trash)).toEqual([]);
      const second = await analyze(store, [path.join(dir, 'in', 'b.txt')], { out, clock });
      expect(second.ledgerSha256).not.toBe(first.ledgerSha256);
      const latest = `ledger-${second.ledgerSha256.slice(0, 16)}.json`;
      expect(listed(store.analysis.ledgerFolder())).toEqual([latest, `${latest}.idx`]);
      expect(listed(out)).toEqual(['ledger.json']);
      // The first run's file, its index and the --out copy the second run replaced.
      const replaced = listed(trash);
      expect(replaced).toHaveLength(3);
      const oldName = `ledger-${first.ledgerSha256.slice(0, 16)}.json`;
      expect(replaced.filter((n) => n.endsWith(oldName))).toHaveLength(1);
      for (const n of replaced.filter((n) => !n.endsWith('.idx'))) {
        expect(fs.readFileSync(path.join(trash, n))).toEqual(
          fs.readFileSync(path.join(trash, replaced.find((m) => m.endsWith(oldName)) as string)),
        );
      }
      // The next run deletes them while it works, and moves in what it replaces.
      await analyze(store, [path.join(dir, 'in', 'c.txt')], { out, clock });
      // In the background: done once the run's promise settles, or soon after on a busy machine.
      await vi.waitFor(() => expect(listed(trash).some((n) => replaced.includes(n))).toBe(false), {
        timeout: 10_000,
      });
      const now = listed(trash);
      expect(now).toHaveLength(3);
      expect(now.filter((n) => n.endsWith(latest))).toHaveLength(1);
    } finally {
      store.close();
    }
  });
});

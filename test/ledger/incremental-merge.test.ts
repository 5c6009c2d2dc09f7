import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorpus } from '../../bench/analyze/generate.js';
import { analyze } from '../../src/analyze/index.js';
import type { Ledger } from '../../src/core/types.js';
import { toLedgerJson } from '../../src/ledger-file/canonical.js';
import { openStore } from '../../src/store/open-store.js';
import { bindMergeStateAsWritten } from './bind-merge-state.js';

/**
 * The incremental merge (docs/ledger.md, "Incremental merge") against the reference, a
 * from-scratch merge: analysing documents in two runs gives the same ledger as analysing them
 * all in one (custody aside, which records the runs themselves).
 */

const withoutCustody = (l: Ledger) => JSON.stringify({ ...l, custody: null });

/**
 * Analyses each batch in turn into the store at `dir`; after each run, ledger.json and the store's
 * copy (rewritten item by item) must be byte for byte the JSON of the ledger the run returned.
 */
async function run(dir: string, batches: string[][], manifest?: string): Promise<Ledger[]> {
  const store = openStore(dir);
  const out = path.join(dir, 'out');
  try {
    const ledgers: Ledger[] = [];
    let previous: Ledger | null = null;
    for (const inputs of batches) {
      const result = await analyze(store, inputs, { manifest, out });
      // An incremental run lists the input sections' changes too (from the stored families).
      if (!result.merge.full) {
        expect(result.merge.changed.documents).toBeDefined();
        if (inputs.length > 0) expect(result.merge.changed.documents?.size).toBeGreaterThan(0);
        // The previous run's input sections with the listed changes applied are this run's.
        if (previous) {
          const keyed = {
            documents: (x: { id: string }) => x.id,
            families: (x: { id: string }) => x.id,
            reuse: (x: { a: string; b: string }) => `${x.a}\u0000${x.b}`,
          } as Record<'documents' | 'families' | 'reuse', (x: never) => string>;
          for (const section of ['documents', 'families', 'reuse'] as const) {
            const key = keyed[section];
            const items = new Map<string, unknown>(previous[section].map((x) => [key(x as never), x]));
            for (const [k, item] of result.merge.changed[section] ?? []) {
              if (item) items.set(k, item);
              else items.delete(k);
            }
            const applied = [...items].sort((x, y) => (x[0] < y[0] ? -1 : 1)).map(([, x]) => x);
            expect(applied).toEqual(result.ledger[section]);
          }
        }
      }
      const expected = toLedgerJson(result.ledger);
      expect(fs.readFileSync(path.join(out, 'ledger.json'), 'utf8')).toBe(expected);
      expect(store.analysis.latestLedger()).toBe(expected);
      ledgers.push(result.ledger);
      previous = result.ledger;
    }
    return ledgers;
  } finally {
    store.close();
  }
}

describe('incremental merge equals the from-scratch merge', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-incremental-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('on the example corpus, added in two batches', async () => {
    const corpus = 'examples/corpus';
    const files = fs
      .readdirSync(corpus)
      .filter((f) => f !== 'manifest.jsonl')
      .sort();
    const first = files.filter((_, i) => i % 2 === 0).map((f) => path.join(corpus, f));
    const second = files.filter((_, i) => i % 2 === 1).map((f) => path.join(corpus, f));
    const manifest = path.join(corpus, 'manifest.jsonl');
    const [, twoRuns] = await run(path.join(dir, 'example-two'), [first, second], manifest);
    const [oneRun] = await run(path.join(dir, 'example-one'), [[...first, ...second]], manifest);
    expect(oneRun?.events.length).toBeGreaterThan(0);
    expect(withoutCustody(twoRuns as Ledger)).toBe(withoutCustody(oneRun as Ledger));
  });

  it('on a seeded synthetic corpus (copies, rewrites, many reports per incident), added in two batches', async () => {
    const corpus = createCorpus(7);
    const a = path.join(dir, 'synthetic-a');
    const b = path.join(dir, 'synthetic-b');
    corpus.write(a, 120);
    corpus.write(b, 60);
    const [, twoRuns] = await run(path.join(dir, 'synthetic-two'), [[a], [b]]);
    const [oneRun] = await run(path.join(dir, 'synthetic-one'), [[a, b]]);
    expect(oneRun?.events.length).toBeGreaterThan(5);
    expect(withoutCustody(twoRuns as Ledger)).toBe(withoutCustody(oneRun as Ledger));
  }, 120_000);

  it('in three batches of another seeded corpus (rare-word keys ranked by the counts known at each run)', async () => {
    const corpus = createCorpus(11);
    const parts = ['c1', 'c2', 'c3'].map((p) => path.join(dir, p));
    corpus.write(parts[0] as string, 90);
    corpus.write(parts[1] as string, 45);
    corpus.write(parts[2] as string, 45);
    const runs = await run(
      path.join(dir, 'three'),
      parts.map((p) => [p]),
    );
    const [oneRun] = await run(path.join(dir, 'three-one'), [parts]);
    expect(oneRun?.claims.length).toBeGreaterThan(20);
    expect(withoutCustody(runs[2] as Ledger)).toBe(withoutCustody(oneRun as Ledger));
  }, 120_000);

  it('after a run interrupted between the merge and the new ledger file, keeps the older ledger and rewrites every item', async () => {
    const corpus = createCorpus(13);
    const parts = ['i1', 'i2', 'i3'].map((p) => path.join(dir, p));
    for (const p of parts) corpus.write(p, 30);
    const storeDir = path.join(dir, 'interrupted');
    await run(storeDir, [[parts[0] as string]]);
    const store = openStore(storeDir);
    try {
      const older = store.analysis.latestLedger();
      // What a run does before it merges; killed right after, it never saves a new file.
      expect(store.analysis.beginLedgerFile()).not.toBeNull();
      expect(store.analysis.latestLedger()).toBe(older);
      expect(store.analysis.beginLedgerFile()).toBeNull();
    } finally {
      store.close();
    }
    const [, last] = await run(storeDir, [[parts[1] as string], [parts[2] as string]]);
    const [oneRun] = await run(path.join(dir, 'interrupted-one'), [parts]);
    expect(withoutCustody(last as Ledger)).toBe(withoutCustody(oneRun as Ledger));
  }, 120_000);

  it('gives one canonical speaker per person across documents, in one run or as documents arrive', async () => {
    const a = path.join(dir, 'speakers-a');
    const b = path.join(dir, 'speakers-b');
    fs.mkdirSync(a);
    fs.mkdirSync(b);
    fs.writeFileSync(
      path.join(a, 'first.txt'),
      'Ferry services to the island resumed on Tuesday.\n\n"The crossing is safe again," Mr Pike said.\n',
    );
    fs.writeFileSync(
      path.join(b, 'second.txt'),
      'The harbour reopened after the storm.\n\n"We have checked every mooring twice," said Owen Pike QC, chairman of the harbour board.\n',
    );
    const [first, twoRuns] = await run(path.join(dir, 'speakers-two'), [[a], [b]]);
    const [oneRun] = await run(path.join(dir, 'speakers-one'), [[a, b]]);
    // Alone, the first report names only Mr Pike (`Pike`); once the second names him in full, both quotes are his.
    expect(first?.quotes.map((q) => q.speaker)).toEqual(['Pike']);
    expect(new Set(oneRun?.quotes.map((q) => q.speaker))).toEqual(new Set(['Owen Pike']));
    expect(withoutCustody(twoRuns as Ledger)).toBe(withoutCustody(oneRun as Ledger));
  });

  it('gives a claimant the canonical form of its speaker, in one run or as documents arrive', async () => {
    const a = path.join(dir, 'claimants-a');
    const b = path.join(dir, 'claimants-b');
    fs.mkdirSync(a);
    fs.mkdirSync(b);
    fs.writeFileSync(
      path.join(a, 'first.txt'),
      'The dam at Orrin Vale was breached on Monday.\n\nMr Tarrow, the reservoir manager, denied that the sluice gates had been left open.\n',
    );
    fs.writeFileSync(
      path.join(b, 'second.txt'),
      'Water levels fell on Wednesday.\n\n"The gates were shut all week," said Hollis Tarrow.\n',
    );
    const [first, twoRuns] = await run(path.join(dir, 'claimants-two'), [[a], [b]]);
    const [oneRun] = await run(path.join(dir, 'claimants-one'), [[a, b]]);
    const denierOf = (ledger: Ledger | undefined) =>
      ledger?.claims.find((c) => c.stance === 'deny' && /sluice/.test(c.text))?.claimant;
    // Alone, the first report names only Mr Tarrow; once the second names him in full, the denial is
    // his, with the role the first report gave.
    expect(denierOf(first)).toBe('Tarrow (reservoir manager)');
    expect(denierOf(oneRun)).toBe('Hollis Tarrow (reservoir manager)');
    expect(withoutCustody(twoRuns as Ledger)).toBe(withoutCustody(oneRun as Ledger));
  });

  it('rebuilds from scratch when the stored state was made by another extractor version', async () => {
    const storeDir = path.join(dir, 'example-two');
    const store = openStore(storeDir);
    try {
      const state = store.analysis.mergeState();
      const meta = state.get('meta', 'run') as { version: string };
      state.write([{ ns: 'meta', key: 'run', value: { ...meta, version: 'older' } }]);
      state.write([{ ns: 'event', key: 'bogus', value: { id: 'ev-bogus' } }]);
      bindMergeStateAsWritten(store);
      const again = (await analyze(store, [])).ledger;
      expect(again.events.some((e) => e.id === 'ev-bogus')).toBe(false);
    } finally {
      store.close();
    }
    const [oneRun] = await run(path.join(dir, 'example-one'), [[]]);
    const [rebuilt] = await run(storeDir, [[]]);
    expect(withoutCustody(rebuilt as Ledger)).toBe(withoutCustody(oneRun as Ledger));
  });
});

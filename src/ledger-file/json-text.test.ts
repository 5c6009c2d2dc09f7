import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.js';
import type { Ledger } from '../core/types.js';
import { openStore } from '../store/open-store.js';
import { toLedgerJson } from './canonical.js';
import { ledgerJsonChunks, withoutItems } from './json-text.js';
import { parseLedger } from './read.js';

const corpus = path.resolve('examples/corpus');

describe('ledger JSON in pieces', () => {
  let dir: string;
  let ledger: Ledger;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-write-ledger-'));
    const store = openStore(path.join(dir, 'store'), { clock: () => new Date('2024-05-03T12:00:00Z') });
    try {
      ({ ledger } = await analyze(store, [corpus], {
        manifest: path.join(corpus, 'manifest.jsonl'),
        workers: 1,
      }));
    } finally {
      store.close();
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('streams exactly the bytes of toLedgerJson, whatever the chunk size', () => {
    expect(ledger.quotes.length).toBeGreaterThan(2);
    const expected = toLedgerJson(ledger);
    for (const size of [1, 2, 3, 1000]) expect([...ledgerJsonChunks(ledger, size)].join('')).toBe(expected);
    const empty = withoutItems(ledger);
    expect([...ledgerJsonChunks(empty, 2)].join('')).toBe(toLedgerJson(empty));
  });

  it('reads a written ledger back item by item (as for ledgers larger than one string)', () => {
    for (const l of [ledger, withoutItems(ledger)]) {
      const bytes = Buffer.from(toLedgerJson(l), 'utf8');
      // Threshold 0: every ledger is parsed piece by piece.
      expect(parseLedger(bytes, 0)).toEqual(JSON.parse(bytes.toString('utf8')));
    }
    expect(() => parseLedger(Buffer.from(JSON.stringify(ledger)), 0)).toThrow(/not laid out/);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.js';
import { loadStages } from '../analyze/stages.js';
import {
  changedValue,
  columnsOf,
  insertRow,
  type Mutation,
  verifyEditedCopy,
} from './__fixtures__/mutation-kit.js';
import { openStore } from './open-store.js';
import { DATABASE_FILE } from './sqlite/sqlite-store.js';
import type { VerifyReport } from './store.js';

// Mutation harness for the rows an analysis binds (the evidence tables have theirs in
// verify-mutations.test.ts): a store analysed once, then every field of a row of each kind is
// edited, the row deleted, and a forged row inserted, one at a time in a fresh copy; `verify`
// must fail. A row "of each kind": each namespace of the merge state, and the first and last row
// of the other tables (every row of a kind is bound the same way). Left out, because no command
// reads them as evidence (an edit can cost a rebuild, never forge a value):
// - the reuse index (`reuse_documents`, `reuse_keys`): it only proposes candidate pairs, each
//   verified against the texts before it is stored; an edit can make the reuse stage miss or
//   compare a pair, and the pairs it stores are bound by the next entry;
// - `analysis_ledger.itemized` and the deletion of the ledger row: any other value than 1, or no
//   row, makes the next run discard the merge state and merge from nothing, and `export`, `report`
//   and `brief` say there is no ledger (see verify-latest-ledger.ts);
// - an extraction row inserted under another extractor version: no entry bound it, so the run of
//   that version deletes it and extracts the document again (`unboundExtractions`).

const clock = (): Date => new Date('2025-02-03T10:00:00Z');
const STORY =
  'Firefighters in Brannoch said a warehouse burned on the quay road on Tuesday night and two workers ' +
  'were hurt. A council spokeswoman said the road would stay closed while engineers checked the wall.';

let root: string;
let pristine: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-analysis-mutations-'));
  const input = path.join(root, 'in');
  fs.mkdirSync(input);
  fs.writeFileSync(path.join(input, 'a.txt'), `${STORY}\n`);
  fs.writeFileSync(
    path.join(input, 'b.txt'),
    `${STORY} Traders on the quay said they lost a week of stock.\n`,
  );
  fs.writeFileSync(
    path.join(input, 'c.txt'),
    'Police in Harwick said one man died when a lorry left the ring road on Sunday.\n',
  );
  pristine = path.join(root, 'pristine');
  const store = openStore(pristine, { clock });
  try {
    await analyze(store, [input], { clock, stages: await loadStages(), workers: 1 });
    expect(await store.verify()).toMatchObject({ ok: true, problems: [] });
  } finally {
    store.close();
  }
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function verifyAfter(edit: (db: Database.Database) => void): Promise<VerifyReport> {
  return verifyEditedCopy(root, pristine, edit);
}

/** The analysis tables, each with its key columns and which of its rows are mutated. */
const TABLES = [
  { table: 'analysis_extractions', key: ['document_id', 'extractor_version'], kinds: null },
  { table: 'reuse_pairs', key: ['a', 'b'], kinds: null },
  // Each document's family, which an incremental run reads; the forged row is a new document's.
  { table: 'reuse_families', key: ['family_id', 'document_id'], kinds: null },
  { table: 'analysis_merge_state', key: ['ns', 'key'], kinds: 'ns' },
  { table: 'analysis_ledger', key: ['id'], kinds: null },
] as const;

function mutations(): Mutation[] {
  const db = new Database(path.join(pristine, DATABASE_FILE), { readonly: true });
  const out: Mutation[] = [];
  try {
    for (const { table, key, kinds } of TABLES) {
      const columns = columnsOf(db, table);
      const all = db.prepare(`SELECT * FROM ${table} ORDER BY ${key.join(', ')}`).all() as Record<
        string,
        unknown
      >[];
      expect(all.length, table).toBeGreaterThan(0);
      const picked = kinds
        ? [...new Map(all.map((r) => [r[kinds], r])).values()]
        : [...new Set([all[0], all.at(-1)])];
      const where = key.map((k) => `${k} = ?`).join(' AND ');
      for (const row of picked as Record<string, unknown>[]) {
        const id = key.map((k) => String(row[k])).join('/');
        // The one ledger row's id is fixed by a CHECK constraint: it cannot be edited.
        for (const column of columns.filter(
          (c) => !(table === 'analysis_ledger' && ['id', 'itemized'].includes(c)),
        ))
          out.push({
            name: `edit ${table}.${column} of ${id}`,
            edit: (d) =>
              d
                .prepare(`UPDATE ${table} SET ${column} = ? WHERE ${where}`)
                .run(changedValue(row[column]), ...key.map((k) => row[k])),
          });
        if (table !== 'analysis_ledger')
          out.push({
            name: `delete ${table} row ${id}`,
            edit: (d) => d.prepare(`DELETE FROM ${table} WHERE ${where}`).run(...key.map((k) => row[k])),
          });
      }
      if (table === 'analysis_ledger' || table === 'analysis_extractions') continue;
      const first = all[0] as Record<string, unknown>;
      const forged = { ...first, [key[1]]: changedValue(first[key[1]]) };
      out.push({ name: `insert a forged ${table} row`, edit: insertRow(table, columns, forged) });
    }
  } finally {
    db.close();
  }
  return out;
}

describe('verify detects every edit of the rows an analysis binds', () => {
  it('has mutations for every analysis table and every merge-state namespace', () => {
    const names = mutations().map((m) => m.name);
    for (const { table } of TABLES) expect(names.some((n) => n.includes(` ${table}`))).toBe(true);
    expect(names.length).toBeGreaterThan(40);
  });

  it('fails for each mutation (100%)', async () => {
    const missed: string[] = [];
    for (const m of mutations()) if ((await verifyAfter(m.edit)).ok) missed.push(m.name);
    expect(missed).toEqual([]);
  }, 300_000);
});

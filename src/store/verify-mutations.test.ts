import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../ingest/ingest.js';
import {
  changedValue,
  columnsOf,
  insertRow,
  type Mutation,
  verifyEditedCopy,
} from './__fixtures__/mutation-kit.js';
import { openStore } from './open-store.js';
import { rewriteCustodyLog } from './rewrite-custody-log.js';
import { DATABASE_FILE } from './sqlite/sqlite-store.js';
import type { VerifyReport } from './store.js';

// Mutation harness: a small store made by a real ingest, then every kind of row and every field
// of the evidence tables is edited, deleted or forged, one at a time in a fresh copy, and
// `verify` must fail naming the row. Tables the harness leaves alone, and why:
// - schema_migrations; and the analysis and reuse tables: this store has no analysis. The rows an
//   analysis relies on (extractions, reuse pairs and families, the merge state, the latest ledger
//   and its index) are bound by its custody entry and mutated in
//   `verify-analysis-mutations.test.ts`, and tampered with in the store contract
//   (`contract/tamper-contract.ts`), `src/analyze/analysis-digests.test.ts` and
//   `test/cli-reliability.test.ts`. The reuse index (`reuse_documents`, `reuse_keys`) only
//   proposes candidate pairs, each verified against the texts before it is stored.
const EXCLUDED_COLUMNS = new Set<string>([]);

let root: string;
let pristine: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-mutations-'));
  const input = path.join(root, 'in');
  fs.mkdirSync(input);
  fs.writeFileSync(path.join(input, 'a.txt'), 'Rescuers said three people were hurt when a wall fell.');
  fs.writeFileSync(path.join(input, 'a-copy.txt'), 'Rescuers said three people were hurt when a wall fell.');
  fs.writeFileSync(
    path.join(input, 'b.jsonl'),
    `${JSON.stringify({ title: 'Flood', outlet: 'Daily One', text: 'The river rose two metres overnight.' })}\n${JSON.stringify({ title: 'Storm', text: 'Winds closed the harbour on Monday.' })}\n`,
  );
  fs.writeFileSync(path.join(input, 'c.txt'), 'Police closed the bridge after a truck struck its rail.');
  // A large input, stored while read: its documents are bound in groups (`recordGroups`).
  const large = path.join(root, 'd.jsonl');
  fs.writeFileSync(
    large,
    ['Ferries stopped at noon.', 'The school reopened on Friday.', 'Two roads were closed.']
      .map((text, i) => JSON.stringify({ title: `Notice ${i}`, text }))
      .join('\n'),
  );
  pristine = path.join(root, 'pristine');
  const store = openStore(pristine);
  try {
    const summary = await ingest(store, [input]);
    expect(summary.documents.new).toBe(4);
    expect(summary.originals).toMatchObject({ new: 3, newSource: 1 });
    const streamed = await ingest(store, [large], { prescanBytes: 64 });
    expect(streamed.documents.new).toBe(3);
    const entry = [...store.custody.entries()].at(-1);
    expect(entry?.details.recordGroups).toHaveLength(1);
    expect(await store.verify()).toMatchObject({ ok: true, problems: [], legacyDocuments: 0 });
  } finally {
    store.close();
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Applies `edit` to a fresh copy of the store's database (its custody triggers and foreign
 * keys lifted) and returns what verify says. */
function verifyAfter(edit: (db: Database.Database) => void): Promise<VerifyReport> {
  return verifyEditedCopy(root, pristine, edit, (db) => {
    db.pragma('foreign_keys = OFF');
    db.exec('DROP TRIGGER custody_no_update; DROP TRIGGER custody_no_delete');
  });
}

interface NamedMutation extends Mutation {
  /** Text a problem's message must contain (the row's id, hash or name). */
  names: string;
}

/** The evidence tables, each with the column(s) that identify a row and what a problem names. */
const TABLES = [
  { table: 'documents', key: 'id', names: (row: Record<string, unknown>) => String(row.id) },
  { table: 'provenance', key: 'rowid', names: (row: Record<string, unknown>) => String(row.sha256) },
  { table: 'originals', key: 'sha256', names: (row: Record<string, unknown>) => String(row.sha256) },
  { table: 'original_packs', key: 'name', names: (row: Record<string, unknown>) => String(row.name) },
  { table: 'custody', key: 'seq', names: (row: Record<string, unknown>) => String(row.seq) },
] as const;

function mutations(): NamedMutation[] {
  const db = new Database(path.join(pristine, DATABASE_FILE), { readonly: true });
  const out: NamedMutation[] = [];
  try {
    for (const { table, names } of TABLES) {
      // WITHOUT ROWID tables are keyed by their primary key; `provenance`'s is (sha256, source).
      const keyColumns =
        table === 'provenance'
          ? ['sha256', 'source']
          : [TABLES.find((t) => t.table === table)?.key ?? 'rowid'];
      const columns = columnsOf(db, table);
      const rows = db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
      expect(rows.length, table).toBeGreaterThan(0);
      const where = keyColumns.map((k) => `${k} = ?`).join(' AND ');
      for (const row of rows) {
        const key = keyColumns.map((k) => row[k]);
        for (const column of columns) {
          if (EXCLUDED_COLUMNS.has(`${table}.${column}`)) continue;
          out.push({
            name: `edit ${table}.${column} of ${key.join('/')}`,
            names: names(row),
            edit: (d) =>
              d
                .prepare(`UPDATE ${table} SET ${column} = ? WHERE ${where}`)
                .run(changedValue(row[column]), ...key),
          });
        }
        out.push({
          name: `delete ${table} row ${key.join('/')}`,
          names: names(row),
          edit: (d) => d.prepare(`DELETE FROM ${table} WHERE ${where}`).run(...key),
        });
      }
      // A forged row: a copy of the first with its key changed.
      const first = rows[0] as Record<string, unknown>;
      const forged = { ...first };
      for (const k of keyColumns) forged[k] = changedValue(first[k]);
      if (table === 'documents') Object.assign(forged, { ord: 5000, record_key: 'forged' });
      out.push({
        name: `insert a forged ${table} row`,
        names: table === 'custody' ? '' : names(forged),
        edit: insertRow(table, columns, forged),
      });
    }
  } finally {
    db.close();
  }
  return out;
}

describe('verify detects every edit of the evidence', () => {
  it('has mutations for every evidence table', () => {
    const names = mutations().map((m) => m.name);
    for (const { table } of TABLES) expect(names.some((n) => n.includes(` ${table}`))).toBe(true);
    expect(names.length).toBeGreaterThan(60);
  });

  it('fails, naming the row, for each mutation (100%)', async () => {
    const missed: string[] = [];
    const unnamed: string[] = [];
    for (const m of mutations()) {
      const report = await verifyAfter(m.edit);
      if (report.ok) missed.push(m.name);
      else if (m.names && !report.problems.some((p) => p.message.includes(m.names))) unnamed.push(m.name);
    }
    expect(missed).toEqual([]);
    expect(unnamed).toEqual([]);
  }, 120_000);

  it('detects an original replaced consistently in the database and the originals folder', async () => {
    const report = await verifyAfter((db) => {
      const doc = db.prepare("SELECT id, sha256 FROM documents WHERE source LIKE '%c.txt'").get() as {
        id: string;
        sha256: string;
      };
      const forged = 'f'.repeat(64);
      db.prepare('UPDATE originals SET sha256 = ? WHERE sha256 = ?').run(forged, doc.sha256);
      db.prepare('UPDATE provenance SET sha256 = ? WHERE sha256 = ?').run(forged, doc.sha256);
      db.prepare('UPDATE documents SET sha256 = ?, text = ? WHERE sha256 = ?').run(
        forged,
        'Four hundred bodies were found in Example Town.',
        doc.sha256,
      );
    });
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.kind)).toEqual(
      expect.arrayContaining(['original-unbound', 'original-record-missing', 'document-altered']),
    );
  });

  it('says what a store ingested before record binding lacks, and still checks its counts', async () => {
    // The log as the previous version wrote it: ingest entries without `records`, chain intact.
    const legacy = (db: Database.Database): void =>
      rewriteCustodyLog(db, (details) => {
        delete details.records;
        delete details.recordGroups;
      });
    expect(await verifyAfter(legacy)).toMatchObject({ ok: true, legacyDocuments: 7 });
    const deleted = await verifyAfter((db) => {
      legacy(db);
      db.prepare("DELETE FROM documents WHERE source LIKE '%c.txt'").run();
    });
    expect(deleted.problems.map((p) => p.kind)).toEqual(['document-missing']);
    const added = await verifyAfter((db) => {
      legacy(db);
      db.prepare(
        "INSERT INTO documents SELECT 99, 'd000000000000', sha256, 'x', source, reader, captured_at, title, outlet, url, published, byline, dateline, credits, series, external_id, inferred, chars, text FROM documents LIMIT 1",
      ).run();
    });
    expect(added.problems.map((p) => [p.kind, p.documents])).toEqual([
      ['document-unbound', ['d000000000000']],
    ]);
  });
});

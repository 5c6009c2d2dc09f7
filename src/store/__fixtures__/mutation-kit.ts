import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../open-store.js';
import { DATABASE_FILE } from '../sqlite/sqlite-store.js';
import type { VerifyReport } from '../store.js';

// What the two mutation harnesses (verify-mutations.test.ts for the evidence tables,
// verify-analysis-mutations.test.ts for the rows an analysis binds) share: a changed value of
// any column's kind, a forged row's insertion, and `verify` run on an edited copy of a store.

/** One edit of a store's database, named for the report of the edits verify missed. */
export interface Mutation {
  name: string;
  edit: (db: Database.Database) => void;
}

/** A value other than `value`, of the same kind, that a column's type still accepts. */
export function changedValue(value: unknown): unknown {
  if (value === null) return 'forged';
  // Integers move past every row's (positions and sequence numbers are unique).
  if (typeof value === 'number') return Number.isInteger(value) ? value + 1000 : value / 2;
  if (Buffer.isBuffer(value)) return Buffer.concat([value, Buffer.from([0])]);
  const text = String(value);
  // Hex hashes and ids stay well formed: one digit changes.
  if (/^[0-9a-f]{64}$/.test(text)) return `${text.slice(0, -1)}${text.endsWith('0') ? '1' : '0'}`;
  if (text.startsWith('[') || text.startsWith('{')) return text.replace(/.$/, ' $&');
  return `${text}x`;
}

/** The column names of `table`, in their order. */
export function columnsOf(db: Database.Database, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
}

/** An edit inserting `row` (every column of `columns`) into `table`. */
export function insertRow(
  table: string,
  columns: string[],
  row: Record<string, unknown>,
): (db: Database.Database) => void {
  return (db) =>
    db
      .prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
      .run(...columns.map((c) => row[c]));
}

/** Copies the store at `pristine` into `root`, applies `edit` to the copy's database (after
 * `unlock`, which may lift what guards the rows), and returns what `verify` says of the copy. */
export async function verifyEditedCopy(
  root: string,
  pristine: string,
  edit: (db: Database.Database) => void,
  unlock: (db: Database.Database) => void = () => {},
): Promise<VerifyReport> {
  const dir = fs.mkdtempSync(path.join(root, 'copy-'));
  fs.cpSync(pristine, dir, { recursive: true });
  const db = new Database(path.join(dir, DATABASE_FILE));
  unlock(db);
  edit(db);
  db.close();
  const store = openStore(dir, { mustExist: true });
  try {
    return await store.verify();
  } finally {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

import type Database from 'better-sqlite3';
import { canonicalJson } from './canonical-json.js';
import { entryHash, GENESIS_HASH } from './custody-chain.js';
import type { CustodyKind, JsonValue } from './store.js';

/**
 * Rewrites an embedded (SQLite) store's whole custody log with each entry's details edited in place and
 * the chain hashed again, as a forger with write access (or an older version's log) would leave
 * it. For tests of `verify`: the caller drops the log's append-only triggers first.
 */
export function rewriteCustodyLog(
  db: Database.Database,
  edit: (
    details: { [key: string]: JsonValue },
    entry: { seq: number; kind: CustodyKind; at: string },
  ) => void,
): void {
  const rows = db.prepare('SELECT seq, kind, at, details FROM custody ORDER BY seq').all() as {
    seq: number;
    kind: CustodyKind;
    at: string;
    details: string;
  }[];
  db.prepare('DELETE FROM custody').run();
  const insert = db.prepare('INSERT INTO custody (seq, kind, at, details, hash) VALUES (?, ?, ?, ?, ?)');
  let previous = GENESIS_HASH;
  for (const row of rows) {
    const details = JSON.parse(row.details);
    edit(details, row);
    previous = entryHash(previous, { seq: row.seq, kind: row.kind, at: row.at, details });
    insert.run(row.seq, row.kind, row.at, canonicalJson(details), previous);
  }
}

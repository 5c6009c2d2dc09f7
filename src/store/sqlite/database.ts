import Database from 'better-sqlite3';
import { StoreError } from '../../core/errors.js';

export type SqliteDatabase = Database.Database;

const PAGE_SIZE = 8192;

/** One schema change. Ids are applied in ascending order, once each, inside a transaction. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/**
 * Opens (creating when absent) the SQLite database of a workspace with the settings durability
 * needs: WAL with `synchronous=FULL` (better-sqlite3 defaults to NORMAL, which can lose the last
 * commits on power loss), foreign keys on, and a busy timeout so concurrent readers wait.
 */
export function openDatabase(file: string, migrations: readonly Migration[]): SqliteDatabase {
  let db: SqliteDatabase;
  try {
    db = new Database(file);
  } catch (err) {
    throw new StoreError(
      `Cannot open the database ${file}: ${(err as Error).message}`,
      'Check that the --store folder exists and is writable.',
    );
  }
  // New databases use 8 KiB pages: most reports' text then fits in its row's page (4 KiB pages
  // spill every report of a few kilobytes into overflow pages), and bulk ingest writes half as
  // many pages through the WAL. Existing databases keep their page size.
  if (db.pragma('page_count', { simple: true }) === 0) db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 10000');
  migrate(db, migrations, file);
  return db;
}

function migrate(db: SqliteDatabase, migrations: readonly Migration[], file: string): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    (db.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((r) => r.id),
  );
  const known = new Set(migrations.map((m) => m.id));
  const unknown = [...applied].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new StoreError(
      `The database ${file} has schema migrations ${unknown.join(', ')} that this version of Corroborate does not know.`,
      'It was written by a newer version: upgrade Corroborate, or use another --store.',
    );
  }
  const pending = [...migrations].filter((m) => !applied.has(m.id)).sort((x, y) => x.id - y.id);
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.id, m.name, new Date().toISOString());
    })();
  }
}

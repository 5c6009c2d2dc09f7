import fs from 'node:fs';
import path from 'node:path';
import { StoreError } from '../core/errors.js';
import type { AsyncStore } from './async-store.js';
import { isPostgresUrl } from './location.js';
import { DATABASE_FILE, SqliteStore, type SqliteStoreOptions } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

export interface OpenStoreOptions extends SqliteStoreOptions {
  /** Refuse to create a new store: for commands that only read (a mistyped --store is then an error). */
  mustExist?: boolean;
}

/**
 * Opens the workspace at `dir` (created when absent): `<dir>/corroborate.db` and
 * `<dir>/originals/`. Throws `StoreError` when the folder or database cannot be used.
 *
 * @example
 * const store = openStore('./corroborate-data');
 * try { console.log(store.documents.count()); } finally { store.close(); }
 */
export function openStore(dir: string, options: OpenStoreOptions = {}): Store {
  return openSqlite(dir, options);
}

function openSqlite(dir: string, options: OpenStoreOptions): SqliteStore {
  if (isPostgresUrl(dir)) {
    throw new StoreError(
      'This command does not run against a PostgreSQL store yet; it needs the embedded store (a folder).',
      'Pass a folder with --store, or see docs/scale.md for what runs against PostgreSQL.',
    );
  }
  if (options.mustExist && !fs.existsSync(path.join(dir, DATABASE_FILE))) {
    throw new StoreError(
      `There is no Corroborate store in ${dir} (no ${DATABASE_FILE}).`,
      'Pass the workspace folder with --store (or CORROBORATE_STORE), or create one with `corroborate ingest PATH`.',
    );
  }
  return new SqliteStore(dir, options);
}

/**
 * Opens the store at `location` with its asynchronous interface: a `postgres://` (or
 * `postgresql://`) URL opens the PostgreSQL backend (its tables in the schema given by
 * `?schema=NAME`, default `corroborate`), anything else the embedded SQLite store in that folder.
 *
 * @example
 * const store = await openSharedStore(process.env.CORROBORATE_STORE ?? './corroborate-data');
 * try { console.log(await store.documents.count()); } finally { await store.close(); }
 */
export async function openSharedStore(location: string, options: OpenStoreOptions = {}): Promise<AsyncStore> {
  if (isPostgresUrl(location)) {
    // Loaded only when asked for: the embedded store's commands do not load the driver.
    const { PostgresStore } = await import('./postgres/postgres-store.js');
    return PostgresStore.open(location, { clock: options.clock });
  }
  return openSqlite(location, options).async;
}

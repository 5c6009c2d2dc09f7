import fs from 'node:fs';
import path from 'node:path';
import { StoreError } from '../core/errors.js';
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
  if (options.mustExist && !fs.existsSync(path.join(dir, DATABASE_FILE))) {
    throw new StoreError(
      `There is no Corroborate store in ${dir} (no ${DATABASE_FILE}).`,
      'Pass the workspace folder with --store (or CORROBORATE_STORE), or create one with `corroborate ingest PATH`.',
    );
  }
  return new SqliteStore(dir, options);
}

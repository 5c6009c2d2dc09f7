import { SqliteStore, type SqliteStoreOptions } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

export type OpenStoreOptions = SqliteStoreOptions;

/**
 * Opens the workspace at `dir` (created when absent): `<dir>/corroborate.db` and
 * `<dir>/originals/`. Throws `StoreError` when the folder or database cannot be used.
 *
 * @example
 * const store = openStore('./corroborate-data');
 * try { console.log(store.documents.count()); } finally { store.close(); }
 */
export function openStore(dir: string, options: OpenStoreOptions = {}): Store {
  return new SqliteStore(dir, options);
}

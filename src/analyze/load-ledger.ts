import type { Ledger } from '../core/types.js';
import { analysisOf } from '../store/sqlite/analysis-tables.js';
import type { Store } from '../store/store.js';

/** The ledger of the latest `analyze` run on this store, or null when there was none. */
export function loadLedger(store: Store): Ledger | null {
  const json = analysisOf(store).latestLedger();
  return json ? (JSON.parse(json) as Ledger) : null;
}

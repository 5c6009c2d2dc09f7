import Database from 'better-sqlite3';
import { latestAnalysis } from '../../src/store/extraction-digest.js';
import type { Store } from '../../src/store/store.js';

/**
 * Stands for an older version's run that left the merge state as a test wrote it: a new analysis
 * entry, otherwise the latest one, binds the rows as they now are, so `analyze` builds on them as on
 * any state a genuine run bound (an edit no entry binds is refused as `merge-state-altered`).
 */
export function bindMergeStateAsWritten(store: Store): void {
  const latest = latestAnalysis(store);
  const ledger = store.analysis.recordedLedger();
  if (!latest || !ledger) throw new Error('no analysis entry to bind the merge state after');
  const digest = store.analysis.mergeStateDigest();
  store.analysis.recordLedgerFile(ledger.name, () =>
    store.custody.append('analysis', { ...latest.details, mergeState: { ...digest } }),
  );
}

/** Appends a space to the stored JSON of the first merge-state row of the SQLite file `dbFile`:
 * an edit no analysis entry binds. */
export function editFirstMergeStateRow(dbFile: string): void {
  const sql = new Database(dbFile);
  try {
    sql
      .prepare(
        "UPDATE analysis_merge_state SET value = value || ' ' WHERE (ns, key) IN (SELECT ns, key FROM analysis_merge_state ORDER BY ns, key LIMIT 1)",
      )
      .run();
  } finally {
    sql.close();
  }
}

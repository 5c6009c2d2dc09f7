import type { AnalysisStore } from './analysis-store.js';
import type { AsyncStore } from './async-store.js';
import type { Store } from './store.js';
import { openWorkingCopy } from './working-copy.js';

export interface SharedViewOptions {
  /** This machine's working-copy folder for the store (the one `analyze` uses). */
  folder: string;
  /** The store-wide lock `analyze` holds while it merges: the view is read between two merges. */
  lock: string;
  /** Extractor version whose extractions the copy fetches (the report's highlights). */
  version: string;
}

/**
 * Runs a reading command (`report`, `brief`, `compare`) over a shared store with the same code as
 * over the embedded one: under the analysis lock, this machine's working copy is brought up to
 * date (documents, custody, extractions), its ledger is the shared store's latest (whichever
 * machine wrote it), `work` runs over it, and the custody entries it appended (an `export`) are
 * appended to the shared log.
 *
 * @example
 * await withSharedView(shared, { folder, lock: 'analysis', version }, (store) => loadLedger(store));
 */
export async function withSharedView<T>(
  shared: AsyncStore,
  options: SharedViewOptions,
  work: (store: Store) => T | Promise<T>,
): Promise<T> {
  return shared.exclusive(options.lock, async () => {
    const copy = await openWorkingCopy(shared, options.folder, { version: options.version });
    try {
      const ledger = await shared.analysis.latestLedgerBytes();
      // The copy's own ledger is the last one this machine made; the shared one may be newer.
      const analysis: AnalysisStore = Object.create(copy.store.analysis, {
        latestLedgerBytes: { value: () => ledger },
        latestLedger: { value: () => ledger?.toString('utf8') ?? null },
      });
      const store: Store = Object.create(copy.store, { analysis: { value: analysis } });
      const out = await work(store);
      await copy.publish(options.version);
      return out;
    } finally {
      copy.close();
    }
  });
}

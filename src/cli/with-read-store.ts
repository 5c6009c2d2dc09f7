import type { Store } from '../store/store.js';

/**
 * Runs a reading command over the store named by `--store`: the embedded store in a folder (which
 * must exist), or, for a `postgres://` URL, this machine's working copy of the shared store with
 * the shared ledger (`withSharedView`). Custody entries the command appends reach the store either
 * way.
 */
export async function withReadStore<T>(location: string, work: (store: Store) => T | Promise<T>): Promise<T> {
  const { isPostgresUrl } = await import('../store/location.js');
  if (!isPostgresUrl(location)) {
    const { openStore } = await import('../store/open-store.js');
    const store = openStore(location, { mustExist: true });
    try {
      return await work(store);
    } finally {
      store.close();
    }
  }
  const [
    { openSharedStore },
    { ANALYSIS_LOCK, workingCopyFolder },
    { loadExtractStage },
    { withSharedView },
  ] = await Promise.all([
    import('../store/open-store.js'),
    import('../analyze/analyze-shared.js'),
    import('../analyze/extract-stage.js'),
    import('../store/shared-view.js'),
  ]);
  const shared = await openSharedStore(location);
  try {
    const { stage } = await loadExtractStage();
    return await withSharedView(
      shared,
      { folder: workingCopyFolder(shared), lock: ANALYSIS_LOCK, version: stage.version },
      work,
    );
  } finally {
    await shared.close();
  }
}

import type { Diagnostic } from '../core/types.js';
import { type ReuseResult, updateReuse } from '../reuse/index.js';
import type { DocumentListing, Store } from '../store/store.js';
import { type ExtractStage, loadExtractStage } from './extract-stage.js';

export type { ExtractInput, ExtractStage } from './extract-stage.js';

/** What analyze needs from the reuse stage. */
export type ReuseStage = (
  store: Store,
  /** The store's document listing, read once per run (see `UpdateReuseOptions.documents`). */
  documents?: readonly DocumentListing[],
) => ReuseResult | Promise<ReuseResult>;

export interface Stages {
  reuse: ReuseStage;
  extractor: ExtractStage;
  /** Problems loading a stage (the run carries on with what is there). */
  diagnostics: Diagnostic[];
}

/**
 * The published stages: `updateReuse` (src/reuse) and the extraction stage of `loadExtractStage`
 * (src/extract with the attribution and claim extractors plugged in when they are present). A
 * stage that fails to load becomes a diagnostic and an emptier ledger, not a crash.
 */
export async function loadStages(): Promise<Stages> {
  const reuse: ReuseStage = (store, documents) => updateReuse(store, { documents });
  const { stage, diagnostics } = await loadExtractStage();
  return { reuse, extractor: stage, diagnostics };
}

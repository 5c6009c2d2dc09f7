import type { Diagnostic, DocumentExtraction, DocumentMeta, Family, ReusePair } from '../core/types.js';
import type { TextStageHooks } from '../extract/index.js';
import * as extractModule from '../extract/index.js';
import { updateReuse } from '../reuse/index.js';
import type { Store } from '../store/store.js';

/** What analyze needs from the reuse stage. */
export type ReuseStage = (
  store: Store,
) => { pairs: ReusePair[]; families: Family[] } | Promise<{ pairs: ReusePair[]; families: Family[] }>;

/** Input of the extraction stage for one document. */
export interface ExtractInput {
  id: string;
  text: string;
  published: string | null;
  dateline: DocumentMeta['dateline'];
}

export interface ExtractStage {
  /** Extractions are stored per document under this version; a new version re-extracts. */
  version: string;
  extract: (doc: ExtractInput) => DocumentExtraction;
}

export interface Stages {
  reuse: ReuseStage;
  extractor: ExtractStage;
  /** Problems loading a stage (the run carries on with what is there). */
  diagnostics: Diagnostic[];
}

/**
 * The published stages: `updateReuse` (src/reuse) and `createExtractor` (src/extract), with the
 * attribution and claim extractors plugged in when they are present. A stage that fails to load
 * becomes a diagnostic and an emptier ledger, not a crash.
 */
export async function loadStages(): Promise<Stages> {
  const diagnostics: Diagnostic[] = [];
  const reuse: ReuseStage = (store) => updateReuse(store);
  const hooks: TextStageHooks = {};
  try {
    const mod = (await import(String('../extract/extract-attributions.js'))) as TextStageHooks;
    if (typeof mod.extractAttributions === 'function') hooks.extractAttributions = mod.extractAttributions;
  } catch {
    diagnostics.push({
      rule: 'analyze/no-attributions',
      severity: 'info',
      message: 'Attribution extraction is not available; origins come from incident mentions only.',
    });
  }
  try {
    const mod = (await import(String('../extract/extract-claims.js'))) as TextStageHooks;
    if (typeof mod.extractClaims === 'function') hooks.extractClaims = mod.extractClaims;
  } catch {
    diagnostics.push({
      rule: 'analyze/no-claims',
      severity: 'info',
      message: 'Claim extraction is not available; the ledger has no claims.',
    });
  }
  const base = (extractModule as { EXTRACTOR_VERSION?: string }).EXTRACTOR_VERSION ?? 'extract-1';
  const version = `${base}${hooks.extractAttributions ? '+attributions' : ''}${hooks.extractClaims ? '+claims' : ''}`;
  const extract = extractModule.createExtractor(hooks);
  return {
    reuse,
    extractor: {
      version,
      extract: (doc) =>
        extract({ id: doc.id, text: doc.text, published: doc.published, dateline: doc.dateline }),
    },
    diagnostics,
  };
}

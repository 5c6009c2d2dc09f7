import type { Diagnostic, DocumentExtraction, Family, ReusePair } from '../core/types.js';
import type { Store } from '../store/store.js';

/** What analyze needs from the reuse stage. */
export type ReuseStage = (store: Store) => { pairs: ReusePair[]; families: Family[] } | Promise<{ pairs: ReusePair[]; families: Family[] }>;

/** Input of the extraction stage for one document. */
export interface ExtractInput {
  id: string;
  text: string;
  published: string | null;
  dateline: string | null;
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
 * Loads the reuse and extraction stages by their published entry points. Loaded at run time so
 * that a missing or broken stage becomes a diagnostic and an emptier ledger, not a crash.
 */
export async function loadStages(): Promise<Stages> {
  const diagnostics: Diagnostic[] = [];
  let reuse: ReuseStage = () => ({ pairs: [], families: [] });
  let extractor: ExtractStage = {
    version: 'none',
    extract: (doc) => ({
      documentId: doc.id, reference: { date: doc.published, from: doc.published ? 'published' : 'none' }, sentences: [],
      quantities: [], dates: [], places: [], actors: [], incidents: [], quotes: [], attributions: [], claims: [], diagnostics: [],
    }),
  };
  try {
    const mod = (await import(String('../reuse/index.js'))) as { updateReuse?: ReuseStage };
    if (typeof mod.updateReuse === 'function') reuse = mod.updateReuse;
    else throw new Error('src/reuse/index.ts exports no updateReuse');
  } catch (err) {
    diagnostics.push({
      rule: 'analyze/reuse-unavailable', severity: 'warning',
      message: `Reuse detection is unavailable (${(err as Error).message}); every document counts as independent.`,
    });
  }
  try {
    const mod = (await import(String('../extract/index.js'))) as {
      createExtractor?: (options?: unknown) => (doc: ExtractInput) => DocumentExtraction;
      EXTRACTOR_VERSION?: string;
    };
    if (typeof mod.createExtractor !== 'function') throw new Error('src/extract/index.ts exports no createExtractor');
    extractor = { version: mod.EXTRACTOR_VERSION ?? 'unversioned', extract: mod.createExtractor() };
  } catch (err) {
    diagnostics.push({
      rule: 'analyze/extractor-unavailable', severity: 'warning',
      message: `Extraction is unavailable (${(err as Error).message}); the ledger will have no events, quotes or claims.`,
    });
  }
  return { reuse, extractor, diagnostics };
}

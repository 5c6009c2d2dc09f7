import type { Diagnostic, DocumentExtraction, DocumentMeta } from '../core/types.js';
import type { Extractor, TextStageHooks } from '../extract/index.js';
import * as extractModule from '../extract/index.js';

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
  /**
   * Set on the published stage only: `analyze` may then extract in worker threads, each of which
   * builds the same stage with `loadExtractStage()`. A custom stage always runs in the calling thread.
   */
  parallel?: true;
  /** Builds what `extract` needs now rather than on the first call (a worker does it before it reports ready). */
  prepare?: () => void;
}

/** An invented report touching places, dates, figures, quotes, speakers and denials. */
const WARM_UP =
  'COLUMBUS, Ohio, March 3 (Wire) – Two people were killed and three others wounded on Sunday when a ' +
  'gunman opened fire at a market in Columbus, police said. A 14-year-old boy died later in hospital. ' +
  '“We are devastated,” said Mayor Ann Vesk, 52. Prosecuting, Mr Tom Rusk told the court the accused ' +
  'had denied the charges. The ministry denied that its troops shelled the village, calling the ' +
  'reports fake. She said the dead were civilians. Dozens of homes were damaged in the blast.\n';

/**
 * The published extraction stage: `createExtractor` (src/extract) with the attribution and claim
 * extractors plugged in when they are present. The extractor (gazetteer and lexicons, a few
 * seconds of CPU) is built on the first `extract` call, so a run with nothing to extract, or one
 * that extracts in worker threads, never loads it in this thread.
 */
export async function loadExtractStage(): Promise<{ stage: ExtractStage; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
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
  let extractor: Extractor | null = null;
  const prepare = () => {
    if (!extractor) {
      extractor = extractModule.createExtractor(hooks);
      // One short report of every kind of statement, extracted once before any budget runs, so
      // the lexicons and caches extraction loads on first use are filled whole here: a report
      // stopped by its time budget (`extractWithinBudget`) can never leave one half-filled.
      extractor({ id: 'warm-up', text: WARM_UP, published: '2020-03-03', dateline: null });
    }
    return extractor;
  };
  return {
    stage: {
      version,
      extract: (doc) =>
        prepare()({ id: doc.id, text: doc.text, published: doc.published, dateline: doc.dateline }),
      parallel: true,
      prepare,
    },
    diagnostics,
  };
}

import type { DocumentExtraction } from '../core/types.js';
import { type AnalysisStore, mergeInputText } from '../store/analysis-store.js';

/**
 * The largest stored merge view (in characters) that can be a refusal: a refused report is stored
 * as an empty extraction with its count (`extractWithinBound`), a few hundred characters; any
 * extraction with an incident is longer, and is not read whole here.
 */
const REFUSAL_CHARACTERS = 1_000;

/** Documents whose rows are read at once: a large store's unmerged rows are not held together. */
const CHUNK = 500;

/**
 * Of these documents' stored extractions (`version`), those that record a refusal under a lower
 * bound than `bound`: the report was not extracted because it brought more items than that bound
 * allowed, and this run allows more, so it is extracted again. A refusal under the same or a
 * higher bound stands (the report brings more than this bound too), and so does one counted on the
 * whole report (`counted: 'whole'`) with more items than `bound`: extracting it again gives the same
 * count.
 *
 * @example
 * const retry = staleRefusals(store.analysis, version, finish.pending(), MAX_REPORT_ITEMS);
 */
export function staleRefusals(
  analysis: Pick<AnalysisStore, 'serializedExtractions'>,
  version: string,
  ids: readonly string[],
  bound: number,
): string[] {
  const stale: string[] = [];
  if (ids.length === 0) return stale;
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const row of analysis.serializedExtractions(version, ids.slice(i, i + CHUNK))) {
      const view = row.mergeInput;
      const size = typeof view === 'string' ? view.length : view.byteLength;
      if (size > REFUSAL_CHARACTERS) continue;
      const { refused } = JSON.parse(mergeInputText(row)) as Pick<DocumentExtraction, 'refused'>;
      if (!refused || refused.bound >= bound) continue;
      if (refused.counted === 'whole' && refused.items > bound) continue;
      stale.push(row.documentId);
    }
  }
  return stale;
}

import type { DocumentExtraction } from '../core/types.js';
import type { AnalysisStore } from '../store/analysis-store.js';

/**
 * The largest stored merge view (in characters) that can be a refusal: a refused report is stored
 * as an empty extraction with its count (`extractWithinBound`), a few hundred characters; any
 * extraction with an incident is longer, and is not read whole here.
 */
const REFUSAL_CHARACTERS = 1_000;

/**
 * Of these documents' stored extractions (`version`), those that record a refusal under a lower
 * bound than `bound`: the report was not extracted because it brought more items than that bound
 * allowed, and this run allows more, so it is extracted again. A refusal under the same or a
 * higher bound stands (the report brings more than this bound too).
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
  for (const row of analysis.serializedExtractions(version, ids)) {
    const view = row.mergeInput;
    const size = typeof view === 'string' ? view.length : view.byteLength;
    if (size > REFUSAL_CHARACTERS) continue;
    const text = typeof view === 'string' ? view : Buffer.from(view).toString('utf8');
    const { refused } = JSON.parse(text) as Pick<DocumentExtraction, 'refused'>;
    if (refused && refused.bound < bound) stale.push(row.documentId);
  }
  return stale;
}

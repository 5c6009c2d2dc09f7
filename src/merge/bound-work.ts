import type { DocumentExtraction, RefusedExtraction } from '../core/types.js';

/**
 * The most items (incident mentions, quotes and claims) one report's extraction may bring to the
 * merge by default (`--max-report-items`). The merge's work and memory grow with a report's items
 * (each is held with its words, places and group while the report is merged), not with the store:
 * a news report brings tens. Chosen by measuring `analyze` of one generated report of short news
 * paragraphs (2026-12-03, bench/readers/RESULTS.md): 1.6 MB brings 50,436 items and peaked at
 * 451–460 MiB, 1.74 MB 54,849 and 487 MiB, 3.2 MB about 100,000 and 724–750 MiB (±40 MiB between
 * runs). 50,000 keeps the largest report merged about 50 MiB under the 512 MiB goal, and is a
 * thousand times what a long news report brings.
 */
export const MAX_REPORT_ITEMS = 50_000;

/** The items of an extraction whose number bounds the merge's work on it. */
export function mergeItems(extraction: Pick<DocumentExtraction, 'incidents' | 'quotes' | 'claims'>): number {
  return extraction.incidents.length + extraction.quotes.length + extraction.claims.length;
}

/** A report the merge left out: its extraction brings more items than the bound. */
export interface RefusedReport {
  document: string;
  /** Its items; with `counted: 'parts'`, the count at which counting stopped, past the bound. */
  items: number;
  counted: RefusedExtraction['counted'];
  /** True when refused as it was extracted (its refusal is what is stored, not its extraction). */
  recorded: boolean;
}

/**
 * Splits a run's extractions into those the merge takes and the reports over `max` items, which
 * it leaves out whole (unmerged, so that a later run with a higher bound merges them). A report
 * whose extraction was refused when it was extracted (`DocumentExtraction.refused`) is left out
 * with the count recorded then.
 *
 * @example
 * const { kept, refused } = boundWork(extractions, MAX_REPORT_ITEMS);
 */
export function boundWork(
  extractions: readonly DocumentExtraction[],
  max: number,
): { kept: DocumentExtraction[]; refused: RefusedReport[] } {
  const kept: DocumentExtraction[] = [];
  const refused: RefusedReport[] = [];
  for (const x of extractions) {
    if (x.refused) {
      refused.push({
        document: x.documentId,
        items: x.refused.items,
        counted: x.refused.counted,
        recorded: true,
      });
      continue;
    }
    const items = mergeItems(x);
    if (items > max) refused.push({ document: x.documentId, items, counted: 'whole', recorded: false });
    else kept.push(x);
  }
  return { kept, refused };
}

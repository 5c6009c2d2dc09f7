export { canonicalLedger, toLedgerJson } from '../ledger-file/canonical.js';
export { type BriefOptions, formatBrief, sentenceAround } from './brief.js';
export { CSV_COLUMNS, csvField, toCsv } from './csv.js';
export { toGeoJson } from './geojson.js';
export { toJsonLines } from './jsonl.js';
export { formatSummary } from './terminal-summary.js';

import type { Ledger } from '../core/types.js';
import { toLedgerJson } from '../ledger-file/canonical.js';
import { toCsv } from './csv.js';
import { toGeoJson } from './geojson.js';
import { toJsonLines } from './jsonl.js';

export type ExportFormat = 'json' | 'csv' | 'geojson' | 'jsonl';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'csv', 'geojson', 'jsonl'];

/** The ledger in one export format; byte-identical for the same ledger. */
export function exportLedger(ledger: Ledger, format: ExportFormat): string {
  switch (format) {
    case 'json':
      return toLedgerJson(ledger);
    case 'csv':
      return toCsv(ledger);
    case 'geojson':
      return toGeoJson(ledger);
    case 'jsonl':
      return toJsonLines(ledger);
  }
}

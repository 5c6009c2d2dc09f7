export { highlightsFromExtraction, loadHighlights } from './highlights.js';
export {
  custodyFor,
  type LoadReportDataOptions,
  loadReportData,
  toReportCustody,
} from './load-report-data.js';
export {
  DATA_ELEMENT_ID,
  embedJson,
  loadWebBundle,
  packTexts,
  renderReport,
  reportCsp,
  TEXTS_ELEMENT_ID,
  unpackReport,
  type WebBundle,
  webBundleDir,
} from './render-report.js';
export type {
  DocumentPage,
  Highlight,
  HighlightKind,
  ReportCustodyEntry,
  ReportData,
  ReportDocument,
} from './types.js';

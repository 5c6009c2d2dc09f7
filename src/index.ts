/**
 * Corroborate's library API. The CLI and the HTTP server are thin adapters over what is exported
 * here.
 */

export { type AnalyzeOptions, type AnalyzeResult, analyze, loadLedger } from './analyze/index.js';
export * from './core/errors.js';
export * from './core/types.js';
export {
  type BriefOptions,
  CSV_COLUMNS,
  EXPORT_FORMATS,
  type ExportFormat,
  exportLedger,
  formatBrief,
  formatSummary,
  toCsv,
  toGeoJson,
  toJsonLines,
  toLedgerJson,
} from './export/index.js';
export { formatExtraction } from './extract/format-extraction.js';
export {
  createExtractor,
  type ExtractInput,
  type Extractor,
  type ExtractorOptions,
  extractActors,
  extractIncidents,
  type Gazetteer,
  type GazetteerEntry,
  loadGazetteer,
  resolvePlaces,
} from './extract/index.js';
export { canonicalText } from './ingest/canonical-text.js';
export { detectFormat, type InputFormat } from './ingest/detect-format.js';
export { applyInferredMeta, type InferredMeta, inferMeta } from './ingest/infer-meta.js';
export {
  type IngestedInput,
  type IngestOptions,
  type IngestProgress,
  type IngestSummary,
  ingest,
} from './ingest/ingest.js';
export { defaultLimits, resolveLimits } from './ingest/limits.js';
export { type Manifest, type ManifestEntry, type ManifestMeta, readManifest } from './ingest/manifest.js';
export type { Reader, ReadLimits, ReadRecord, ReadResult } from './ingest/reader.js';
export { type ReadInputOptions, readerFor, readInput } from './ingest/readers/read-input.js';
export { buildLedger, classifyChange, corroborate, type LedgerInput } from './merge/index.js';
export {
  type DocumentPage,
  type Highlight,
  highlightsFromExtraction,
  type LoadReportDataOptions,
  loadHighlights,
  loadReportData,
  type ReportCustodyEntry,
  type ReportData,
  type ReportDocument,
  renderReport,
  unpackReport,
} from './report/index.js';
export {
  buildFamilies,
  type CompareOptions,
  type Comparison,
  comparePrepared,
  compareTexts,
  createMinHasher,
  createSketcher,
  loadReuse,
  prepareText,
  type ReuseResult,
  type UpdateReuseOptions,
  updateReuse,
} from './reuse/index.js';
export {
  type App,
  type AppRequest,
  type AppResponse,
  createApp,
  createStoreBackend,
  HttpError,
  type RunningServer,
  type ServeOptions,
  type ServerBackend,
  type StorePipeline,
  startServer,
} from './server/index.js';
export { formatCheckpoint, parseCheckpoint } from './store/checkpoint.js';
export { documentId } from './store/document-id.js';
export { type OpenStoreOptions, openStore } from './store/open-store.js';
export type * from './store/store.js';

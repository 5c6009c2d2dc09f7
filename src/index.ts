/**
 * Corroborate's library API. The CLI and the HTTP server are thin adapters over what is exported
 * here.
 */

export * from './core/errors.js';
export * from './core/types.js';
export { openStore, type OpenStoreOptions } from './store/open-store.js';
export type * from './store/store.js';
export { formatCheckpoint, parseCheckpoint } from './store/checkpoint.js';
export { documentId } from './store/document-id.js';
export { ingest, type IngestOptions, type IngestSummary, type IngestedInput, type IngestProgress } from './ingest/ingest.js';
export { readManifest, type Manifest, type ManifestEntry, type ManifestMeta } from './ingest/manifest.js';
export type { ReadLimits, ReadRecord, ReadResult, Reader } from './ingest/reader.js';
export { readInput, readerFor, type ReadInputOptions } from './ingest/readers/read-input.js';
export { defaultLimits, resolveLimits } from './ingest/limits.js';
export { detectFormat, type InputFormat } from './ingest/detect-format.js';
export { canonicalText } from './ingest/canonical-text.js';
export { inferMeta, applyInferredMeta, type InferredMeta } from './ingest/infer-meta.js';
export {
  compareTexts,
  comparePrepared,
  prepareText,
  updateReuse,
  loadReuse,
  buildFamilies,
  createSketcher,
  createMinHasher,
  type CompareOptions,
  type Comparison,
  type ReuseResult,
  type UpdateReuseOptions,
} from './reuse/index.js';
export {
  createExtractor,
  resolvePlaces,
  extractActors,
  extractIncidents,
  loadGazetteer,
  type Extractor,
  type ExtractInput,
  type ExtractorOptions,
  type Gazetteer,
  type GazetteerEntry,
} from './extract/index.js';
export { formatExtraction } from './extract/format-extraction.js';
export {
  highlightsFromExtraction,
  loadHighlights,
  loadReportData,
  renderReport,
  unpackReport,
  type DocumentPage,
  type Highlight,
  type LoadReportDataOptions,
  type ReportCustodyEntry,
  type ReportData,
  type ReportDocument,
} from './report/index.js';
export {
  createApp,
  createStoreBackend,
  startServer,
  HttpError,
  type App,
  type AppRequest,
  type AppResponse,
  type ServerBackend,
  type StorePipeline,
  type RunningServer,
  type ServeOptions,
} from './server/index.js';
export { buildLedger, classifyChange, corroborate, type LedgerInput } from './merge/index.js';
export { analyze, loadLedger, type AnalyzeOptions, type AnalyzeResult } from './analyze/index.js';
export {
  CSV_COLUMNS,
  EXPORT_FORMATS,
  exportLedger,
  formatBrief,
  formatSummary,
  toCsv,
  toGeoJson,
  toJsonLines,
  toLedgerJson,
  type BriefOptions,
  type ExportFormat,
} from './export/index.js';

export { type AnalyzeOptions, type AnalyzeResult, analyze } from './analyze.js';
export { loadLedger } from './load-ledger.js';
export type { ExtractStage, ReuseStage, Stages } from './stages.js';

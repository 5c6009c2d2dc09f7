export { loadLedger } from '../ledger-file/read.js';
export { type AnalyzeOptions, type AnalyzeResult, analyze } from './analyze.js';
export type { ExtractStage, ReuseStage, Stages } from './stages.js';

export { MAX_REPORT_ITEMS, type RefusedReport } from './bound-work.js';
export {
  buildLedger,
  type LedgerDocumentSource,
  type LedgerInput,
  type MergeFinish,
  type MergeInput,
  type MergeResult,
  mergeLedger,
  startMerge,
} from './build-ledger.js';
export { type Corroboration, corroborate, type Occurrence } from './independence.js';
export { type MergeStateStore, memoryMergeState } from './merge-state.js';
export { classifyChange } from './quote-change.js';
export { createReuseIndex, type ReuseIndex } from './reuse-index.js';

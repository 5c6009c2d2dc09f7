export { buildLedger, type LedgerInput } from './build-ledger.js';
export { type Corroboration, corroborate, type Occurrence } from './independence.js';
export { classifyChange } from './quote-change.js';
export { createReuseIndex, type ReuseIndex } from './reuse-index.js';

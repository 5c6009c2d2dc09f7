/**
 * The ledger file (`ledger.json`, schema `corroborate.ledger/1`): its canonical JSON text, the
 * reader, and the incremental writer with its index. The format is specified in
 * docs/ledger-file.md.
 */
export { canonicalLedger, toLedgerJson } from './canonical.js';
export { ledgerJsonChunks, withoutItems } from './json-text.js';
export { loadLedger, parseLedger } from './read.js';
export { LEDGER_SECTIONS } from './sections.js';
export { type MergedChanges, type WrittenLedgerFile, writeLedgerFile } from './write-file.js';

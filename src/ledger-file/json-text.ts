import type { Ledger } from '../core/types.js';
import { canonicalLedger } from './canonical.js';
import { LEDGER_SECTIONS } from './sections.js';

/**
 * `toLedgerJson(ledger)` byte for byte, in pieces of at most `itemsPerChunk` items. A large store's
 * ledger (hundreds of MB) never exists as one string, which V8 could not hold anyway. Each item
 * piece is cut from `JSON.stringify({ [section]: items }, null, 2)`, which indents the items as
 * the whole ledger's JSON does.
 */
export function* ledgerJsonChunks(ledger: Ledger, itemsPerChunk = 1000): Generator<string> {
  const empty = withoutItems(ledger);
  const head = canonicalLedger(empty);
  yield `{\n  "schema": ${JSON.stringify(head.schema)},\n`;
  for (const key of LEDGER_SECTIONS) {
    const items = ledger[key] as readonly unknown[];
    if (items.length === 0) {
      yield `  "${key}": [],\n`;
      continue;
    }
    yield `  "${key}": [\n`;
    const open = `{\n  "${key}": [\n`;
    const close = '\n  ]\n}';
    for (let i = 0; i < items.length; i += itemsPerChunk) {
      const part = canonicalLedger({ ...empty, [key]: items.slice(i, i + itemsPerChunk) })[key];
      // `{"key": [items]}` indents its items as the whole ledger does; keep only the items.
      const json = JSON.stringify({ [key]: part }, null, 2);
      const text = json.slice(open.length, json.length - close.length);
      yield i + itemsPerChunk < items.length ? `${text},\n` : `${text}\n`;
    }
    yield '  ],\n';
  }
  yield `  "custody": ${JSON.stringify(head.custody, null, 2).replace(/\n/g, '\n  ')}\n}\n`;
}

/** The ledger's header fields with every item section empty. */
export function withoutItems(ledger: Ledger): Ledger {
  return { ...ledger, documents: [], families: [], reuse: [], events: [], quotes: [], claims: [] };
}

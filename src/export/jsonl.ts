import type { Ledger } from '../core/types.js';
import { canonicalLedger } from './ledger-json.js';

/** Quotes then claims, one JSON object per line, each tagged with `kind`. */
export function toJsonLines(ledger: Ledger): string {
  const c = canonicalLedger(ledger);
  const lines = [
    ...c.quotes.map((q) => JSON.stringify({ kind: 'quote', ...q })),
    ...c.claims.map((cl) => JSON.stringify({ kind: 'claim', ...cl })),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

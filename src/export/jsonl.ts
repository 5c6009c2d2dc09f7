import type { Ledger } from '../core/types.js';
import { canonicalLedger } from '../ledger-file/canonical.js';

/** Quotes then claims, one JSON object per line, each tagged with `kind`. */
export function toJsonLines(ledger: Ledger): string {
  const c = canonicalLedger(ledger);
  const lines = [
    // `kind` tags the line; a quote's own kind (direct, indirect, mixed) is `quote_kind` here.
    ...c.quotes.map(({ kind, ...q }) => JSON.stringify({ kind: 'quote', quote_kind: kind, ...q })),
    ...c.claims.map((cl) => JSON.stringify({ kind: 'claim', ...cl })),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/**
 * Plain-language facts the views share: how much of each document is copied, how an event's
 * place, date and figures read, and which quotes and claims belong to an event.
 */
import type { LedgerClaim, LedgerEvent, LedgerQuote, Range, ReusePair } from '../../src/core/types.js';
import type { Model } from './data.js';
import { fmtNumber } from './dom.js';

/**
 * Share of a document's text that sits in passages taken from another document of the corpus:
 * the largest shared fraction over the pairs in which it is the copy (or the direction is unknown).
 */
export function copiedShare(pairs: ReusePair[] | undefined, id: string): number {
  let best = 0;
  for (const p of pairs ?? []) {
    if (p.a === id && p.direction !== 'a>b') best = Math.max(best, p.shared_a);
    if (p.b === id && p.direction !== 'b>a') best = Math.max(best, p.shared_b);
  }
  return best;
}

/** Share of all characters of the corpus that are copy (weighted by document length). */
export function corpusCopiedShare(model: Model): number {
  let total = 0;
  let copied = 0;
  for (const d of model.data.documents) {
    total += d.length;
    copied += d.length * copiedShare(model.reuseByDoc.get(d.id), d.id);
  }
  return total ? copied / total : 0;
}

const PRECISION: Record<string, string> = {
  exact: 'exact spot',
  town: 'town',
  near: 'near a town',
  region: 'region',
  country: 'country',
};

/** `Bucha, Kyiv Oblast, Ukraine` and how precise it is: `town`, `region`... */
export function placeLabel(p: LedgerEvent['place']): { name: string; precision: string } {
  if (!p) return { name: 'place unknown', precision: '' };
  const parts = [p.name];
  if (p.admin1 && p.admin1 !== p.name) parts.push(p.admin1);
  if (p.country && p.country !== p.name) parts.push(p.country);
  return { name: parts.join(', '), precision: PRECISION[p.precision] ?? p.precision };
}

/** The date range as known: `2022-04-03`, `2022-03-28 – 2022-04-03`, `March 2022 (month)`. */
export function dateRange(d: LedgerEvent['date']): string {
  if (!d) return 'date unknown';
  if (d.start === d.end) return d.start;
  if (d.precision === 'month') return d.start.slice(0, 7);
  if (d.precision === 'year') return d.start.slice(0, 4);
  if (d.precision === 'week') return `week of ${d.start}`;
  return `${d.start} – ${d.end}`;
}

/** `410`, `21 (20–25)` — low–best–high as one short string; `–` when unknown. */
export function rangeText(r: Range | null): string {
  if (!r) return '–';
  const best = r.best ?? r.low ?? r.high;
  if (r.low !== null && r.high !== null && r.low !== r.high)
    return `${fmtNumber(best)} (${fmtNumber(r.low)}–${fmtNumber(r.high)})`;
  return fmtNumber(best);
}

/** The disputed values of a figure (`killed`, `injured`), when the sources disagree. */
export function disputed(e: LedgerEvent, field: string): LedgerEvent['conflicts'][number] | undefined {
  return e.conflicts.find((c) => c.field === field);
}

/** A figure with its dispute: `410 (disputed: 410 vs 21)`. */
export function figureText(e: LedgerEvent, field: 'killed' | 'injured'): string {
  const base = rangeText(e[field]);
  const c = disputed(e, field);
  return c ? `${base} — disputed: ${c.values.map((v) => String(v.value)).join(' vs ')}` : base;
}

/** How near (in characters) a quote or claim must be to an event's mention to be shown with it. */
const NEAR = 600;

/**
 * Quotes and claims told alongside an event: mentioned in a document that reports the event, no
 * further than a few sentences from the event's own mention there.
 */
export function relatedToEvent(
  model: Model,
  e: LedgerEvent,
): { quotes: LedgerQuote[]; claims: LedgerClaim[] } {
  const spans = new Map<string, [number, number][]>();
  for (const m of e.mentions) {
    const list = spans.get(m.document) ?? [];
    list.push(m.span);
    spans.set(m.document, list);
  }
  const near = (mentions: { document: string; span: [number, number] }[]) =>
    mentions.some((m) =>
      (spans.get(m.document) ?? []).some(([s, t]) => m.span[1] >= s - NEAR && m.span[0] <= t + NEAR),
    );
  return {
    quotes: model.data.ledger.quotes.filter((q) => near(q.mentions)),
    claims: model.data.ledger.claims.filter((c) => near(c.mentions)),
  };
}

export const GLOSSARY: [string, string][] = [
  [
    'Family',
    'A group of documents that copy from one another, directly or through a chain; the origin is the document the others copied from, when it can be told.',
  ],
  [
    'Derived (copy)',
    'A document, or a passage of one, taken from another document of the corpus: word for word (verbatim) or reworded (paraphrase).',
  ],
  [
    'Independent source',
    'A report that does not copy another one. Documents that copy the same report count once, with their origin.',
  ],
  ['Disputed', 'The sources give different figures; each value is kept with the documents that give it.'],
  ['Precision', 'How exactly a place or date is known: a town or a whole country, a day or a month.'],
];

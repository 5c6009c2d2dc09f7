import type { ReusePair } from '../core/types.js';
import { type CompareOptions, comparePrepared } from './compare-texts.js';
import { orderByEvidence } from './direction.js';
import { type PreparedText, prepareText } from './prepare.js';

/** What comparing two stored documents needs: the text and the metadata the direction uses. */
export interface PairDocument {
  id: string;
  text: string;
  published: string | null;
  credits: string[];
  outlet: string | null;
}

/** Compares two stored documents; the pair is ordered by id (`a` < `b`). Null when no reuse. */
export function comparePair(
  x: PairDocument,
  px: PreparedText,
  y: PairDocument,
  py: PreparedText,
  options: Omit<CompareOptions, 'meta'> = {},
): ReusePair | null {
  const [a, pa, b, pb] = x.id < y.id ? [x, px, y, py] : [y, py, x, px];
  const r = comparePrepared(pa, pb, {
    ...options,
    meta: {
      a: { published: a.published, credits: a.credits, outlet: a.outlet },
      b: { published: b.published, credits: b.credits, outlet: b.outlet },
    },
  });
  if (r.relation === 'none') return null;
  return { a: a.id, b: b.id, ...r, relation: r.relation };
}

/** The fields of a document that comparing needs (plain data, cheap to send to a worker). */
export function pairDocument(d: PairDocument): PairDocument {
  return { id: d.id, text: d.text, published: d.published, credits: d.credits, outlet: d.outlet };
}

/** Orders two stored documents by their times or credits (`orderByEvidence`); null when neither. */
export function orderDocuments(x: PairDocument, y: PairDocument) {
  return orderByEvidence({ a: metaOf(x), b: metaOf(y), textA: x.text, textB: y.text });
}

/**
 * A pair's two documents as [source, copy] by the evidence of `orderDocuments`; null when either
 * document is unknown or the evidence gives no direction.
 */
export function sourceAndCopy(
  pair: { a: string; b: string },
  document: (id: string) => PairDocument | null,
): [PairDocument, PairDocument] | null {
  const a = document(pair.a);
  const b = document(pair.b);
  if (!a || !b) return null;
  const ordered = orderDocuments(a, b);
  if (!ordered) return null;
  return ordered.direction === 'a>b' ? [a, b] : [b, a];
}

/** The outlet of a document, trimmed and lower-cased; null when it has none. */
export function outletOf(d: PairDocument): string | null {
  const o = d.outlet?.trim().toLowerCase();
  return o ? o : null;
}

/** Prepares documents once each, keeping up to 2000 prepared texts (then starting afresh). */
export function preparedCache(): (d: PairDocument) => PreparedText {
  const prepared = new Map<string, PreparedText>();
  return (d) => {
    let p = prepared.get(d.id);
    if (!p) {
      if (prepared.size >= 2000) prepared.clear();
      p = prepareText(d.text);
      prepared.set(d.id, p);
    }
    return p;
  };
}

/** The partners of each document in `links` (pairs of document ids, either way round). */
export function partnerSets(links: Iterable<readonly [string, string]>): Map<string, Set<string>> {
  const partners = new Map<string, Set<string>>();
  const relate = (x: string, y: string) => {
    const s = partners.get(x);
    if (s) s.add(y);
    else partners.set(x, new Set([y]));
  };
  for (const [x, y] of links) {
    relate(x, y);
    relate(y, x);
  }
  return partners;
}

function metaOf(d: PairDocument) {
  return { published: d.published, credits: d.credits, outlet: d.outlet };
}

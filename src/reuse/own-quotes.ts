import type { ReusePair } from '../core/types.js';
import { containment } from './containment.js';
import { compareTimes } from './direction.js';
import {
  orderDocuments,
  outletOf,
  type PairDocument,
  partnerSets,
  preparedCache,
  sourceAndCopy,
} from './pair.js';
import type { PreparedText } from './prepare.js';
import { OWN_QUOTES_BELOW, QUOTE_MIN_NGRAMS, quotedNgramsIn } from './quote-provenance.js';

/**
 * An ordered pair whose later text quotes at length from elsewhere is kept only when this share
 * of its word 3-grams (outside its quotations) is in the earlier text: below it, what the two
 * share is the court's wording, the charges and the names, which independent reports share.
 * Chosen by cross-validation on meter-dev's topics with the thresholds of `quote-provenance.ts`
 * (`bench/accuracy/meter-cv.ts`, `quote_provenance`; docs/reuse.md).
 */
export const OWN_QUOTES_MIN_CONTAINMENT = 0.3;

/** What the own-quotations step needs from the index. */
export interface OwnQuotesContext {
  document(id: string): PairDocument | null;
  /**
   * Position in index order, for this run's new documents (0, 1, …); -1 for a document indexed
   * by an earlier run (before every new one).
   */
  position(id: string): number;
  /** The partners of a document in the pairs stored by earlier runs. */
  storedPartners(id: string): Iterable<string>;
}

/**
 * Drops the ordered pairs whose later text has its own quotations (`QUOTE_MIN_NGRAMS` quoted word
 * 3-grams or more, less than `OWN_QUOTES_BELOW` of them in any text published before it that is a
 * candidate of it) and keeps less than `OWN_QUOTES_MIN_CONTAINMENT` of its wording in the earlier
 * text of the pair: its reporter heard the speakers, so it was not written from the earlier text.
 * The earlier texts are all the candidates (`candidates`: pairs of document ids), not only the
 * related ones, and the texts of the same outlet that `pairs` or earlier runs relate to them (the
 * agency's other takes and versions of the story): one take may lack the quotations another
 * holds, and a paper that quotes any of them took its quotations from the wire. Only the texts
 * indexed before the later-indexed text of the pair count (an earlier run's or earlier in this
 * run), and that text itself, as in `dropCommonSource`: a pair is decided in the run of that text, and nothing indexed
 * after it changes the decision. The candidates of a text indexed by an earlier run are not
 * stored: for the pair of such a copy with a new earlier text, its candidates from earlier runs
 * count through its stored pairs only (docs/reuse.md, 7b′).
 */
export function dropOwnQuotes(
  pairs: ReusePair[],
  candidates: readonly (readonly [string, string])[],
  ctx: OwnQuotesContext,
): ReusePair[] {
  if (pairs.length === 0) return pairs;
  const partners = partnerSets(candidates);
  const related = partnerSets(pairs.map((p) => [p.a, p.b] as const));
  // A take's versions indexed up to position `later`: texts of its outlet that a pair relates to it.
  const versions = (take: PairDocument, later: number): string[] => {
    const outlet = outletOf(take);
    if (outlet === null) return [];
    return [...(related.get(take.id) ?? []), ...ctx.storedPartners(take.id)].filter((id) => {
      if (ctx.position(id) > later) return false;
      const v = ctx.document(id);
      return v !== null && outletOf(v) === outlet;
    });
  };
  const prep = preparedCache();
  const quotes = new Map<string, boolean>();
  const own = new Map<string, boolean>();
  // Whether `copy` has its own quotations, judged on the texts indexed up to position `later`.
  const ownQuotes = (copy: PairDocument, later: number): boolean => {
    // Most texts quote little or nothing: their earlier candidates are not read then.
    let q = quotes.get(copy.id);
    if (q === undefined) {
      q = quotedNgramsIn(prep(copy), []).quoted >= QUOTE_MIN_NGRAMS;
      quotes.set(copy.id, q);
    }
    if (!q) return false;
    const key = `${copy.id}\u0000${later}`;
    let v = own.get(key);
    if (v !== undefined) return v;
    const earlier = new Map<string, PreparedText>();
    const add = (n: PairDocument) => {
      if (!earlier.has(n.id) && n.id !== copy.id && orderDocuments(n, copy)?.direction === 'a>b')
        earlier.set(n.id, prep(n));
    };
    const ids = new Set([...(partners.get(copy.id) ?? []), ...ctx.storedPartners(copy.id)]);
    for (const id of [...ids].sort()) {
      if (ctx.position(id) > later) continue;
      const n = ctx.document(id);
      if (!n || orderDocuments(n, copy)?.direction !== 'a>b') continue;
      add(n);
      for (const v of versions(n, later).sort()) {
        const d = ctx.document(v);
        if (d) add(d);
      }
    }
    const { quoted, found } = quotedNgramsIn(prep(copy), [...earlier.values()]);
    v = quoted >= QUOTE_MIN_NGRAMS && found / quoted < OWN_QUOTES_BELOW;
    own.set(key, v);
    return v;
  };
  return pairs.filter((pair) => {
    const ordered = sourceAndCopy(pair, (id) => ctx.document(id));
    if (!ordered) return true;
    const [source, copy] = ordered;
    if (!orderedByTimes(copy, source)) return true;
    if (!ownQuotes(copy, Math.max(ctx.position(source.id), ctx.position(copy.id)))) return true;
    return containment(prep(copy), prep(source), 3) >= OWN_QUOTES_MIN_CONTAINMENT;
  });
}

/**
 * Whether both texts have publication times and they differ (`compareTimes`). `orderByEvidence`
 * orders a pair by its times when they differ and by a wire credit otherwise, so an ordered pair
 * whose times do not order it (equal or missing) is ordered by a credit: the later text names the
 * earlier text's agency, it says it used that copy, and quotations it gathered besides do not undo
 * that. Such pairs are kept.
 */
function orderedByTimes(copy: PairDocument, source: PairDocument): boolean {
  return !!copy.published && !!source.published && compareTimes(source.published, copy.published) !== 0;
}

import type { ReusePair } from '../core/types.js';
import { compareDefaults } from './compare-texts.js';
import { otherSourceShare } from './containment.js';
import {
  orderDocuments,
  outletOf,
  type PairDocument,
  partnerSets,
  preparedCache,
  sourceAndCopy,
} from './pair.js';
import type { PreparedText } from './prepare.js';

/** What the common-source step needs from the index. */
export interface CommonSourceContext {
  document(id: string): PairDocument | null;
  /**
   * Position in index order, for this run's new documents (0, 1, …); -1 for a document indexed
   * by an earlier run (before every new one).
   */
  position(id: string): number;
  /** The partners of a document in the pairs stored by earlier runs. */
  storedPartners(id: string): Iterable<string>;
  /** Share at or above which an ordered pair is dropped (`compareDefaults.maxOtherSourceShare`). */
  maxShare?: number;
}

/**
 * Drops the ordered pairs whose later text was written from another source shared with reports of
 * its own time (`otherSourceShare` at or above `maxShare`). Reports on one court case or one event
 * share names, charges and stock phrases with the wire story without being written from it; what
 * tells them apart is where the rest of their wording comes from. A story written from the wire
 * keeps the wire's wording; a story written from a statement, a handout or its own reporter shares
 * that wording with the other reports of the day, and the wire story does not have it.
 *
 * The reports that count (the copy's "neighbours"): related to the copy by a verified pair, not
 * ordered against it by times or credits (a later report that copies the copy would bring back
 * the copy's own wording), from another outlet than either text of the pair (versions of one
 * story are not another source), and indexed before the later text of the pair (an earlier run's
 * or earlier in this run). A pair is decided in the run of its later text, so the neighbours are
 * the same whatever the split of the documents into runs, and a pair between unordered reports is
 * never dropped by this step, so a neighbour's pair never depends on it.
 */
export function dropCommonSource(pairs: ReusePair[], ctx: CommonSourceContext): ReusePair[] {
  const maxShare = ctx.maxShare ?? compareDefaults.maxOtherSourceShare;
  if (!(maxShare < 1) || pairs.length === 0) return pairs;
  const partners = partnerSets(pairs.map((p) => [p.a, p.b] as const));
  const prep = preparedCache();
  return pairs.filter((pair) => {
    const ordered = sourceAndCopy(pair, (id) => ctx.document(id));
    if (!ordered) return true;
    const [source, copy] = ordered;
    const later = Math.max(ctx.position(source.id), ctx.position(copy.id));
    const outlets = new Set([outletOf(source), outletOf(copy)].filter((o): o is string => o !== null));
    const neighbours: PreparedText[] = [];
    const seen = new Set<string>([source.id, copy.id]);
    for (const id of [...(partners.get(copy.id) ?? []), ...ctx.storedPartners(copy.id)]) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (ctx.position(id) >= later) continue;
      const n = ctx.document(id);
      if (!n) continue;
      const outlet = outletOf(n);
      if (outlet !== null && outlets.has(outlet)) continue;
      if (orderDocuments(copy, n)) continue;
      neighbours.push(prep(n));
    }
    if (neighbours.length === 0) return true;
    return otherSourceShare(prep(copy), prep(source), neighbours, 3) < maxShare;
  });
}

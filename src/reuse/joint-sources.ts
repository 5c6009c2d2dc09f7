import type { ReusePair } from '../core/types.js';
import { compareDefaults } from './compare-texts.js';
import { containment, unionContainment } from './containment.js';
import { orderByEvidence } from './direction.js';
import { comparePair, type PairDocument } from './pair.js';
import { type PreparedText, prepareText } from './prepare.js';

/** What the joint-sources step needs from the index. */
export interface JointSourcesContext {
  document(id: string): PairDocument | null;
  /** Position in index order, for this run's new documents (0, 1, …); -1 for an earlier run's. */
  position(id: string): number;
  /**
   * Share of the later text's 3-grams that the union of its sources must reach
   * (`compareDefaults.minJointContainment`; 0 or less: off).
   */
  minShare?: number;
}

/**
 * The share of a later text's 3-grams (outside its quotations) that one earlier text must hold
 * to count as one of its joint sources: below it, a text shares names and stock phrases, not
 * wording.
 */
export const MIN_SOURCE_SHARE = 0.03;

/** At most this many sources make one text together (a story from two or three wire takes). */
export const MAX_JOINT_SOURCES = 3;

/**
 * Reuse from several sources at once: a newspaper story written from two or three wire takes of
 * the same day keeps, say, 5% of its wording from each, which no single pair reaches
 * (`minDerivedContainment`), while together they hold as much of it as one take holds of a story
 * written from it alone. For each of this run's new documents that no verified pair already
 * derives from an earlier text, its candidates that were not related to it, that publication times
 * or wire credits order before it, that come from another outlet and that were indexed before it
 * are its possible sources. They are taken greedily, the one that adds most of the text's 3-grams
 * first, while each adds at least `MIN_SOURCE_SHARE` and up to `MAX_JOINT_SOURCES`, until together
 * they hold `minShare` of it; with two or more, each joint source makes a pair of its own (the
 * containment passages, as a pair decided by containment), whose `reason` names the share of the
 * text found in that source and in all of them together, so the pair list shows every source with
 * its share. Measured on meter-dev and off by default (docs/reuse.md, "Several sources").
 *
 * A document's candidates indexed before it are the same whatever the split into runs (the
 * later document's run decides its pairs), so the step gives the same pairs in one run or several.
 */
export function addJointSources(
  rejected: readonly [string, string][],
  verified: readonly ReusePair[],
  ctx: JointSourcesContext,
  compare: Parameters<typeof comparePair>[4] = {},
): ReusePair[] {
  const minShare = ctx.minShare ?? compareDefaults.minJointContainment;
  if (!(minShare > 0) || rejected.length === 0) return [];
  const order = (x: PairDocument, y: PairDocument) =>
    orderByEvidence({ a: meta(x), b: meta(y), textA: x.text, textB: y.text });
  // Documents already derived by a verified pair from a text indexed before them (as candidates
  // are): a source indexed later is not there yet when the documents are split into runs.
  const derived = new Set<string>();
  const before = (source: string, copy: string) => ctx.position(source) < ctx.position(copy);
  for (const p of verified) {
    if (p.direction === 'a>b' && before(p.a, p.b)) derived.add(p.b);
    else if (p.direction === 'b>a' && before(p.b, p.a)) derived.add(p.a);
  }
  const possible = new Map<string, PairDocument[]>();
  for (const [x, y] of rejected) {
    const dx = ctx.document(x);
    const dy = ctx.document(y);
    if (!dx || !dy) continue;
    const ordered = order(dx, dy);
    if (!ordered) continue;
    const [source, copy] = ordered.direction === 'a>b' ? [dx, dy] : [dy, dx];
    const at = ctx.position(copy.id);
    if (at < 0 || ctx.position(source.id) >= at || derived.has(copy.id)) continue;
    const outlet = outletOf(copy);
    if (outlet !== null && outletOf(source) === outlet) continue;
    const list = possible.get(copy.id);
    if (list) list.push(source);
    else possible.set(copy.id, [source]);
  }
  const out: ReusePair[] = [];
  for (const id of [...possible.keys()].sort()) {
    const sources = possible.get(id) as PairDocument[];
    if (sources.length < 2) continue;
    const copy = ctx.document(id) as PairDocument;
    const pc = prepareText(copy.text);
    const prepared = new Map(sources.map((s) => [s.id, prepareText(s.text)]));
    const shares = sources
      .map((s) => ({ s, share: containment(pc, prepared.get(s.id) as PreparedText, 3) }))
      .filter((x) => x.share >= MIN_SOURCE_SHARE)
      .sort((x, y) => y.share - x.share || (x.s.id < y.s.id ? -1 : 1));
    // Greedily, the source that adds most wording not yet covered, while it adds at least
    // `MIN_SOURCE_SHARE`, up to `MAX_JOINT_SOURCES`, until together they reach `minShare`.
    const chosen: typeof shares = [];
    let together = 0;
    while (chosen.length < MAX_JOINT_SOURCES && together < minShare) {
      let best: { x: (typeof shares)[number]; union: number } | null = null;
      for (const x of shares) {
        if (chosen.includes(x)) continue;
        const union = unionContainment(
          pc,
          [...chosen, x].map((c) => prepared.get(c.s.id) as PreparedText),
          3,
        );
        if (!best || union > best.union) best = { x, union };
      }
      if (!best || best.union - together < MIN_SOURCE_SHARE) break;
      chosen.push(best.x);
      together = best.union;
    }
    if (chosen.length < 2 || together < minShare) continue;
    // Each source's pair: the containment path with this source's own share as its threshold, so
    // the pair is made from the passages a containment decision would report. A source without
    // one is left out, and the others are kept only while two remain, with their share together
    // taken again over those kept.
    const kept = chosen.flatMap(({ s, share }) => {
      const pair = comparePair(s, prepared.get(s.id) as PreparedText, copy, pc, {
        ...compare,
        minDerivedContainment: share,
      });
      return pair ? [{ s, share, pair }] : [];
    });
    if (kept.length < 2) continue;
    const keptTogether =
      kept.length === chosen.length
        ? together
        : unionContainment(
            pc,
            kept.map((k) => prepared.get(k.s.id) as PreparedText),
            3,
          );
    if (keptTogether < minShare) continue;
    for (const { s, share, pair } of kept) {
      const others = kept.filter((x) => x.s.id !== s.id).map((x) => `${x.s.id} ${pct(x.share)}`);
      out.push({
        ...pair,
        reason: `${pair.reason}; written from several sources: ${pct(share)} of ${copy.id}'s wording is in ${s.id}, ${pct(keptTogether)} in it and ${others.join(', ')} together`,
      });
    }
  }
  return out;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function meta(d: PairDocument) {
  return { published: d.published, credits: d.credits, outlet: d.outlet };
}

function outletOf(d: PairDocument): string | null {
  const o = d.outlet?.trim().toLowerCase();
  return o ? o : null;
}

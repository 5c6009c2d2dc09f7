import { firstReached } from '../core/span-index.js';
import type { Span } from '../core/types.js';
import type { ClusterRecord } from './cluster-mentions.js';
import { type MentionItem, pairScore, relatePlaces, statedPlace } from './compatibility.js';
import { compatibleKinds } from './kinds.js';

/**
 * A fragment is an event made only of back-references: no member names its own place or date
 * or gives a figure ("… accused the militia of firing the shells", "the dead included two
 * children"). Such a clause refers to an incident its report describes elsewhere, so the greedy
 * merge (which meets it after the anchored mentions) may have left it on its own.
 */
export function isFragment(record: ClusterRecord): boolean {
  return record.figures.length > 0 && record.figures.every((f) => !f.anchored);
}

/**
 * Events looked at on each side of a fragment in each of its reports. A back-reference points to
 * an incident told nearby; a news report tells far fewer events than this, so all of its events
 * are candidates, while in a report of thousands the work per fragment stays bounded.
 */
export const FRAGMENT_WINDOW = 100;

/** The events of one document, to find those told near a position (`near`). */
export interface DocumentEvents {
  /** The events told within `FRAGMENT_WINDOW` events of character `at` (all, in a shorter report). */
  near(at: number): readonly number[];
}

/**
 * The events of `document` (`clusters`, its events in any order) by where each is first told in
 * it: sorted once, only when there are more than a window's worth.
 */
export function documentEvents(
  document: string,
  clusters: readonly number[],
  cluster: (n: number) => ClusterRecord,
  item: (id: string) => MentionItem,
): DocumentEvents {
  if (clusters.length <= 2 * FRAGMENT_WINDOW + 1) return { near: () => clusters };
  const first = [...new Set(clusters)]
    .map((n) => ({ n, at: firstTold(cluster(n).items, document, item) }))
    .sort((a, b) => a.at - b.at || a.n - b.n);
  return {
    near(at) {
      const lo = firstReached(first.length, (i) => (first[i] as { at: number }).at >= at);
      return first.slice(Math.max(0, lo - FRAGMENT_WINDOW), lo + FRAGMENT_WINDOW).map((f) => f.n);
    },
  };
}

/** Where the first of `items` told in `document` starts (Infinity when none is). */
function firstTold(items: readonly string[], document: string, item: (id: string) => MentionItem): number {
  let at = Number.POSITIVE_INFINITY;
  for (const id of items) {
    const m = item(id).mention;
    if (m.documentId === document && m.span[0] < at) at = m.span[0];
  }
  return at;
}

/**
 * The second pass: the event a fragment belongs to. Candidates are the anchored events reported
 * in every document the fragment appears in (near it: `documentEvents`) and compatible with each
 * of its members (kind family, place, date, scope: `pairScore` against the event's
 * representatives). Among them the one at the place the fragment's reports are about (the place
 * filled in from the document) wins, then the larger; when no candidate is at that place and
 * several remain, the reference is ambiguous and the fragment stays on its own.
 */
export function fragmentTarget(
  fragment: number,
  cluster: (n: number) => ClusterRecord,
  eventsOfDocument: (doc: string) => DocumentEvents,
  item: (id: string) => MentionItem,
): number | null {
  const record = cluster(fragment);
  const docs = [...new Set(record.figures.map((f) => f.document))];
  const members = record.items.map(item);
  const coverage = new Map<number, number>();
  for (const d of docs) {
    const at = firstTold(record.items, d, item);
    for (const c of new Set(eventsOfDocument(d).near(at)))
      if (c !== fragment) coverage.set(c, (coverage.get(c) ?? 0) + 1);
  }
  const places = new Set(members.map((m) => m.mention.place?.name).filter((p): p is string => !!p));
  const ranked: { n: number; atPlace: boolean; size: number }[] = [];
  for (const [n, count] of coverage) {
    if (count < docs.length) continue;
    const target = cluster(n);
    if (isFragment(target)) continue;
    const reps = target.reps.flatMap(([, ids]) => ids).map(item);
    if (!members.every((m) => reps.every((r) => pairScore(m, r) !== null))) continue;
    ranked.push({ n, atPlace: target.place !== null && places.has(target.place), size: target.items.length });
  }
  ranked.sort((a, b) => Number(b.atPlace) - Number(a.atPlace) || b.size - a.size || a.n - b.n);
  const [best, next] = ranked;
  if (!best) return null;
  if (!best.atPlace && next) return null;
  return best.n;
}

/** True when every member of the event lies in its report's headline. */
export function isHeadlineOnly(
  record: ClusterRecord,
  headline: (doc: string) => Span | null,
  item: (id: string) => MentionItem,
): boolean {
  return (
    record.items.length > 0 &&
    record.items.every((id) => {
      const m = item(id).mention;
      const h = headline(m.documentId);
      return h !== null && m.span[1] <= h[1] + 1;
    })
  );
}

/**
 * A headline restates its report ("Market shelling in eastern Congo leaves at least 12 dead"):
 * when the headline's mentions stand alone, they join the event the same report describes in its
 * body, if it is compatible (kind family, related places, no other figure) — pairwise with the
 * report's own body mentions, since a headline is written from that body. The event reported in
 * the body of every document of the headline wins; with several, the only one repeating the
 * headline's figure; otherwise (two alike, whatever their sizes) the headline stays on its own.
 */
export function headlineTarget(
  headlineCluster: number,
  cluster: (n: number) => ClusterRecord,
  clustersOfDocument: (doc: string) => readonly number[],
  item: (id: string) => MentionItem,
): number | null {
  const members = cluster(headlineCluster).items.map(item);
  const docs = [...new Set(members.map((m) => m.mention.documentId))];
  // Only how many events fit, with the headline's figure and without, decides (one with it wins;
  // else one without; two alike tie): the reading stops at the second with it, and an event
  // without it is not tested once two have been found.
  let figured: number | null = null;
  let plain: number | null = null;
  let plainCount = 0;
  const candidates = new Set(docs.flatMap((d) => clustersOfDocument(d)));
  for (const n of candidates) {
    if (n === headlineCluster) continue;
    const target = cluster(n);
    const body = target.items.map(item).filter((i) => docs.includes(i.mention.documentId));
    if (new Set(body.map((i) => i.mention.documentId)).size < docs.length) continue;
    const own = (h: MentionItem) => body.filter((b) => b.mention.documentId === h.mention.documentId);
    const figure = members.some((h) => h.scope !== null && own(h).some((b) => b.scope === h.scope));
    if (!figure && (figured !== null || plainCount >= 2)) continue;
    const fits = (h: MentionItem, b: MentionItem) =>
      compatibleKinds(h.mention.kind, b.mention.kind) &&
      relatePlaces(statedPlace(h.mention), statedPlace(b.mention)) !== 'different' &&
      (h.scope === null ||
        b.scope === null ||
        h.scope === b.scope ||
        h.mention.documentId !== b.mention.documentId);
    if (!members.every((h) => own(h).some((b) => fits(h, b)))) continue;
    if (figure) {
      if (figured !== null) return null;
      figured = n;
    } else {
      plain = n;
      plainCount++;
    }
  }
  if (figured !== null) return figured;
  return plainCount === 1 ? plain : null;
}

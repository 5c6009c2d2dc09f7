import type { ClusterRecord } from './cluster-mentions.js';
import { type MentionItem, pairScore } from './compatibility.js';

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
 * The second pass: the event a fragment belongs to. Candidates are the anchored events reported
 * in every document the fragment appears in and compatible with each of its members (kind
 * family, place, date, scope: `pairScore` against the event's representatives). Among them the
 * one at the place the fragment's reports are about (the place filled in from the document) wins,
 * then the larger; when no candidate is at that place and several remain, the reference is
 * ambiguous and the fragment stays on its own.
 */
export function fragmentTarget(
  fragment: number,
  cluster: (n: number) => ClusterRecord,
  clustersOfDocument: (doc: string) => readonly number[],
  item: (id: string) => MentionItem,
): number | null {
  const record = cluster(fragment);
  const docs = [...new Set(record.figures.map((f) => f.document))];
  const coverage = new Map<number, number>();
  for (const d of docs) {
    for (const c of new Set(clustersOfDocument(d)))
      if (c !== fragment) coverage.set(c, (coverage.get(c) ?? 0) + 1);
  }
  const members = record.items.map(item);
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

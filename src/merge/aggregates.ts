import type { DateMention } from '../core/types.js';
import type { ClusterRecord } from './cluster-mentions.js';
import { relateDates } from './compatibility.js';

/** A mention that may be an aggregate: a killed figure in a sentence naming several places. */
export interface AggregateCandidate {
  id: string;
  cluster: number;
  killed: number;
  places: string[];
  date: DateMention | null;
}

export interface AggregateResult {
  /** Mentions taken out of their own event. */
  removed: string[];
  /** Events (cluster index) and the aggregates attached to them. */
  attached: [number, string[]][];
}

/**
 * A mention whose sentence names several places and whose killed figure is the sum of the
 * figures of the events at those places ("8 killed in two towns" beside 7 and 1) is an
 * aggregate: it is attached to each of those events without counting as a conflicting figure.
 * Candidates are examined in cluster order, then join order; `clustersAt` lists the clusters
 * whose (first) place has that name.
 */
export function findAggregates(
  candidates: readonly AggregateCandidate[],
  cluster: (n: number) => ClusterRecord,
  clustersAt: (place: string) => readonly number[],
): AggregateResult {
  const removed = new Set<string>();
  const attached = new Map<number, string[]>();
  const position = (c: AggregateCandidate) => cluster(c.cluster).items.indexOf(c.id);
  const ordered = [...candidates]
    .filter((c) => c.places.length >= 2)
    .sort((a, b) => a.cluster - b.cluster || position(a) - position(b));
  const members = (n: number) => cluster(n).figures.filter((f) => !removed.has(f.id));
  const bestKilled = (figures: readonly { killed: number | null }[]): number | null => {
    const values = figures.map((f) => f.killed).filter((v): v is number => v != null);
    return values.length > 0 ? Math.min(...values) : null;
  };
  for (const item of ordered) {
    const near = [...new Set(item.places.flatMap((p) => clustersAt(p)))];
    const parts = near.filter((c) => {
      const current = members(c);
      if (c === item.cluster && current.length === 1) return false;
      const place = current.find((f) => f.place !== null)?.place ?? undefined;
      const rest = c === item.cluster ? current.filter((f) => f.id !== item.id) : current;
      const dated = rest.every((f) => relateDates(f.date, item.date) !== 'different');
      return place !== undefined && item.places.includes(place) && rest.length > 0 && dated;
    });
    if (parts.length < 2) continue;
    const sum = parts.reduce((s, c) => {
      const rest = members(c).filter((f) => f.id !== item.id);
      return s + (bestKilled(rest) ?? Number.NaN);
    }, 0);
    if (sum !== item.killed) continue;
    removed.add(item.id);
    for (const c of parts) attached.set(c, [...(attached.get(c) ?? []), item.id]);
  }
  return {
    removed: [...removed].sort(),
    attached: [...attached.entries()].sort((a, b) => a[0] - b[0]),
  };
}

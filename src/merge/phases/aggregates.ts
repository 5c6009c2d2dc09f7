import { findAggregates } from '../aggregates.js';
import type { Mentions } from './assign.js';
import type { MergeRun } from './run.js';

/** What the aggregate rule decided in this run. */
export interface Aggregates {
  /** Events (cluster) and the aggregate mentions attached to them. */
  attached: Map<number, string[]>;
  /** Mentions an aggregate replaced (they belong to no event). */
  removed: Set<string>;
}

/**
 * Phase "aggregates": the aggregate candidates ("eight killed in two towns") are re-examined as a
 * whole (they are few); events whose aggregates changed are rebuilt.
 */
export function reexamineAggregates(run: MergeRun, mentions: Mentions): Aggregates {
  const { cache, meta, dirty } = run;
  const result = findAggregates(meta.aggregates, mentions.clusters.cluster, (place) =>
    [...(cache.get('place', place) ?? [])].sort((a, b) => a - b),
  );
  const before = new Map(meta.result.attached.map(([c, list]) => [c, list.join(' ')]));
  const after = new Map(result.attached.map(([c, list]) => [c, list.join(' ')]));
  for (const c of new Set([...before.keys(), ...after.keys()]))
    if (before.get(c) !== after.get(c)) dirty.clusters.add(c);
  const removedBefore = new Set(meta.result.removed);
  const removed = new Set(result.removed);
  for (const a of meta.aggregates)
    if (removedBefore.has(a.id) !== removed.has(a.id)) dirty.clusters.add(a.cluster);
  meta.result = result;
  return { attached: new Map(result.attached), removed };
}

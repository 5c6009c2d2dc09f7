import type { LedgerEvent } from '../../core/types.js';
import { isFragment } from '../absorb-fragments.js';
import { headOf } from '../answer-state.js';
import { buildEvent } from '../build-event.js';
import type { MentionItem } from '../compatibility.js';
import { normName } from '../group-claims.js';
import { isPassingMention } from '../passing-mention.js';
import { clusterKey } from '../state-schema.js';
import { placeLevels } from '../vote-place.js';
import type { Aggregates } from './aggregates.js';
import type { Mentions } from './assign.js';
import { type MergeRun, track } from './run.js';

/** What the rebuilt events mention, before and after (claims' answers near them are redone). */
export interface Touched {
  documents: Set<string>;
  places: Set<string>;
}

/**
 * Phase "events": rebuilds the event of every dirty cluster (and of the events they joined), from
 * its members and those of the clusters joined to it, less the mentions an aggregate replaced.
 * An event joined to another is no event of its own. Returns what the rebuilt events touched and
 * how many were rebuilt.
 */
export function rebuildEvents(
  run: MergeRun,
  mentions: Mentions,
  aggregates: Aggregates,
): { touched: Touched; rebuilt: number } {
  const { cache, dirty, changed, index, source } = run;
  const { clusters, item: itemOf, prefetch: prefetchItems, origins } = mentions;
  const { attached, removed } = aggregates;
  let rebuilt = 0;
  // An event joined to another (which may itself have joined a third) is built with the one it joined.
  const absorbedBy = (c: number) => cache.get('absorb', clusterKey(c));
  for (const n of [...dirty.clusters]) {
    const seen = new Set([n]);
    for (let up = absorbedBy(n); up !== undefined && !seen.has(up); up = absorbedBy(up)) {
      seen.add(up);
      dirty.clusters.add(up);
    }
  }
  /** The clusters whose members make up event `n`: itself and, recursively, those joined to it. */
  const partsOf = (n: number): number[] => {
    const out = [n];
    const seen = new Set(out);
    for (let i = 0; i < out.length; i++) {
      for (const c of cache.get('absorbed', clusterKey(out[i] as number)) ?? []) {
        if (seen.has(c)) continue;
        seen.add(c);
        out.push(c);
      }
    }
    return out;
  };
  // What the rebuilt events mention, before and after (claims' answers near them are redone).
  const touched: Touched = { documents: new Set<string>(), places: new Set<string>() };
  const parts = [...dirty.clusters].flatMap(partsOf);
  cache.prefetch('cluster', parts.map(clusterKey));
  cache.prefetch('members', parts.map(clusterKey));
  prefetchItems(parts.flatMap((n) => clusters.cluster(n).items));
  for (const a of attached.values()) prefetchItems(a);
  // The reuse of every document the rebuilt events mention, read at once.
  source.prefetch?.([
    ...new Set(parts.flatMap((n) => clusters.cluster(n).items.map((id) => itemOf(id).mention.documentId))),
  ]);
  for (const n of [...dirty.clusters].sort((a, b) => a - b)) {
    const parts = absorbedBy(n) === undefined ? partsOf(n) : [];
    const members = parts
      .flatMap((c) => clusters.cluster(c).items)
      .filter((id) => !removed.has(id))
      .map(itemOf);
    // A lone back-reference that joined no event (one clause with no place, date or figure of
    // its own) tells no incident a reader could find: it stays out of the event list. Several
    // such clauses that joined each other still tell one together.
    const lone = members.length === 1 && parts.every((c) => isFragment(clusters.cluster(c)));
    const aggregated = parts.some((c) => (attached.get(c) ?? []).length > 0);
    // One clause that says neither when nor how many is a passing mention: no incident a coder
    // would list (unless an aggregate over it was attached here).
    const passing =
      members.length === 1 && !aggregated && isPassingMention((members[0] as MentionItem).mention);
    const told = members.length > 0 && !lone && !passing;
    const event = told
      ? buildEvent(
          {
            items: members,
            aggregates: [...new Set(parts.flatMap((c) => attached.get(c) ?? []))].map(itemOf),
          },
          { index, origins: (m) => origins.get(m.id) ?? [] },
        )
      : undefined;
    const before = cache.get('event', clusterKey(n));
    touch(touched, before, event);
    track(changed.events, before, event);
    cache.set('event', clusterKey(n), event);
    cache.set('ehead', clusterKey(n), event ? headOf(event) : undefined);
    rebuilt++;
  }
  return { touched, rebuilt };
}

/**
 * Notes what a rebuilt event changes for claims' answers (see answer-state.ts): when its id, place,
 * actors or independent count changed, every document it mentions (before or after) and its
 * places; otherwise only the documents of the mentions it gained or lost (the event a report
 * leads with, and the event of a mention, can change only there).
 */
function touch(
  touched: { documents: Set<string>; places: Set<string> },
  before: LedgerEvent | undefined,
  after: LedgerEvent | undefined,
): void {
  const [b, a] = [before, after].map((e) => (e ? headOf(e) : undefined));
  const same =
    a !== undefined &&
    b !== undefined &&
    JSON.stringify([a.id, a.place, a.levels, a.actors, a.independent]) ===
      JSON.stringify([b.id, b.place, b.levels, b.actors, b.independent]);
  if (!same) {
    for (const h of [a, b]) {
      if (!h) continue;
      for (const [d] of h.mentions) touched.documents.add(d);
      // The claims' places are single names: a two-level place touches each of its levels.
      if (h.place !== null)
        for (const level of placeLevels({ name: h.place, levels: h.levels }))
          touched.places.add(normName(level));
    }
    return;
  }
  const key = ([d, at]: [string, number]) => `${d}\u0000${at}`;
  const had = new Set(b.mentions.map(key));
  const has = new Set(a.mentions.map(key));
  for (const m of a.mentions) if (!had.has(key(m))) touched.documents.add(m[0]);
  for (const m of b.mentions) if (!has.has(key(m))) touched.documents.add(m[0]);
}

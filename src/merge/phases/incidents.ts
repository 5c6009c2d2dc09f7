import {
  type DocumentEvents,
  documentEvents,
  FRAGMENT_WINDOW,
  fragmentTarget,
  headlineTarget,
  isFragment,
  isHeadlineOnly,
} from '../absorb-fragments.js';
import { figuredDocuments } from '../figured-documents.js';
import {
  type IncidentNeighbourhood,
  incidentComponent,
  incidentNamesOf,
  incidentTarget,
  joinDays,
  NAME_EVENTS,
  nearDays,
  placeOf,
  profileKey,
  profileOf,
  vagueDays,
  vagueProfileOf,
} from '../join-incidents.js';
import { compareStrings } from '../stable-id.js';
import { clusterKey } from '../state-schema.js';
import type { Mentions } from './assign.js';
import type { MergeRun } from './run.js';

/**
 * Phase "second pass": fragments (events of back-references only) and headline-only events join
 * the event their reports describe, and events whose profiles (place, day, figures) agree join as
 * one incident (`absorb`: event → the event it joined; `absorbed`: the reverse). Re-examines the
 * dirty clusters, the clusters of their documents and the events filed near their old or new
 * profile; every cluster whose decision changed, and the events it left or joined, become dirty.
 */
export function joinIncidents(run: MergeRun, mentions: Mentions): void {
  const { cache, docs, dirty, index } = run;
  const { clusters, item: itemOf } = mentions;
  const affected = new Set<number>(dirty.clusters);
  cache.prefetch('cluster', [...dirty.clusters].map(clusterKey));
  cache.prefetch('members', [...dirty.clusters].map(clusterKey));
  const profiled = (c: number) => cache.get('profile', clusterKey(c)) ?? null;
  const people = (d: string) => docs.get(d)?.people ?? [];
  // The full names of each event are filed (`fname`) so that a report without figures finds the
  // incident it follows up (`followUpTarget`). Every event is filed under each of its names, however
  // common, so that the lists (and whether a name is too common, `NAME_EVENTS`) are the same after
  // any order of runs. An event whose names or profile changed brings in the events filed under
  // its names, unless the name is too common to join them with or without it.
  const fileNames = (n: number, profileChanged: boolean) => {
    const record = clusters.cluster(n);
    const now = [...incidentNamesOf(record, placeOf(record) ?? '', itemOf, people)].sort(compareStrings);
    const was = cache.get('fnames', clusterKey(n)) ?? [];
    const changed = JSON.stringify(now) !== JSON.stringify(was);
    if (!changed && !profileChanged) return;
    for (const name of new Set([...was, ...now])) {
      const others = named(name).filter((c) => c !== n);
      if (others.length <= NAME_EVENTS) for (const c of others) affected.add(c);
    }
    if (!changed) return;
    const kept = new Set(now);
    for (const name of was) {
      if (kept.has(name)) continue;
      const list = named(name).filter((c) => c !== n);
      cache.set('fname', name, list.length > 0 ? list : undefined);
    }
    const old = new Set(was);
    for (const name of now) {
      const list = named(name);
      if (old.has(name)) continue;
      const last = list[list.length - 1];
      // Dirty events are filed in number order: usually after the list's last.
      const next =
        last === undefined || last < n
          ? [...list, n]
          : [...list.filter((c) => c !== n), n].sort((a, b) => a - b);
      cache.set('fname', name, next);
    }
    cache.set('fnames', clusterKey(n), now.length > 0 ? now : undefined);
  };
  const filed = (k: string) => cache.get('pday', k) ?? [];
  /** Takes event `n` off the lists namespace `ns` keeps under `keys`. */
  const unfile = (ns: 'pday' | 'vday', keys: readonly string[], n: number) => {
    for (const k of keys) {
      const list = (cache.get(ns, k) ?? []).filter((c) => c !== n);
      cache.set(ns, k, list.length > 0 ? list : undefined);
    }
  };
  /** Files event `n` on the lists namespace `ns` keeps under `keys`, each in number order. */
  const fileUnder = (ns: 'pday' | 'vday', keys: readonly string[], n: number) => {
    for (const k of keys)
      cache.set(
        ns,
        k,
        [...(cache.get(ns, k) ?? []).filter((c) => c !== n), n].sort((a, b) => a - b),
      );
  };
  // An event dated only to a span of days is filed under each of its days (`vday`), so that an
  // event whose profile changes on one of them has it re-examined (`vagueTarget`).
  const fileVague = (n: number) => {
    const before = cache.get('vprofile', clusterKey(n)) ?? null;
    const after = vagueProfileOf(clusters.cluster(n));
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    if (before)
      unfile(
        'vday',
        vagueDays(before).map((d) => profileKey(before.place, d)),
        n,
      );
    if (after)
      fileUnder(
        'vday',
        vagueDays(after).map((d) => profileKey(after.place, d)),
        n,
      );
    cache.set('vprofile', clusterKey(n), after ?? undefined);
  };
  const named = (name: string) => cache.get('fname', name) ?? [];
  for (const n of [...dirty.clusters].sort((a, b) => a - b)) {
    const before = profiled(n);
    const after = profileOf(clusters.cluster(n), itemOf);
    const profileChanged = JSON.stringify(before) !== JSON.stringify(after);
    fileNames(n, profileChanged);
    fileVague(n);
    if (!profileChanged) continue;
    // Events filed near the old or new profile may now join this one, or no longer: later
    // events with figures, events without figures whatever their number, and events dated only
    // to a span of days that includes it.
    for (const p of [before, after])
      if (p) {
        for (const d of nearDays(p.day, joinDays(p)))
          for (const c of filed(profileKey(p.place, d))) if (c !== n) affected.add(c);
        for (const c of cache.get('vday', profileKey(p.place, p.day)) ?? []) if (c !== n) affected.add(c);
      }
    if (before) unfile('pday', [profileKey(before.place, before.day)], n);
    if (after) fileUnder('pday', [profileKey(after.place, after.day)], n);
    cache.set('profile', clusterKey(n), after ?? undefined);
  }
  const figured = new Set<string>();
  for (const n of dirty.clusters) for (const f of clusters.cluster(n).figures) figured.add(f.document);
  docs.prefetch(figured);
  for (const d of figured) for (const c of docs.get(d)?.clusters ?? []) affected.add(c);
  cache.prefetch('cluster', [...affected].map(clusterKey));
  cache.prefetch('members', [...affected].map(clusterKey));
  cache.prefetch('absorb', [...affected].map(clusterKey));
  const ofDocument = (d: string) => docs.get(d)?.clusters ?? [];
  const eventsOf = new Map<string, DocumentEvents>();
  const eventsOfDocument = (d: string) => {
    let events = eventsOf.get(d);
    if (!events) {
      const list = ofDocument(d);
      // A news report's few events are read afresh; a long report's are sorted once.
      if (list.length <= 2 * FRAGMENT_WINDOW + 1) return documentEvents(d, list, clusters.cluster, itemOf);
      events = documentEvents(d, list, clusters.cluster, itemOf);
      eventsOf.set(d, events);
    }
    return events;
  };
  const headline = (c: number) => isHeadlineOnly(clusters.cluster(c), index.headline, itemOf);
  // A headline whose report's body told no event it fits is the report's only telling of its
  // incident: it joins other reports' events like any event.
  const headed = new Map<number, number | null>();
  const headlineOf = (c: number) => {
    let t = headed.get(c);
    if (t === undefined) {
      t = headlineTarget(c, clusters.cluster, ofDocument, itemOf);
      headed.set(c, t);
    }
    return t;
  };
  const eligible = (c: number) =>
    !isFragment(clusters.cluster(c)) && (!headline(c) || headlineOf(c) === null);
  const around: IncidentNeighbourhood = {
    cluster: clusters.cluster,
    profile: profiled,
    filed: (k) => filed(k).filter(eligible),
    item: itemOf,
    named: (name) => {
      const list = named(name);
      return list.length > NAME_EVENTS ? list : list.filter(eligible);
    },
    figuredDocument: figuredDocuments(ofDocument, clusters.cluster),
    people,
  };
  // Which events are one incident is a property of the whole group: an event re-examined brings
  // in the events pointing at it, the one it pointed at, and its incident's other events, so
  // that no event keeps pointing into a group it has left.
  const work = [...affected].sort((a, b) => a - b);
  const examined = new Set<number>();
  const examine = (c: number | null | undefined) => {
    if (c === null || c === undefined || examined.has(c)) return;
    work.push(c);
  };
  for (let next = 0; next < work.length; next++) {
    const n = work[next] as number;
    if (examined.has(n)) continue;
    examined.add(n);
    const record = clusters.cluster(n);
    const held = cache.get('absorb', clusterKey(n)) ?? null;
    examine(held);
    for (const c of cache.get('absorbed', clusterKey(n)) ?? []) examine(c);
    let target: number | null;
    // A cluster emptied by the assign phase (its members were grouped again) joins nothing.
    if (record.items.length === 0) target = null;
    else if (isFragment(record)) target = fragmentTarget(n, clusters.cluster, eventsOfDocument, itemOf);
    else if (headline(n) && headlineOf(n) !== null) target = headlineOf(n);
    else {
      target = incidentTarget(n, around);
      for (const c of incidentComponent(n, around)) examine(c);
      examine(target);
    }
    if (held === target) continue;
    dirty.clusters.add(n);
    if (held !== null) {
      dirty.clusters.add(held);
      const list = (cache.get('absorbed', clusterKey(held)) ?? []).filter((f) => f !== n);
      cache.set('absorbed', clusterKey(held), list.length > 0 ? list : undefined);
    }
    if (target !== null) {
      dirty.clusters.add(target);
      cache.set('absorbed', clusterKey(target), [...(cache.get('absorbed', clusterKey(target)) ?? []), n]);
    }
    cache.set('absorb', clusterKey(n), target ?? undefined);
  }
}

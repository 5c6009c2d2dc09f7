import type { DocumentExtraction } from '../../core/types.js';
import type { StoredClaim } from '../answer-state.js';
import { originsOf } from '../build-event.js';
import {
  assignMentions,
  type ClusterRecord,
  type ClusterState,
  compareItems,
  itemsOf,
  partsReached,
  type StoredItem,
} from '../cluster-mentions.js';
import type { MentionItem } from '../compatibility.js';
import { tollOf } from '../figures.js';
import type { StateCache } from '../merge-state.js';
import { type RareKeys, rareKeys, type WordCounts } from '../rare-keys.js';
import { type ClusterHead, type ClusterMembers, clusterKey, type DocRecord } from '../state-schema.js';
import { counts, type MergeRun } from './run.js';

/** The incident mentions of the run: this run's and, read when needed, the stored ones. */
export interface Mentions {
  item(id: string): MentionItem;
  /** Reads these stored mentions ahead, in bulk. */
  prefetch(ids: readonly string[]): void;
  /** The original sources of each mention (`originsOf`). */
  origins: Map<string, string[]>;
  /** The clusters (events before the second pass) of the state. */
  clusters: ClusterState;
  /** The cluster of each mention this run added. */
  clusterOf: Map<string, number>;
}

/** One cluster as a record; the member lists are read only when used. */
function clusterView(cache: StateCache, n: number): ClusterRecord {
  const key = clusterKey(n);
  const head = cache.get('cluster', key) as ClusterHead;
  const members = () => cache.get('members', key) as ClusterMembers;
  return {
    reps: head.reps,
    get place() {
      return head.place;
    },
    set place(p) {
      head.place = p;
    },
    get items() {
      return members().items;
    },
    get figures() {
      return members().figures;
    },
  };
}

/**
 * The towns a report gives figures at. A report counting dead or wounded in two towns (a roundup)
 * names the people of several incidents and which are whose is not known: it gives its events none
 * (`DocRecord.people`).
 */
function countedTowns(x: DocumentExtraction): number {
  const towns = new Set<string>();
  for (const i of x.incidents)
    if ((i.killed || i.injured) && i.place?.kind === 'populated-place')
      towns.add(i.place.name.normalize('NFKC').toLowerCase());
  return towns.size;
}

/**
 * Stored mentions an incremental run decides again at most, and follows the links of at most
 * (`partsReached`): the parts its new mentions reach, whole, while they fit. Every part of the
 * example corpus and of the Bucha reports fits whatever the batches (tests; the Bucha reports
 * hold a few dozen incident mentions in all). On the analyze benchmark's 20k store, where an
 * incident has dozens of reports, deciding again every part a batch of 100 reports reaches
 * cost 8–15 s of CPU (thousands of mentions) against 8 s for the whole run; each mention decided
 * again or followed costs about what assigning a new one does, so this bound keeps the added
 * cost to about half of what assigning the batch's own mentions costs.
 */
const REOPEN_BUDGET = 150;

/**
 * Phase "assign": the new mentions and the stored mentions of the parts they reach
 * (`partsReached`), in canonical order, are grouped again: the clusters of those parts are
 * emptied and their members join the stored clusters through the stored blocking index or found
 * new ones (`assignMentions`) under new numbers (an emptied cluster stays empty: its old
 * postings lead nowhere, as it has no representatives). So the clusters of a part are the same
 * whichever run brought which of its mentions. Each mention is
 * kept (`item`) with its cluster; a mention with a death toll over two places or more is kept as
 * an aggregate candidate.
 */
export function assignNewMentions(run: MergeRun, extractions: readonly DocumentExtraction[]): Mentions {
  const { cache, meta, docs, dirty } = run;
  const items = new Map<string, MentionItem>();
  const origins = new Map<string, string[]>();
  const added: MentionItem[] = [];
  for (const x of extractions) {
    const doc = docs.get(x.documentId);
    if (doc) {
      const people = x.people ?? [];
      doc.people = people.length > 0 && countedTowns(x) <= 1 ? people : undefined;
      docs.changed(x.documentId, doc);
    }
    for (const item of itemsOf(x)) {
      items.set(item.mention.id, item);
      origins.set(item.mention.id, originsOf(item.mention, x.attributions));
      added.push(item);
    }
  }
  added.sort(compareItems);
  const prefetchItems = (ids: readonly string[]) =>
    cache.prefetch(
      'item',
      ids.filter((id) => !items.has(id)),
    );
  /** The cluster each stored mention was in when read (to follow moves in claims). */
  const storedCluster = new Map<string, number>();
  const itemOf = (id: string): MentionItem => {
    let item = items.get(id);
    if (!item) {
      const r = cache.get('item', id) as StoredItem;
      item = {
        mention: r.mention,
        words: r.words,
        wordSet: new Set(r.words),
        scope: r.scope,
        sentencePlaces: r.sentencePlaces,
      };
      items.set(id, item);
      origins.set(id, r.origins);
      storedCluster.set(id, r.cluster);
    }
    return item;
  };
  const views = new Map<number, ClusterRecord>();
  const clusters: ClusterState = {
    cluster: (n) => {
      let view = views.get(n);
      if (!view) {
        view = clusterView(cache, n);
        views.set(n, view);
      }
      return view;
    },
    addCluster: (record) => {
      // Always a new number: an emptied cluster keeps its blocking-key postings, which would
      // offer a cluster given its number to the mentions of the old one.
      const n = meta.clusters++;
      cache.set('cluster', clusterKey(n), { reps: record.reps, place: record.place } satisfies ClusterHead);
      cache.set('members', clusterKey(n), {
        items: record.items,
        figures: record.figures,
      } satisfies ClusterMembers);
      views.delete(n);
      return n;
    },
    item: itemOf,
    postings: (k) => cache.get('key', k) ?? [],
    setPostings: (k, list) => cache.set('key', k, list),
    touch: (n) => {
      dirty.clusters.add(n);
      cache.set('cluster', clusterKey(n), cache.get('cluster', clusterKey(n)));
      cache.set('members', clusterKey(n), cache.get('members', clusterKey(n)));
    },
    placed: (n, place) => {
      const list = cache.get('place', place) ?? [];
      if (!list.includes(n)) cache.set('place', place, [...list, n]);
    },
    prefetch: (keys, list) => {
      if (cache.cold) return;
      if (keys.length > 0) cache.prefetch('key', keys);
      if (list.length === 0) return;
      cache.prefetch('cluster', list.map(clusterKey));
      prefetchItems(list.flatMap((n) => clusters.cluster(n).reps.flatMap(([, ids]) => ids)));
    },
    prefetchMembers: (list) => {
      if (cache.cold || list.length === 0) return;
      cache.prefetch('members', list.map(clusterKey));
      prefetchItems(list.flatMap((n) => clusters.cluster(n).items));
    },
  };
  const rare = rareKeys(
    added.map((i) => i.words),
    3,
    counts(cache, 'df'),
  );
  // A stored mention's keys from the counts as they stand (it was counted when first merged).
  const df = counts(cache, 'df');
  const counted: WordCounts = { get: (w) => df.get(w), set: () => undefined };
  const storedKeys = new Map<string, RareKeys>();
  const rareOf = (item: MentionItem): RareKeys => {
    let keys = storedKeys.get(item.mention.id);
    if (!keys) {
      keys = rareKeys([item.words], 3, counted)[0] as RareKeys;
      storedKeys.set(item.mention.id, keys);
    }
    return keys;
  };
  const reached = cache.cold ? [] : partsReached(clusters, added, rare, rareOf, REOPEN_BUDGET);
  const again = reached.flatMap((n) => {
    const ids = emptyCluster(run, clusters, n);
    views.delete(n);
    return ids;
  });
  const decided = [
    ...added.map((item, n) => ({ item, rare: rare[n] as RareKeys })),
    ...again.map((id) => ({ item: itemOf(id), rare: rareOf(itemOf(id)) })),
  ].sort((a, b) => compareItems(a.item, b.item));
  if (again.length > 0) {
    const redo = new Set(again);
    meta.aggregates = meta.aggregates.filter((a) => !redo.has(a.id));
  }
  const assigned = assignMentions(
    clusters,
    decided.map((d) => d.item),
    decided.map((d) => d.rare),
  );
  const clusterOf = new Map<string, number>();
  /** Documents whose stored mentions moved to another cluster: their claims point at the new one. */
  const moved = new Map<string, Map<string, number>>();
  decided.forEach(({ item }, n) => {
    const c = assigned[n] as number;
    const id = item.mention.id;
    clusterOf.set(id, c);
    const was = storedCluster.get(id);
    if (was !== undefined && was !== c) {
      const inDocument = moved.get(item.mention.documentId) ?? new Map<string, number>();
      inDocument.set(id, c);
      moved.set(item.mention.documentId, inDocument);
    }
    cache.set('item', id, {
      mention: item.mention,
      words: item.words,
      scope: item.scope,
      sentencePlaces: item.sentencePlaces,
      origins: origins.get(id) ?? [],
      cluster: c,
    } satisfies StoredItem);
    const doc = docs.get(item.mention.documentId) as DocRecord;
    if (!doc.clusters.includes(c)) {
      doc.clusters.push(c);
      docs.changed(item.mention.documentId, doc);
    }
    const killed = tollOf(item.mention, 'killed')?.best;
    if (killed != null && item.sentencePlaces.length >= 2) {
      meta.aggregates.push({
        id,
        cluster: c,
        killed,
        places: item.sentencePlaces,
        date: item.mention.date,
      });
    }
  });
  for (const [d, at] of moved) followMoves(run, d, at);

  return { item: itemOf, prefetch: prefetchItems, origins, clusters, clusterOf };
}

/**
 * Empties stored cluster `n` (its members are decided again): it loses its members,
 * representatives and place, its documents no longer list it, and its event is rebuilt. Returns
 * the ids of its members.
 */
function emptyCluster(run: MergeRun, clusters: ClusterState, n: number): string[] {
  const { cache, docs, dirty } = run;
  const record = clusters.cluster(n);
  const ids = [...record.items];
  if (record.place !== null) {
    const list = (cache.get('place', record.place) ?? []).filter((c) => c !== n);
    cache.set('place', record.place, list.length > 0 ? list : undefined);
  }
  cache.set('cluster', clusterKey(n), { reps: [], place: null } satisfies ClusterHead);
  cache.set('members', clusterKey(n), { items: [], figures: [] } satisfies ClusterMembers);
  docs.prefetch(new Set(record.figures.map((f) => f.document)));
  for (const d of new Set(record.figures.map((f) => f.document))) {
    const doc = docs.get(d);
    if (!doc) continue;
    doc.clusters = doc.clusters.filter((c) => c !== n);
    docs.changed(d, doc);
  }
  dirty.clusters.add(n);
  return ids;
}

/** The stored claims of document `d` refer to the clusters its moved mentions (`at`) are in now. */
function followMoves(run: MergeRun, d: string, at: ReadonlyMap<string, number>): void {
  const { cache, docs } = run;
  for (const id of docs.get(d)?.claims ?? []) {
    const claim = cache.get('claim', id) as StoredClaim | undefined;
    if (!claim || !Object.keys(claim.at).some((m) => at.has(m))) continue;
    const next = { ...claim.at };
    for (const m of Object.keys(next)) {
      const c = at.get(m);
      if (c !== undefined) next[m] = c;
    }
    cache.set('claim', id, { ...claim, at: next });
  }
}

import type { DocumentExtraction } from '../../core/types.js';
import { originsOf } from '../build-event.js';
import {
  assignMentions,
  type ClusterRecord,
  type ClusterState,
  compareItems,
  itemsOf,
  type StoredItem,
} from '../cluster-mentions.js';
import type { MentionItem } from '../compatibility.js';
import { tollOf } from '../figures.js';
import type { StateCache } from '../merge-state.js';
import { rareKeys } from '../rare-keys.js';
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
 * Phase "assign": the new mentions, in canonical order, join the stored clusters through the
 * stored blocking index or start new ones (`assignMentions`). Each is kept (`item`) with its
 * cluster; a mention with a death toll over two places or more is kept as an aggregate candidate.
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
      const n = meta.clusters++;
      cache.set('cluster', clusterKey(n), { reps: record.reps, place: record.place } satisfies ClusterHead);
      cache.set('members', clusterKey(n), {
        items: record.items,
        figures: record.figures,
      } satisfies ClusterMembers);
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
    placed: (n, place) => cache.set('place', place, [...(cache.get('place', place) ?? []), n]),
    prefetch: (keys, list) => {
      if (cache.cold) return;
      if (keys.length > 0) cache.prefetch('key', keys);
      if (list.length === 0) return;
      cache.prefetch('cluster', list.map(clusterKey));
      prefetchItems(list.flatMap((n) => clusters.cluster(n).reps.flatMap(([, ids]) => ids)));
    },
  };
  const assigned = assignMentions(
    clusters,
    added,
    rareKeys(
      added.map((i) => i.words),
      3,
      counts(cache, 'df'),
    ),
  );
  const clusterOf = new Map<string, number>();
  added.forEach((item, n) => {
    const c = assigned[n] as number;
    const id = item.mention.id;
    clusterOf.set(id, c);
    cache.set('item', id, {
      mention: item.mention,
      words: item.words,
      scope: item.scope,
      sentencePlaces: item.sentencePlaces,
      origins: origins.get(id) ?? [],
      cluster: c,
    } satisfies StoredItem);
    const doc = docs.get(item.mention.documentId) as DocRecord;
    if (!doc.clusters.includes(c)) doc.clusters.push(c);
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

  return { item: itemOf, prefetch: prefetchItems, origins, clusters, clusterOf };
}

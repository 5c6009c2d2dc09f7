import type {
  DocumentExtraction,
  Family,
  Ledger,
  LedgerClaim,
  LedgerDocument,
  LedgerEvent,
  LedgerQuote,
  ReusePair,
  Span,
  StoredDocument,
} from '../core/types.js';
import type { MergedChanges } from '../ledger-file/write-file.js';
import { fragmentTarget, headlineTarget, isFragment, isHeadlineOnly } from './absorb-fragments.js';
import { type AggregateCandidate, type AggregateResult, findAggregates } from './aggregates.js';
import { ANSWER_INDEX, answerGroups, claimHead, headOf, type StoredClaim } from './answer-state.js';
import { buildEvent, originsOf } from './build-event.js';
import { canonicalSpeakers } from './canonical-speakers.js';
import {
  assignMentions,
  type ClusterRecord,
  type ClusterState,
  compareItems,
  itemsOf,
  type StoredItem,
} from './cluster-mentions.js';
import type { MentionItem } from './compatibility.js';
import { tollOf } from './figures.js';
import {
  buildClaim,
  type ClaimItem,
  claimItem,
  compareClaims,
  compareLedgerClaims,
  normName,
  sameClaim,
} from './group-claims.js';
import {
  buildQuote,
  compareLedgerQuotes,
  compareQuotes,
  type QuoteItem,
  quoteItem,
  sameQuote,
} from './group-quotes.js';
import { type GroupState, growGroups } from './grow-groups.js';
import {
  type IncidentNeighbourhood,
  type IncidentProfile,
  incidentComponent,
  incidentTarget,
  NAMED_DAYS,
  nearDays,
  profileKey,
  profileOf,
} from './join-incidents.js';
import { type MergeStateStore, memoryMergeState, StateCache } from './merge-state.js';
import { rareKeys, type WordCounts } from './rare-keys.js';
import {
  type DocumentText,
  documentFacts,
  listSource,
  type ReuseSource,
  reuseIndexOf,
} from './reuse-index.js';
import { compareStrings } from './stable-id.js';

export interface LedgerInput {
  documents: readonly StoredDocument[];
  reuse: { pairs: readonly ReusePair[]; families: readonly Family[] };
  extractions: readonly DocumentExtraction[];
  custody: { entries: number; head: string };
}

/** The ledger fields of a document (no text needed). */
export type LedgerDocumentSource = Pick<
  StoredDocument,
  'id' | 'sha256' | 'source' | 'url' | 'outlet' | 'title' | 'published'
>;

/** What one merge run reads: everything the ledger lists, and loaders for what is new. */
export interface MergeInput {
  /** Extractor version: a state built from another version is discarded. */
  version: string;
  /**
   * Every document, in any order: with `describe`, only ids are read from it; without, each
   * entry is the document's ledger fields.
   */
  documents: readonly (LedgerDocumentSource | { id: string })[];
  /**
   * The ledger fields of some documents (a run that lists its changes asks only for the documents
   * of changed families; the whole ledger asks for all).
   */
  describe?(ids: readonly string[]): Iterable<LedgerDocumentSource>;
  /**
   * `added`: what the reuse stage added in this run (documents and the pairs they are in), when
   * it knows; then only the documents those can reach have their reuse re-examined.
   */
  reuse: {
    pairs: readonly ReusePair[];
    families: readonly Family[];
    added?: { documents: readonly string[]; pairs: readonly ReusePair[] };
    /** Documents in the reuse index after `added` (with it, tells whether `added` is all that is new to this state). */
    indexed?: number;
    /**
     * The families `added` created or changed, and those it joined into others (removed): with
     * `view`, a run that `added` is all that is new to reads neither list above, only the
     * neighbourhood of what was added.
     */
    familyChanges?: { families: readonly Family[]; removed: readonly string[] };
    /** The stored reuse of one document at a time (see `ReuseView` in src/reuse). */
    view?: {
      pairsOf(document: string): readonly ReusePair[];
      family(document: string): { id: string; documents: readonly string[] } | null;
      /** Both for many documents at once (fewer queries). */
      pairsOfMany?(documents: readonly string[]): ReadonlyMap<string, readonly ReusePair[]>;
      familiesOfMany?(
        documents: readonly string[],
      ): ReadonlyMap<string, { id: string; documents: readonly string[] }>;
    };
  };
  /** Documents that have an extraction to merge. */
  extracted: ReadonlySet<string>;
  /** The extractions of documents the state has not merged yet (only those are asked for). */
  extractions(ids: readonly string[]): Iterable<DocumentExtraction>;
  /**
   * The texts of documents the state has not seen (hash and headline are kept), with their wire
   * credits and outlet when known (independence counts one chain per originating agency).
   */
  texts(ids: readonly string[]): Iterable<DocumentText>;
  custody: { entries: number; head: string };
}

/** The ledger sections that come from the input rather than the merge. */
export type LedgerBase = Pick<Ledger, 'documents' | 'families' | 'reuse' | 'custody'>;

export interface MergeResult {
  /** The whole ledger, assembled from the state on first use (read it before the state changes again). */
  readonly ledger: Ledger;
  /** The documents, families, reuse and custody sections of the ledger. */
  base: LedgerBase;
  /** True when the state was (re)built from scratch (first run, new extractor version, removed documents). */
  full: boolean;
  /** Documents whose extractions were merged in this run. */
  merged: number;
  /** Events rebuilt in this run. */
  rebuilt: number;
  /**
   * Items of the event, quote and claim sections that this run changed or removed (null), by
   * id; every item when `full`. Items not listed are the same as in the state's previous ledger.
   */
  changed: LedgerChanges;
  /**
   * Documents whose reuse this run re-examined, from what the reuse stage added (see
   * `reuseReach`); null when it re-examined every document. The others' family is unchanged.
   */
  reused: ReadonlySet<string> | null;
  /** Milliseconds per phase (for benchmarks). */
  timings: Record<string, number>;
}

/**
 * Merges per-document extractions into the ledger: events (incident mentions merged across
 * documents, figures reconciled, independent sources counted), quotes with their variants, and
 * claims with the denials linked to what they answer. Pure and deterministic: the same input in
 * any order gives the same ledger.
 *
 * @example
 * const ledger = buildLedger({ documents, reuse: loadReuse(store), extractions, custody: { entries: 3, head } });
 * ledger.events[0].independent_sources; // 2
 */
export function buildLedger(input: LedgerInput): Ledger {
  const known = new Map(input.documents.map((d) => [d.id, d]));
  const byId = new Map<string, DocumentExtraction>();
  for (const x of input.extractions) if (known.has(x.documentId)) byId.set(x.documentId, x);
  return mergeLedger(
    memoryMergeState(),
    {
      version: '',
      documents: input.documents,
      reuse: input.reuse,
      extracted: new Set(byId.keys()),
      extractions: (ids) => ids.map((id) => byId.get(id) as DocumentExtraction),
      texts: (ids) => ids.map((id) => known.get(id) as StoredDocument),
      custody: input.custody,
    },
    { persist: false },
  ).ledger;
}

/**
 * The items a run changed or removed (null), by id: the writer's `MergedChanges` (one definition),
 * with maps this merge fills in. The input sections (documents, families, reuse pairs by
 * `a\u0000b`) are present when the reuse stage listed its changes; absent otherwise (then compare
 * `base`).
 */
export type LedgerChanges = {
  [K in keyof MergedChanges]: MergedChanges[K] extends ReadonlyMap<infer Key, infer Value> | undefined
    ? Map<Key, Value>
    : never;
};

/** Records that `old` (if any) became `next` (undefined: removed) in a map of changes by id. */
function track<T extends { id: string }>(
  changes: Map<string, T | null>,
  old: T | undefined,
  next: T | undefined,
): void {
  if (old && (!next || old.id !== next.id) && !changes.get(old.id)) changes.set(old.id, null);
  if (next) changes.set(next.id, next);
}

/**
 * Bump when the persisted shape, or what it means, changes: an older state is then rebuilt.
 * 7: events of one incident all point at its first event; quotes keep their canonical speakers.
 * 7.quotes1: claim groups keep their own claimant (`c.claimant`), canonicalised with the speakers.
 */
const STATE_FORMAT = '7.quotes1';

interface Meta {
  format: number | string;
  version: string;
  /** Clusters created so far (the next cluster's index). */
  clusters: number;
  aggregates: AggregateCandidate[];
  result: AggregateResult;
  /** Event heads are kept (`ehead`); a state from before them gets them on its next run. */
  heads?: true;
  /** Claim heads likewise (`chead`). */
  claimHeads?: true;
  /** What the last run decided of claims' answers is kept (see answer-state.ts). */
  answerIndex?: number;
  /** Documents in the reuse index when this state last counted reuse (`MergeInput.reuse.indexed`). */
  reuseIndexed?: number;
}

interface DocRecord {
  hash: string;
  headline: Span | null;
  /** Who the document is credited to (`originOf`), when known. */
  credits?: string[];
  /** `ReuseIndex.fingerprint` when the document's facts were last counted. */
  fp: string;
  extracted: boolean;
  clusters: number[];
  quotes: string[];
  claims: string[];
}

const clusterKey = (n: number) => String(n).padStart(10, '0');

/** A cluster is kept in two parts: what a newcomer is compared with, and its (long) member lists. */
type ClusterHead = Pick<ClusterRecord, 'reps' | 'place'>;
type ClusterMembers = Pick<ClusterRecord, 'items' | 'figures'>;

/** One cluster as a record; the member lists are read only when used. */
function clusterView(cache: StateCache, n: number): ClusterRecord {
  const key = clusterKey(n);
  const head = cache.get<ClusterHead>('cluster', key) as ClusterHead;
  const members = () => cache.get<ClusterMembers>('members', key) as ClusterMembers;
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
 * The incremental merge (docs/ledger.md, "Incremental merge"): the state keeps the mention →
 * event clusters, the blocking index, built events and the quote and claim groups. A run merges
 * only the documents the state has not seen: their mentions are assigned to the stored clusters
 * (or start new ones), and only the events, quotes and claims they touch — or whose documents'
 * reuse changed — are rebuilt. From an empty state this is the from-scratch merge.
 */
export function mergeLedger(
  store: MergeStateStore,
  input: MergeInput,
  options: { persist?: boolean } = {},
): MergeResult {
  return startMerge(store, input, options)();
}

/**
 * `mergeLedger` in two steps. The first, run now, reads what does not depend on this run's new
 * extractions: the state, the document records, the texts of unseen documents and their reuse
 * (fingerprints recounted, documents marked for recounting). The returned function does the
 * rest, reading `input.extracted` and `input.extractions` when it is called: `analyze` runs the
 * first step while its extraction workers finish, then calls it once their results are stored.
 * Extractions may only be added in between (never removed).
 */
export function startMerge(
  store: MergeStateStore,
  input: MergeInput,
  options: { persist?: boolean } = {},
): () => MergeResult {
  const timings: Record<string, number> = {};
  let clock = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    timings[phase] = (timings[phase] ?? 0) + (now - clock);
    clock = now;
  };
  let cache = new StateCache(store);
  let full = false;
  const reset = () => {
    store.clear();
    cache = new StateCache(store, true);
    full = true;
  };
  const changed: LedgerChanges = { events: new Map(), quotes: new Map(), claims: new Map() };
  const ids = new Set(input.documents.map((d) => d.id));
  const stored = cache.get<Meta>('meta', 'run');
  if (!stored || stored.format !== STATE_FORMAT || stored.version !== input.version) reset();
  let docs = new Map(cache.scan<DocRecord>('doc'));
  for (const [id, r] of docs) {
    if (!ids.has(id) || (r.extracted && !input.extracted.has(id))) {
      reset();
      docs = new Map();
      break;
    }
  }
  const meta: Meta = cache.get<Meta>('meta', 'run') ?? {
    format: STATE_FORMAT,
    version: input.version,
    clusters: 0,
    aggregates: [],
    result: { removed: [], attached: [] },
    heads: true,
    claimHeads: true,
    answerIndex: ANSWER_INDEX,
  };

  lap('state');
  // Documents first seen: keep what independence reads of their text.
  const unseen = input.documents.filter((d) => !docs.has(d.id)).map((d) => d.id);
  for (const d of input.texts(unseen)) {
    const f = documentFacts(d);
    const r: DocRecord = {
      hash: f.textHash,
      headline: f.headline,
      ...(f.credits ? { credits: f.credits } : {}),
      fp: '',
      extracted: false,
      clusters: [],
      quotes: [],
      claims: [],
    };
    docs.set(d.id, r);
    cache.set('doc', d.id, r);
  }
  lap('documents');
  // Facts of documents whose reuse changed are recounted.
  const dirtyClusters = new Set<number>();
  const dirtyQuotes = new Set<string>();
  const dirtyClaims = new Set<string>();
  // The reuse stage's additions are all that is new only when this state saw the index just before them.
  const news = input.reuse.added;
  const incremental =
    !cache.cold &&
    news !== undefined &&
    input.reuse.indexed !== undefined &&
    meta.reuseIndexed === input.reuse.indexed - news.documents.length;
  meta.reuseIndexed = input.reuse.indexed;
  // Then, with the stored families' changes, reuse is read around what was added only.
  const view = incremental && input.reuse.familyChanges ? (input.reuse.view ?? null) : null;
  const source = reuseSource(docs, view, input.reuse);
  const index = reuseIndexOf(source);
  const reached = incremental ? reuseReach(source, news) : null;
  if (reached) source.prefetch?.([...reached]);
  for (const id of reached ?? docs.keys()) {
    const r = docs.get(id);
    if (!r) continue;
    const fp = index.fingerprint(id);
    if (fp === r.fp) continue;
    for (const c of r.clusters) dirtyClusters.add(c);
    for (const q of r.quotes) dirtyQuotes.add(q);
    for (const c of r.claims) dirtyClaims.add(c);
    r.fp = fp;
    cache.set('doc', id, r);
  }

  lap('reuse');
  return () => {
    clock = performance.now();
    const pending = [...input.extracted]
      .filter((id) => docs.get(id)?.extracted === false)
      .sort(compareStrings);
    const extractions = [...input.extractions(pending)].sort((a, b) =>
      compareStrings(a.documentId, b.documentId),
    );

    lap('extractions');
    // Events: assign the new mentions.
    const items = new Map<string, MentionItem>();
    const origins = new Map<string, string[]>();
    const added: MentionItem[] = [];
    for (const x of extractions) {
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
        const r = cache.get<StoredItem>('item', id) as StoredItem;
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
      postings: (k) => cache.get<number[]>('key', k) ?? [],
      setPostings: (k, list) => cache.set('key', k, list),
      touch: (n) => {
        dirtyClusters.add(n);
        cache.set('cluster', clusterKey(n), cache.get('cluster', clusterKey(n)));
        cache.set('members', clusterKey(n), cache.get('members', clusterKey(n)));
      },
      placed: (n, place) => cache.set('place', place, [...(cache.get<number[]>('place', place) ?? []), n]),
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

    lap('assign');
    // Aggregates: re-examined as a whole (few candidates); events whose aggregates changed are rebuilt.
    const result = findAggregates(meta.aggregates, clusters.cluster, (place) =>
      [...(cache.get<number[]>('place', place) ?? [])].sort((a, b) => a - b),
    );
    const before = new Map(meta.result.attached.map(([c, list]) => [c, list.join(' ')]));
    const after = new Map(result.attached.map(([c, list]) => [c, list.join(' ')]));
    for (const c of new Set([...before.keys(), ...after.keys()]))
      if (before.get(c) !== after.get(c)) dirtyClusters.add(c);
    const removedBefore = new Set(meta.result.removed);
    const removed = new Set(result.removed);
    for (const a of meta.aggregates)
      if (removedBefore.has(a.id) !== removed.has(a.id)) dirtyClusters.add(a.cluster);
    meta.result = result;

    // Second pass: fragments (events of back-references only) join the event their reports
    // describe, and events whose profiles (place, day, figures) agree join as one incident.
    const affected = new Set<number>(dirtyClusters);
    cache.prefetch('cluster', [...dirtyClusters].map(clusterKey));
    cache.prefetch('members', [...dirtyClusters].map(clusterKey));
    const profiled = (c: number) => cache.get<IncidentProfile>('profile', clusterKey(c)) ?? null;
    const filed = (k: string) => cache.get<number[]>('pday', k) ?? [];
    for (const n of [...dirtyClusters].sort((a, b) => a - b)) {
      const before = profiled(n);
      const after = profileOf(clusters.cluster(n));
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      // Events filed near the old or new profile may now join this one, or no longer: later
      // events with figures, and events without figures whatever their number.
      for (const p of [before, after])
        if (p)
          for (const d of nearDays(p.day, NAMED_DAYS))
            for (const c of filed(profileKey(p.place, d))) if (c !== n) affected.add(c);
      if (before) {
        const k = profileKey(before.place, before.day);
        const list = filed(k).filter((c) => c !== n);
        cache.set('pday', k, list.length > 0 ? list : undefined);
      }
      if (after) {
        const k = profileKey(after.place, after.day);
        cache.set(
          'pday',
          k,
          [...filed(k).filter((c) => c !== n), n].sort((a, b) => a - b),
        );
      }
      cache.set('profile', clusterKey(n), after ?? undefined);
    }
    for (const n of dirtyClusters) {
      for (const d of new Set(clusters.cluster(n).figures.map((f) => f.document))) {
        for (const c of docs.get(d)?.clusters ?? []) affected.add(c);
      }
    }
    cache.prefetch('cluster', [...affected].map(clusterKey));
    cache.prefetch('members', [...affected].map(clusterKey));
    cache.prefetch('absorb', [...affected].map(clusterKey));
    const ofDocument = (d: string) => docs.get(d)?.clusters ?? [];
    const eligible = (c: number) =>
      !isFragment(clusters.cluster(c)) && !isHeadlineOnly(clusters.cluster(c), index.headline, itemOf);
    const around: IncidentNeighbourhood = {
      cluster: clusters.cluster,
      profile: profiled,
      filed: (k) => filed(k).filter(eligible),
      item: itemOf,
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
      const held = cache.get<number>('absorb', clusterKey(n)) ?? null;
      examine(held);
      for (const c of cache.get<number[]>('absorbed', clusterKey(n)) ?? []) examine(c);
      let target: number | null;
      if (isFragment(record)) target = fragmentTarget(n, clusters.cluster, ofDocument, itemOf);
      else if (isHeadlineOnly(record, index.headline, itemOf))
        target = headlineTarget(n, clusters.cluster, ofDocument, itemOf);
      else {
        target = incidentTarget(n, around);
        for (const c of incidentComponent(n, around)) examine(c);
        examine(target);
      }
      if (held === target) continue;
      dirtyClusters.add(n);
      if (held !== null) {
        dirtyClusters.add(held);
        const list = (cache.get<number[]>('absorbed', clusterKey(held)) ?? []).filter((f) => f !== n);
        cache.set('absorbed', clusterKey(held), list.length > 0 ? list : undefined);
      }
      if (target !== null) {
        dirtyClusters.add(target);
        cache.set('absorbed', clusterKey(target), [
          ...(cache.get<number[]>('absorbed', clusterKey(target)) ?? []),
          n,
        ]);
      }
      cache.set('absorb', clusterKey(n), target ?? undefined);
    }

    lap('second pass');
    const attached = new Map(result.attached);
    let rebuilt = 0;
    // An event joined to another (which may itself have joined a third) is built with the one it joined.
    const absorbedBy = (c: number) => cache.get<number>('absorb', clusterKey(c));
    for (const n of [...dirtyClusters]) {
      const seen = new Set([n]);
      for (let up = absorbedBy(n); up !== undefined && !seen.has(up); up = absorbedBy(up)) {
        seen.add(up);
        dirtyClusters.add(up);
      }
    }
    /** The clusters whose members make up event `n`: itself and, recursively, those joined to it. */
    const partsOf = (n: number): number[] => {
      const out = [n];
      const seen = new Set(out);
      for (let i = 0; i < out.length; i++) {
        for (const c of cache.get<number[]>('absorbed', clusterKey(out[i] as number)) ?? []) {
          if (seen.has(c)) continue;
          seen.add(c);
          out.push(c);
        }
      }
      return out;
    };
    // What the rebuilt events mention, before and after (claims' answers near them are redone).
    const touched = { documents: new Set<string>(), places: new Set<string>() };
    const parts = [...dirtyClusters].flatMap(partsOf);
    cache.prefetch('cluster', parts.map(clusterKey));
    cache.prefetch('members', parts.map(clusterKey));
    prefetchItems(parts.flatMap((n) => clusters.cluster(n).items));
    for (const a of attached.values()) prefetchItems(a);
    // The reuse of every document the rebuilt events mention, read at once.
    source.prefetch?.([
      ...new Set(parts.flatMap((n) => clusters.cluster(n).items.map((id) => itemOf(id).mention.documentId))),
    ]);
    for (const n of [...dirtyClusters].sort((a, b) => a - b)) {
      const parts = absorbedBy(n) === undefined ? partsOf(n) : [];
      const members = parts
        .flatMap((c) => clusters.cluster(c).items)
        .filter((id) => !removed.has(id))
        .map(itemOf);
      // A lone back-reference that joined no event (one clause with no place, date or figure of
      // its own) tells no incident a reader could find: it stays out of the event list. Several
      // such clauses that joined each other still tell one together.
      const lone = members.length === 1 && parts.every((c) => isFragment(clusters.cluster(c)));
      const told = members.length > 0 && !lone;
      const event = told
        ? buildEvent(
            {
              items: members,
              aggregates: [...new Set(parts.flatMap((c) => attached.get(c) ?? []))].map(itemOf),
            },
            { index, origins: (m) => origins.get(m.id) ?? [] },
          )
        : undefined;
      const before = cache.get<LedgerEvent>('event', clusterKey(n));
      touch(touched, before, event);
      track(changed.events, before, event);
      cache.set('event', clusterKey(n), event);
      cache.set('ehead', clusterKey(n), event ? headOf(event) : undefined);
      rebuilt++;
    }

    lap('events');
    // Quotes.
    const newQuotes = extractions.flatMap((x) => x.quotes).sort(compareQuotes);
    const quoteItems = new Map<string, QuoteItem>();
    for (const q of newQuotes) {
      quoteItems.set(q.id, quoteItem(q));
      (docs.get(q.documentId) as DocRecord).quotes.push(q.id);
    }
    const quoteOf = (id: string) => {
      let q = quoteItems.get(id);
      if (!q) {
        q = cache.get<QuoteItem>('quote', id) as QuoteItem;
        quoteItems.set(id, q);
      }
      return q;
    };
    for (const q of newQuotes) cache.set('quote', q.id, quoteOf(q.id));
    const quoteSets = wordSets<QuoteItem>((q) => q.tokens);
    const quoteKeys = rareKeys(
      newQuotes.map((q) => quoteOf(q.id).tokens),
      3,
      counts(cache, 'qdf'),
    );
    const droppedQuotes = new Set<string>();
    const changedQuotes = growGroups(
      groupState(
        cache,
        'q',
        'quote',
        (old) => track(changed.quotes, old as LedgerQuote, undefined),
        (g) => droppedQuotes.add(g),
      ),
      newQuotes.map((q, i) => ({
        id: q.id,
        keys: quoteKeys[i]?.lookup ?? [],
        file: quoteKeys[i]?.insert ?? [],
        signature: quoteSignature(quoteOf(q.id)),
      })),
      (a, b) => sameQuote(quoteOf(a), quoteOf(b), quoteSets),
    );
    cache.prefetch('q.group', dirtyQuotes);
    for (const q of dirtyQuotes) changedQuotes.add(cache.get<string>('q.group', q) as string);
    cache.prefetch('q.members', changedQuotes);
    cache.prefetch(
      'quote',
      [...changedQuotes].flatMap((g) => cache.get<string[]>('q.members', g) ?? []),
    );
    cache.prefetch('q.speaker', changedQuotes);
    const speakersBefore = new Map<string, number>();
    // A group joined into another no longer gives its speaker: the kept group counts it again.
    for (const g of droppedQuotes) forgetSpeaker(cache, 'q.speaker', g, speakersBefore);
    for (const g of changedQuotes) {
      const members = cache.get<string[]>('q.members', g);
      const quote = members ? buildQuote(members.map(quoteOf), index) : undefined;
      // The group's own speaker, before canonicalisation across the ledger (below).
      const before = cache.get<string>('q.speaker', g);
      const after = quote?.speaker ?? undefined;
      if (before !== after) {
        if (before !== undefined) speakersBefore.set(before, (speakersBefore.get(before) ?? 0) - 1);
        if (after !== undefined) speakersBefore.set(after, (speakersBefore.get(after) ?? 0) + 1);
        cache.set('q.speaker', g, after);
      }
      if (quote && after !== undefined) quote.speaker = cache.get<string>('q.canon', after) ?? after;
      track(changed.quotes, cache.get<LedgerQuote>('q.ledger', g), quote);
      cache.set('q.ledger', g, quote);
    }

    lap('quotes');
    // Claims.
    const newClaims: StoredClaim[] = [];
    for (const x of extractions) {
      for (const c of x.claims) {
        const item = claimItem(c, x);
        const at: Record<string, number> = {};
        for (const m of [...c.about, ...item.incidents]) {
          const cluster = clusterOf.get(m);
          if (cluster !== undefined) at[m] = cluster;
        }
        newClaims.push({ ...item, at });
        (docs.get(c.documentId) as DocRecord).claims.push(c.id);
      }
    }
    newClaims.sort((a, b) => compareClaims(a.claim, b.claim));
    for (const c of newClaims) cache.set('claim', c.claim.id, c);
    const claimOf = (id: string) => cache.get<StoredClaim>('claim', id) as StoredClaim;
    const claimSets = wordSets<ClaimItem>((c) => c.words);
    const claimKeys = rareKeys(
      newClaims.map((c) => c.words),
      3,
      counts(cache, 'cdf'),
    );
    const droppedClaims = new Set<string>();
    const changedClaims = growGroups(
      groupState(
        cache,
        'c',
        'claim',
        (old) => track(changed.claims, old as LedgerClaim, undefined),
        (g) => droppedClaims.add(g),
      ),
      newClaims.map((c, i) => ({
        id: c.claim.id,
        keys: claimKeys[i]?.lookup ?? [],
        file: claimKeys[i]?.insert ?? [],
        signature: claimSignature(c),
      })),
      (a, b) => sameClaim(claimOf(a), claimOf(b), claimSets),
    );
    cache.prefetch('c.group', dirtyClaims);
    for (const c of dirtyClaims) changedClaims.add(cache.get<string>('c.group', c) as string);
    cache.prefetch('c.members', changedClaims);
    cache.prefetch(
      'claim',
      [...changedClaims].flatMap((g) => cache.get<string[]>('c.members', g) ?? []),
    );
    for (const g of droppedClaims) forgetSpeaker(cache, 'c.claimant', g, speakersBefore);
    cache.prefetch('c.claimant', changedClaims);
    for (const g of changedClaims) {
      const members = cache.get<string[]>('c.members', g);
      const claim = members ? buildClaim(members.map(claimOf), index) : undefined;
      // A claimant is a speaker too: counted with the quotes' speakers and given the same canonical form.
      const before = cache.get<string>('c.claimant', g);
      const after = claim?.claimant ?? undefined;
      if (before !== after) {
        if (before !== undefined) {
          const { name } = splitClaimant(before);
          speakersBefore.set(name, (speakersBefore.get(name) ?? 0) - 1);
        }
        if (after !== undefined) {
          const { name } = splitClaimant(after);
          speakersBefore.set(name, (speakersBefore.get(name) ?? 0) + 1);
        }
        cache.set('c.claimant', g, after);
      }
      if (claim && after !== undefined)
        claim.claimant = canonicalClaimant(after, (name) => cache.get<string>('q.canon', name));
      // The claim is listed once its answer is known (below); an id gone is removed now.
      const old = cache.get<LedgerClaim>('c.ledger', g);
      if (old && (!claim || old.id !== claim.id) && !changed.claims.get(old.id))
        changed.claims.set(old.id, null);
      cache.set('c.ledger', g, claim);
      cache.set('chead', g, claim ? claimHead(claim) : undefined);
    }
    for (const g of canonicaliseSpeakers(cache, speakersBefore, changed.quotes)) changedClaims.add(g);
    for (const [id, r] of docs) if (!r.extracted && input.extracted.has(id)) r.extracted = true;
    for (const id of pending) cache.set('doc', id, docs.get(id));

    lap('claims');
    // Answers, from compact event heads rather than the events themselves (a state from before the
    // heads were kept gets them once).
    if (!meta.heads) {
      for (const [k, e] of cache.scan<LedgerEvent>('event')) cache.set('ehead', k, headOf(e));
      meta.heads = true;
    }
    // Answering reads little of each claim group: its head (a state from before heads gets them once).
    if (!meta.claimHeads) {
      for (const [g, c] of cache.scan<LedgerClaim>('c.ledger')) cache.set('chead', g, claimHead(c));
      meta.claimHeads = true;
    }
    const answered = answerGroups({
      cache,
      full: cache.cold || meta.answerIndex !== ANSWER_INDEX,
      changes: {
        groups: changedClaims,
        dropped: droppedClaims,
        documents: touched.documents,
        places: touched.places,
      },
      claimsOf: (d) => docs.get(d)?.claims ?? [],
      removed,
    });
    meta.answerIndex = ANSWER_INDEX;
    // A claim changes with its group or its answer (which any event may move); it is kept with it.
    cache.prefetch(
      'c.ledger',
      answered.map((g) => g.group),
    );
    for (const g of answered) {
      const claim = {
        ...(cache.get<LedgerClaim>('c.ledger', g.group) as LedgerClaim),
        answers: g.answers,
      };
      changed.claims.set(claim.id, claim);
      cache.set('c.ledger', g.group, claim);
      cache.set('chead', g.group, claimHead(claim));
    }

    lap('assemble');
    cache.set('meta', 'run', meta);
    if (options.persist !== false) cache.flush();
    lap('save');
    let lists: Omit<LedgerBase, 'custody'> | undefined;
    const listed = () => {
      lists ??= {
        documents: [
          ...describe(
            input,
            input.documents.map((d) => d.id),
          ),
        ]
          .map(toLedgerDocument(input.reuse.families))
          .sort((a, b) => compareStrings(a.id, b.id)),
        families: input.reuse.families
          .map((f) => ({ id: f.id, documents: [...f.documents].sort(compareStrings), origin: f.origin }))
          .sort((a, b) => compareStrings(a.id, b.id)),
        reuse: [...input.reuse.pairs].sort((a, b) => compareStrings(a.a, b.a) || compareStrings(a.b, b.b)),
      };
      return lists;
    };
    // Read only when asked for: a run that lists its input changes never reads every pair and family.
    const base: LedgerBase = {
      get documents() {
        return listed().documents;
      },
      get families() {
        return listed().families;
      },
      get reuse() {
        return listed().reuse;
      },
      custody: { entries: input.custody.entries, head: input.custody.head },
    };
    if (!full && view && news && input.reuse.familyChanges)
      inputChanges(changed, input, news, input.reuse.familyChanges);
    let ledger: Ledger | undefined;
    return {
      base,
      // Assembled when asked for: a run that writes only the changed items never reads the others.
      get ledger() {
        ledger ??= {
          schema: 'corroborate.ledger/1',
          documents: base.documents,
          families: base.families,
          reuse: base.reuse,
          events: cache
            .scan<LedgerEvent>('event')
            .map(([, e]) => e)
            .sort(compareEvents),
          quotes: cache
            .scan<LedgerQuote>('q.ledger')
            .map(([, q]) => q)
            .sort(compareLedgerQuotes),
          claims: cache
            .scan<LedgerClaim>('c.ledger')
            .map(([, c]) => c)
            .sort(compareLedgerClaims),
          custody: base.custody,
        };
        return ledger;
      },
      full,
      merged: pending.length,
      rebuilt,
      changed,
      reused: full ? null : reached,
      timings,
    };
  };
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
    JSON.stringify([a.id, a.place, a.actors, a.independent]) ===
      JSON.stringify([b.id, b.place, b.actors, b.independent]);
  if (!same) {
    for (const h of [a, b]) {
      if (!h) continue;
      for (const [d] of h.mentions) touched.documents.add(d);
      if (h.place !== null) touched.places.add(normName(h.place));
    }
    return;
  }
  const key = ([d, at]: [string, number]) => `${d}\u0000${at}`;
  const had = new Set(b.mentions.map(key));
  const has = new Set(a.mentions.map(key));
  for (const m of a.mentions) if (!had.has(key(m))) touched.documents.add(m[0]);
  for (const m of b.mentions) if (!has.has(key(m))) touched.documents.add(m[0]);
}

/**
 * The documents whose reuse fingerprint may have changed, from what the reuse stage added: the
 * new documents, both sides of each new pair, every member of their families (families only grow
 * or join, and a family's members are part of each member's fingerprint) and the documents with
 * the same text as a new one (exact copies share a representative).
 */
function reuseReach(source: ReuseSource, added: NonNullable<MergeInput['reuse']['added']>): Set<string> {
  const reached = new Set<string>([...added.documents, ...added.pairs.flatMap((p) => [p.a, p.b])]);
  for (const d of [...reached]) for (const m of source.family(d)?.documents ?? []) reached.add(m);
  for (const d of added.documents) for (const m of source.sameText(d)) reached.add(m);
  return reached;
}

/**
 * What the reuse index reads: texts and headlines from the document records; pairs and families
 * from the reuse stage's look-ups when it offers them (`view`), else from its lists.
 */
function reuseSource(
  docs: ReadonlyMap<string, DocRecord>,
  view: MergeInput['reuse']['view'] | null,
  reuse: MergeInput['reuse'],
): ReuseSource {
  let byHash: Map<string, string[]> | undefined;
  const sameText = (d: string): readonly string[] => {
    if (!byHash) {
      byHash = new Map();
      for (const [id, r] of docs) {
        const list = byHash.get(r.hash);
        if (list) list.push(id);
        else byHash.set(r.hash, [id]);
      }
    }
    const h = docs.get(d)?.hash;
    return h === undefined ? [d] : (byHash.get(h) ?? [d]);
  };
  const headline = (d: string) => docs.get(d)?.headline ?? null;
  const credits = (d: string) => docs.get(d)?.credits ?? [];
  if (!view) {
    let lists: ReuseSource | undefined;
    const of = () => {
      lists ??= listSource([], reuse.pairs, reuse.families);
      return lists;
    };
    return {
      sameText,
      headline,
      credits,
      pairsOf: (d) => of().pairsOf(d),
      family: (d) => of().family(d),
    };
  }
  const pairs = new Map<string, readonly ReusePair[]>();
  const families = new Map<string, { id: string; documents: readonly string[] } | null>();
  return {
    sameText,
    headline,
    credits,
    prefetch: (documents) => {
      const pairsOfMany = view.pairsOfMany?.bind(view);
      const familiesOfMany = view.familiesOfMany?.bind(view);
      const wanted = documents.filter((d) => !pairs.has(d));
      if (pairsOfMany && wanted.length > 0) {
        for (const [d, list] of pairsOfMany(wanted)) pairs.set(d, list);
      }
      const unknown = documents.filter((d) => !families.has(d));
      if (familiesOfMany && unknown.length > 0) {
        const found = familiesOfMany(unknown);
        for (const d of unknown) families.set(d, found.get(d) ?? null);
        for (const f of found.values()) for (const m of f.documents) families.set(m, f);
      }
    },
    pairsOf: (d) => {
      let list = pairs.get(d);
      if (!list) {
        list = view.pairsOf(d);
        pairs.set(d, list);
      }
      return list;
    },
    family: (d) => {
      let f = families.get(d);
      if (f === undefined) {
        f = view.family(d);
        families.set(d, f);
        for (const m of f?.documents ?? []) families.set(m, f);
      }
      return f;
    },
  };
}

/**
 * The documents, families and reuse items a run changed, from the reuse stage's additions: each
 * new pair, each changed family (removed ones as null) and the documents of the changed families
 * (a document's item changes only with its family, and every new document is in one).
 */
function inputChanges(
  changed: LedgerChanges,
  input: MergeInput,
  added: NonNullable<MergeInput['reuse']['added']>,
  familyChanges: NonNullable<MergeInput['reuse']['familyChanges']>,
): void {
  changed.families = new Map();
  changed.documents = new Map();
  changed.reuse = new Map();
  for (const id of familyChanges.removed) changed.families.set(id, null);
  const familyOf = new Map<string, string>();
  for (const f of familyChanges.families) {
    changed.families.set(f.id, {
      id: f.id,
      documents: [...f.documents].sort(compareStrings),
      origin: f.origin,
    });
    for (const d of f.documents) familyOf.set(d, f.id);
  }
  for (const d of describe(input, [...familyOf.keys()])) {
    changed.documents.set(d.id, ledgerDocument(d, familyOf.get(d.id) ?? null));
  }
  for (const p of added.pairs) changed.reuse.set(`${p.a}\u0000${p.b}`, p);
}

/** Quotes with the same words and speaker match the same others (see `sameQuote`). */
const quoteSignature = (q: QuoteItem) =>
  q.tokens.length === 0 ? '' : `${q.quote.speaker ?? ''}\u0000${q.tokens.join(' ')}`;
/** Claims with the same stance, claimant and word set (three words or more) match the same others (see `sameClaim`). */
const claimSignature = (c: ClaimItem) => {
  const words = [...new Set(c.words)].sort();
  return words.length < 3 ? '' : `${c.claim.stance}\u0000${c.claim.claimant ?? ''}\u0000${words.join(' ')}`;
};

/** Word counts (for rare blocking keys) kept in the state. */
function counts(cache: StateCache, ns: string): WordCounts {
  return { get: (w) => cache.get<number>(ns, w), set: (w, n) => cache.set(ns, w, n) };
}

function wordSets<T extends object>(wordsOf: (x: T) => readonly string[]): (x: T) => Set<string> {
  const sets = new WeakMap<T, Set<string>>();
  return (x) => {
    let s = sets.get(x);
    if (!s) {
      s = new Set(wordsOf(x));
      sets.set(x, s);
    }
    return s;
  };
}

/** Groups of quotes (`q`) or claims (`c`) in the state. */
function groupState(
  cache: StateCache,
  prefix: string,
  records: string,
  removed: (old: unknown) => void,
  dropped?: (group: string) => void,
): GroupState {
  return {
    groupOf: (id) => cache.get<string>(`${prefix}.group`, id) as string,
    setGroupOf: (id, group) => cache.set(`${prefix}.group`, id, group),
    members: (group) => cache.get<string[]>(`${prefix}.members`, group),
    setMembers: (group, members) => {
      cache.set(`${prefix}.members`, group, members);
      if (!members) {
        dropped?.(group);
        const old = cache.get(`${prefix}.ledger`, group);
        if (old) removed(old);
        cache.delete(`${prefix}.ledger`, group);
        if (prefix === 'c') cache.delete('chead', group);
      }
    },
    postings: (k) => cache.get<string[]>(`${prefix}.key`, k) ?? [],
    setPostings: (k, list) => cache.set(`${prefix}.key`, k, list),
    sameAs: (signature) => cache.get<string>(`${prefix}.same`, signature),
    setSameAs: (signature, id) => cache.set(`${prefix}.same`, signature, id),
    prefetch: (keys, ids) => {
      if (cache.cold) return;
      if (keys.length > 0) cache.prefetch(`${prefix}.key`, keys);
      if (ids.length > 0) {
        cache.prefetch(`${prefix}.group`, ids);
        cache.prefetch(records, ids);
      }
    },
  };
}

function compareEvents(a: LedgerEvent, b: LedgerEvent): number {
  return (
    b.independent_sources - a.independent_sources ||
    b.sources - a.sources ||
    compareStrings(a.date?.start ?? '9999', b.date?.start ?? '9999') ||
    compareStrings(a.id, b.id)
  );
}

function toLedgerDocument(families: readonly Family[]): (d: LedgerDocumentSource) => LedgerDocument {
  const familyOf = new Map<string, string>();
  for (const f of families) for (const d of f.documents) familyOf.set(d, f.id);
  return (d) => ledgerDocument(d, familyOf.get(d.id) ?? null);
}

/** The ledger fields of the documents `ids`, from `describe` or the input's own entries. */
function describe(input: MergeInput, ids: readonly string[]): Iterable<LedgerDocumentSource> {
  if (input.describe) return input.describe(ids);
  const byId = new Map(input.documents.map((d) => [d.id, d as LedgerDocumentSource]));
  return ids.map((id) => byId.get(id)).filter((d): d is LedgerDocumentSource => d !== undefined);
}

function ledgerDocument(d: LedgerDocumentSource, family: string | null): LedgerDocument {
  return {
    id: d.id,
    sha256: d.sha256,
    source: d.source,
    url: d.url,
    outlet: d.outlet,
    title: d.title,
    published: d.published,
    family,
  };
}

/** Uncounts the speaker a group that is gone gave (`kind` is `q.speaker` or `c.claimant`). */
function forgetSpeaker(cache: StateCache, kind: string, group: string, delta: Map<string, number>): void {
  const speaker = cache.get<string>(kind, group);
  if (speaker === undefined) return;
  delta.set(speaker, (delta.get(speaker) ?? 0) - 1);
  cache.set(kind, group, undefined);
}

/**
 * One canonical speaker per person across the ledger (see canonical-speakers.ts), kept
 * incrementally: `q.speakers` counts the quote and claim groups giving each speaker (or claimant)
 * as their own, `q.canon` holds each speaker's canonical form, `q.speaker` each quote group's own
 * speaker and `c.claimant` each claim group's own claimant. When `delta` changes the set of
 * speakers, the canonical forms are recomputed from the counts (distinct speakers, not quotes) and
 * only the groups whose speaker now maps differently are rewritten. Returns the claim groups
 * rewritten, whose answers are to be found again.
 */
function canonicaliseSpeakers(
  cache: StateCache,
  delta: ReadonlyMap<string, number>,
  changes: Map<string, LedgerQuote | null>,
): string[] {
  let moves = false;
  for (const [speaker, change] of delta) {
    if (change === 0) continue;
    const count = (cache.get<number>('q.speakers', speaker) ?? 0) + change;
    cache.set('q.speakers', speaker, count > 0 ? count : undefined);
    moves = true;
  }
  // A new count can change which form is most used: recompute whenever any count moved.
  if (!moves) return [];
  const counts = new Map(cache.scan<number>('q.speakers'));
  const canonical = canonicalSpeakers(counts);
  const moved = new Set<string>();
  for (const [speaker, canon] of cache.scan<string>('q.canon'))
    if (canonical.get(speaker) !== canon) moved.add(speaker);
  for (const speaker of canonical.keys())
    if (cache.get<string>('q.canon', speaker) === undefined) moved.add(speaker);
  if (moved.size === 0) return [];
  for (const speaker of moved) cache.set('q.canon', speaker, canonical.get(speaker));
  for (const [g, speaker] of cache.scan<string>('q.speaker')) {
    if (!moved.has(speaker)) continue;
    const quote = cache.get<LedgerQuote>('q.ledger', g);
    if (!quote) continue;
    const next = { ...quote, speaker: canonical.get(speaker) ?? speaker };
    changes.set(next.id, next);
    cache.set('q.ledger', g, next);
  }
  const claims: string[] = [];
  for (const [g, claimant] of cache.scan<string>('c.claimant')) {
    if (!moved.has(splitClaimant(claimant).name)) continue;
    const claim = cache.get<LedgerClaim>('c.ledger', g);
    if (!claim) continue;
    cache.set('c.ledger', g, {
      ...claim,
      claimant: canonicalClaimant(claimant, (name) => canonical.get(name)),
    });
    claims.push(g);
  }
  return claims;
}

/** `Jo Doe (harbour master)` → name `Jo Doe`, role `harbour master`: a claimant names who, then in what role. */
function splitClaimant(claimant: string): { name: string; role: string | null } {
  const match = CLAIMANT_ROLE.exec(claimant);
  return match ? { name: match[1]!, role: match[2]! } : { name: claimant, role: null };
}
const CLAIMANT_ROLE = /^(.+?) \((.+)\)$/s;

/** The claimant with its name in canonical form (`Doe (harbour master)` → `Jo Doe (harbour master)`). */
function canonicalClaimant(claimant: string, canonicalOf: (name: string) => string | undefined): string {
  const { name, role } = splitClaimant(claimant);
  const canon = canonicalOf(name) ?? name;
  return role === null ? canon : `${canon} (${role})`;
}

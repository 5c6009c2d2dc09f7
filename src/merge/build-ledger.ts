import type {
  DocumentExtraction,
  Family,
  Ledger,
  LedgerDocument,
  LedgerEvent,
  ReusePair,
  StoredDocument,
} from '../core/types.js';
import { compareLedgerClaims } from './group-claims.js';
import { compareLedgerQuotes } from './group-quotes.js';
import { type MergeStateStore, memoryMergeState } from './merge-state.js';
import type {
  LedgerBase,
  LedgerChanges,
  LedgerDocumentSource,
  MergeInput,
  MergeResult,
} from './merge-types.js';
import { reexamineAggregates } from './phases/aggregates.js';
import { answerClaims } from './phases/answers.js';
import { assignNewMentions } from './phases/assign.js';
import { groupNewClaims } from './phases/claims.js';
import { rebuildEvents } from './phases/events.js';
import { joinIncidents } from './phases/incidents.js';
import { groupNewQuotes } from './phases/quotes.js';
import { recountReuse } from './phases/reuse.js';
import type { Dirty, MergeRun } from './phases/run.js';
import { markMerged, openState, pendingDocuments, recordUnseen } from './phases/state.js';
import { compareStrings } from './stable-id.js';

export type { LedgerBase, LedgerChanges, LedgerDocumentSource, MergeInput, MergeResult };

export interface LedgerInput {
  documents: readonly StoredDocument[];
  reuse: { pairs: readonly ReusePair[]; families: readonly Family[] };
  extractions: readonly DocumentExtraction[];
  custody: { entries: number; head: string };
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
  const changed: LedgerChanges = { events: new Map(), quotes: new Map(), claims: new Map() };
  const state = openState(store, input);
  lap('state');
  recordUnseen(state, input);
  lap('documents');
  const { cache, meta, docs, full } = state;
  const dirty: Dirty = { clusters: new Set(), quotes: new Set(), claims: new Set() };
  const reuse = recountReuse(state, input, dirty);
  lap('reuse');
  const { source, index, reached } = reuse;
  const run: MergeRun = { input, cache, meta, docs, dirty, changed, source, index };
  return () => {
    clock = performance.now();
    const pending = pendingDocuments({ input, docs });
    const extractions = [...input.extractions(pending)].sort((a, b) =>
      compareStrings(a.documentId, b.documentId),
    );

    lap('extractions');
    const mentions = assignNewMentions(run, extractions);
    const { clusterOf } = mentions;

    lap('assign');
    const aggregates = reexamineAggregates(run, mentions);
    const { removed } = aggregates;

    joinIncidents(run, mentions);

    lap('second pass');
    const { touched, rebuilt } = rebuildEvents(run, mentions, aggregates);

    lap('events');
    groupNewQuotes(run, extractions);

    lap('quotes');
    const claims = groupNewClaims(run, extractions, clusterOf);
    markMerged({ input, cache, docs }, pending);

    lap('claims');
    answerClaims(run, claims, touched, removed);

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
    const news = input.reuse.added;
    if (!full && reuse.aroundAdded && news && input.reuse.familyChanges)
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
            .scan('event')
            .map(([, e]) => e)
            .sort(compareEvents),
          quotes: cache
            .scan('q.ledger')
            .map(([, q]) => q)
            .sort(compareLedgerQuotes),
          claims: cache
            .scan('c.ledger')
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

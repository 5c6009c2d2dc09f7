import type { DocumentExtraction, Family, Ledger, ReusePair, StoredDocument } from '../core/types.js';
import { boundWork, MAX_REPORT_ITEMS } from './bound-work.js';
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
import { assemble } from './phases/assemble.js';
import { assignNewMentions } from './phases/assign.js';
import { groupNewClaims } from './phases/claims.js';
import { rebuildEvents } from './phases/events.js';
import { joinIncidents } from './phases/incidents.js';
import { canonicaliseSpeakers, groupNewQuotes } from './phases/quotes.js';
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
 *
 * Each phase is one module of `src/merge/phases/` over the typed state (`MergeSchema`): state,
 * documents and reuse (first step); then assign, aggregates, second pass (fragments and
 * incidents), events, quotes, claims, answers and assemble.
 */
export function startMerge(
  store: MergeStateStore,
  input: MergeInput,
  options: { persist?: boolean } = {},
): MergeFinish {
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
  const dirty: Dirty = { clusters: new Set(), quotes: new Set(), claims: new Set() };
  const reuse = recountReuse(state, input, dirty);
  lap('reuse');
  const { cache, meta, docs, full } = state;
  const run: MergeRun = {
    input,
    cache,
    meta,
    docs,
    dirty,
    changed,
    source: reuse.source,
    index: reuse.index,
  };
  const finish = () => {
    clock = performance.now();
    const unmerged = pendingDocuments(run);
    // A report that brings more items than the bound is left out whole, before any phase reads
    // it: nothing of it enters the state, and it stays unmerged.
    const { kept: extractions, refused } = boundWork(
      [...input.extractions(unmerged)].sort((a, b) => compareStrings(a.documentId, b.documentId)),
      input.maxReportItems ?? MAX_REPORT_ITEMS,
    );
    const left = new Set(refused.map((r) => r.document));
    const pending = left.size > 0 ? unmerged.filter((id) => !left.has(id)) : unmerged;
    lap('extractions');
    const mentions = assignNewMentions(run, extractions);
    lap('assign');
    const aggregates = reexamineAggregates(run, mentions);
    joinIncidents(run, mentions);
    lap('second pass');
    const { touched, rebuilt } = rebuildEvents(run, mentions, aggregates);
    lap('events');
    const speakers = groupNewQuotes(run, extractions);
    lap('quotes');
    const claims = groupNewClaims(run, extractions, mentions.clusterOf, speakers);
    // Speakers and claimants made canonical across the ledger; claims rewritten are answered again.
    for (const g of canonicaliseSpeakers(cache, speakers, changed.quotes)) claims.changed.add(g);
    markMerged(run, pending);
    lap('claims');
    answerClaims(run, claims, touched, aggregates.removed);
    lap('answers');
    cache.set('meta', 'run', meta);
    if (options.persist !== false) cache.flush();
    lap('save');
    const result = assemble(run, {
      full,
      merged: pending.length,
      refused,
      rebuilt,
      reached: reuse.reached,
      aroundAdded: reuse.aroundAdded,
      timings,
    });
    // The result holds `timings` itself: the assembling's own time is in it too.
    lap('assemble');
    return result;
  };
  return Object.assign(finish, { pending: () => pendingDocuments(run) });
}

/**
 * The second step of `startMerge`, and (before it is called) the documents it would merge: those
 * extracted (`input.extracted`) that the state has not merged yet.
 */
export type MergeFinish = (() => MergeResult) & { pending(): string[] };

import { ANSWER_INDEX } from '../answer-state.js';
import { type MergeStateStore, StateCache } from '../merge-state.js';
import type { MergeInput } from '../merge-types.js';
import { documentFacts } from '../reuse-index.js';
import { compareStrings } from '../stable-id.js';
import type { DocRecord, Meta } from '../state-schema.js';

/**
 * Bump when the persisted shape, or what it means, changes: an older state is then rebuilt.
 * 7: events of one incident all point at its first event; quotes keep their canonical speakers.
 * 8: claim groups keep their own claimant (`c.claimant`), canonicalised with the speakers; reports
 *    at one town more than a few days apart are clustered only on shared evidence.
 * 8.merge3: the incident join also joins the same figures of three casualties or more weeks apart,
 *    a town misread in another country, and headlines their body told no event for.
 */
export const STATE_FORMAT: number | string = '8.merge3';

export interface OpenedState {
  cache: StateCache;
  /** True when the state was (re)built from scratch. */
  full: boolean;
  meta: Meta;
  docs: Map<string, DocRecord>;
}

/**
 * Phase "state": opens the stored state, or starts over (clears it) when it was built by another
 * extractor version or state format, or a document it merged is gone or lost its extraction.
 */
export function openState(store: MergeStateStore, input: MergeInput): OpenedState {
  let cache = new StateCache(store);
  let full = false;
  const reset = () => {
    store.clear();
    cache = new StateCache(store, true);
    full = true;
  };
  const ids = new Set(input.documents.map((d) => d.id));
  const stored = cache.get('meta', 'run');
  if (!stored || stored.format !== STATE_FORMAT || stored.version !== input.version) reset();
  let docs = new Map(cache.scan('doc'));
  for (const [id, r] of docs) {
    if (!ids.has(id) || (r.extracted && !input.extracted.has(id))) {
      reset();
      docs = new Map();
      break;
    }
  }
  const meta: Meta = cache.get('meta', 'run') ?? {
    format: STATE_FORMAT,
    version: input.version,
    clusters: 0,
    aggregates: [],
    result: { removed: [], attached: [] },
    heads: true,
    claimHeads: true,
    answerIndex: ANSWER_INDEX,
  };
  return { cache, full, meta, docs };
}

/** Phase "documents": documents first seen get a record of what independence reads of their text. */
export function recordUnseen(state: OpenedState, input: MergeInput): void {
  const { cache, docs } = state;
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
}

/** The documents whose extractions this run merges (extracted, not merged yet), in id order. */
export function pendingDocuments(run: { input: MergeInput; docs: ReadonlyMap<string, DocRecord> }): string[] {
  return [...run.input.extracted].filter((id) => run.docs.get(id)?.extracted === false).sort(compareStrings);
}

/** Marks the documents of this run's extractions as merged. */
export function markMerged(
  run: { input: MergeInput; cache: StateCache; docs: ReadonlyMap<string, DocRecord> },
  pending: readonly string[],
): void {
  const { cache, docs, input } = run;
  for (const [id, r] of docs) if (!r.extracted && input.extracted.has(id)) r.extracted = true;
  for (const id of pending) cache.set('doc', id, docs.get(id));
}

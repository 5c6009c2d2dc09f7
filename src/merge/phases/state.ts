import { ANSWER_INDEX } from '../answer-state.js';
import { DocRecords, indexDocRecords } from '../doc-records.js';
import { type MergeStateStore, StateCache } from '../merge-state.js';
import type { MergeInput } from '../merge-types.js';
import { documentFacts } from '../reuse-index.js';
import type { DocRecord, Meta } from '../state-schema.js';

/**
 * Bump when the persisted shape, or what it means, changes: an older state is then rebuilt.
 * 7: events of one incident all point at its first event; quotes keep their canonical speakers.
 * 8: claim groups keep their own claimant (`c.claimant`), canonicalised with the speakers; reports
 *    at one town more than a few days apart are clustered only on shared evidence.
 * 8.merge3: the incident join also joins the same figures of three casualties or more weeks apart,
 *    a town misread in another country, and headlines their body told no event for.
 * 8.fixm1: the weeks-apart join needs a full name both reports give, and does not chain; two
 *    namesakes each stated with its region are two towns.
 * 9: quotes keep their speaker's role and the speakers other reports give; events keep the full
 *    names they give, indexed by name, for joins through the people an incident names.
 * 9.cluster7: documents keep the people their whole text names (`DocRecord.people`), filed and
 *    compared with their events' names.
 * 10.bucha8: a mention's stored scope no longer counts places ("in more than 30 towns").
 * 10.order10: quotes and claims are filed under every word of theirs found in few items.
 * 10.cluster10: incident joins through a person need both events placed in one state; reports
 *    days apart that the incident rule joins are compared at that distance; the same large toll
 *    at one town weeks apart joins without a shared name; a follow-up naming the incident's
 *    person joins it when it restates part of the toll.
 * 10.main32a: both of the above.
 * 10.cluster11: two towns of one state within a metropolitan area's reach, on one day with the
 *    same figures, join when their reports name the same victim, street or bar, not a speaker.
 * 10.fixb11: an emptied cluster's number is never given to another cluster (its blocking-key
 *    postings would offer the new one to mentions of the old); a name after a longer capitalised
 *    word ending a sentence ("in Hillview. Jo Roe, 24, died") is not a speaker's, for the joins.
 * 10.cluster12: an event's profile keeps, beside the figures most of its members give, the ones
 *    its ledger entry shows (each report's lead figure voting) when they differ; either joins.
 * 10.cluster12b: one place and day with the same victims, counted wounded by some reports and
 *    dead by others, join on a shared full name that is not a speaker's.
 * 10.fixd12: that join needs a person of the incident (a name with an age or a victim's role, not
 *    a hospital's, filed under few events), not a name after "said" or "according to" ending the
 *    clause, and holds only while figures may differ.
 * 10.main34: the days searched around an event and the weeks-apart check read its toll both ways
 *    (`readings`), as the join does.
 */
export const STATE_FORMAT: number | string = '10.main34';

export interface OpenedState {
  cache: StateCache;
  /** True when the state was (re)built from scratch. */
  full: boolean;
  meta: Meta;
  docs: DocRecords;
}

/**
 * Phase "state": opens the stored state, or starts over (clears it) when it was built by another
 * extractor version or state format, or a document it merged is gone or lost its extraction. The
 * check reads the state's keys (documents, unmerged ones), not the document records.
 */
export function openState(store: MergeStateStore, input: MergeInput): OpenedState {
  let cache = new StateCache(store);
  let full = false;
  const reset = () => {
    store.clear();
    cache = new StateCache(store, true);
    full = true;
  };
  const stored = cache.get('meta', 'run');
  if (!stored || stored.format !== STATE_FORMAT || stored.version !== input.version) reset();
  // A state from before the records were indexed gets its indexes once (from every record).
  if (!full && !stored?.docIndex) indexDocRecords(cache, cache.scan('doc'));
  let ids = full ? [] : cache.keys('doc');
  if (ids.length > 0) {
    const documents = new Set(input.documents.map((d) => d.id));
    const unmerged = new Set(cache.keys('unmerged'));
    for (const id of ids) {
      if (!documents.has(id) || (!unmerged.has(id) && !input.extracted.has(id))) {
        reset();
        ids = [];
        break;
      }
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
  meta.docIndex = true;
  return { cache, full, meta, docs: new DocRecords(cache, ids) };
}

/** Phase "documents": documents first seen get a record of what independence reads of their text. */
export function recordUnseen(state: OpenedState, input: MergeInput): void {
  const { docs } = state;
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
    docs.add(d.id, r);
  }
}

/** The documents whose extractions this run merges (extracted, not merged yet), in id order. */
export function pendingDocuments(run: { input: MergeInput; docs: DocRecords }): string[] {
  return run.docs.unmerged().filter((id) => run.input.extracted.has(id));
}

/** Marks the documents of this run's extractions as merged. */
export function markMerged(run: { docs: DocRecords }, pending: readonly string[]): void {
  for (const id of pending) run.docs.merged(id);
}

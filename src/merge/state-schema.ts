import type { LedgerClaim, LedgerEvent, LedgerQuote, ReportPerson, Span } from '../core/types.js';
import type { AggregateCandidate, AggregateResult } from './aggregates.js';
import type { ClaimHead, Denial, EventHead, StoredClaim } from './answer-state.js';
import type { ClusterRecord, StoredItem } from './cluster-mentions.js';
import type { QuoteItem } from './group-quotes.js';
import type { IncidentProfile, VagueProfile } from './join-incidents.js';

/**
 * What the merge keeps between runs, namespace by namespace: every read and write of the state
 * goes through `StateCache<MergeSchema>`, so a namespace that is not listed here, or a value of
 * another type, does not compile. Cluster keys are `clusterKey(n)`.
 */
export interface MergeSchema {
  /** `run`: the run's bookkeeping. */
  meta: Meta;
  /** Document id → what the merge keeps of the document. */
  doc: DocRecord;
  /** Text hash → the documents with that text, in id order. */
  hash: string[];
  /** Document id → true while its extraction is not merged (`DocRecord.extracted` false). */
  unmerged: true;
  /** Cluster → what a newcomer is compared with. */
  cluster: ClusterHead;
  /** Cluster → its (long) member lists. */
  members: ClusterMembers;
  /** Mention id → the mention as clustered. */
  item: StoredItem;
  /** Blocking key → clusters filed under it. */
  key: number[];
  /** Place → clusters placed there (aggregates look them up). */
  place: number[];
  /** Word → number of mentions (`df`), quotes (`qdf`) and claims (`cdf`) with it. */
  df: number;
  qdf: number;
  cdf: number;
  /** Cluster → its incident profile (place, day, figures). */
  profile: IncidentProfile;
  /** `profileKey(place, day)` → clusters with that profile. */
  pday: number[];
  /** Cluster → its vague profile (a place, figures and only a span of days, `vagueProfileOf`). */
  vprofile: VagueProfile;
  /** `profileKey(place, day)` → clusters with a vague profile whose days (`vagueDays`) include it. */
  vday: number[];
  /** Cluster → the full names its mentions give (`fullNamesOf`), sorted. */
  fnames: string[];
  /** Full name → the clusters giving it (up to a cap), in number order. */
  fname: number[];
  /** Cluster → the cluster it joined (a fragment, headline or the same incident). */
  absorb: number;
  /** Cluster → the clusters that joined it. */
  absorbed: number[];
  /** Cluster → its built event. */
  event: LedgerEvent;
  /** Cluster → what answering reads of its event. */
  ehead: EventHead;
  /** Quote id → the quote with its words. */
  quote: QuoteItem;
  /** Quote id → its group. */
  'q.group': string;
  /** Quote group → its quote ids. */
  'q.members': string[];
  /** Blocking key → quotes filed under it. */
  'q.key': string[];
  /** Quote signature → the first quote with it. */
  'q.same': string;
  /** Quote group → its ledger item. */
  'q.ledger': LedgerQuote;
  /** Quote group → its own speaker (before canonicalisation). */
  'q.speaker': string;
  /** Speaker → number of groups giving it as their own. */
  'q.speakers': number;
  /** Speaker → its canonical form. */
  'q.canon': string;
  /** Claim group → its own claimant (before canonicalisation; counted in `q.speakers`). */
  'c.claimant': string;
  /** Claim id → the claim as kept. */
  claim: StoredClaim;
  /** Claim id → its group. */
  'c.group': string;
  /** Claim group → its claim ids. */
  'c.members': string[];
  /** Blocking key → claims filed under it. */
  'c.key': string[];
  /** Claim signature → the first claim with it. */
  'c.same': string;
  /** Claim group → its ledger item. */
  'c.ledger': LedgerClaim;
  /** Claim group → what answering reads of it. */
  chead: ClaimHead;
  /** Answer index (see answer-state.ts): claim id → its event. */
  cev: string | null;
  /** Denying claim id → its document, start and the accusation it answers. */
  cacc: Denial;
  /** Claim group → its event. */
  cgev: string | null;
  /** Event id → the claim groups whose event it is. */
  cge: string[];
  /** Place (normalised) → claims whose context names it and whose event is found by place. */
  cpl: string[];
}

/** A namespace of the merge state. */
export type MergeNamespace = keyof MergeSchema;

export interface Meta {
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
  /** Document records are indexed (`hash`, `unmerged`); a state from before gets them on its next run. */
  docIndex?: true;
  /** Documents in the reuse index when this state last counted reuse (`MergeInput.reuse.indexed`). */
  reuseIndexed?: number;
}

export interface DocRecord {
  hash: string;
  headline: Span | null;
  /** Who the document is credited to (`originOf`), when known. */
  credits?: string[];
  /** `ReuseIndex.fingerprint` when the document's facts were last counted. */
  fp: string;
  extracted: boolean;
  /** The people the whole report names as its incident's (`documentPeople`), when any. */
  people?: ReportPerson[];
  clusters: number[];
  quotes: string[];
  claims: string[];
}

/** A cluster is kept in two parts: what a newcomer is compared with, and its (long) member lists. */
export type ClusterHead = Pick<ClusterRecord, 'reps' | 'place'>;
export type ClusterMembers = Pick<ClusterRecord, 'items' | 'figures'>;

export const clusterKey = (n: number) => String(n).padStart(10, '0');

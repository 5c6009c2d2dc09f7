import type { LedgerClaim, LedgerEvent } from '../core/types.js';
import {
  type AnswerContext,
  accusationAnswered,
  answerClaims,
  bestAccusation,
  type ClaimItem,
  claimEvent,
  denialAnswer,
  groupEvent,
  mainEvents,
} from './group-claims.js';
import type { StateCache } from './merge-state.js';
import { compareStrings } from './stable-id.js';

/**
 * Claims' `answers` kept up to date run by run. What a claim answers depends on events anywhere
 * in the corpus (the event at a place its context names, the event its report leads with, the
 * best-supported accusation of an event), so the merge state keeps what the last run decided:
 *
 * | namespace | what is kept |
 * |---|---|
 * | `cev` | the event of each claim (`claimEvent`) |
 * | `cacc` | for each denying claim: its document, start and the accusation it answers there (`accusationAnswered`) |
 * | `cgev` | the event of each claim group (`groupEvent`) |
 * | `cge` | event id → the claim groups whose event it is |
 * | `cpl` | place (normalised) → the claims whose context names it and whose event is found by place |
 *
 * A run then recomputes only the claims that what it changed can reach: the members of the claim
 * groups it changed, the claims of every document an event it rebuilt mentions (before or after),
 * the claims found by place whose context names the place of such an event; then the groups whose event moved,
 * the denials of those claims' documents, and the denials of every event whose accusations
 * changed. The result is the same as answering every claim again (`answerClaims`), which a run
 * does from scratch and once for a state kept before this index.
 */

/** Bumped when what the answer index keeps changes: a state with another one answers every claim once. */
export const ANSWER_INDEX = 2;

/** A claim as the merge state keeps it. */
export interface StoredClaim extends ClaimItem {
  /** Cluster of each incident mention the claim refers to (`about` and its context). */
  at: Record<string, number>;
}

/** What answering reads of a claim group (it sets `answers`). */
export type ClaimHead = Pick<LedgerClaim, 'id' | 'stance' | 'sources' | 'answers'>;

export function claimHead(c: LedgerClaim): ClaimHead {
  return { id: c.id, stance: c.stance, sources: c.sources, answers: c.answers ?? null };
}

/** What answering reads of an event, kept small in the state. */
export interface EventHead {
  id: string;
  place: string | null;
  /** The place's two levels, when it has them (`LedgerEvent['place']['levels']`). */
  levels?: [string, string];
  actors: [string, string][];
  independent: number;
  sources: number;
  start: string | null;
  /** Document and start of each mention. */
  mentions: [string, number][];
}

export function headOf(e: LedgerEvent): EventHead {
  return {
    id: e.id,
    place: e.place ? e.place.name : null,
    ...(e.place?.levels ? { levels: e.place.levels } : {}),
    actors: e.actors.filter((a) => a.role !== 'source').map((a) => [a.role, a.name]),
    independent: e.independent_sources,
    sources: e.sources,
    start: e.date?.start ?? null,
    mentions: e.mentions.map((m) => [m.document, m.span[0]]),
  };
}

/** An event with only the fields answering reads, from its head. */
function headEvent(h: EventHead): LedgerEvent {
  return {
    id: h.id,
    place: h.place === null ? null : { name: h.place, ...(h.levels ? { levels: h.levels } : {}) },
    actors: h.actors.map(([role, name]) => ({ role, name })),
    independent_sources: h.independent,
    sources: h.sources,
    date: h.start === null ? null : { start: h.start },
    mentions: h.mentions.map(([document, at]) => ({ document, span: [at, at], text: '' })),
  } as unknown as LedgerEvent;
}

/** What a run changed that answers depend on. */
export interface AnswerChanges {
  /** Claim groups built, grown or rebuilt in this run (keys). */
  groups: ReadonlySet<string>;
  /** Claim groups merged into another one in this run (keys). */
  dropped: ReadonlySet<string>;
  /** Documents an event rebuilt in this run mentions, before or after. */
  documents: ReadonlySet<string>;
  /** Places (normalised) of an event rebuilt in this run, before or after. */
  places: ReadonlySet<string>;
}

export interface AnswerInput {
  cache: StateCache;
  /** Answer every claim (from scratch, or a state kept before the answer index). */
  full: boolean;
  changes: AnswerChanges;
  claimsOf: (document: string) => readonly string[];
  /** Mentions an aggregate replaced (they belong to no event). */
  removed: ReadonlySet<string>;
}

/** Denying claim: document, start and the accusation it answers in its document. */
export type Denial = [document: string, start: number, accusation: string | null];

/**
 * Decides `answers` of the claim groups a run can have moved (every group when `full`); returns
 * those whose answer is new or changed, and the groups the run changed, with their answer.
 */
export function answerGroups(input: AnswerInput): { group: string; answers: string | null }[] {
  const { cache } = input;
  const eventIds = new Map<number, string>();
  const heads: LedgerEvent[] = [];
  for (const [k, h] of cache.scan('ehead')) {
    eventIds.set(Number(k), h.id);
    heads.push(headEvent(h));
  }
  for (const [k, target] of cache.scan('absorb')) {
    const id = eventIds.get(target);
    if (id) eventIds.set(Number(k), id);
  }
  const clusterOfMention = new Map<string, number>();
  const eventOfMention = (m: string) => {
    const n = clusterOfMention.get(m);
    return n === undefined || input.removed.has(m) ? undefined : eventIds.get(n);
  };
  return input.full
    ? answerAll(cache, heads, eventOfMention, clusterOfMention, input.changes.groups)
    : answerChanged(input, { events: heads, eventOfMention, main: mainEvents(heads) }, clusterOfMention);
}

function answerAll(
  cache: StateCache,
  heads: readonly LedgerEvent[],
  eventOfMention: (m: string) => string | undefined,
  clusterOfMention: Map<string, number>,
  changedGroups: ReadonlySet<string>,
): { group: string; answers: string | null }[] {
  const claims = new Map(cache.scan('claim'));
  for (const c of claims.values()) for (const [m, n] of Object.entries(c.at)) clusterOfMention.set(m, n);
  const members = new Map(cache.scan('c.members'));
  const groups: { group: string; claim: LedgerClaim; members: StoredClaim[]; held: string | null }[] = [];
  for (const [g, head] of cache.scan('chead')) {
    groups.push({
      group: g,
      claim: { ...head } as LedgerClaim,
      members: (members.get(g) ?? []).map((id) => claims.get(id) as StoredClaim),
      held: head.answers,
    });
  }
  const answers = answerClaims(groups, heads, eventOfMention);

  // The index a later run starts from (a state kept before it may hold none of it, or stale keys).
  for (const ns of ['cev', 'cacc', 'cgev', 'cge', 'cpl'] as const)
    for (const [k] of cache.scan(ns)) cache.delete(ns, k);
  const places = new Map<string, string[]>();
  for (const [id, c] of claims) {
    cache.set('cev', id, answers.eventOfClaim.get(id) ?? null);
    if (byPlace(c, eventOfMention)) for (const p of c.places) push(places, p, id);
  }
  for (const [p, ids] of places) cache.set('cpl', p, ids);
  for (const [id, a] of answers.accusationOfDenial) {
    const c = claims.get(id) as StoredClaim;
    cache.set('cacc', id, [c.claim.documentId, c.claim.span[0], a] satisfies Denial);
  }
  const byEvent = new Map<string, string[]>();
  groups.forEach((g, i) => {
    const event = answers.eventOfGroup[i] ?? null;
    cache.set('cgev', g.group, event);
    if (event) push(byEvent, event, g.group);
  });
  for (const [e, list] of byEvent) cache.set('cge', e, list.sort(compareStrings));
  return groups
    .filter((g) => changedGroups.has(g.group) || g.held !== (g.claim.answers ?? null))
    .map((g) => ({ group: g.group, answers: g.claim.answers ?? null }));
}

function answerChanged(
  input: AnswerInput,
  context: AnswerContext,
  clusterOfMention: Map<string, number>,
): { group: string; answers: string | null }[] {
  const { cache, changes } = input;

  // 1. The claims the changes reach, and every claim of their documents (denials read those).
  const reached = new Set<string>();
  cache.prefetch('c.members', changes.groups);
  for (const g of changes.groups) for (const id of cache.get('c.members', g) ?? []) reached.add(id);
  for (const d of changes.documents) for (const id of input.claimsOf(d)) reached.add(id);
  cache.prefetch('cpl', changes.places);
  for (const p of changes.places) for (const id of cache.get('cpl', p) ?? []) reached.add(id);
  cache.prefetch('claim', reached);
  const claimOf = (id: string) => cache.get('claim', id) as StoredClaim;
  const documents = new Set([...reached].map((id) => claimOf(id).claim.documentId));
  const local = new Set<string>();
  for (const d of documents) for (const id of input.claimsOf(d)) local.add(id);
  cache.prefetch('claim', local);
  cache.prefetch('c.group', local);
  cache.prefetch('cev', local);
  for (const id of local) for (const [m, n] of Object.entries(claimOf(id).at)) clusterOfMention.set(m, n);
  const groupOf = (id: string) => cache.get('c.group', id) as string;

  // 2. Their events; groups whose member events moved get their event again.
  const regrouped = new Set(changes.groups);
  const placed = [...reached].filter((id) => byPlace(claimOf(id), context.eventOfMention));
  cache.prefetch(
    'cpl',
    placed.flatMap((id) => claimOf(id).places),
  );
  for (const id of placed) {
    for (const p of claimOf(id).places) {
      const list = cache.get('cpl', p) ?? [];
      if (!list.includes(id)) cache.set('cpl', p, [...list, id]);
    }
  }
  for (const id of reached) {
    const event = claimEvent(claimOf(id), context);
    if (cache.get('cev', id) === event) continue;
    cache.set('cev', id, event);
    regrouped.add(groupOf(id));
  }
  const moved = new Set<string>();
  const unfile = (g: string) => {
    const old = cache.get('cgev', g);
    if (!old) return;
    moved.add(old);
    const list = (cache.get('cge', old) ?? []).filter((x) => x !== g);
    cache.set('cge', old, list.length > 0 ? list : undefined);
  };
  cache.prefetch('cgev', [...regrouped, ...changes.dropped]);
  for (const g of changes.dropped) {
    unfile(g);
    cache.delete('cgev', g);
  }
  for (const g of regrouped) {
    const members = cache.get('c.members', g);
    if (!members) {
      unfile(g);
      cache.delete('cgev', g);
      continue;
    }
    cache.prefetch('cev', members);
    const event = groupEvent(members.map((id) => cache.get('cev', id)));
    const old = cache.get('cgev', g);
    if (event) moved.add(event);
    if (old === event) continue;
    unfile(g);
    cache.set('cgev', g, event);
    if (event) cache.set('cge', event, [...(cache.get('cge', event) ?? []), g].sort(compareStrings));
  }

  // 3. Denials of these documents answer an accusation of their own document again.
  const withHeads = (ids: Iterable<string>) => {
    const list = [...ids];
    cache.prefetch('chead', list);
    return list;
  };
  const recheck = new Set([...regrouped].filter((g) => cache.get('c.members', g) !== undefined));
  const byDoc = new Map<string, StoredClaim[]>();
  for (const id of local) push(byDoc, claimOf(id).claim.documentId, claimOf(id));
  const ledgerIdOf = new Map<string, string>();
  for (const g of withHeads(new Set([...local].map(groupOf)))) {
    const head = cache.get('chead', g);
    if (head) ledgerIdOf.set(g, head.id);
  }
  const claimIds = { get: (id: string) => ledgerIdOf.get(groupOf(id)) };
  const events = { get: (id: string) => cache.get('cev', id) ?? null };
  cache.prefetch('cacc', local);
  for (const id of local) {
    const c = claimOf(id);
    if (c.claim.stance !== 'deny') continue;
    const a = accusationAnswered(c, byDoc.get(c.claim.documentId) ?? [], claimIds, events);
    if (cache.get('cacc', id)?.[2] !== a) cache.set('cacc', id, [c.claim.documentId, c.claim.span[0], a]);
    recheck.add(groupOf(id));
  }
  // …and the denials of every event whose accusations may have changed fall back anew.
  cache.prefetch('cge', moved);
  for (const e of moved) for (const g of cache.get('cge', e) ?? []) recheck.add(g);

  // 4. The answers.
  const accusations = new Map<string, string | null>();
  const accusationOfEvent = (e: string) => {
    let a = accusations.get(e);
    if (a === undefined) {
      const groups = withHeads(cache.get('cge', e) ?? []);
      a = bestAccusation(groups.map((g) => cache.get('chead', g) as ClaimHead))?.id ?? null;
      accusations.set(e, a);
    }
    return a;
  };
  const out: { group: string; answers: string | null }[] = [];
  for (const g of withHeads([...recheck].sort(compareStrings))) {
    const head = cache.get('chead', g);
    if (!head) continue;
    const event = cache.get('cgev', g) ?? null;
    let answers = event;
    if (head.stance === 'deny') {
      const members = cache.get('c.members', g) ?? [];
      cache.prefetch('cacc', members);
      const denials = members
        .map((id) => [id, cache.get('cacc', id) as Denial] as const)
        .sort(([ia, a], [ib, b]) => compareStrings(a[0], b[0]) || a[1] - b[1] || compareStrings(ia, ib));
      answers = denialAnswer(
        denials.map(([, d]) => d[2]),
        event,
        accusationOfEvent,
      );
    }
    if (changes.groups.has(g) || head.answers !== answers) out.push({ group: g, answers });
  }
  return out;
}

/**
 * True when a claim's event is found through the places of its context: no incident it is about
 * belongs to an event (see `eventAnswered`). Only such claims are filed by place (`cpl`); a claim
 * whose incidents lose their event is reached through its document, and filed then.
 */
function byPlace(c: StoredClaim, eventOfMention: (m: string) => string | undefined): boolean {
  return c.places.length > 0 && !c.claim.about.some((m) => eventOfMention(m) !== undefined);
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

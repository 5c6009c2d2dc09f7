import { firstReached, spanIndex } from '../core/span-index.js';
import type { Claim, DocumentExtraction, LedgerClaim, LedgerEvent, Span } from '../core/types.js';
import { compareMentions, toMention } from './build-event.js';
import { mostCommon } from './group-quotes.js';
import { corroborate } from './independence.js';
import type { ReuseIndex } from './reuse-index.js';
import { compareStrings, stableId } from './stable-id.js';
import { placeLevels } from './vote-place.js';
import { contentWords, overlapCoefficient, setOverlap } from './words.js';

const SAME_CLAIM = 0.6;

/** A claim as the merge state keeps it, with what answering needs of its document. */
export interface ClaimItem {
  claim: Claim;
  words: string[];
  /** The claim's context (its sentence and the one before): names of places there, and its text. */
  places: string[];
  text: string;
  /** Names of the places inside the claim itself. */
  own: string[];
  /** Incident mentions overlapping the context. */
  incidents: string[];
}

/** A name as claims and events are matched on (case and Unicode form aside). */
export const normName = (s: string | null) => (s ?? '').normalize('NFKC').toLowerCase().trim();
const norm = normName;

export function claimItem(claim: Claim, extraction: DocumentExtraction): ClaimItem {
  const { window, places, text } = contextOf(claim, extraction);
  return {
    claim,
    words: contentWords(claim.text),
    places: [...places].sort(),
    text,
    own: [
      ...new Set(
        spanIndex(extraction.places)
          .inside(claim.span)
          .map((p) => norm(p.name)),
      ),
    ].sort(),
    incidents: spanIndex(extraction.incidents)
      .overlapping(window)
      .map((i) => i.id),
  };
}

export function compareClaims(a: Claim, b: Claim): number {
  return compareStrings(a.documentId, b.documentId) || a.span[0] - b.span[0] || compareStrings(a.id, b.id);
}

const isNumber = (w: string) => /^\d/.test(w);

/**
 * Claims are grouped when they have the same stance, compatible claimants and share most content
 * words, and, when both give figures, the figures of one are all among those of the other.
 */
export function sameClaim(a: ClaimItem, b: ClaimItem, sets: (x: ClaimItem) => Set<string>): boolean {
  if (a.claim.stance !== b.claim.stance) return false;
  const ca = norm(a.claim.claimant);
  const cb = norm(b.claim.claimant);
  if (ca !== '' && cb !== '' && ca !== cb) return false;
  // Claims that both give figures are about one thing only when the figures of one are all in the
  // other ("killing 17" vs "killing 30", or "17 killed, 9 injured" vs "36 killed, 9 injured", are not).
  const na = new Set(a.words.filter(isNumber));
  const nb = new Set(b.words.filter(isNumber));
  if (na.size > 0 && nb.size > 0) {
    const [few, many] = na.size <= nb.size ? [na, nb] : [nb, na];
    for (const n of few) if (!many.has(n)) return false;
  }
  return a.words.length >= 3 && b.words.length >= 3 && setOverlap(sets(a), sets(b)) >= SAME_CLAIM;
}

/**
 * A claim group's id, from what its first member is: document, span and text, stance, claimant,
 * and the member's own extraction id. One sentence can carry two claims (an accusation and its
 * denial, or two claimants) over the same span; each claim is in exactly one group, so the ids of
 * two groups never collide.
 */
export function claimId(first: Claim): string {
  return stableId(
    'cl',
    first.documentId,
    String(first.span[0]),
    String(first.span[1]),
    first.text,
    first.stance,
    norm(first.claimant),
    first.id,
  );
}

/** The ledger claim of one group, without `answers` (see `answerClaims`). */
export function buildClaim(group: readonly ClaimItem[], index: ReuseIndex): LedgerClaim {
  const members = [...group].sort((a, b) => compareClaims(a.claim, b.claim));
  const first = (members[0] as ClaimItem).claim;
  const mentions = members.map((m) => toMention(m.claim)).sort(compareMentions);
  const { sources, independent } = corroborate(mentions, index);
  return {
    id: claimId(first),
    claimant: mostCommon(members.map((m) => m.claim.claimant).filter((c): c is string => !!c)),
    stance: first.stance,
    text: first.text.replace(/\s+/g, ' ').trim(),
    answers: null,
    mentions,
    sources,
    independent_sources: independent,
  };
}

/** What answering claims reads of the events. */
export interface AnswerContext {
  events: readonly LedgerEvent[];
  eventOfMention: (id: string) => string | undefined;
  /** The event each document leads with (see `mainEvents`). */
  main: ReadonlyMap<string, string>;
}

/**
 * The event one claim is about (`eventAnswered`); an accusation naming no incident, place or
 * actor ("blamed the LALF for the attack") is about the incident its report leads with.
 */
export function claimEvent(m: ClaimItem, context: AnswerContext): string | null {
  const event = eventAnswered(m, context.events, context.eventOfMention);
  if (event === null && m.claim.stance === 'affirm') return context.main.get(m.claim.documentId) ?? null;
  return event;
}

/** The event of a claim group: the most common event of its members. */
export function groupEvent(events: Iterable<string | null | undefined>): string | null {
  return mostCommon([...events].filter((e): e is string => !!e));
}

/** The best-supported accusation (stance affirm) among claim groups: most sources, then the smaller id. */
export function bestAccusation<T extends Pick<LedgerClaim, 'id' | 'stance' | 'sources'>>(
  groups: Iterable<T>,
): T | undefined {
  let best: T | undefined;
  for (const g of groups) {
    if (g.stance !== 'affirm') continue;
    if (
      !best ||
      (g.sources ?? 0) > (best.sources ?? 0) ||
      (g.sources === best.sources && compareStrings(g.id, best.id) < 0)
    )
      best = g;
  }
  return best;
}

/**
 * A denial group's answer: the accusation its first member (in claim order) answers, else the
 * best-supported accusation of its event (for denials whose own documents have none), else the event.
 */
export function denialAnswer(
  accusations: readonly (string | null)[],
  event: string | null,
  accusationOfEvent: (event: string) => string | null,
): string | null {
  const own = accusations.find((a) => a !== null) ?? null;
  return own ?? (event ? accusationOfEvent(event) : null) ?? event;
}

export interface Answers {
  /** The event of each member claim (by claim id). */
  eventOfClaim: Map<string, string | null>;
  /** The event of each group, in input order. */
  eventOfGroup: (string | null)[];
  /** The accusation each denying member answers in its own document (by claim id). */
  accusationOfDenial: Map<string, string | null>;
}

/**
 * Sets `answers` of every claim: a claim answers the event it is about (`claimEvent`); a
 * denial answers the accusation it rejects (`accusationAnswered`), else the best-supported
 * accusation of its event, else the event. Returns what it decided on the way (the merge state
 * keeps it, so that a later run recomputes only the claims near what changed).
 */
export function answerClaims(
  groups: readonly { claim: LedgerClaim; members: readonly ClaimItem[] }[],
  events: readonly LedgerEvent[],
  eventOfMention: (id: string) => string | undefined,
): Answers {
  const claimOf = new Map<string, string>();
  const byDoc = new Map<string, ClaimItem[]>();
  for (const g of groups) {
    for (const m of g.members) {
      claimOf.set(m.claim.id, g.claim.id);
      const list = byDoc.get(m.claim.documentId);
      if (list) list.push(m);
      else byDoc.set(m.claim.documentId, [m]);
    }
  }
  const context: AnswerContext = { events, eventOfMention, main: mainEvents(events) };
  const eventOfClaim = new Map<string, string | null>();
  for (const g of groups) for (const m of g.members) eventOfClaim.set(m.claim.id, claimEvent(m, context));
  const eventOfGroup = groups.map((g) => groupEvent(g.members.map((m) => eventOfClaim.get(m.claim.id))));
  const byEvent = new Map<string, LedgerClaim[]>();
  groups.forEach((g, i) => {
    const event = eventOfGroup[i];
    if (!event) return;
    const list = byEvent.get(event);
    if (list) list.push(g.claim);
    else byEvent.set(event, [g.claim]);
  });
  const accusationOfEvent = (event: string) => bestAccusation(byEvent.get(event) ?? [])?.id ?? null;
  const accusationOfDenial = new Map<string, string | null>();
  groups.forEach((g, i) => {
    const event = eventOfGroup[i] ?? null;
    if (g.claim.stance !== 'deny') {
      g.claim.answers = event;
      return;
    }
    const accusations = [...g.members]
      .sort((a, b) => compareClaims(a.claim, b.claim))
      .map((m) => {
        const a = accusationAnswered(m, byDoc.get(m.claim.documentId) ?? [], claimOf, eventOfClaim);
        accusationOfDenial.set(m.claim.id, a);
        return a;
      });
    g.claim.answers = denialAnswer(accusations, event, accusationOfEvent);
  });
  return { eventOfClaim, eventOfGroup, accusationOfDenial };
}

/** The event each document leads with: that of its first incident mention (news reports put the main incident first). */
export function mainEvents(events: readonly LedgerEvent[]): Map<string, string> {
  const first = new Map<string, { at: number; event: string }>();
  for (const e of events) {
    for (const m of e.mentions) {
      const held = first.get(m.document);
      if (!held || m.span[0] < held.at || (m.span[0] === held.at && compareStrings(e.id, held.event) < 0))
        first.set(m.document, { at: m.span[0], event: e.id });
    }
  }
  return new Map([...first].map(([doc, f]) => [doc, f.event]));
}

export function compareLedgerClaims(a: LedgerClaim, b: LedgerClaim): number {
  return (
    (b.independent_sources ?? 0) - (a.independent_sources ?? 0) ||
    (b.sources ?? 0) - (a.sources ?? 0) ||
    compareStrings(a.id, b.id)
  );
}

/** The denial's context: its sentence and the one before, with the places named there. */
function contextOf(
  claim: Claim,
  extraction: DocumentExtraction,
): { window: Span; places: Set<string>; text: string } {
  const sentences = extraction.sentences;
  const at = spanIndex(sentences).firstTouching(claim.span[0]);
  const start = at > 0 ? (sentences[at - 1]?.span[0] ?? claim.span[0]) : claim.span[0];
  const window: Span = [
    Math.min(start, claim.span[0]),
    Math.max(claim.span[1], sentences[at]?.span[1] ?? claim.span[1]),
  ];
  const placesThere = spanIndex(extraction.places).inside(window);
  const places = new Set(placesThere.map((p) => norm(p.name)));
  const text = norm(
    [
      ...placesThere.map((p) => p.text),
      claim.text,
      ...spanIndex(extraction.actors)
        .inside(window)
        .map((a) => a.name),
    ].join(' '),
  );
  return { window, places, text };
}

/**
 * The event a claim is about, from structure rather than word lists:
 * 1. the event of an incident the claim is about (`Claim.about`);
 * 2. else the event scoring highest on the claim's context (its sentence and the one before):
 *    an incident of that event reported there (+3), the event's place named there (+2), an
 *    actor of the event named there (+1); at least 2 is required, ties go to the better
 *    corroborated event.
 */
export function eventAnswered(
  item: ClaimItem,
  events: readonly LedgerEvent[],
  eventOfMention: (id: string) => string | undefined,
): string | null {
  const about = item.claim.about.map((id) => eventOfMention(id)).filter((e): e is string => !!e);
  if (about.length > 0) return mostCommon(about);
  const places = new Set(item.places);
  const text = item.text;
  const incidentsHere = new Set(
    item.incidents.map((id) => eventOfMention(id)).filter((e): e is string => !!e),
  );
  // Only events reported in the context or at a place named there can reach the threshold.
  const candidates = [...incidentsHere]
    .map((id) => eventsById(events).get(id))
    .filter((e): e is LedgerEvent => !!e);
  for (const p of places) candidates.push(...(eventsByPlace(events).get(p) ?? []));
  let best: { id: string; score: number; support: number } | null = null;
  for (const e of new Set(candidates)) {
    let score = 0;
    if (incidentsHere.has(e.id)) score += 3;
    if (e.place && placeLevels(e.place).some((n) => places.has(norm(n)))) score += 2;
    if (e.actors.some((a) => a.role !== 'source' && text.includes(norm(a.name)))) score += 1;
    if (score < 2) continue;
    if (
      !best ||
      score > best.score ||
      (score === best.score && e.independent_sources > best.support) ||
      (score === best.score && e.independent_sources === best.support && compareStrings(e.id, best.id) < 0)
    ) {
      best = { id: e.id, score, support: e.independent_sources };
    }
  }
  return best?.id ?? null;
}

const byIdCache = new WeakMap<readonly LedgerEvent[], Map<string, LedgerEvent>>();
const byPlaceCache = new WeakMap<readonly LedgerEvent[], Map<string, LedgerEvent[]>>();

function eventsById(events: readonly LedgerEvent[]): Map<string, LedgerEvent> {
  let map = byIdCache.get(events);
  if (!map) {
    map = new Map(events.map((e) => [e.id, e]));
    byIdCache.set(events, map);
  }
  return map;
}

function eventsByPlace(events: readonly LedgerEvent[]): Map<string, LedgerEvent[]> {
  let map = byPlaceCache.get(events);
  if (!map) {
    map = new Map();
    for (const e of events) {
      if (!e.place) continue;
      for (const level of placeLevels(e.place)) {
        const k = norm(level);
        const list = map.get(k);
        if (list) list.push(e);
        else map.set(k, [e]);
      }
    }
    byPlaceCache.set(events, map);
  }
  return map;
}

/** Capitalised words and acronyms of a claimant ("Innocent Mbafele (LALF spokesman)" → Innocent, Mbafele, LALF). */
function claimantNames(claimant: string | null): string[] {
  if (!claimant) return [];
  return (claimant.match(/\p{Lu}[\p{L}\p{N}'’-]{2,}/gu) ?? []).filter(
    (w) => !/^(The|And|For|With|From)$/.test(w),
  );
}

/**
 * Accusations looked at on each side of a denial. A report answers an accusation within a few
 * paragraphs; the window keeps the work per denial bounded in a report of thousands of claims
 * and is far wider than any news report's claims on one side of a denial.
 */
export const ACCUSATION_WINDOW = 200;

/** A document's accusing claims (stance affirm) by start, nearest-first from either side. */
interface AccusationOrder {
  size: number;
  /** Starts descending (ties in the document list's order). */
  down: readonly ClaimItem[];
  /** Starts ascending (ties in the document list's order). */
  up: readonly ClaimItem[];
}

const orders = new WeakMap<readonly ClaimItem[], AccusationOrder>();

/** The accusations of a document's claim list, sorted once per list (rebuilt if it grew). */
function accusationOrder(ofDocument: readonly ClaimItem[]): AccusationOrder {
  const known = orders.get(ofDocument);
  if (known && known.size === ofDocument.length) return known;
  const affirm = ofDocument.filter((c) => c.claim.stance === 'affirm');
  const order = {
    size: ofDocument.length,
    down: [...affirm].sort((a, b) => b.claim.span[0] - a.claim.span[0]),
    up: affirm.sort((a, b) => a.claim.span[0] - b.claim.span[0]),
  };
  orders.set(ofDocument, order);
  return order;
}

/** Index of the first item of `list` (sorted by start) whose start is `past` the denial's. */
function firstPast(list: readonly ClaimItem[], past: (start: number) => boolean): number {
  return firstReached(list.length, (i) => past((list[i] as ClaimItem).claim.span[0]));
}

/**
 * The accusation a denial answers: the nearest earlier accusing claim (stance affirm) in the
 * same document that names the denier (the accused answering); else the nearest that concerns
 * the same event, names a place of the denial's context, or shares most of its content words;
 * else the nearest later one that names the denier. The denier is the claimant, or the words
 * before the denial's cue when the claimant is unknown. Only the `ACCUSATION_WINDOW` nearest
 * accusations on each side are looked at, so the work per denial does not grow with the report.
 */
export function accusationAnswered(
  item: ClaimItem,
  ofDocument: readonly ClaimItem[],
  claimOf: Pick<ReadonlyMap<string, string>, 'get'>,
  eventOfClaim: Pick<ReadonlyMap<string, string | null>, 'get'>,
): string | null {
  const claim = item.claim;
  const places = new Set(item.places);
  const event = eventOfClaim.get(claim.id) ?? null;
  const order = accusationOrder(ofDocument);
  const from = firstPast(order.down, (start) => start < claim.span[0]);
  const accusations = order.down.slice(from, from + ACCUSATION_WINDOW);
  const names = claimantNames(denierOf(claim));
  for (const a of accusations) {
    // The accused answering: the denier (or its organisation) is named in the accusation.
    if (names.length > 0 && names.some((n) => a.claim.text.includes(n)))
      return claimOf.get(a.claim.id) ?? null;
  }
  for (const a of accusations) {
    const sameEvent = event !== null && eventOfClaim.get(a.claim.id) === event;
    const sharesPlace = a.own.some((p) => places.has(p));
    if (sameEvent || sharesPlace || overlapCoefficient(item.words, a.words) >= 0.5)
      return claimOf.get(a.claim.id) ?? null;
  }
  // A report may give the denial first and the accusation after ("X denied …. The government has
  // blamed X"): the nearest later accusation naming the denier.
  if (names.length === 0) return null;
  const after = firstPast(order.up, (start) => start > claim.span[0]);
  for (const a of order.up.slice(after, after + ACCUSATION_WINDOW)) {
    if (names.some((n) => a.claim.text.includes(n))) return claimOf.get(a.claim.id) ?? null;
  }
  return null;
}

/** Who denies: the claimant, else the words before the denial's cue ("The LALF denied …"). */
function denierOf(claim: Claim): string | null {
  if (claim.claimant) return claim.claimant;
  if (!claim.cue) return null;
  const at = claim.text.indexOf(claim.cue);
  return at > 0 ? claim.text.slice(0, at) : null;
}

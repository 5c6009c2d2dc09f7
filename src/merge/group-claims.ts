import type { Claim, DocumentExtraction, LedgerClaim, LedgerEvent, Span } from '../core/types.js';
import { compareMentions, toMention } from './build-event.js';
import { mostCommon } from './group-quotes.js';
import { corroborate } from './independence.js';
import { rareKeys } from './rare-keys.js';
import type { ReuseIndex } from './reuse-index.js';
import { compareStrings, stableId } from './stable-id.js';
import { UnionFind } from './union-find.js';
import { contentWords, overlapCoefficient, setOverlap } from './words.js';

const MAX_PER_KEY = 400;
const SAME_CLAIM = 0.6;

interface ClaimItem {
  claim: Claim;
  words: string[];
}

const norm = (s: string | null) => (s ?? '').normalize('NFKC').toLowerCase().trim();

/**
 * Groups claims across documents (same stance, compatible claimant, most content words shared).
 * Each claim `answers` the event it is about; a denial answers the accusation it rejects (see
 * `accusationAnswered`), or the event when no accusation was found.
 */
export function groupClaims(
  extractions: readonly DocumentExtraction[],
  events: readonly LedgerEvent[],
  eventOfMention: ReadonlyMap<string, string>,
  index: ReuseIndex,
): LedgerClaim[] {
  const items: ClaimItem[] = extractions
    .flatMap((x) => x.claims)
    .sort(
      (a, b) =>
        compareStrings(a.documentId, b.documentId) || a.span[0] - b.span[0] || compareStrings(a.id, b.id),
    )
    .map((claim) => ({ claim, words: contentWords(claim.text) }));
  const uf = new UnionFind();
  const postings = new Map<string, number[]>();
  const keysOf = rareKeys(items.map((it) => it.words));
  const sets = items.map((it) => new Set(it.words));
  items.forEach((it, i) => {
    uf.add(String(i));
    const keys = keysOf[i] ?? [];
    const cands = new Set<number>();
    for (const k of keys) for (const j of postings.get(k) ?? []) cands.add(j);
    for (const j of cands) {
      const other = items[j] as ClaimItem;
      if (other.claim.stance !== it.claim.stance) continue;
      const ca = norm(it.claim.claimant);
      const cb = norm(other.claim.claimant);
      if (ca !== '' && cb !== '' && ca !== cb) continue;
      if (
        it.words.length >= 3 &&
        other.words.length >= 3 &&
        setOverlap(sets[i] as Set<string>, sets[j] as Set<string>) >= SAME_CLAIM
      ) {
        uf.union(String(i), String(j));
      }
    }
    for (const k of keys) {
      const list = postings.get(k) ?? [];
      list.push(i);
      if (list.length > MAX_PER_KEY) list.shift();
      postings.set(k, list);
    }
  });

  const groups = new Map<string, ClaimItem[]>();
  for (const [i, it] of items.entries()) {
    const r = uf.find(String(i));
    const list = groups.get(r) ?? [];
    list.push(it);
    groups.set(r, list);
  }

  const byDoc = new Map(extractions.map((x) => [x.documentId, x]));
  const drafts = [...groups.values()].map((members) => {
    const first = (members[0] as ClaimItem).claim;
    const mentions = members.map((m) => toMention(m.claim)).sort(compareMentions);
    const { sources, independent } = corroborate(mentions, index);
    return {
      members,
      claim: {
        id: stableId('cl', first.documentId, String(first.span[0]), String(first.span[1]), first.text),
        claimant: mostCommon(members.map((m) => m.claim.claimant).filter((c): c is string => !!c)),
        stance: first.stance,
        text: first.text.replace(/\s+/g, ' ').trim(),
        answers: null as string | null,
        mentions,
        sources,
        independent_sources: independent,
      } satisfies LedgerClaim,
    };
  });
  const claimOf = new Map<Claim, string>();
  for (const d of drafts) for (const m of d.members) claimOf.set(m.claim, d.claim.id);
  const eventOfClaim = new Map<Claim, string | null>();
  for (const d of drafts) {
    for (const m of d.members) {
      eventOfClaim.set(
        m.claim,
        eventAnswered(m.claim, byDoc.get(m.claim.documentId), events, eventOfMention),
      );
    }
  }
  const eventOfGroup = new Map<string, string | null>();
  for (const d of drafts) {
    eventOfGroup.set(
      d.claim.id,
      mostCommon(d.members.map((m) => eventOfClaim.get(m.claim)).filter((e): e is string => !!e)),
    );
  }
  // The best-supported accusation of each event, for denials whose own document has none.
  const accusationOfEvent = new Map<string, LedgerClaim>();
  for (const d of drafts) {
    const event = eventOfGroup.get(d.claim.id);
    if (d.claim.stance !== 'affirm' || !event) continue;
    const held = accusationOfEvent.get(event);
    if (
      !held ||
      d.claim.sources > (held.sources ?? 0) ||
      (d.claim.sources === held.sources && compareStrings(d.claim.id, held.id) < 0)
    ) {
      accusationOfEvent.set(event, d.claim);
    }
  }
  for (const d of drafts) {
    const event = eventOfGroup.get(d.claim.id) ?? null;
    if (d.claim.stance !== 'deny') {
      d.claim.answers = event;
      continue;
    }
    let accusation: string | null = null;
    for (const m of d.members) {
      accusation = accusationAnswered(m.claim, byDoc.get(m.claim.documentId), claimOf, eventOfClaim);
      if (accusation) break;
    }
    if (!accusation && event) accusation = accusationOfEvent.get(event)?.id ?? null;
    d.claim.answers = accusation ?? event;
  }
  return drafts
    .map((d) => d.claim)
    .sort(
      (a, b) =>
        b.independent_sources - a.independent_sources || b.sources - a.sources || compareStrings(a.id, b.id),
    );
}

function within(inner: Span, outer: Span): boolean {
  return inner[0] >= outer[0] && inner[1] <= outer[1];
}

/** The denial's context: its sentence and the one before, with the places named there. */
function contextOf(
  claim: Claim,
  extraction: DocumentExtraction,
): { window: Span; places: Set<string>; text: string } {
  const sentences = extraction.sentences;
  const at = sentences.findIndex((s) => s.span[0] <= claim.span[0] && s.span[1] >= claim.span[0]);
  const start = at > 0 ? (sentences[at - 1]?.span[0] ?? claim.span[0]) : claim.span[0];
  const window: Span = [
    Math.min(start, claim.span[0]),
    Math.max(claim.span[1], sentences[at]?.span[1] ?? claim.span[1]),
  ];
  const places = new Set(extraction.places.filter((p) => within(p.span, window)).map((p) => norm(p.name)));
  const text = norm(
    [
      ...extraction.places.filter((p) => within(p.span, window)).map((p) => p.text),
      claim.text,
      ...extraction.actors.filter((a) => within(a.span, window)).map((a) => a.name),
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
  claim: Claim,
  extraction: DocumentExtraction | undefined,
  events: readonly LedgerEvent[],
  eventOfMention: ReadonlyMap<string, string>,
): string | null {
  const about = claim.about.map((id) => eventOfMention.get(id)).filter((e): e is string => !!e);
  if (about.length > 0) return mostCommon(about);
  if (!extraction) return null;
  const { window, places, text } = contextOf(claim, extraction);
  const incidentsHere = new Set(
    extraction.incidents
      .filter((i) => i.span[0] < window[1] && i.span[1] > window[0])
      .map((i) => eventOfMention.get(i.id))
      .filter((e): e is string => !!e),
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
    if (e.place && places.has(norm(e.place.name))) score += 2;
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
      const k = norm(e.place.name);
      map.set(k, [...(map.get(k) ?? []), e]);
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
 * The accusation a denial answers: the nearest earlier accusing claim (stance affirm) in the
 * same document that names the denier (the accused answering); else the nearest that concerns
 * the same event, names a place of the denial's context, or shares most of its content words.
 */
export function accusationAnswered(
  claim: Claim,
  extraction: DocumentExtraction | undefined,
  claimOf: ReadonlyMap<Claim, string>,
  eventOfClaim: ReadonlyMap<Claim, string | null>,
): string | null {
  if (!extraction) return null;
  const { places } = contextOf(claim, extraction);
  const event = eventOfClaim.get(claim) ?? null;
  const words = contentWords(claim.text);
  const accusations = extraction.claims
    .filter((c) => c.stance === 'affirm' && c.span[0] < claim.span[0])
    .sort((a, b) => b.span[0] - a.span[0]);
  const names = claimantNames(claim.claimant);
  for (const a of accusations) {
    // The accused answering: the denier (or its organisation) is named in the accusation.
    if (names.length > 0 && names.some((n) => a.text.includes(n))) return claimOf.get(a) ?? null;
  }
  for (const a of accusations) {
    const sameEvent = event !== null && eventOfClaim.get(a) === event;
    const sharesPlace = extraction.places.some((p) => within(p.span, a.span) && places.has(norm(p.name)));
    if (sameEvent || sharesPlace || overlapCoefficient(words, contentWords(a.text)) >= 0.5)
      return claimOf.get(a) ?? null;
  }
  return null;
}

import type { DocumentExtraction, LedgerClaim, LedgerQuote } from '../../core/types.js';
import { canonicalSpeakers } from '../canonical-speakers.js';
import { buildQuote, compareQuotes, type QuoteItem, quoteItem, sameQuote } from '../group-quotes.js';
import { growGroups } from '../grow-groups.js';
import type { StateCache } from '../merge-state.js';
import { rareKeys } from '../rare-keys.js';
import type { DocRecord } from '../state-schema.js';
import { counts, groupState, type MergeRun, track, wordSets } from './run.js';

/**
 * Phase "quotes": the new quotes join the stored quote groups (a newcomer that matches two groups
 * joins them); every group that grew, or holds a quote whose reuse changed, is rebuilt. Returns
 * how the count of groups giving each speaker changed, for `canonicaliseSpeakers` once the claims'
 * claimants are counted too.
 */
export function groupNewQuotes(
  run: MergeRun,
  extractions: readonly DocumentExtraction[],
): Map<string, number> {
  const { cache, docs, dirty, changed, index } = run;
  const newQuotes = extractions.flatMap((x) => x.quotes).sort(compareQuotes);
  const quoteItems = new Map<string, QuoteItem>();
  for (const q of newQuotes) {
    quoteItems.set(q.id, quoteItem(q));
    (docs.get(q.documentId) as DocRecord).quotes.push(q.id);
  }
  const quoteOf = (id: string) => {
    let q = quoteItems.get(id);
    if (!q) {
      q = cache.get('quote', id) as QuoteItem;
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
    // Quote and claim groups are unions of matching pairs: with every rare word a key, the pairs
    // found, and so the groups, do not depend on which run merged which item.
    { everyRare: true },
  );
  const droppedQuotes = new Set<string>();
  const changedQuotes = growGroups(
    groupState(
      cache,
      'q',
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
  cache.prefetch('q.group', dirty.quotes);
  for (const q of dirty.quotes) changedQuotes.add(cache.get('q.group', q) as string);
  cache.prefetch('q.members', changedQuotes);
  cache.prefetch(
    'quote',
    [...changedQuotes].flatMap((g) => cache.get('q.members', g) ?? []),
  );
  cache.prefetch('q.speaker', changedQuotes);
  const speakersBefore = new Map<string, number>();
  // A group joined into another no longer gives its speaker: the kept group counts it again.
  for (const g of droppedQuotes) forgetSpeaker(cache, 'q.speaker', g, speakersBefore);
  for (const g of changedQuotes) {
    const members = cache.get('q.members', g);
    const quote = members ? buildQuote(members.map(quoteOf), index) : undefined;
    // The group's own speaker, before canonicalisation across the ledger (below).
    const before = cache.get('q.speaker', g);
    const after = quote?.speaker ?? undefined;
    if (before !== after) {
      if (before !== undefined) speakersBefore.set(before, (speakersBefore.get(before) ?? 0) - 1);
      if (after !== undefined) speakersBefore.set(after, (speakersBefore.get(after) ?? 0) + 1);
      cache.set('q.speaker', g, after);
    }
    if (quote && after !== undefined) quote.speaker = cache.get('q.canon', after) ?? after;
    track(changed.quotes, cache.get('q.ledger', g), quote);
    cache.set('q.ledger', g, quote);
  }
  return speakersBefore;
}

/** Uncounts the speaker a group that is gone gave (`kind` is `q.speaker` or `c.claimant`). */
export function forgetSpeaker(
  cache: StateCache,
  kind: 'q.speaker' | 'c.claimant',
  group: string,
  delta: Map<string, number>,
): void {
  const given = cache.get(kind, group);
  if (given === undefined) return;
  // A claimant is counted by its name, without its role (as the claims phase counts it).
  const speaker = kind === 'c.claimant' ? splitClaimant(given).name : given;
  delta.set(speaker, (delta.get(speaker) ?? 0) - 1);
  cache.set(kind, group, undefined);
}

/** Quotes with the same words and speaker match the same others (see `sameQuote`). */
const quoteSignature = (q: QuoteItem) =>
  q.tokens.length === 0 ? '' : `${q.quote.speaker ?? ''}\u0000${q.tokens.join(' ')}`;

/**
 * One canonical speaker per person across the ledger (see canonical-speakers.ts), kept
 * incrementally: `q.speakers` counts the quote and claim groups giving each speaker (or claimant)
 * as their own, `q.canon` holds each speaker's canonical form, `q.speaker` each quote group's own
 * speaker and `c.claimant` each claim group's own claimant. When `delta` changes the set of
 * speakers, the canonical forms are recomputed from the counts (distinct speakers, not quotes) and
 * only the groups whose speaker now maps differently are rewritten. Returns the claim groups
 * rewritten, whose answers are to be found again.
 */
export function canonicaliseSpeakers(
  cache: StateCache,
  delta: ReadonlyMap<string, number>,
  changes: Map<string, LedgerQuote | null>,
): string[] {
  let moves = false;
  for (const [speaker, change] of delta) {
    if (change === 0) continue;
    const count = (cache.get('q.speakers', speaker) ?? 0) + change;
    cache.set('q.speakers', speaker, count > 0 ? count : undefined);
    moves = true;
  }
  // A new count can change which form is most used: recompute whenever any count moved.
  if (!moves) return [];
  const counts = new Map(cache.scan('q.speakers'));
  const canonical = canonicalSpeakers(counts);
  const moved = new Set<string>();
  for (const [speaker, canon] of cache.scan('q.canon'))
    if (canonical.get(speaker) !== canon) moved.add(speaker);
  for (const speaker of canonical.keys()) if (cache.get('q.canon', speaker) === undefined) moved.add(speaker);
  if (moved.size === 0) return [];
  for (const speaker of moved) cache.set('q.canon', speaker, canonical.get(speaker));
  for (const [g, speaker] of cache.scan('q.speaker')) {
    if (!moved.has(speaker)) continue;
    const quote = cache.get('q.ledger', g);
    if (!quote) continue;
    const next = { ...quote, speaker: canonical.get(speaker) ?? speaker };
    changes.set(next.id, next);
    cache.set('q.ledger', g, next);
  }
  const claims: string[] = [];
  for (const [g, claimant] of cache.scan('c.claimant')) {
    if (!moved.has(splitClaimant(claimant).name)) continue;
    const claim: LedgerClaim | undefined = cache.get('c.ledger', g);
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
export function splitClaimant(claimant: string): { name: string; role: string | null } {
  const match = CLAIMANT_ROLE.exec(claimant);
  return match ? { name: match[1] as string, role: match[2] as string } : { name: claimant, role: null };
}
const CLAIMANT_ROLE = /^(.+?) \((.+)\)$/s;

/** The claimant with its name in canonical form (`Doe (harbour master)` → `Jo Doe (harbour master)`). */
export function canonicalClaimant(
  claimant: string,
  canonicalOf: (name: string) => string | undefined,
): string {
  const { name, role } = splitClaimant(claimant);
  const canon = canonicalOf(name) ?? name;
  return role === null ? canon : `${canon} (${role})`;
}

import type { LedgerQuote, Quote, QuoteKind } from '../core/types.js';
import { compareMentions, toMention } from './build-event.js';
import { chooseSpeaker } from './choose-speaker.js';
import { corroborate } from './independence.js';
import { classifyChange, quoteWords, sameQuotation } from './quote-change.js';
import type { ReuseIndex } from './reuse-index.js';
import { compareStrings, stableId } from './stable-id.js';
import { editDistance, setOverlap } from './words.js';

/**
 * The quoted words of a quotation, falling back to the whole text. Its content parts are the
 * paragraphs of one quotation, joined as one passage (an ellipsis would claim an omission the
 * report does not make).
 */
export function quotedText(q: Quote): string {
  return q.content.length > 0 ? q.content.map((c) => c.text).join(' ') : q.text;
}

/** A quotation as the merge state keeps it: its normalised words and its group. */
export interface QuoteItem {
  quote: Quote;
  tokens: string[];
}

export function quoteItem(q: Quote): QuoteItem {
  return { quote: q, tokens: quoteWords(quotedText(q)) };
}

export function compareQuotes(a: Quote, b: Quote): number {
  return compareStrings(a.documentId, b.documentId) || a.span[0] - b.span[0] || compareStrings(a.id, b.id);
}

/**
 * Two quotations are variants of one (Quotebank: normalised equality; MemeTracker: containment
 * and small word edit distance) when their speakers are compatible (or the words are equal) and
 * `sameQuotation` holds.
 */
export function sameQuote(a: QuoteItem, b: QuoteItem, sets: (x: QuoteItem) => Set<string>): boolean {
  if (!compatibleSpeakers(a.quote.speaker, b.quote.speaker) && a.tokens.join(' ') !== b.tokens.join(' '))
    return false;
  if (setOverlap(sets(a), sets(b)) < 0.5) return false;
  return sameQuotation(a.tokens, b.tokens, editDistance);
}

/**
 * The ledger quote of one group of variants. The reference wording is the variant found in
 * most documents (ties: the longest, then the first in document order); each other variant is
 * classified against it and flagged when it changes content words, numbers, names or negation.
 */
export function buildQuote(group: readonly QuoteItem[], index: ReuseIndex): LedgerQuote {
  const members = [...group].sort((a, b) => compareQuotes(a.quote, b.quote));
  const variants = new Map<
    string,
    { text: string; documents: Set<string>; first: number; direct: boolean }
  >();
  members.forEach(({ quote: q, tokens }, i) => {
    const norm = tokens.join(' ');
    const v = variants.get(norm) ?? {
      text: quotedText(q).replace(/\s+/g, ' ').trim(),
      documents: new Set(),
      first: i,
      direct: false,
    };
    v.documents.add(q.documentId);
    v.direct ||= q.direct;
    variants.set(norm, v);
  });
  const ordered = [...variants.values()].sort(
    (a, b) => b.documents.size - a.documents.size || b.text.length - a.text.length || a.first - b.first,
  );
  const reference = ordered[0] as { text: string; documents: Set<string>; first: number; direct: boolean };
  const quotesOf = members.map((m) => m.quote);
  const { speaker, role, others } = chooseSpeaker(quotesOf);
  const mentions = quotesOf.map(toMention).sort(compareMentions);
  const first = quotesOf[0] as Quote;
  const { sources, independent } = corroborate(mentions, index);
  return {
    id: stableId('q', first.documentId, String(first.span[0]), String(first.span[1]), first.text),
    speaker,
    speaker_role: role,
    ...(others.length > 0 ? { other_speakers: others } : {}),
    kind: groupKind(quotesOf),
    text: reference.text,
    mentions,
    variants: ordered.map((v) => {
      const c =
        v === reference
          ? { change: 'identical' as const, flag: null }
          : classifyChange(reference.text, v.text);
      // Indirect speech is the reporter's wording: its changes are classified but not flagged.
      const flag = v.direct && reference.direct ? c.flag : null;
      return { text: v.text, documents: [...v.documents].sort(compareStrings), change: c.change, flag };
    }),
    sources,
    independent_sources: independent,
  };
}

/** One quotation's kind: whole quoted sentences, a quoted fragment in the reporter's sentence, or reported speech. */
export function quoteKind(q: Pick<Quote, 'direct' | 'partial'>): QuoteKind {
  if (!q.direct) return 'indirect';
  return q.partial ? 'mixed' : 'direct';
}

/** A group's kind: its members' kind when they agree, else `mixed`. */
export function groupKind(quotes: readonly Pick<Quote, 'direct' | 'partial'>[]): QuoteKind {
  const kinds = new Set(quotes.map(quoteKind));
  return kinds.size === 1 ? ([...kinds][0] as QuoteKind) : 'mixed';
}

export function compareLedgerQuotes(a: LedgerQuote, b: LedgerQuote): number {
  return b.independent_sources - a.independent_sources || b.sources - a.sources || compareStrings(a.id, b.id);
}

const speakerKeys = new Map<string, string>();
const speakerKey = (s: string) => {
  let k = speakerKeys.get(s);
  if (k === undefined) {
    k = s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N} ]/gu, '')
      .trim();
    // Speaker names repeat across a corpus; the cache stays small.
    if (speakerKeys.size > 100_000) speakerKeys.clear();
    speakerKeys.set(s, k);
  }
  return k;
};

/** Speakers are compatible when either is unknown or one name contains the other ("Lokana", "Dr. Esther Lokana"). */
export function compatibleSpeakers(a: string | null, b: string | null): boolean {
  if (!a || !b) return true;
  const x = speakerKey(a);
  const y = speakerKey(b);
  return x === y || x.includes(y) || y.includes(x);
}

/** Words of a name without honorifics (`Mr`, `Dr`): what variants of one person share. */
const HONORIFIC = /^(?:mr|mrs|ms|miss|dr|prof|professor)\.?$/;
const nameWords = (name: string): string[] =>
  speakerKey(name)
    .split(/\s+/)
    .filter((word) => word !== '' && !HONORIFIC.test(word));

/**
 * The one person the reports name differently (`Fayed`, `Mr Al Fayed`, `Mohamed Al Fayed`): the
 * longest name when every other name is its ending or its first word; null when the names are
 * not all variants of one (then the most common one is used).
 */
export function fullestName(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const named = names.map((name) => ({ name, words: nameWords(name) }));
  let longest = named[0]!;
  for (const n of named)
    if (
      n.words.length > longest.words.length ||
      (n.words.length === longest.words.length && compareStrings(n.name, longest.name) < 0)
    )
      longest = n;
  const full = longest.words;
  if (full.length < 2) return null;
  for (const { words } of named) {
    if (words.length === 0) return null;
    const ending = full.slice(full.length - words.length).join(' ') === words.join(' ');
    const first = words.length === 1 && words[0] === full[0];
    if (!ending && !first) return null;
  }
  return longest.name;
}

export function mostCommon(values: readonly string[]): string | null {
  if (values.length === 0) return null;
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return (
    [...counts.entries()].sort(
      (a, b) => b[1] - a[1] || b[0].length - a[0].length || compareStrings(a[0], b[0]),
    )[0]?.[0] ?? null
  );
}

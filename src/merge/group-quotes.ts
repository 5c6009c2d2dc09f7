import type { LedgerQuote, Quote } from '../core/types.js';
import { compareMentions, toMention } from './build-event.js';
import { corroborate } from './independence.js';
import { classifyChange, sameQuotation } from './quote-change.js';
import { rareKeys } from './rare-keys.js';
import type { ReuseIndex } from './reuse-index.js';
import { compareStrings, stableId } from './stable-id.js';
import { UnionFind } from './union-find.js';
import { editDistance, setOverlap, words } from './words.js';

const MAX_PER_KEY = 400;

/** The quoted words of a quotation (its content parts joined), falling back to the whole text. */
export function quotedText(q: Quote): string {
  return q.content.length > 0 ? q.content.map((c) => c.text).join(' … ') : q.text;
}

/**
 * Groups quotations across documents into one ledger quote with its variants (Quotebank:
 * normalised equality; MemeTracker: containment and small word edit distance). The reference
 * wording is the variant found in most documents (ties: the longest, then the first in
 * document order); each other variant is classified against it and flagged when it changes
 * content words, numbers, names or negation.
 */
export function groupQuotes(quotes: readonly Quote[], index: ReuseIndex): LedgerQuote[] {
  const sorted = [...quotes].sort(
    (a, b) =>
      compareStrings(a.documentId, b.documentId) || a.span[0] - b.span[0] || compareStrings(a.id, b.id),
  );
  const tokens = sorted.map((q) => words(quotedText(q)));
  const sets = tokens.map((t) => new Set(t));
  const keysOf = rareKeys(tokens);
  const uf = new UnionFind();
  const postings = new Map<string, number[]>();
  sorted.forEach((q, i) => {
    uf.add(String(i));
    const keys = keysOf[i] ?? [];
    const candidates = new Set<number>();
    for (const k of keys) for (const j of postings.get(k) ?? []) candidates.add(j);
    for (const j of candidates) {
      const other = sorted[j] as Quote;
      if (
        !compatibleSpeakers(q.speaker, other.speaker) &&
        (tokens[i] ?? []).join(' ') !== (tokens[j] ?? []).join(' ')
      )
        continue;
      if (setOverlap(sets[i] as Set<string>, sets[j] as Set<string>) < 0.5) continue;
      if (sameQuotation(tokens[i] ?? [], tokens[j] ?? [], editDistance)) uf.union(String(i), String(j));
    }
    for (const k of keys) {
      const list = postings.get(k) ?? [];
      list.push(i);
      if (list.length > MAX_PER_KEY) list.shift();
      postings.set(k, list);
    }
  });

  const groups = new Map<string, number[]>();
  sorted.forEach((_, i) => {
    const r = uf.find(String(i));
    const list = groups.get(r) ?? [];
    list.push(i);
    groups.set(r, list);
  });

  const out: LedgerQuote[] = [];
  for (const members of groups.values()) {
    const variants = new Map<
      string,
      { text: string; documents: Set<string>; first: number; direct: boolean }
    >();
    for (const i of members) {
      const q = sorted[i] as Quote;
      const norm = (tokens[i] ?? []).join(' ');
      const v = variants.get(norm) ?? {
        text: quotedText(q).replace(/\s+/g, ' ').trim(),
        documents: new Set(),
        first: i,
        direct: false,
      };
      v.documents.add(q.documentId);
      v.direct ||= q.direct;
      variants.set(norm, v);
    }
    const ordered = [...variants.values()].sort(
      (a, b) => b.documents.size - a.documents.size || b.text.length - a.text.length || a.first - b.first,
    );
    const reference = ordered[0] as { text: string; documents: Set<string>; first: number; direct: boolean };
    const quotesOf = members.map((i) => sorted[i] as Quote);
    const speakers = quotesOf.map((q) => q.speaker).filter((s): s is string => !!s);
    const speaker = mostCommon(speakers);
    const mentions = quotesOf.map(toMention).sort(compareMentions);
    const first = sorted[members[0] as number] as Quote;
    const { sources, independent } = corroborate(mentions, index);
    out.push({
      id: stableId('q', first.documentId, String(first.span[0]), String(first.span[1]), first.text),
      speaker,
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
    });
  }
  return out.sort(
    (a, b) =>
      b.independent_sources - a.independent_sources || b.sources - a.sources || compareStrings(a.id, b.id),
  );
}

const speakerKey = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim();

/** Speakers are compatible when either is unknown or one name contains the other ("Lokana", "Dr. Esther Lokana"). */
export function compatibleSpeakers(a: string | null, b: string | null): boolean {
  if (!a || !b) return true;
  const x = speakerKey(a);
  const y = speakerKey(b);
  return x === y || x.includes(y) || y.includes(x);
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

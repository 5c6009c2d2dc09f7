import type { QuoteChange } from '../core/types.js';
import { loadLexicon } from '../extract/load-lexicon.js';
import { indexOfRun, isFunctionWord, isNegation, normaliseText, words } from './words.js';

let contractions: Map<string, string[]> | undefined;

/**
 * The words of a quotation for comparing wordings: `words` with contractions written out
 * (`it's` → `it is`, `can't` → `can not`), so that typography and contraction never make two
 * wordings differ.
 */
export function quoteWords(text: string): string[] {
  contractions ??= new Map(
    Object.entries(loadLexicon<{ forms: Record<string, string[]> }>('contractions').forms),
  );
  const out: string[] = [];
  for (const word of words(text)) {
    const full = contractions.get(word);
    if (full) out.push(...full);
    else out.push(word);
  }
  return out;
}

export interface ClassifiedChange {
  change: QuoteChange;
  flag: string | null;
}

/**
 * Classifies how a variant differs from the reference wording of a quotation:
 * identical (same normalised words), truncation (a contiguous part of it), extension (contains
 * it), or substitution. A substitution whose differing words include a content word, a number,
 * a name or a negation is flagged as a possible misquote, naming the change:
 * `misquote? "horror movie" → "movie of horror"`.
 */
export function classifyChange(reference: string, variant: string): ClassifiedChange {
  const r = quoteWords(reference);
  const v = quoteWords(variant);
  if (r.join(' ') === v.join(' ')) return { change: 'identical', flag: null };
  if (indexOfRun(r, v) >= 0) return { change: 'truncation', flag: null };
  if (indexOfRun(v, r) >= 0) return { change: 'extension', flag: null };

  let pre = 0;
  while (pre < r.length && pre < v.length && r[pre] === v[pre]) pre++;
  let suf = 0;
  while (suf < r.length - pre && suf < v.length - pre && r[r.length - 1 - suf] === v[v.length - 1 - suf])
    suf++;
  const removed = r.slice(pre, r.length - suf);
  const added = v.slice(pre, v.length - suf);
  const reasons = whatChanged(removed, added, originalCase(reference), originalCase(variant));
  if (reasons.length === 0) return { change: 'substitution', flag: null };
  return {
    change: 'substitution',
    flag: `misquote? "${removed.join(' ')}" → "${added.join(' ')}" (${reasons.join(', ')})`,
  };
}

/**
 * Words written with a capital inside the quotation, not at a sentence start and not function
 * words (`This accused` after a full stop is a sentence opening, not a name).
 */
function originalCase(text: string): Set<string> {
  const names = new Set<string>();
  const normalised = text.normalize('NFKC');
  for (const match of normalised.matchAll(/[\p{L}\p{N}]+(?:['\-.][\p{L}\p{N}]+)*/gu)) {
    const t = match[0];
    if (!/^\p{Lu}/u.test(t) || isFunctionWord(t.toLowerCase())) continue;
    const before = normalised.slice(0, match.index).trimEnd();
    if (before === '' || /[.!?:;…]["'”’)]*$/.test(before) || /^["'“‘(]$/.test(before.slice(-1))) continue;
    names.add(t.toLowerCase());
  }
  return names;
}

function whatChanged(removed: string[], added: string[], namesA: Set<string>, namesB: Set<string>): string[] {
  const changed = [...removed, ...added];
  const reasons: string[] = [];
  if (changed.some((w) => /\d/.test(w))) reasons.push('number');
  if (changed.some((w) => isNegation(w))) reasons.push('negation');
  if (changed.some((w) => namesA.has(w) || namesB.has(w))) reasons.push('name');
  const isName = (w: string) => namesA.has(w) || namesB.has(w);
  if (changed.some((w) => !isFunctionWord(w) && !isNegation(w) && !/\d/.test(w) && !isName(w)))
    reasons.push('content words');
  return reasons;
}

/** True when two quotations are variants of one: equal, one inside the other, or a small word edit distance. */
export function sameQuotation(
  a: string[],
  b: string[],
  editDistance: (x: string[], y: string[]) => number,
): boolean {
  if (a.length === 0 || b.length === 0) return false;
  if (a.join(' ') === b.join(' ')) return true;
  const short = a.length <= b.length ? a : b;
  const long = a.length <= b.length ? b : a;
  if (short.length < 4) return false;
  // Containment counts when the shorter says something: at least three content words ("a
  // deliberate attack on civilians"); "this is genocide" inside a long quotation is a shared
  // phrase, not a variant.
  if (indexOfRun(long, short) >= 0)
    return short.filter((w) => !isFunctionWord(w) && !isNegation(w)).length >= 3;
  const limit = Math.max(1, Math.floor(long.length * 0.2));
  if (Math.abs(a.length - b.length) > limit + 2) return false;
  if (editDistance(a, b) <= limit) return true;
  // Reordered words ("horror movie" → "movie of horror"): nearly the same bag of words.
  const bag = new Map<string, number>();
  for (const w of a) bag.set(w, (bag.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of b) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      shared++;
      bag.set(w, n - 1);
    }
  }
  return shared / long.length >= 0.8 && short.length >= 4;
}

export { normaliseText };

import type { PreparedText } from './prepare.js';
import { cosine, factsAgree, sharedContent, usable, type Vectors, vectorsOf } from './sentence-vectors.js';
import type { TokenSentence } from './sentences.js';

/** A sentence of A aligned with a sentence of B by meaning rather than by exact words. */
export interface SentencePair {
  a: TokenSentence;
  b: TokenSentence;
  score: number;
}

export interface ParaphraseOptions {
  /** Weighted cosine a sentence pair must reach. */
  minScore?: number;
  /** Content words (not names, numbers, stop words or quoted words) both sentences must share. */
  minSharedContent?: number;
  /** Weight of a stop word relative to a content word (PAN keeps stop words, lightly weighted). */
  stopWeight?: number;
  /** Inverse document frequency of a canonical term, when corpus statistics are known (default 1). */
  idf?: (term: string) => number;
}

export const paraphraseDefaults: Required<Omit<ParaphraseOptions, 'idf'>> = {
  minScore: 0.5,
  minSharedContent: 4,
  stopWeight: 0.2,
};

/** The options with their defaults and both texts' sentence vectors (cached unless an IDF is given). */
export function pairVectors(
  a: PreparedText,
  b: PreparedText,
  options: ParaphraseOptions,
): { o: typeof paraphraseDefaults; va: Vectors; vb: Vectors } {
  const o = { ...paraphraseDefaults, ...options };
  // Without an IDF every content word weighs 1 (and the vectors are cached per text).
  const cacheable = options.idf === undefined;
  return {
    o,
    va: vectorsOf(a, o.stopWeight, options.idf, cacheable),
    vb: vectorsOf(b, o.stopWeight, options.idf, cacheable),
  };
}

/**
 * Aligns sentences that say the same thing in other words: synonyms (canonical terms map every
 * word of a synonym group to one term), reordered clauses (a bag of terms ignores order), changed
 * tense (stems), spelled-out numbers and abbreviated months (canonical terms).
 *
 * Calibration against "same facts, own words": the similarity is computed only over the wording
 * (content and stop words outside quotations). Names and numbers are facts that independent
 * reports share by necessity, and quotations are the speaker's words that every report repeats;
 * they do not count as evidence of copying. They act as a veto instead: two sentences whose numbers
 * or whose names are disjoint do not report the same thing. Sentences already covered by verbatim
 * passages (`skipA`, `skipB`) are left out.
 */
export function alignParaphrases(
  a: PreparedText,
  b: PreparedText,
  skipA: Uint8Array,
  skipB: Uint8Array,
  options: ParaphraseOptions = {},
): SentencePair[] {
  const { o, va, vb } = pairVectors(a, b, options);
  const ua = usable(va, skipA);
  const ub = usable(vb, skipB);
  const bestA = new Map<number, SentencePair & { j: number }>();
  const bestB = new Map<number, SentencePair & { i: number }>();
  for (const i of ua) {
    for (const j of ub) {
      const shared = sharedContent(va, i, vb, j);
      if (shared < o.minSharedContent) continue;
      if (!factsAgree(va, i, vb, j)) continue;
      const score = cosine(va, i, vb, j);
      if (score < o.minScore) continue;
      const pair = { a: va.sentences[i] as TokenSentence, b: vb.sentences[j] as TokenSentence, score };
      const ca = bestA.get(i);
      if (!ca || score > ca.score) bestA.set(i, { ...pair, j });
      const cb = bestB.get(j);
      if (!cb || score > cb.score) bestB.set(j, { ...pair, i });
    }
  }
  // Union of best matches from both sides: symmetric by construction.
  const seen = new Set<string>();
  const out: SentencePair[] = [];
  for (const [i, p] of bestA) addPair(out, seen, i, p.j, p);
  for (const [j, p] of bestB) addPair(out, seen, p.i, j, p);
  return out.sort((x, y) => x.a.first - y.a.first || x.b.first - y.b.first);
}

function addPair(out: SentencePair[], seen: Set<string>, i: number, j: number, p: SentencePair): void {
  const key = `${i}:${j}`;
  if (seen.has(key)) return;
  seen.add(key);
  out.push({ a: p.a, b: p.b, score: p.score });
}

/**
 * Sentence pairs in which no sentence takes part twice: the greedy one-to-one matching by score
 * (ties by position). A rewritten passage rewrites each sentence once, so its pairs match one to
 * one; one sentence resembling several sentences of the other text is shared topic vocabulary,
 * not copying. The decision counts these pairs; all pairs are still reported as passages (a
 * rewrite may merge two sentences into one).
 */
export function oneToOne(pairs: readonly SentencePair[]): SentencePair[] {
  const order = [...pairs].sort(
    (x, y) => y.score - x.score || x.a.first - y.a.first || x.b.first - y.b.first,
  );
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const out: SentencePair[] = [];
  for (const p of order) {
    if (usedA.has(p.a.first) || usedB.has(p.b.first)) continue;
    usedA.add(p.a.first);
    usedB.add(p.b.first);
    out.push(p);
  }
  return out;
}

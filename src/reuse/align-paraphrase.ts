import type { PreparedText } from './prepare.js';
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

interface SentenceVector {
  sentence: TokenSentence;
  weights: Map<string, number>;
  norm: number;
  content: Set<string>;
  numbers: Set<string>;
  names: Set<string>;
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
  const o = { ...paraphraseDefaults, ...options };
  const idf = options.idf ?? (() => 1);
  const va = usable(vectorsOf(a, o.stopWeight, idf, options.idf === undefined), skipA);
  const vb = usable(vectorsOf(b, o.stopWeight, idf, options.idf === undefined), skipB);
  const index = new Map<string, number[]>();
  vb.forEach((v, j) => {
    for (const t of v.content) {
      const list = index.get(t);
      if (list) list.push(j);
      else index.set(t, [j]);
    }
  });
  const bestA = new Map<number, SentencePair & { j: number }>();
  const bestB = new Map<number, SentencePair & { i: number }>();
  va.forEach((x, i) => {
    const shared = new Map<number, number>();
    for (const t of x.content) for (const j of index.get(t) ?? []) shared.set(j, (shared.get(j) ?? 0) + 1);
    for (const [j, count] of shared) {
      if (count < o.minSharedContent) continue;
      const y = vb[j] as SentenceVector;
      if (!factsAgree(x, y)) continue;
      const score = cosine(x, y);
      if (score < o.minScore) continue;
      const pair = { a: x.sentence, b: y.sentence, score };
      const ca = bestA.get(i);
      if (!ca || score > ca.score) bestA.set(i, { ...pair, j });
      const cb = bestB.get(j);
      if (!cb || score > cb.score) bestB.set(j, { ...pair, i });
    }
  });
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

/** Sentences not mostly covered by `skip`. */
function usable(vectors: SentenceVector[], skip: Uint8Array): SentenceVector[] {
  return vectors.filter((v) => {
    let skipped = 0;
    for (let i = v.sentence.first; i < v.sentence.last; i++) skipped += skip[i] ?? 0;
    return skipped * 2 < v.sentence.last - v.sentence.first;
  });
}

// A text takes part in many pairs: its sentence vectors (default weights) are computed once.
const vectorCache = new WeakMap<PreparedText, Map<number, SentenceVector[]>>();

function vectorsOf(
  p: PreparedText,
  stopWeight: number,
  idf: (t: string) => number,
  cacheable: boolean,
): SentenceVector[] {
  if (!cacheable) return vectors(p, stopWeight, idf);
  let byWeight = vectorCache.get(p);
  if (!byWeight) {
    byWeight = new Map();
    vectorCache.set(p, byWeight);
  }
  let v = byWeight.get(stopWeight);
  if (!v) {
    v = vectors(p, stopWeight, idf);
    byWeight.set(stopWeight, v);
  }
  return v;
}

function vectors(p: PreparedText, stopWeight: number, idf: (t: string) => number): SentenceVector[] {
  const out: SentenceVector[] = [];
  for (const s of p.sentences) {
    const weights = new Map<string, number>();
    const content = new Set<string>();
    const numbers = new Set<string>();
    const names = new Set<string>();
    for (let i = s.first; i < s.last; i++) {
      const t = p.terms[i];
      if (!t) continue;
      if (t.kind === 'number') numbers.add(t.term);
      else if (t.kind === 'name') names.add(t.term);
      if (p.quoted[i] === 1 || t.kind === 'number' || t.kind === 'name') continue;
      const w = t.kind === 'stop' ? stopWeight : idf(t.term);
      weights.set(t.term, (weights.get(t.term) ?? 0) + w);
      if (t.kind === 'content') content.add(t.term);
    }
    let norm = 0;
    for (const w of weights.values()) norm += w * w;
    out.push({ sentence: s, weights, norm: Math.sqrt(norm), content, numbers, names });
  }
  return out;
}

function cosine(x: SentenceVector, y: SentenceVector): number {
  if (x.norm === 0 || y.norm === 0) return 0;
  let dot = 0;
  const [small, large] = x.weights.size <= y.weights.size ? [x, y] : [y, x];
  for (const [t, w] of small.weights) dot += w * (large.weights.get(t) ?? 0);
  return dot / (x.norm * y.norm);
}

/** Numbers must overlap when both sentences have some; so must names. */
function factsAgree(x: SentenceVector, y: SentenceVector): boolean {
  return intersects(x.numbers, y.numbers) && intersects(x.names, y.names);
}

function intersects(x: Set<string>, y: Set<string>): boolean {
  if (x.size === 0 || y.size === 0) return true;
  for (const v of x) if (y.has(v)) return true;
  return false;
}

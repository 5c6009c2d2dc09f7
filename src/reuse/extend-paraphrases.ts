import { type ParaphraseOptions, pairVectors, type SentencePair } from './align-paraphrase.js';
import type { PreparedText } from './prepare.js';
import { cosine, factsAgree, sharedContent, sharedFacts, usable } from './sentence-vectors.js';
import type { TokenSentence } from './sentences.js';

/** Two sentence indices (of A and of B) next to which a reused passage was found. */
export interface SentenceSeed {
  i: number;
  j: number;
}

/**
 * Extends reused passages to the sentence pairs next to them, with half the evidence a sentence
 * pair needs on its own: copying is contiguous (passim and BLAST extend seeds the same way), so a
 * rewritten sentence right before or after a reused passage, facing the counterpart's sentence at
 * the same place, is part of the reuse when it shares at least one name or number, half the
 * content words and half the cosine. It never makes two texts related (it runs only from passages
 * already found, after the decision); it only widens what is reused. `seeds` are sentence pairs
 * whose neighbours are tried: both sentences of a candidate must be free (`skipA`, `skipB` cover
 * less than half of them); accepted pairs are seeds in turn.
 */
export function extendParaphrases(
  a: PreparedText,
  b: PreparedText,
  seeds: readonly SentenceSeed[],
  skipA: Uint8Array,
  skipB: Uint8Array,
  options: ParaphraseOptions = {},
): SentencePair[] {
  const { o, va, vb } = pairVectors(a, b, options);
  const freeA = new Set(usable(va, skipA));
  const freeB = new Set(usable(vb, skipB));
  const out: SentencePair[] = [];
  const queue = [...seeds];
  const tried = new Set<string>();
  while (queue.length > 0) {
    const s = queue.shift() as SentenceSeed;
    for (const step of [-1, 0, 1]) {
      const i = s.i + step;
      const j = s.j + step;
      const key = `${i}:${j}`;
      if (tried.has(key) || !freeA.has(i) || !freeB.has(j)) continue;
      tried.add(key);
      const shared = sharedContent(va, i, vb, j);
      if (shared * 2 < o.minSharedContent || !factsAgree(va, i, vb, j) || sharedFacts(va, i, vb, j) === 0)
        continue;
      const score = cosine(va, i, vb, j);
      if (score * 2 < o.minScore) continue;
      freeA.delete(i);
      freeB.delete(j);
      out.push({ a: va.sentences[i] as TokenSentence, b: vb.sentences[j] as TokenSentence, score });
      queue.push({ i, j });
    }
  }
  return out.sort((x, y) => x.a.first - y.a.first || x.b.first - y.b.first);
}

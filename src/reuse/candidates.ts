/** Evidence from the LSH index that two documents may be related. */
export interface CandidateHits {
  /** Shared document band keys. */
  bands: number;
  /** Shared distinct sentence keys. */
  sentences: number;
  duplicate: boolean;
}

/**
 * A document becomes a candidate when it shares its exact-duplicate hash, any band of the
 * document signature, or at least `minSentenceKeys` sentence keys. Measured on the seeded
 * benchmark (bench/reuse/key-counts.ts, 20,000 documents): of the sentence-only candidates
 * sharing exactly two keys, 3,941 were unrelated pairs that verification rejected against 6
 * planted ones (3 paraphrases, 3 splices) and 439 pairs of documents derived from one source; from
 * three keys on, unrelated pairs are rare (30 at three keys). Three keys keep paraphrase and splice recall
 * above 0.99 and cut the pairs to verify by a quarter at 100,000 documents. Candidates are always
 * verified by alignment before they become links.
 */
export const MIN_SENTENCE_KEYS = 3;

/** Sentence or band keys shared by more documents than this are too common to be evidence. */
export const MAX_DOCUMENTS_PER_KEY = 64;

export function isCandidate(h: CandidateHits, minSentenceKeys = MIN_SENTENCE_KEYS): boolean {
  return h.duplicate || h.bands > 0 || h.sentences >= minSentenceKeys;
}

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
 * document signature, or at least `minSentenceKeys` sentence keys (one shared sentence key is too
 * common in news to be worth verifying; two are the cheapest evidence of a spliced or paraphrased
 * passage). Candidates are always verified by alignment before they become links.
 */
export const MIN_SENTENCE_KEYS = 3;

/** Sentence or band keys shared by more documents than this are too common to be evidence. */
export const MAX_DOCUMENTS_PER_KEY = 64;

export function isCandidate(h: CandidateHits, minSentenceKeys = MIN_SENTENCE_KEYS): boolean {
  return h.duplicate || h.bands > 0 || h.sentences >= minSentenceKeys;
}

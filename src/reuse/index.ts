/**
 * The reuse stage: who copied whom, down to the passage. `compareTexts` works on two raw strings;
 * `updateReuse` / `loadReuse` work on a store. See docs/reuse.md.
 */
export { alignParaphrases, type ParaphraseOptions, type SentencePair } from './align-paraphrase.js';
export { alignVerbatim, type TokenPassage, type VerbatimOptions } from './align-verbatim.js';
export {
  type CompareOptions,
  type Comparison,
  compareDefaults,
  comparePrepared,
  compareTexts,
} from './compare-texts.js';
export { inferDirection, type TextMeta } from './direction.js';
export { buildFamilies, FAMILY_MIN_SHARE, type FamilyDocument } from './families.js';
export { type Banding, bandKeys, candidateProbability } from './lsh.js';
export { createMinHasher, estimateJaccard, type MinHasher } from './minhash.js';
export { normalizeForMatching } from './normalize.js';
export { type PreparedText, prepareText } from './prepare.js';
export { exactJaccard, shingleHashes } from './shingles.js';
export { createSketcher, type Sketch, type SketchOptions, sketchDefaults } from './sketch.js';
export { type Token, tokenize } from './tokenize.js';
export {
  comparePair,
  loadReuse,
  type ReuseResult,
  type UpdateReuseOptions,
  updateReuse,
} from './update-reuse.js';

import { anchorKeys, BRIEF_ANCHOR, CONTAINMENT_ANCHOR } from './containment.js';
import { combine } from './hash.js';
import { type Banding, bandKeys } from './lsh.js';
import { createMinHasher } from './minhash.js';
import { duplicateHashOf, type PreparedText } from './prepare.js';
import { shingleHashes } from './shingles.js';
import { KIND_CODE } from './terms.js';

const STOP = KIND_CODE.stop;
const CONTENT = KIND_CODE.content;
const NUMBER = KIND_CODE.number;

/**
 * Candidate-generation parameters. Defaults were chosen on the seeded benchmark corpus
 * (bench/reuse, see docs/reuse.md): they are a trade between recall of planted reuse and the
 * number of candidate pairs that verification has to reject.
 */
export interface SketchOptions {
  permutations?: number;
  seed?: number;
  /** Words per shingle, over canonical non-stop terms (so synonyms and inflections match). */
  shingleSize?: number;
  banding?: Banding;
  /** Sentence keys: MinHash of each sentence's canonical content terms, cut in bands of rows. */
  sentenceBanding?: Banding;
  /** Sentences with fewer distinct content terms give no key (too little to be specific). */
  minSentenceTerms?: number;
  /** Containment anchors: word n-grams of this many words… */
  anchorSize?: number;
  /** …whose hash is 0 modulo this (one in `anchorSample` n-grams, the same ones in every text)… */
  anchorSample?: number;
  /** …and with at least this many words that are not stop words (`of the city` is no anchor). */
  anchorMinContent?: number;
  /**
   * Brief anchors (`BRIEF_ANCHOR`): word n-grams of this many words (0: none), sampled and
   * filtered as the containment anchors, that make candidates of briefs (`enoughBriefAnchors`).
   */
  briefAnchorSize?: number;
}

export const sketchDefaults: Required<SketchOptions> = {
  permutations: 128,
  seed: 1,
  shingleSize: 3,
  banding: { bands: 32, rows: 4 },
  sentenceBanding: { bands: 4, rows: 4 },
  minSentenceTerms: 5,
  anchorSize: 3,
  anchorSample: 2,
  anchorMinContent: 2,
  briefAnchorSize: 2,
};

/** What the index keeps of a document. */
export interface Sketch {
  /** Hash of the folded text: equal for exact duplicates. */
  duplicate: number;
  signature: Uint32Array;
  /** One key per band of the document signature. */
  bandKeys: Uint32Array;
  /** Distinct sentence keys (salted apart from band keys). */
  sentenceKeys: Uint32Array;
  /** Distinct anchors (`anchorKeys`): containment anchors and brief anchors, told apart by `anchorFamily`. */
  anchorKeys: Uint32Array;
}

export type Sketcher = (p: PreparedText) => Sketch;

/**
 * `createSketcher(options)` precomputes the hash families once and returns the per-document step.
 * @example const sketch = createSketcher()(prepareText(text));
 */
export function createSketcher(options: SketchOptions = {}): Sketcher {
  const o = { ...sketchDefaults, ...options };
  if (o.banding.bands * o.banding.rows > o.permutations) {
    throw new RangeError(
      `bands × rows (${o.banding.bands}×${o.banding.rows}) exceeds the ${o.permutations} permutations`,
    );
  }
  const doc = createMinHasher({ permutations: o.permutations, seed: o.seed });
  const sentenceWidth = o.sentenceBanding.bands * o.sentenceBanding.rows;
  const sentence = createMinHasher({ permutations: sentenceWidth, seed: o.seed + 7919 });
  return (p) => {
    const n = p.terms.length;
    const content = new Uint32Array(n);
    let c = 0;
    const kinds = p.kinds;
    const termHash = p.termHash;
    for (let i = 0; i < n; i++) if (kinds[i] !== STOP) content[c++] = termHash[i] as number;
    const signature = doc.signature(shingleHashes(content.subarray(0, c), o.shingleSize));
    const keys: number[] = [];
    const set = new Uint32Array(n);
    for (const s of p.sentences) {
      let m = 0;
      for (let i = s.first; i < s.last; i++) {
        const kind = kinds[i];
        if (kind === CONTENT || kind === NUMBER) set[m++] = termHash[i] as number;
      }
      const distinct = sortedDistinct(set.subarray(0, m));
      if (distinct.length < o.minSentenceTerms) continue;
      for (const k of bandKeys(sentence.signature(distinct), o.sentenceBanding))
        keys.push(combine(k, 0x53454e54));
    }
    return {
      duplicate: duplicateHashOf(p, false),
      signature,
      bandKeys: bandKeys(signature, o.banding),
      sentenceKeys: sortedDistinct(Uint32Array.from(keys)),
      anchorKeys: allAnchorKeys(p, o),
    };
  };
}

/** Containment and brief anchors of a text, distinct, sorted. */
function allAnchorKeys(p: PreparedText, o: Required<SketchOptions>): Uint32Array {
  const containment = anchorKeys(p, o.anchorSize, o.anchorSample, o.anchorMinContent, CONTAINMENT_ANCHOR);
  if (o.briefAnchorSize <= 0) return containment;
  const brief = anchorKeys(p, o.briefAnchorSize, o.anchorSample, o.anchorMinContent, BRIEF_ANCHOR);
  const all = new Uint32Array(containment.length + brief.length);
  all.set(containment);
  all.set(brief, containment.length);
  // The two families differ in their lowest bit, so no key is in both.
  return all.sort();
}

/** Sorts in place and returns the distinct prefix (a view of `a`). */
function sortedDistinct(a: Uint32Array): Uint32Array {
  a.sort();
  let w = 0;
  for (let i = 0; i < a.length; i++) if (w === 0 || a[i] !== a[w - 1]) a[w++] = a[i] as number;
  return a.subarray(0, w);
}

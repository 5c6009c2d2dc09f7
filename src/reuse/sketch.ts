import { combine } from './hash.js';
import { type Banding, bandKeys } from './lsh.js';
import { createMinHasher } from './minhash.js';
import { duplicateHash } from './normalize.js';
import type { PreparedText } from './prepare.js';
import { shingleHashes } from './shingles.js';

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
}

export const sketchDefaults: Required<SketchOptions> = {
  permutations: 128,
  seed: 1,
  shingleSize: 3,
  banding: { bands: 32, rows: 4 },
  sentenceBanding: { bands: 4, rows: 4 },
  minSentenceTerms: 5,
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
}

export type Sketcher = (p: PreparedText) => Sketch;

/**
 * `createSketcher(options)` precomputes the hash families once and returns the per-document step.
 * @example const sketch = createSketcher()(prepareText(text));
 */
export function createSketcher(options: SketchOptions = {}): Sketcher {
  const o = { ...sketchDefaults, ...options };
  if (o.banding.bands * o.banding.rows > o.permutations) {
    throw new RangeError(`bands × rows (${o.banding.bands}×${o.banding.rows}) exceeds the ${o.permutations} permutations`);
  }
  const doc = createMinHasher({ permutations: o.permutations, seed: o.seed });
  const sentenceWidth = o.sentenceBanding.bands * o.sentenceBanding.rows;
  const sentence = createMinHasher({ permutations: sentenceWidth, seed: o.seed + 7919 });
  return (p) => {
    const content: number[] = [];
    for (let i = 0; i < p.terms.length; i++) if (p.terms[i]?.kind !== 'stop') content.push(p.termHash[i] as number);
    const signature = doc.signature(shingleHashes(Uint32Array.from(content), o.shingleSize));
    const keys = new Set<number>();
    for (const s of p.sentences) {
      const set = new Set<number>();
      for (let i = s.first; i < s.last; i++) {
        const kind = p.terms[i]?.kind;
        if (kind === 'content' || kind === 'number') set.add(p.termHash[i] as number);
      }
      if (set.size < o.minSentenceTerms) continue;
      const sig = sentence.signature(Uint32Array.from(set));
      for (const k of bandKeys(sig, o.sentenceBanding)) keys.add(combine(k, 0x53454e54));
    }
    return {
      duplicate: duplicateHash(p.text),
      signature,
      bandKeys: bandKeys(signature, o.banding),
      sentenceKeys: Uint32Array.from([...keys].sort((x, y) => x - y)),
    };
  };
}

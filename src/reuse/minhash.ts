import { mulberry32 } from './hash.js';

/** MinHash parameters. Defaults: 128 permutations, seed 1 (documented in docs/reuse.md). */
export interface MinHashOptions {
  permutations?: number;
  seed?: number;
}

export interface MinHasher {
  permutations: number;
  /** Signature of a set of 32-bit element hashes; all-ones for the empty set. */
  signature(elements: Uint32Array): Uint32Array;
}

/**
 * Seeded MinHash with permutations `h_i(x) = fmix(a_i * x + b_i)` (a_i odd): one multiply-add and
 * a cheap xor-shift per element and permutation, on typed arrays.
 * @example createMinHasher().signature(shingleHashes(terms, 3))
 */
export function createMinHasher(options: MinHashOptions = {}): MinHasher {
  const k = options.permutations ?? 128;
  const rand = mulberry32(options.seed ?? 1);
  const a = new Uint32Array(k);
  const b = new Uint32Array(k);
  for (let i = 0; i < k; i++) {
    a[i] = (Math.floor(rand() * 4294967296) | 1) >>> 0;
    b[i] = Math.floor(rand() * 4294967296) >>> 0;
  }
  return {
    permutations: k,
    signature(elements: Uint32Array): Uint32Array {
      const sig = new Uint32Array(k).fill(0xffffffff);
      for (let e = 0; e < elements.length; e++) {
        const x = elements[e] as number;
        for (let i = 0; i < k; i++) {
          let h = (Math.imul(x, a[i] as number) + (b[i] as number)) >>> 0;
          h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
          h = (h ^ (h >>> 12)) >>> 0;
          if (h < (sig[i] as number)) sig[i] = h;
        }
      }
      return sig;
    },
  };
}

/** Fraction of equal positions: an unbiased estimate of the Jaccard similarity of the two sets. */
export function estimateJaccard(x: Uint32Array, y: Uint32Array): number {
  let eq = 0;
  for (let i = 0; i < x.length; i++) if (x[i] === y[i]) eq++;
  return eq / x.length;
}

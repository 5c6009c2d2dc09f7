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
  const ia = new Int32Array(a.buffer);
  const ib = new Int32Array(b.buffer);
  return {
    permutations: k,
    signature(elements: Uint32Array): Uint32Array {
      const sig = new Uint32Array(k);
      const n = elements.length;
      // Signed 32-bit arithmetic keeps every value a small integer for the JIT; flipping the top
      // bit maps unsigned order onto signed order, so the minimum is the same as in unsigned terms.
      const x = new Int32Array(elements.buffer, elements.byteOffset, n);
      for (let i = 0; i < k; i++) {
        const ai = ia[i] as number;
        const bi = ib[i] as number;
        let min = 0x7fffffff;
        for (let e = 0; e < n; e++) {
          let h = (Math.imul(x[e] as number, ai) + bi) | 0;
          h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
          h = h ^ (h >>> 12) ^ 0x80000000;
          if (h < min) min = h;
        }
        sig[i] = n === 0 ? 0xffffffff : (min ^ 0x80000000) >>> 0;
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

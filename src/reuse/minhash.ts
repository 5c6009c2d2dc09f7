import { mulberry32 } from './hash.js';
import { simdMinHash } from './minhash-simd.js';

/** MinHash parameters. Defaults: 128 permutations, seed 1 (documented in docs/reuse.md). */
export interface MinHashOptions {
  permutations?: number;
  seed?: number;
  /** Use the WebAssembly SIMD loop when available (default true; same signatures either way). */
  simd?: boolean;
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
  // The same arithmetic four lanes at a time where WebAssembly SIMD is available.
  const simd = options.simd === false ? null : simdMinHash(a, b);
  return {
    permutations: k,
    signature(elements: Uint32Array): Uint32Array {
      const sig = new Uint32Array(k);
      const n = elements.length;
      if (n === 0) return sig.fill(0xffffffff);
      if (simd) {
        simd.signature(elements, sig);
        return sig;
      }
      // Signed 32-bit arithmetic keeps every value a small integer for the JIT; flipping the top
      // bit maps unsigned order onto signed order, so the minimum is the same as in unsigned terms.
      // Four permutations per pass over the elements: each element is read once per four
      // permutations and the four running minima stay in registers (same values as one at a time).
      const x = new Int32Array(elements.buffer, elements.byteOffset, n);
      let i = 0;
      for (; i + 4 <= k; i += 4) {
        const a0 = ia[i] as number;
        const a1 = ia[i + 1] as number;
        const a2 = ia[i + 2] as number;
        const a3 = ia[i + 3] as number;
        const b0 = ib[i] as number;
        const b1 = ib[i + 1] as number;
        const b2 = ib[i + 2] as number;
        const b3 = ib[i + 3] as number;
        let m0 = 0x7fffffff;
        let m1 = 0x7fffffff;
        let m2 = 0x7fffffff;
        let m3 = 0x7fffffff;
        for (let e = 0; e < n; e++) {
          const v = x[e] as number;
          let h0 = (Math.imul(v, a0) + b0) | 0;
          let h1 = (Math.imul(v, a1) + b1) | 0;
          let h2 = (Math.imul(v, a2) + b2) | 0;
          let h3 = (Math.imul(v, a3) + b3) | 0;
          h0 = Math.imul(h0 ^ (h0 >>> 15), 0x2c1b3c6d);
          h1 = Math.imul(h1 ^ (h1 >>> 15), 0x2c1b3c6d);
          h2 = Math.imul(h2 ^ (h2 >>> 15), 0x2c1b3c6d);
          h3 = Math.imul(h3 ^ (h3 >>> 15), 0x2c1b3c6d);
          h0 = h0 ^ (h0 >>> 12) ^ 0x80000000;
          h1 = h1 ^ (h1 >>> 12) ^ 0x80000000;
          h2 = h2 ^ (h2 >>> 12) ^ 0x80000000;
          h3 = h3 ^ (h3 >>> 12) ^ 0x80000000;
          if (h0 < m0) m0 = h0;
          if (h1 < m1) m1 = h1;
          if (h2 < m2) m2 = h2;
          if (h3 < m3) m3 = h3;
        }
        sig[i] = (m0 ^ 0x80000000) >>> 0;
        sig[i + 1] = (m1 ^ 0x80000000) >>> 0;
        sig[i + 2] = (m2 ^ 0x80000000) >>> 0;
        sig[i + 3] = (m3 ^ 0x80000000) >>> 0;
      }
      for (; i < k; i++) {
        const ai = ia[i] as number;
        const bi = ib[i] as number;
        let min = 0x7fffffff;
        for (let e = 0; e < n; e++) {
          let h = (Math.imul(x[e] as number, ai) + bi) | 0;
          h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
          h = h ^ (h >>> 12) ^ 0x80000000;
          if (h < min) min = h;
        }
        sig[i] = (min ^ 0x80000000) >>> 0;
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

import { seededRandom } from '../core/random.js';
/**
 * Fast seeded 32-bit hashing (FNV-1a over UTF-16 code units, finished with MurmurHash3's fmix32).
 * Not cryptographic: used for shingles, MinHash and LSH keys, where speed and spread matter.
 */
export function hashString(s: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** MurmurHash3 finaliser: spreads every input bit over the output. */
export function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combines two 32-bit hashes in order (boost::hash_combine style, then mixed). */
export function combine(h: number, v: number): number {
  return fmix32((h ^ (v + 0x9e3779b9 + (h << 6) + (h >>> 2))) >>> 0);
}

/** A small seeded PRNG (mulberry32) for permutations and generators. */
export const mulberry32 = seededRandom;

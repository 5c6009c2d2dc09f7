import { describe, expect, it } from 'vitest';
import { seededRandom } from '../core/random.js';
import { createMinHasher } from './minhash.js';

describe('MinHash', () => {
  it('gives the same signatures with and without the SIMD loop', () => {
    const rand = seededRandom(7);
    for (const permutations of [128, 16, 7]) {
      const simd = createMinHasher({ permutations, seed: 3 });
      const plain = createMinHasher({ permutations, seed: 3, simd: false });
      // Sizes from empty to larger than the SIMD module's first memory page.
      for (const n of [0, 1, 2, 5, 240, 3000, 40000]) {
        const set = Uint32Array.from({ length: n }, () => Math.floor(rand() * 4294967296));
        expect(simd.signature(set)).toEqual(plain.signature(set));
      }
    }
  });
});

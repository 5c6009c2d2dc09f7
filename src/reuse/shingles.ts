import { combine } from './hash.js';

/**
 * Distinct hashes of the `k`-word shingles of a sequence of term hashes, sorted ascending.
 * A sequence shorter than `k` gives one shingle of the whole sequence (so short texts still match).
 */
export function shingleHashes(terms: Uint32Array, k: number): Uint32Array {
  const n = terms.length;
  if (n === 0) return new Uint32Array(0);
  const count = Math.max(1, n - k + 1);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    let h = 0x2545f491;
    const end = Math.min(n, i + k);
    for (let j = i; j < end; j++) h = combine(h, terms[j] as number);
    out[i] = h;
  }
  out.sort();
  let w = 0;
  for (let i = 0; i < count; i++) if (i === 0 || out[i] !== out[w - 1]) out[w++] = out[i] as number;
  return out.slice(0, w);
}

/** Exact Jaccard similarity of two sorted distinct hash sets. */
export function exactJaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  let i = 0;
  let j = 0;
  let inter = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      inter++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return inter / (a.length + b.length - inter);
}

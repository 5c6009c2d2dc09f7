import { combine } from './hash.js';

/** How a signature is cut into bands: `bands * rows` must not exceed the signature length. */
export interface Banding {
  bands: number;
  rows: number;
}

/**
 * One key per band: two documents become candidates when any band key is equal. Keys are salted
 * with the band number so that keys of different bands never collide by construction.
 */
export function bandKeys(signature: Uint32Array, banding: Banding): Uint32Array {
  const keys = new Uint32Array(banding.bands);
  for (let band = 0; band < banding.bands; band++) {
    let h = combine(0x5bd1e995, band);
    const base = band * banding.rows;
    for (let r = 0; r < banding.rows; r++) h = combine(h, signature[base + r] as number);
    keys[band] = h;
  }
  return keys;
}

/** Probability that a pair of Jaccard similarity `s` becomes a candidate: 1 - (1 - s^r)^b. */
export function candidateProbability(s: number, banding: Banding): number {
  return 1 - (1 - s ** banding.rows) ** banding.bands;
}

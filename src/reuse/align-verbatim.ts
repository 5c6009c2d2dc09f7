import { combine } from './hash.js';

/** A passage in token indices: `[a0, a1)` of text A aligned with `[b0, b1)` of text B. */
export interface TokenPassage {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
  /** Tokens of A covered by shared n-grams inside the passage. */
  matched: number;
}

export interface VerbatimOptions {
  /** Words per anchor n-gram. */
  anchorSize?: number;
  /** An n-gram that occurs more often than this in either text is not rare enough to anchor on. */
  maxOccurrences?: number;
  /** Largest jump (in words, on either side) bridged between two anchors: a changed word, an inserted clause. */
  maxGap?: number;
  /** Passages with fewer matched words are dropped. */
  minMatched?: number;
}

export const verbatimDefaults: Required<VerbatimOptions> = {
  anchorSize: 4,
  maxOccurrences: 4,
  maxGap: 12,
  minMatched: 8,
};

/**
 * Finds verbatim passages between two token-hash sequences, passim-style: anchor on shared rare
 * n-grams, then chain anchors that follow each other in both texts within `maxGap` words (so a
 * replaced word or an inserted clause does not break a passage). Chains are independent of each
 * other, so reordered paragraphs give separate passages instead of being lost.
 */
export function alignVerbatim(a: Uint32Array, b: Uint32Array, options: VerbatimOptions = {}): TokenPassage[] {
  const o = { ...verbatimDefaults, ...options };
  const n = o.anchorSize;
  const ia = ngramIndex(a, n);
  const ib = ngramIndex(b, n);
  // For each n-gram position of A, the run of B's positions with the same (rare) n-gram:
  // a merge of the two texts' n-grams sorted by hash.
  const count = ia.hashes.length;
  const from = new Int32Array(count);
  const to = new Int32Array(count);
  let x = 0;
  let y = 0;
  const ha = ia.sortedHashes;
  const hb = ib.sortedHashes;
  while (x < ha.length && y < hb.length) {
    const u = ha[x] as number;
    const v = hb[y] as number;
    if (u < v) x++;
    else if (u > v) y++;
    else {
      let xe = x + 1;
      while (xe < ha.length && ha[xe] === u) xe++;
      let ye = y + 1;
      while (ye < hb.length && hb[ye] === u) ye++;
      if (xe - x <= o.maxOccurrences && ye - y <= o.maxOccurrences) {
        for (let k = x; k < xe; k++) {
          const i = ia.sortedPositions[k] as number;
          from[i] = y;
          to[i] = ye;
        }
      }
      x = xe;
      y = ye;
    }
  }
  const positionsB = ib.sortedPositions;
  interface Chain {
    a0: number;
    b0: number;
    lastI: number;
    lastJ: number;
    matched: number;
  }
  const done: Chain[] = [];
  let active: Chain[] = [];
  for (let i = 0; i < count; i++) {
    const jFrom = from[i] as number;
    const jTo = to[i] as number;
    if (jTo === 0) continue;
    if (active.length > 0) {
      const keep: Chain[] = [];
      for (const c of active) (i - c.lastI > o.maxGap ? done : keep).push(c);
      active = keep;
    }
    const extended = new Set<Chain>();
    for (let k = jFrom; k < jTo; k++) {
      const j = positionsB[k] as number;
      let best: Chain | null = null;
      let bestCost = Number.POSITIVE_INFINITY;
      for (const c of active) {
        if (extended.has(c)) continue;
        const di = i - c.lastI;
        const dj = j - c.lastJ;
        if (di <= 0 || dj <= 0 || dj > o.maxGap) continue;
        const cost = Math.abs(di - dj) * 4 + di + dj;
        if (cost < bestCost) {
          bestCost = cost;
          best = c;
        }
      }
      if (best) {
        best.matched += Math.min(n, i - best.lastI);
        best.lastI = i;
        best.lastJ = j;
        extended.add(best);
      } else {
        const c = { a0: i, b0: j, lastI: i, lastJ: j, matched: n };
        active.push(c);
        extended.add(c);
      }
    }
  }
  done.push(...active);
  const passages = done
    .filter((c) => c.matched >= o.minMatched)
    .map((c) => ({ a0: c.a0, a1: c.lastI + n, b0: c.b0, b1: c.lastJ + n, matched: c.matched }));
  return resolveOverlaps(passages);
}

/** Keeps the longest passages; drops one that mostly overlaps a kept one on either side. */
function resolveOverlaps(passages: TokenPassage[]): TokenPassage[] {
  const sorted = [...passages].sort((x, y) => y.matched - x.matched || x.a0 - y.a0 || x.b0 - y.b0);
  const kept: TokenPassage[] = [];
  for (const p of sorted) {
    const clash = kept.some(
      (k) =>
        overlap(p.a0, p.a1, k.a0, k.a1) > 0.5 * (p.a1 - p.a0) ||
        overlap(p.b0, p.b1, k.b0, k.b1) > 0.5 * (p.b1 - p.b0),
    );
    if (!clash) kept.push(p);
  }
  return kept.sort((x, y) => x.a0 - y.a0 || x.b0 - y.b0);
}

function overlap(s0: number, e0: number, s1: number, e1: number): number {
  return Math.max(0, Math.min(e0, e1) - Math.max(s0, s1));
}

function ngramHashes(seq: Uint32Array, n: number): Uint32Array {
  const count = Math.max(0, seq.length - n + 1);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    let h = 0x1b873593;
    for (let k = 0; k < n; k++) h = combine(h, seq[i + k] as number);
    out[i] = h;
  }
  return out;
}

interface NgramIndex {
  /** Hash of the n-gram starting at each position. */
  hashes: Uint32Array;
  /** Positions ordered by (hash, position), and their hashes in that order. */
  sortedPositions: Int32Array;
  sortedHashes: Uint32Array;
}

// A text takes part in many pairs: its n-gram index is built once (per sequence and size).
const indexCache = new WeakMap<Uint32Array, Map<number, NgramIndex>>();

function ngramIndex(seq: Uint32Array, n: number): NgramIndex {
  let bySize = indexCache.get(seq);
  if (!bySize) {
    bySize = new Map();
    indexCache.set(seq, bySize);
  }
  let index = bySize.get(n);
  if (!index) {
    const hashes = ngramHashes(seq, n);
    const count = hashes.length;
    const sortedPositions = new Int32Array(count);
    if (count <= 1 << 21) {
      // (hash, position) packed in one double (exact below 2^53), sorted natively.
      const packed = new Float64Array(count);
      for (let j = 0; j < count; j++) packed[j] = (hashes[j] as number) * 2097152 + j;
      packed.sort();
      for (let j = 0; j < count; j++) sortedPositions[j] = (packed[j] as number) % 2097152;
    } else {
      for (let j = 0; j < count; j++) sortedPositions[j] = j;
      sortedPositions.sort((x, y) => (hashes[x] as number) - (hashes[y] as number) || x - y);
    }
    const sortedHashes = new Uint32Array(count);
    for (let j = 0; j < count; j++) sortedHashes[j] = hashes[sortedPositions[j] as number] as number;
    index = { hashes, sortedPositions, sortedHashes };
    bySize.set(n, index);
  }
  return index;
}

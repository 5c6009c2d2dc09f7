import type { PreparedText } from './prepare.js';
import type { TokenSentence } from './sentences.js';
import { KIND_CODE, type Term } from './terms.js';

const STOP = KIND_CODE.stop;
const CONTENT = KIND_CODE.content;
const NUMBER = KIND_CODE.number;
const NAME = KIND_CODE.name;

/**
 * The sentence vectors of one text in flat typed arrays (no per-term objects): for sentence `k`,
 * its weighted terms are `terms[termStart[k] .. termStart[k + 1])` (sorted distinct term hashes
 * of the wording outside quotations) with `weights` alongside; content terms, numbers and names
 * are sorted distinct hashes in the same layout.
 */
export interface Vectors {
  sentences: readonly TokenSentence[];
  termStart: Int32Array;
  terms: Uint32Array;
  weights: Float64Array;
  norm: Float64Array;
  contentStart: Int32Array;
  content: Uint32Array;
  numberStart: Int32Array;
  numbers: Uint32Array;
  nameStart: Int32Array;
  names: Uint32Array;
}

/** Indices of the sentences not mostly covered by `skip`. */
export function usable(v: Vectors, skip: Uint8Array): number[] {
  const out: number[] = [];
  v.sentences.forEach((s, k) => {
    let skipped = 0;
    for (let i = s.first; i < s.last; i++) skipped += skip[i] ?? 0;
    if (skipped * 2 < s.last - s.first) out.push(k);
  });
  return out;
}

// A text takes part in many pairs: its sentence vectors (default weights) are computed once.
const vectorCache = new WeakMap<PreparedText, Map<number, Vectors>>();

export function vectorsOf(
  p: PreparedText,
  stopWeight: number,
  idf: ((t: string) => number) | undefined,
  cacheable: boolean,
): Vectors {
  if (!cacheable) return vectors(p, stopWeight, idf);
  let byWeight = vectorCache.get(p);
  if (!byWeight) {
    byWeight = new Map();
    vectorCache.set(p, byWeight);
  }
  let v = byWeight.get(stopWeight);
  if (!v) {
    v = vectors(p, stopWeight, idf);
    byWeight.set(stopWeight, v);
  }
  return v;
}

function vectors(p: PreparedText, stopWeight: number, idf: ((t: string) => number) | undefined): Vectors {
  const n = p.terms.length;
  const count = p.sentences.length;
  const terms = new Uint32Array(n);
  const weights = new Float64Array(n);
  const content = new Uint32Array(n);
  const numbers = new Uint32Array(n);
  const names = new Uint32Array(n);
  const termStart = new Int32Array(count + 1);
  const contentStart = new Int32Array(count + 1);
  const numberStart = new Int32Array(count + 1);
  const nameStart = new Int32Array(count + 1);
  const norm = new Float64Array(count);
  let nt = 0;
  let nc = 0;
  let nn = 0;
  let nm = 0;
  p.sentences.forEach((s, k) => {
    const t0 = nt;
    const c0 = nc;
    const n0 = nn;
    const m0 = nm;
    for (let i = s.first; i < s.last; i++) {
      // Kinds from the typed array: the term object is read only for a content word's weight.
      const kind = p.kinds[i];
      const h = p.termHash[i] as number;
      if (kind === NUMBER) numbers[nn++] = h;
      else if (kind === NAME) names[nm++] = h;
      if (p.quoted[i] === 1 || kind === NUMBER || kind === NAME) continue;
      terms[nt] = h;
      weights[nt++] = kind === STOP ? stopWeight : idf ? idf((p.terms[i] as Term).term) : 1;
      if (kind === CONTENT) content[nc++] = h;
    }
    // Sum the weights of each distinct term: sort the run by hash, then merge equal neighbours.
    sortRun(terms, weights, t0, nt);
    let w = t0;
    for (let r = t0; r < nt; r++) {
      if (w > t0 && terms[w - 1] === terms[r])
        weights[w - 1] = (weights[w - 1] as number) + (weights[r] as number);
      else {
        terms[w] = terms[r] as number;
        weights[w++] = weights[r] as number;
      }
    }
    nt = w;
    nc = distinctRun(content, c0, nc);
    nn = distinctRun(numbers, n0, nn);
    nm = distinctRun(names, m0, nm);
    termStart[k + 1] = nt;
    contentStart[k + 1] = nc;
    numberStart[k + 1] = nn;
    nameStart[k + 1] = nm;
  });
  weighBySpread(terms, weights, termStart, content, nc, count);
  for (let k = 0; k < count; k++) {
    let sq = 0;
    for (let r = termStart[k] as number; r < (termStart[k + 1] as number); r++)
      sq += (weights[r] as number) ** 2;
    norm[k] = Math.sqrt(sq);
  }
  return {
    sentences: p.sentences,
    termStart,
    terms,
    weights,
    norm,
    contentStart,
    content,
    numberStart,
    numbers,
    nameStart,
    names,
  };
}

/**
 * Weighs each content term by how specific it is to the sentences it occurs in, within its own
 * text: 1 for a term in one sentence, falling towards 0 for a term in every sentence
 * (log((S + 1) / sf) / log(S + 1) for a term in `sf` of the `S` sentences). A word that runs
 * through the whole text is the topic's vocabulary, which every report on the topic uses; the
 * wording of one sentence is what a rewrite keeps. Needs no corpus statistics and gives short
 * texts (one or two sentences) uniform weights. `content[0 .. n)` holds each sentence's distinct
 * content terms (outside quotations), so a term's count there is its sentence frequency.
 */
function weighBySpread(
  terms: Uint32Array,
  weights: Float64Array,
  termStart: Int32Array,
  content: Uint32Array,
  n: number,
  sentences: number,
): void {
  const scale = Math.log(sentences + 1);
  if (n === 0 || scale === 0) return;
  const all = content.slice(0, n).sort();
  const uniq = new Uint32Array(n);
  const factor = new Float64Array(n);
  let u = 0;
  for (let r = 0; r < n; ) {
    let e = r + 1;
    while (e < n && all[e] === all[r]) e++;
    uniq[u] = all[r] as number;
    factor[u++] = Math.log((sentences + 1) / (e - r)) / scale;
    r = e;
  }
  const end = termStart[sentences] as number;
  for (let r = 0; r < end; r++) {
    const h = terms[r] as number;
    let lo = 0;
    let hi = u - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = uniq[mid] as number;
      if (v === h) {
        weights[r] = (weights[r] as number) * (factor[mid] as number);
        break;
      }
      if (v < h) lo = mid + 1;
      else hi = mid - 1;
    }
  }
}

/** Insertion sort of `keys[from..to)` ascending, carrying `values` along (runs are sentence-sized). */
function sortRun(keys: Uint32Array, values: Float64Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const k = keys[i] as number;
    const v = values[i] as number;
    let j = i - 1;
    while (j >= from && (keys[j] as number) > k) {
      keys[j + 1] = keys[j] as number;
      values[j + 1] = values[j] as number;
      j--;
    }
    keys[j + 1] = k;
    values[j + 1] = v;
  }
}

/** Sorts `a[from..to)` and keeps its distinct values at the front; returns the new end. */
function distinctRun(a: Uint32Array, from: number, to: number): number {
  for (let i = from + 1; i < to; i++) {
    const k = a[i] as number;
    let j = i - 1;
    while (j >= from && (a[j] as number) > k) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = k;
  }
  let w = from;
  for (let r = from; r < to; r++) if (w === from || a[w - 1] !== a[r]) a[w++] = a[r] as number;
  return w;
}

/** Number of values two sorted distinct runs have in common. */
export function commonCount(
  x: Uint32Array,
  x0: number,
  x1: number,
  y: Uint32Array,
  y0: number,
  y1: number,
): number {
  let i = x0;
  let j = y0;
  let n = 0;
  while (i < x1 && j < y1) {
    const u = x[i] as number;
    const v = y[j] as number;
    if (u === v) {
      n++;
      i++;
      j++;
    } else if (u < v) i++;
    else j++;
  }
  return n;
}

/** Weighted cosine of sentence `i` of `x` and sentence `j` of `y`: a merge of sorted term runs. */
export function cosine(x: Vectors, i: number, y: Vectors, j: number): number {
  const nx = x.norm[i] as number;
  const ny = y.norm[j] as number;
  if (nx === 0 || ny === 0) return 0;
  let dot = 0;
  let p = x.termStart[i] as number;
  let q = y.termStart[j] as number;
  const pe = x.termStart[i + 1] as number;
  const qe = y.termStart[j + 1] as number;
  while (p < pe && q < qe) {
    const u = x.terms[p] as number;
    const v = y.terms[q] as number;
    if (u === v) dot += (x.weights[p++] as number) * (y.weights[q++] as number);
    else if (u < v) p++;
    else q++;
  }
  return dot / (nx * ny);
}

/** Numbers must overlap when both sentences have some; so must names. */
export function factsAgree(x: Vectors, i: number, y: Vectors, j: number): boolean {
  return (
    overlaps(x.numbers, x.numberStart, i, y.numbers, y.numberStart, j) &&
    overlaps(x.names, x.nameStart, i, y.names, y.nameStart, j)
  );
}

function overlaps(
  x: Uint32Array,
  xs: Int32Array,
  i: number,
  y: Uint32Array,
  ys: Int32Array,
  j: number,
): boolean {
  if (xs[i] === xs[i + 1] || ys[j] === ys[j + 1]) return true;
  return sharedIn(x, xs, i, y, ys, j) > 0;
}

/** Values sentence `i` of the runs `x` (starts `xs`) and sentence `j` of `y` (starts `ys`) share. */
function sharedIn(
  x: Uint32Array,
  xs: Int32Array,
  i: number,
  y: Uint32Array,
  ys: Int32Array,
  j: number,
): number {
  return commonCount(x, xs[i] as number, xs[i + 1] as number, y, ys[j] as number, ys[j + 1] as number);
}

/** Content words two sentences have in common. */
export function sharedContent(x: Vectors, i: number, y: Vectors, j: number): number {
  return sharedIn(x.content, x.contentStart, i, y.content, y.contentStart, j);
}

/** Names and numbers two sentences have in common. */
export function sharedFacts(x: Vectors, i: number, y: Vectors, j: number): number {
  return (
    sharedIn(x.numbers, x.numberStart, i, y.numbers, y.numberStart, j) +
    sharedIn(x.names, x.nameStart, i, y.names, y.nameStart, j)
  );
}

/** Index of the sentence holding token `t` (sentences are sorted and cover the tokens). */
export function sentenceAt(p: PreparedText, t: number): number {
  let lo = 0;
  let hi = p.sentences.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((p.sentences[mid] as TokenSentence).first <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

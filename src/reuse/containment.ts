import { combine } from './hash.js';
import type { PreparedText } from './prepare.js';
import { KIND_CODE } from './terms.js';

const STOP = KIND_CODE.stop;

/**
 * Containment (Broder): the share of one text's word n-grams that occur anywhere in the other.
 * Unlike resemblance (Jaccard), it does not fall when the other text is long: a newspaper story
 * written from a wire take keeps much of its wording inside the take whatever the take's length,
 * while two reports written independently share names and quotations but few runs of words.
 *
 * Words are folded (`normHash`: lower case, straight quotes, no inner hyphens), stop words kept
 * (they carry the phrasing). An n-gram with any word inside quotation marks of `x` is left out: a
 * quotation is the speaker's wording, which independent reports repeat word for word.
 */
export function containment(x: PreparedText, y: PreparedText, n: number): number {
  const inY = ngramSet(y.normHash, n);
  let found = 0;
  const counted = eachUnquotedNgram(x, n, (h) => {
    if (inY.has(h)) found++;
  });
  return counted === 0 ? 0 : found / counted;
}

/**
 * Calls `visit` with the hash of each of `x`'s word n-grams that has no word inside quotation
 * marks, in order; returns how many there were.
 */
function eachUnquotedNgram(x: PreparedText, n: number, visit: (hash: number) => void): number {
  const hx = x.normHash;
  const quoted = x.quoted;
  let counted = 0;
  let lastQuoted = -1;
  for (let k = 0; k < n - 1 && k < hx.length; k++) if (quoted[k] === 1) lastQuoted = k;
  for (let i = 0; i + n <= hx.length; i++) {
    // The last quoted word at or before i + n - 1.
    if (quoted[i + n - 1] === 1) lastQuoted = i + n - 1;
    if (lastQuoted >= i) continue;
    counted++;
    visit(ngramHash(hx, i, n));
  }
  return counted;
}

/**
 * `containment` of `x` in the union of `sources`: the share of its word n-grams (outside its
 * quotations) found in at least one of them (a story written from several wire takes).
 */
export function unionContainment(x: PreparedText, sources: readonly PreparedText[], n: number): number {
  const sets = sources.map((s) => cachedNgramSet(s.normHash, n));
  let found = 0;
  const counted = eachUnquotedNgram(x, n, (h) => {
    for (const set of sets)
      if (set.has(h)) {
        found++;
        return;
      }
  });
  return counted === 0 ? 0 : found / counted;
}

/**
 * Containment of the shorter text (in words) in the longer one (the larger of the two when they
 * are as long): symmetric in its arguments.
 */
export function shorterContainment(a: PreparedText, b: PreparedText, n: number): number {
  if (a.tokens.length === b.tokens.length) return Math.max(containment(a, b, n), containment(b, a, n));
  return a.tokens.length < b.tokens.length ? containment(a, b, n) : containment(b, a, n);
}

function ngramSet(h: Uint32Array, n: number): Set<number> {
  const set = new Set<number>();
  for (let i = 0; i + n <= h.length; i++) set.add(ngramHash(h, i, n));
  return set;
}

/**
 * `ngramSet` of a prepared text's words, kept with the text: the common-source step compares one
 * text with many pairs' worth of neighbours, and building each set once keeps that linear.
 */
const ngramSets = new WeakMap<Uint32Array, Map<number, Set<number>>>();
export function cachedNgramSet(h: Uint32Array, n: number): Set<number> {
  let byN = ngramSets.get(h);
  if (!byN) {
    byN = new Map();
    ngramSets.set(h, byN);
  }
  let set = byN.get(n);
  if (!set) {
    set = ngramSet(h, n);
    byN.set(n, set);
  }
  return set;
}

function ngramHash(h: Uint32Array, i: number, n: number): number {
  let v = h[i] as number;
  for (let k = 1; k < n; k++) v = combine(v, h[i + k] as number);
  return v;
}

/** Salt that keeps anchor keys apart from the other key kinds. */
const ANCHOR_SALT = 0x414e4348;

/**
 * Two families of anchors share the index's anchor keys, told apart by a key's lowest bit:
 * containment anchors (word 3-grams, `CONTAINMENT_ANCHOR`) and brief anchors (word 2-grams,
 * `BRIEF_ANCHOR`: evidence only for a brief, see `enoughBriefAnchors`).
 */
export const CONTAINMENT_ANCHOR = 0;
export const BRIEF_ANCHOR = 1;

/** The family of an anchor key (`CONTAINMENT_ANCHOR` or `BRIEF_ANCHOR`). */
export function anchorFamily(key: number): 0 | 1 {
  return (key & 1) === 1 ? BRIEF_ANCHOR : CONTAINMENT_ANCHOR;
}

/**
 * Containment candidates, passim-style: the word n-grams of a text (no word quoted) whose hash is
 * 0 modulo `sample` (Broder's mod-m sample: two texts keep the same n-grams of what they share, so
 * the shared sample grows with the containment of either text, whatever the other's length).
 * Distinct, sorted. The index ignores an anchor held by many documents (not rare in the corpus).
 * `family` sets the key's lowest bit (`anchorFamily`).
 */
export function anchorKeys(
  x: PreparedText,
  n: number,
  sample: number,
  minContent = 0,
  family: 0 | 1 = CONTAINMENT_ANCHOR,
): Uint32Array {
  const hx = x.normHash;
  const quoted = x.quoted;
  const kinds = x.kinds;
  const keys: number[] = [];
  let lastQuoted = -1;
  for (let k = 0; k < n - 1 && k < hx.length; k++) if (quoted[k] === 1) lastQuoted = k;
  for (let i = 0; i + n <= hx.length; i++) {
    if (quoted[i + n - 1] === 1) lastQuoted = i + n - 1;
    if (lastQuoted >= i) continue;
    const h = ngramHash(hx, i, n);
    if (h % sample !== 0) continue;
    if (minContent > 0) {
      let content = 0;
      for (let k = i; k < i + n; k++) if (kinds[k] !== STOP) content++;
      if (content < minContent) continue;
    }
    keys.push(((combine(h, ANCHOR_SALT) & ~1) | family) >>> 0);
  }
  const out = Uint32Array.from(keys).sort();
  let w = 0;
  for (let i = 0; i < out.length; i++) if (w === 0 || out[i] !== out[w - 1]) out[w++] = out[i] as number;
  return out.slice(0, w);
}

/**
 * The share of `copy`'s word n-grams (outside its quotations, as `containment`) that occur in
 * one of `others` but not in `source`: the wording a story shares with reports of its own time
 * that the candidate source lacks. A story written from another common source (a statement, a
 * court handout, its own reporter's notes shared with a sister paper) keeps much of that source's
 * wording with the other reports; a story written from `source` keeps `source`'s.
 */
export function otherSourceShare(
  copy: PreparedText,
  source: PreparedText,
  others: readonly PreparedText[],
  n: number,
): number {
  if (others.length === 0) return 0;
  const inSource = cachedNgramSet(source.normHash, n);
  const sets = others.map((o) => cachedNgramSet(o.normHash, n));
  const inOthers = (h: number) => {
    for (const set of sets) if (set.has(h)) return true;
    return false;
  };
  let found = 0;
  const counted = eachUnquotedNgram(copy, n, (h) => {
    if (!inSource.has(h) && inOthers(h)) found++;
  });
  return counted === 0 ? 0 : found / counted;
}

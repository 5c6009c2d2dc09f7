/**
 * Normalisation for matching: case, quote marks, dashes and whitespace are folded so that two
 * copies of one text that differ only in typography compare equal. The folded text keeps a map
 * back to canonical-text offsets, so that every span found on it points into the original.
 */

const QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u00B4`]/;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/;
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/;

/** Folds one character for matching (returns a string of length 1). */
export function foldChar(ch: string): string {
  if (QUOTES.test(ch)) return "'";
  if (DOUBLE_QUOTES.test(ch)) return '"';
  if (DASHES.test(ch)) return '-';
  return ch.toLowerCase().length === 1 ? ch.toLowerCase() : ch;
}

export interface NormalizedText {
  /** Folded text: lower case, straight quotes, ASCII hyphens, single spaces, trimmed. */
  text: string;
  /** `offsets[i]` is the canonical-text index of folded character `i`; one extra entry at the end. */
  offsets: Int32Array;
}

/** Whether the character `c` at `text[i]` is white space (ASCII fast path, Unicode otherwise). */
function isSpaceAt(text: string, i: number, c: number): boolean {
  return (
    c === 32 || c === 10 || c === 9 || c === 13 || c === 0xa0 || (c > 127 && /\s/.test(text[i] as string))
  );
}

/**
 * Folds `text` for matching.
 * @example normalizeForMatching('“Hi”  —\nthere').text === '"hi" - there'
 */
export function normalizeForMatching(text: string): NormalizedText {
  const out: string[] = [];
  const offsets = new Int32Array(text.length + 1);
  let n = 0;
  let pendingSpace = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpaceAt(text, i, c)) {
      if (n > 0 && pendingSpace < 0) pendingSpace = i;
      continue;
    }
    if (pendingSpace >= 0) {
      out.push(' ');
      offsets[n++] = pendingSpace;
      pendingSpace = -1;
    }
    const ch = text[i] as string;
    out.push(c < 65 ? ch : c < 128 ? ch.toLowerCase() : foldChar(ch));
    offsets[n++] = i;
  }
  offsets[n] = text.length;
  return { text: out.join(''), offsets: offsets.slice(0, n + 1) };
}

/** A key equal for two texts exactly when they are duplicates after folding. */
export function duplicateKey(text: string): string {
  return normalizeForMatching(text).text;
}

/**
 * 32-bit hash of the folded text, computed in one pass without building it (FNV-1a, mixed):
 * equal for duplicates, and for anything else equal only by a rare collision (the pair is then
 * verified like any other candidate).
 */
export function duplicateHash(text: string): number {
  let h = 0x811c9dc5;
  let space = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (isSpaceAt(text, i, c)) {
      space = started;
      continue;
    }
    if (space) {
      h = Math.imul(h ^ 32, 0x01000193);
      space = false;
    }
    started = true;
    if (c >= 65 && c <= 90) c += 32;
    else if (c > 127) c = foldChar(text[i] as string).charCodeAt(0);
    h = Math.imul(h ^ c, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

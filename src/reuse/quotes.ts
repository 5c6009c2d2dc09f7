import type { Token } from './tokenize.js';

/**
 * A quotation opened by a directional mark that runs longer than this many characters before its
 * closing mark (or the next opening mark) is taken for a stray mark, not a quotation.
 */
export const MAX_QUOTATION_CHARS = 1500;

/**
 * Marks the tokens that sit inside quotation marks. Independent reports quote the same speakers
 * word for word, so quoted words are weak evidence of copying (METER); the reuse decision
 * discounts them.
 *
 * - Straight double quotes pair up within a line.
 * - Straight single quotes, as newspapers print quotations, only in `speech`: a mark
 *   after a space, a line start, a bracket or a dash and before a letter or digit opens; a mark
 *   after a non-space and before no letter or digit closes an open one (`don't` and `the
 *   players' hut` never open one; a plural's apostrophe inside a quotation closes it early, never
 *   late). They run across line breaks; a blank line ends an open one unmarked. Not in `quoted`:
 *   they cannot always be told from apostrophes.
 * - Directional double quotes, curly (`“ ”`) or typewriter (two backticks, two apostrophes, as in
 *   much wire copy), open and close across line breaks: wire copy is often wrapped at a fixed
 *   width, so a line break is not the end of a paragraph. A blank line ends an open quotation
 *   unmarked. An opening mark while one is open marks the text up to it: a quotation running
 *   over several paragraphs opens each of them and closes only the last.
 * - Curly single quotes (`‘ ’`) the same way; `’` closes only when it is not between two letters
 *   (an apostrophe).
 * A directional quotation longer than `MAX_QUOTATION_CHARS` is not marked (a stray mark).
 *
 * Both masks come from one pass over the text: `quoted` without straight single quotes, `speech`
 * with them.
 */
export function quotedMasks(
  text: string,
  tokens: readonly Token[],
): { quoted: Uint8Array; speech: Uint8Array } {
  const inside = new Uint8Array(text.length);
  // Characters inside straight single quotes (allocated at the first such quotation).
  let singles: Uint8Array | null = null;
  let open = -1;
  let singleOpen = -1;
  let straightOpen = -1;
  let straightSingleOpen = -1;
  const mark = (from: number, to: number) => {
    if (to - from <= MAX_QUOTATION_CHARS) inside.fill(1, from, to);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Fast path: nothing but newlines and quote marks changes the state.
    if (c !== 10 && c !== 34 && c !== 39 && c !== 96 && (c < 0x2018 || c > 0x201d)) continue;
    if (c === 10) {
      straightOpen = -1;
      if (isBlankLineAfter(text, i)) {
        open = -1;
        singleOpen = -1;
        straightSingleOpen = -1;
      }
      continue;
    }
    const backticks = c === 96 && text.charCodeAt(i + 1) === 96;
    const apostrophes = c === 39 && text.charCodeAt(i + 1) === 39;
    if (c === 0x201c || backticks) {
      if (open >= 0) mark(open, i);
      open = i;
      if (backticks) i++;
    } else if ((c === 0x201d || apostrophes) && open >= 0) {
      mark(open, i);
      open = -1;
      if (apostrophes) i++;
    } else if (apostrophes) {
      i++;
    } else if (c === 39) {
      const opens = opensStraightSingle(text, i);
      if (straightSingleOpen >= 0 && (opens || closesStraightSingle(text, i))) {
        if (i - straightSingleOpen <= MAX_QUOTATION_CHARS) {
          singles ??= new Uint8Array(text.length);
          singles.fill(1, straightSingleOpen, i);
        }
        straightSingleOpen = -1;
      }
      if (opens) straightSingleOpen = i;
    } else if (c === 34) {
      if (straightOpen < 0) straightOpen = i;
      else {
        inside.fill(1, straightOpen, i);
        straightOpen = -1;
      }
    } else if (c === 0x2018) {
      if (singleOpen >= 0) mark(singleOpen, i);
      singleOpen = i;
    } else if (c === 0x2019 && singleOpen >= 0 && !/\p{L}/u.test(text[i + 1] ?? ' ')) {
      mark(singleOpen, i);
      singleOpen = -1;
    }
  }
  const quoted = new Uint8Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) quoted[i] = inside[(tokens[i] as Token).start] ?? 0;
  if (!singles) return { quoted, speech: quoted };
  const speech = quoted.slice();
  for (let i = 0; i < tokens.length; i++) if (singles[(tokens[i] as Token).start] === 1) speech[i] = 1;
  return { quoted, speech };
}

/** A straight single quote at `i` that opens a quotation: after a space, line start, bracket or dash, before a letter or digit. */
function opensStraightSingle(text: string, i: number): boolean {
  const before = i === 0 ? ' ' : (text[i - 1] as string);
  return /[\s([{\u2013\u2014-]/u.test(before) && /[\p{L}\p{N}]/u.test(text[i + 1] ?? ' ');
}

/** A straight single quote at `i` that closes a quotation: after a non-space, before no letter or digit. */
function closesStraightSingle(text: string, i: number): boolean {
  return i > 0 && !/\s/u.test(text[i - 1] as string) && !/[\p{L}\p{N}]/u.test(text[i + 1] ?? ' ');
}

/** True when the line starting after the newline at `i` is empty (spaces only): a paragraph break. */
function isBlankLineAfter(text: string, i: number): boolean {
  for (let k = i + 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10) return true;
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

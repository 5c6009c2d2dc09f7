import type { Token } from './tokenize.js';

/**
 * Marks the tokens that sit inside quotation marks. Independent reports quote the same speakers
 * word for word, so quoted words are weak evidence of copying (METER); the reuse decision
 * discounts them. Straight double quotes pair up within a paragraph; curly quotes by direction;
 * `’` closes a single quote only when it is not between two letters (an apostrophe).
 */
export function quotedMask(text: string, tokens: readonly Token[]): Uint8Array {
  const inside = new Uint8Array(text.length);
  let open = -1;
  let singleOpen = -1;
  let straightOpen = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Fast path: nothing but newlines and quote marks changes the state.
    if (c !== 10 && c !== 34 && (c < 0x2018 || c > 0x201d)) continue;
    if (c === 10) {
      open = -1;
      singleOpen = -1;
      straightOpen = -1;
      continue;
    }
    if (c === 0x201c) open = i;
    else if (c === 0x201d && open >= 0) {
      inside.fill(1, open, i);
      open = -1;
    } else if (c === 34) {
      if (straightOpen < 0) straightOpen = i;
      else {
        inside.fill(1, straightOpen, i);
        straightOpen = -1;
      }
    } else if (c === 0x2018) singleOpen = i;
    else if (c === 0x2019 && singleOpen >= 0 && !/\p{L}/u.test(text[i + 1] ?? ' ')) {
      inside.fill(1, singleOpen, i);
      singleOpen = -1;
    }
  }
  const mask = new Uint8Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) mask[i] = inside[(tokens[i] as Token).start] ?? 0;
  return mask;
}

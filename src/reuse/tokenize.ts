import { foldChar } from './normalize.js';

/** A word of the canonical text with its span and its folded form. */
export interface Token {
  start: number;
  end: number;
  /** Lower case, straight apostrophes, inner hyphens and thousands separators removed. */
  norm: string;
  /** True when the word starts with a capital letter in the text. */
  capital: boolean;
}

// Words: letters/digits joined by inner apostrophes, hyphens, dots or commas ("430,000", "U.S").
const WORD = /[\p{L}\p{N}]+(?:['\u2019\u2010\u2011\-.,][\p{L}\p{N}]+)*/gu;

/**
 * Splits canonical text into words with `[start, end)` offsets.
 * @example tokenize('Pre-war 430,000')[1].norm === '430000'
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const start = m.index;
    let norm = '';
    for (const ch of raw) norm += foldChar(ch);
    norm = norm.replace(/-/g, '');
    if (/^[\d.,]+$/.test(norm)) norm = norm.replace(/,/g, '');
    else if (norm.includes(',')) {
      // "word,word" without a space is two words.
      let offset = start;
      for (const part of raw.split(',')) {
        if (part.length > 0) tokens.push(makeToken(part, offset));
        offset += part.length + 1;
      }
      continue;
    }
    tokens.push({ start, end: start + raw.length, norm, capital: /^\p{Lu}/u.test(raw) });
  }
  return tokens;
}

function makeToken(raw: string, start: number): Token {
  let norm = '';
  for (const ch of raw) norm += foldChar(ch);
  return { start, end: start + raw.length, norm: norm.replace(/-/g, ''), capital: /^\p{Lu}/u.test(raw) };
}

import type { Lexicon } from './lexicon.js';
import type { Token } from './tokenize.js';

/** A sentence as a range of token indices `[first, last)`, with its paragraph number. */
export interface TokenSentence {
  first: number;
  last: number;
  paragraph: number;
}

/**
 * Splits a token sequence into sentences: a sentence ends at a line break, or at `.`, `!`, `?`
 * (optionally followed by closing quotes or brackets) before a word that starts with a capital,
 * digit or quote, unless the word before the stop is a known abbreviation or a single letter.
 * A single line break with no stop before it does not end a sentence when the next line goes on
 * with a lower-case word, or the line ends on a lower-case stop word (`of`, `the`): wire copy is
 * wrapped at a fixed width, and each of its lines is a piece of a sentence, not a sentence.
 */
export function splitTokenSentences(
  text: string,
  tokens: readonly Token[],
  lexicon: Lexicon,
): TokenSentence[] {
  const out: TokenSentence[] = [];
  let first = 0;
  let paragraph = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const next = tokens[i + 1];
    if (next === undefined) break;
    // Common case first: words separated by one space cannot end a sentence.
    if (next.start - t.end === 1 && text.charCodeAt(t.end) === 32) continue;
    const gap = text.slice(t.end, next.start);
    const lineBreak = gap.includes('\n');
    let ends = lineBreak && !wrapped(text, t, next, gap, lexicon);
    if (!ends && /^[)\]"'\u2019\u201D]*[.!?]/.test(gap) && /\s/.test(gap)) {
      const startsUpper =
        /^[\p{Lu}\p{N}]/u.test(text.slice(next.start, next.start + 1)) || /\s["'\u201C\u2018]$/.test(gap);
      const abbreviation = gap.startsWith('.') && (lexicon.abbreviations.has(t.norm) || t.norm.length === 1);
      ends = startsUpper && !abbreviation;
    }
    if (ends) {
      out.push({ first, last: i + 1, paragraph });
      first = i + 1;
      if (/\n\s*\n/.test(gap) || lineBreak) paragraph++;
    }
  }
  if (first < tokens.length) out.push({ first, last: tokens.length, paragraph });
  return out;
}

/** A line break inside a sentence of hard-wrapped text (see `splitTokenSentences`). */
function wrapped(text: string, before: Token, after: Token, gap: string, lexicon: Lexicon): boolean {
  if (/\n\s*\n/.test(gap) || /[.!?:;]/.test(gap)) return false;
  if (isLower(text.charCodeAt(after.start))) return true;
  return isLower(text.charCodeAt(before.start)) && lexicon.stopwords.has(before.norm);
}

function isLower(c: number): boolean {
  if (c >= 97 && c <= 122) return true;
  if (c < 128) return false;
  const ch = String.fromCharCode(c);
  return ch !== ch.toUpperCase() && ch === ch.toLowerCase();
}

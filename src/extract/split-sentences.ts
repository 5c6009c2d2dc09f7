import type { Sentence } from '../core/types.js';
import { loadLexicon } from './load-lexicon.js';

interface AbbreviationLexicon {
  titles: string[];
  months: string[];
  sentenceStarters: string[];
}

interface Rules {
  /** Lower-cased abbreviations after which a period never ends a sentence. */
  never: Set<string>;
  /** Month abbreviations: no break when a number follows (`Feb. 24`). */
  months: Set<string>;
  /** Words that start a sentence after an initialism (`in the U.S. The ...`). */
  starters: Set<string>;
}

let rules: Rules | undefined;

function getRules(): Rules {
  if (rules) return rules;
  const lexicon = loadLexicon<AbbreviationLexicon>('abbreviations');
  rules = {
    never: new Set(lexicon.titles.map((word) => word.toLowerCase())),
    months: new Set(lexicon.months.map((word) => word.toLowerCase())),
    starters: new Set(lexicon.sentenceStarters),
  };
  return rules;
}

// Regular expressions used inside functions live here: a literal in a function body that a
// transpiler turns into `new RegExp(…)` (esbuild does for `\p{Lu}`) would be rebuilt on every call.
const LINE_OPENER = /^[\p{Lu}\d“"‘]/u;
const SINGLE_CAPITAL = /^\p{Lu}$/u;

/** Terminal punctuation, closing marks, then whitespace (or an opening quote glued on). */
const CANDIDATE = /[.!?]+[”’"')\]]*(?:\s+|(?=[“‘]))/g;
const PARAGRAPH = /\n[ \t\r]*\n\s*/g;
const WORD_CHAR = /[\p{L}.'’-]/u;
const INITIALISM = /^(?:\p{L}\.){2,}$/u;
/** A capital, digit or opening mark starts the next sentence, after a `::` list bullet of wire copy too. */
const NEXT_START = /^(?:::\s+)?[“‘"'([]?[\p{Lu}\d]/u;

/**
 * Splits news text into sentences. Blank lines (paragraph breaks) always end a sentence, so
 * headlines and bylines without a full stop stand alone; a short line without terminal
 * punctuation followed by a capitalised line is treated the same way (datelines, titles).
 * Inside a paragraph a sentence ends at `.`, `!` or `?` (plus closing quotes/brackets) before a
 * capital, digit or opening quote, unless the period belongs to an abbreviation (`Mr.`, `Feb. 24`,
 * `U.N. Security`). Spans point into `text` and exclude surrounding whitespace.
 *
 * A rule-based splitter rather than wink-nlp's: it is about ten times faster on news copy and
 * handles layout (blank-line breaks) that the model does not see; see docs/extract-text.md.
 *
 * @example splitSentences('KYIV, April 3 – Troops left.\n\nBodies lay in Bucha.').length // 2
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let paragraphStart = 0;
  PARAGRAPH.lastIndex = 0;
  for (let match = PARAGRAPH.exec(text); ; match = PARAGRAPH.exec(text)) {
    const paragraphEnd = match ? match.index : text.length;
    splitLines(text, paragraphStart, paragraphEnd, sentences);
    if (!match) break;
    paragraphStart = match.index + match[0].length;
  }
  return sentences;
}

function splitLines(text: string, start: number, end: number, out: Sentence[]): void {
  const width = wrapWidth(text, start, end);
  // A lone newline after a short unpunctuated line (headline, dateline, byline) is a break.
  let lineStart = start;
  for (
    let index = text.indexOf('\n', start);
    index !== -1 && index < end;
    index = text.indexOf('\n', index + 1)
  ) {
    const line = text.slice(lineStart, index).trim();
    const next = text.slice(index + 1, Math.min(end, index + 3)).trimStart();
    // `… made by Jim⏎Sands when …`: in copy wrapped at a fixed width, a line the next word would
    // not have fitted on was wrapped there, inside its sentence.
    const nextWord = NEXT_WORD.exec(text.slice(index + 1, Math.min(end, index + 60)))?.[0].length ?? 0;
    const wrapped = width > 0 && text.slice(lineStart, index).trimEnd().length + 1 + nextWord > width;
    if (
      line.length > 0 &&
      line.length < 80 &&
      !wrapped &&
      !/[.!?,;:”"’)]$/.test(line) &&
      LINE_OPENER.test(next)
    ) {
      splitParagraph(text, lineStart, index, out);
      lineStart = index + 1;
    }
  }
  splitParagraph(text, lineStart, end, out);
}

const NEXT_WORD = /^[ \t]*\S+/;
const LINES = /[^\n]*\n?/g;

/**
 * The width a paragraph's lines were wrapped at: its longest line, when it has four lines or more
 * of which at least half are within 12 characters of that longest (hard-wrapped wire copy);
 * else 0 (lines that end where their author ended them). Chosen by reading wrapped wire copy,
 * whose lines fill 60–80 columns, against web copy, whose paragraphs are one line each.
 */
function wrapWidth(text: string, start: number, end: number): number {
  const lengths: number[] = [];
  LINES.lastIndex = 0;
  const block = text.slice(start, end);
  for (let match = LINES.exec(block); match && match[0] !== ''; match = LINES.exec(block))
    lengths.push(match[0].replace(/\s+$/, '').length);
  if (lengths.length < 4) return 0;
  const longest = Math.max(...lengths);
  const full = lengths.filter((length) => length >= longest - 12).length;
  return full * 2 >= lengths.length ? longest : 0;
}

/**
 * True when the newline at `newline` was put there by wrapping copy at a fixed width: the lines
 * around it (six each way) are hard-wrapped and the word after the newline would not have fitted
 * on the line before it. A line start there is no sentence start.
 */
export function wrapsAt(text: string, newline: number): boolean {
  let from = newline;
  for (let k = 0; k < 6 && from > 0; k++) from = text.lastIndexOf('\n', from - 1);
  let to = newline;
  for (let k = 0; k < 6 && to < text.length; k++) {
    const next = text.indexOf('\n', to + 1);
    to = next < 0 ? text.length : next;
  }
  const width = wrapWidth(text, Math.max(0, from + 1), to);
  if (width === 0) return false;
  const lineStart = text.lastIndexOf('\n', newline - 1) + 1;
  const nextWord = NEXT_WORD.exec(text.slice(newline + 1, newline + 60))?.[0].length ?? 0;
  return text.slice(lineStart, newline).trimEnd().length + 1 + nextWord > width;
}

function splitParagraph(text: string, start: number, end: number, out: Sentence[]): void {
  const { never, months, starters } = getRules();
  const paragraph = text.slice(start, end);
  let sentenceStart = 0;
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(paragraph); match; match = CANDIDATE.exec(paragraph)) {
    const breakAt = match.index + match[0].length;
    const rest = paragraph.slice(breakAt, breakAt + 40);
    if (!NEXT_START.test(rest)) continue;
    if (match[0][0] === '.' && match[0].length - match[0].trimEnd().length >= 0) {
      const word = lastWord(paragraph, Math.max(sentenceStart, match.index - 30), match.index + 1);
      const bare = word.replace(/\.$/, '').replace(/^.*[’'-]/, '');
      const nextWord = /^[“‘"'(]?([\p{L}\d]+)/u.exec(rest)?.[1] ?? '';
      if (match[0].trimEnd() === '.') {
        if (never.has(bare.toLowerCase())) continue;
        if (months.has(bare.toLowerCase()) && /^\d/.test(nextWord)) continue;
        if (SINGLE_CAPITAL.test(bare)) continue; // middle initial: `John F. Kennedy`
        if (INITIALISM.test(word) && !starters.has(nextWord)) continue;
      }
    }
    push(text, start + sentenceStart, start + breakAt, out);
    sentenceStart = breakAt;
  }
  push(text, start + sentenceStart, end, out);
}

/** The run of letters, periods, apostrophes and hyphens that ends at `end` (not before `from`). */
function lastWord(text: string, from: number, end: number): string {
  let start = end;
  while (start > from) {
    const code = text.charCodeAt(start - 1);
    const ascii =
      (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 46 || code === 39 || code === 45;
    if (ascii) {
      start--;
      continue;
    }
    // A letter outside the BMP is a surrogate pair.
    const width = code >= 0xdc00 && code <= 0xdfff && start - 2 >= from ? 2 : 1;
    if (code < 128 || !WORD_CHAR.test(text.slice(start - width, start))) break;
    start -= width;
  }
  return text.slice(start, end);
}

function push(text: string, start: number, end: number, out: Sentence[]): void {
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  if (end > start) out.push({ span: [start, end], text: text.slice(start, end) });
}

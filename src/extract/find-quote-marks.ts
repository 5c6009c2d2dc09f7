import type { Diagnostic, Span } from '../core/types.js';

/** One outermost quotation: marks included in `span`, one content part per paragraph. */
export interface QuoteRegion {
  span: Span;
  parts: Span[];
  family: 'double' | 'single';
}

const PARAGRAPH_BREAK = /\n[ \t\r]*\n\s*/g;
const LETTER = /[\p{L}\p{N}]/u;
const CLOSING_DOUBLE = '”"»';

/**
 * Pairs quotation marks paragraph by paragraph. Straight and curly, double and single marks are
 * handled; marks of the other family inside a quotation are nested quotes and stay part of it;
 * an apostrophe (`’` between letters, `Russia’s`, `can’t`) never opens or closes. A quotation left
 * open at a paragraph's end continues when the next paragraph opens with a mark of the same
 * family (news style for multi-paragraph quotes); otherwise the mark is reported as unbalanced
 * and no quotation is paired from it.
 */
export function findQuoteMarks(text: string): { regions: QuoteRegion[]; diagnostics: Diagnostic[] } {
  // Quotes and attributions both ask for the same document in a row: keep the last answer.
  if (last && last.text === text) return { regions: last.regions, diagnostics: [...last.diagnostics] };
  const result = pairMarks(text);
  last = { text, ...result };
  return { regions: result.regions, diagnostics: [...result.diagnostics] };
}

let last: { text: string; regions: QuoteRegion[]; diagnostics: Diagnostic[] } | undefined;
/** Typewriter pairs (TREC and LaTeX copy): two grave accents open, two apostrophes close. */
/** Length of the mark at `i`: 2 for a typewriter pair, else 1. */
const markLength = (text: string, i: number): number =>
  (text[i] === '`' && text[i + 1] === '`') || (text[i] === "'" && text[i + 1] === "'") ? 2 : 1;
/** Quotation marks (and apostrophes) that open a mark, by UTF-16 code unit; a typewriter pair opens with a grave accent. */
const MARKS = new Set(['"', '“', '”', '„', '«', '»', "'", '‘', '’', '`'].map((c) => c.charCodeAt(0)));
const MAX_RETRIES = 8;

function pairMarks(text: string): { regions: QuoteRegion[]; diagnostics: Diagnostic[] } {
  const paragraphs: Span[] = [];
  let start = 0;
  PARAGRAPH_BREAK.lastIndex = 0;
  for (let match = PARAGRAPH_BREAK.exec(text); match; match = PARAGRAPH_BREAK.exec(text)) {
    paragraphs.push([start, match.index]);
    start = match.index + match[0].length;
  }
  paragraphs.push([start, text.length]);

  const regions: QuoteRegion[] = [];
  const diagnostics: Diagnostic[] = [];
  let carried: { open: number; family: 'double' | 'single'; parts: Span[] } | null = null;
  for (let p = 0; p < paragraphs.length; p++) {
    const [from, to] = paragraphs[p]!;
    let position = from;
    let retries = 0;
    if (carried) {
      const first = text[from] ?? '';
      if (!isOpening(text, from, carried.family)) {
        diagnostics.push(unbalanced(carried.open, first));
        carried = null;
      }
    }
    while (position < to) {
      const scan = scanParagraph(text, position, to, carried);
      if (scan.kind === 'closed') {
        const parts = [...scan.parts];
        regions.push({ span: [scan.open, scan.close + 1], parts, family: scan.family });
        carried = null;
        position = scan.close + 1;
      } else if (scan.kind === 'open-at-end') {
        const next = paragraphs[p + 1];
        if (next && isOpening(text, next[0], scan.family)) {
          carried = { open: scan.open, family: scan.family, parts: scan.parts };
        } else {
          diagnostics.push(unbalanced(scan.open, ''));
          carried = null;
          // Rescan after the stray mark, a bounded number of times per paragraph (hostile input
          // with thousands of stray marks must stay linear).
          if (++retries > MAX_RETRIES) break;
          position = scan.open + 1;
          continue;
        }
        break;
      } else break;
    }
  }
  return { regions, diagnostics };
}

type Scan =
  | { kind: 'closed'; open: number; close: number; parts: Span[]; family: 'double' | 'single' }
  | { kind: 'open-at-end'; open: number; parts: Span[]; family: 'double' | 'single' }
  | { kind: 'none' };

function scanParagraph(
  text: string,
  from: number,
  to: number,
  carried: { open: number; family: 'double' | 'single'; parts: Span[] } | null,
  nest = true,
): Scan {
  let open = carried ? carried.open : -1;
  let family: 'double' | 'single' | null = carried ? carried.family : null;
  let contentStart = carried ? from + markLength(text, from) : -1;
  const parts: Span[] = carried ? [...carried.parts] : [];
  const closeAt = (i: number): Scan => {
    parts.push([contentStart, i]);
    return { kind: 'closed', open, close: i + markLength(text, i) - 1, parts, family: family ?? 'single' };
  };
  let nested = 0;
  // Quotations of the same family inside this one (`'… what she called 'this cruel world' is …'`).
  let inner = 0;
  // The first mark that closed an inner quotation: when the outer one does not close in the same
  // sentence, that mark closed both (`'… and saying 'pay me'. He left.` with one mark for two).
  let innerClose = -1;
  // A plain loop bounded by the paragraph: a regular expression's search would run on past `to`
  // to the next mark in the document, quadratic over many paragraphs without marks.
  let step = 1;
  for (let i = carried ? contentStart : from; i < to; i += step) {
    step = 1;
    if (innerClose >= 0 && SENTENCE_END.test(text.slice(i, i + 2))) return closeAt(innerClose);
    if (!MARKS.has(text.charCodeAt(i))) continue;
    if (text[i] === '`' && text[i + 1] !== '`') continue;
    step = markLength(text, i);
    if (family === null) {
      if (isOpening(text, i, 'double')) {
        family = 'double';
      } else if (isOpening(text, i, 'single')) {
        family = 'single';
      } else continue;
      open = i;
      contentStart = i + step;
      continue;
    }
    const other = family === 'double' ? 'single' : 'double';
    if (nested > 0) {
      if (isClosing(text, i, other)) nested--;
      continue;
    }
    if (isClosing(text, i, family)) {
      if (family === 'single' && pluralPossessive(text, i, to)) continue;
      if (inner > 0) {
        inner--;
        if (innerClose < 0) innerClose = i;
        continue;
      }
      parts.push([contentStart, i]);
      return { kind: 'closed', open, close: i + step - 1, parts, family };
    }
    if (family === 'double' && reopens(text, i)) {
      // A new paragraph of the same quotation in copy without blank lines between paragraphs:
      // the mark reopens it, and is not part of what was said.
      parts.push([contentStart, trimEnd(text, contentStart, i)]);
      contentStart = i + step;
      continue;
    }
    if (isOpening(text, i, other)) nested++;
    // A mark that can only open (after a space, before a letter; `“`, ``` `` ```) inside an open
    // quotation of its own family opens a quotation inside it: the next closing mark is its end.
    else if (nest && opensInside(text, i, family)) inner++;
  }
  if (family === null) return { kind: 'none' };
  if (innerClose >= 0) return closeAt(innerClose);
  // An inner quotation that never closed was no quotation: pair the marks without nesting.
  if (inner > 0) return scanParagraph(text, from, to, carried, false);
  parts.push([contentStart, trimEnd(text, contentStart, to)]);
  return { kind: 'open-at-end', open, parts, family };
}

/**
 * `'… three weeks' hard labour …'`: a single mark after a plural's `s`, before a lower-case word,
 * is its possessive apostrophe when the paragraph's next mark closes (and none opens) a quotation.
 * `'thugs' and said 'go'` closes: the next mark opens another quotation.
 */
function pluralPossessive(text: string, i: number, to: number): boolean {
  if (text[i - 1] !== 's' || !/^ \p{Ll}/u.test(text.slice(i + 1, i + 3))) return false;
  for (let k = i + 1; k < to; k++) {
    const c = text[k]!;
    if (c !== "'" && c !== '’' && c !== '‘') continue;
    if (isOpening(text, k, 'single')) return false;
    if (isClosing(text, k, 'single')) return true;
  }
  return false;
}

function opensInside(text: string, i: number, family: 'double' | 'single'): boolean {
  const c = text[i];
  // After the end of a sentence the mark more likely opens the quotation's next paragraph, its
  // break lost (`… scared. 'I still …`): that mark is dropped from the content later, not nested.
  if (AFTER_SENTENCE.test(text.slice(Math.max(0, i - 4), i))) return false;
  // Double marks are not nested in their own family: inside a quotation an opening `“` or ``` `` ```
  // is far more often the next paragraph of it (copy without blank lines) than a quotation in it.
  if (family === 'double') return false;
  return (c === "'" || c === '‘') && /\s/.test(text[i - 1] ?? '') && isOpening(text, i, 'single');
}
const AFTER_SENTENCE = /[.!?…]['’"”]?\s+$/;
/** A stop followed by a space: an inner quotation's sentence has ended without the outer closing. */
const SENTENCE_END = /^[.!?]\s/;

function isOpening(text: string, i: number, family: 'double' | 'single'): boolean {
  const c = text[i] ?? '';
  const before = text[i - 1] ?? ' ';
  const after = text[i + 1] ?? ' ';
  if (family === 'double') {
    if (c === '“' || c === '„' || c === '«' || (c === '`' && text[i + 1] === '`')) return true;
    return c === '"' && !/\s/.test(after) && !LETTER.test(before);
  }
  if (c === '‘') return /[\s([—–.!?:-]/.test(before) && !/\s/.test(after);
  if (c === "'" && text[i + 1] !== "'")
    return /[\s([—–-]/.test(before) && LETTER.test(after) && !/\d/.test(after);
  return false;
}

/**
 * An opening double mark that cannot open a nested quotation (`` `` ``, `“` or an opening `"` inside
 * an open double quotation, which nests with single marks) after the end of a sentence: the next
 * paragraph of the same quotation (`…should be.\n``In size, …''`).
 */
function reopens(text: string, i: number): boolean {
  const c = text[i];
  const straight = c === '"' && isOpening(text, i, 'double');
  if (c !== '“' && !(c === '`' && text[i + 1] === '`') && !straight) return false;
  let k = i - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t' || text[k] === '\r')) k--;
  if (text[k] === '\n') return true;
  return k < i - 1 && /[.!?…]['’]?$/.test(text.slice(Math.max(0, k - 1), k + 1));
}

function isClosing(text: string, i: number, family: 'double' | 'single'): boolean {
  const c = text[i] ?? '';
  const before = text[i - 1] ?? ' ';
  const after = text[i + 1] ?? ' ';
  if (family === 'double') {
    if (c === "'" && text[i + 1] === "'") return !/\s/.test(before);
    return CLOSING_DOUBLE.includes(c) && (c !== '"' || !/\s/.test(before) || !LETTER.test(after));
  }
  if ((c !== '’' && c !== "'") || markLength(text, i) === 2) return false;
  if (LETTER.test(before) && LETTER.test(after)) return false; // apostrophe: Russia’s, can’t
  return !/\s/.test(before);
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return end;
}

function unbalanced(open: number, found: string): Diagnostic {
  return {
    rule: 'extract/unbalanced-quote',
    severity: 'warning',
    message: `Quotation mark at offset ${open} is never closed in its paragraph${found ? ` (next paragraph starts with ${JSON.stringify(found)})` : ''}; no quotation was paired from it.`,
    hint: 'Check the source text for a missing closing quotation mark.',
    span: [open, open + 1],
  };
}

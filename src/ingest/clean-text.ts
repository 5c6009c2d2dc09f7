/**
 * Cleaning of canonical text, after a reader and before anything reads offsets into the text:
 *
 * - every format: control characters other than tab and newline are removed (a form feed or
 *   vertical tab becomes a newline, so that the words around it stay apart);
 * - plain text and Markdown: a wire-copy header line at the top (`09:40 05/03/99: Page 3 (XYZ)
 *   HOME Fire`) is moved out of the text into the record's change list, with its parts; and
 *   lines of web-page furniture (navigation, share buttons, tag lists, related-story lists,
 *   captions and credits, cookie and subscription notices, copyright lines, comment prompts) are
 *   removed by the rules of data/boilerplate.json.
 *
 * Every change is listed (`TextChange`): ingest records the list in the capture's custody entry,
 * and the original bytes stay as they are in the store. Rules match whole lines and never a line
 * that reads as a report's sentence; see docs/formats.md "Cleaning".
 */
import { readFileSync } from 'node:fs';
import type { TextChange } from './reader.js';

/** Longest removed text kept in a change record, in characters (the original has it all). */
const KEEP_CHARS = 200;

export interface Cleaned {
  text: string;
  changes: TextChange[];
  /** Parts of a wire-copy header line that was removed. */
  wireHeader?: WireHeader;
}

export interface WireHeader {
  time: string;
  /** The date as written (`12/07/99`): day and month order differs between agencies. */
  date: string;
  /** ISO date when the written date can only be read one way, else null. */
  isoDate: string | null;
  page: string;
  code: string;
  desk: string;
  slug: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Removes control characters (tab and newline kept; form feed and vertical tab → newline). */
export function stripControlCharacters(text: string): { text: string; change: TextChange | null } {
  if (!CONTROL.test(text)) return { text, change: null };
  const counts = new Map<number, number>();
  let removed = 0;
  const out = text.replace(CONTROL_ALL, (c) => {
    const code = c.charCodeAt(0);
    counts.set(code, (counts.get(code) ?? 0) + 1);
    removed++;
    return code === 0x0b || code === 0x0c ? '\n' : '';
  });
  const list = [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([code, n]) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}${n > 1 ? ` ×${n}` : ''}`)
    .join(', ');
  return {
    text: out,
    change: {
      rule: 'ingest/control-characters',
      reason: 'control characters are not text (form feed and vertical tab became line breaks)',
      removed: list,
      chars: removed,
    },
  };
}

/**
 * A wire-copy header: time, date, `Page N`, a code in parentheses, the desk in capitals, the
 * story's slug. Only the general shape is matched, never a particular desk or slug.
 */
const WIRE_HEADER =
  /^(\d{1,2}:\d{2})\s+(\d{1,2}\/\d{1,2}\/\d{2,4}):?\s+Page\s+(\d{1,3})\s+\(([A-Z0-9]{1,8})\)\s+([A-Z][A-Z&/-]{1,20})(?:\s+(\S.{0,79}))?$/;

export function parseWireHeader(line: string): WireHeader | null {
  const m = WIRE_HEADER.exec(line.trim());
  if (!m) return null;
  const [, time, date, page, code, desk, slug] = m as unknown as string[];
  return {
    time: time as string,
    date: date as string,
    isoDate: unambiguousDate(date as string),
    page: page as string,
    code: code as string,
    desk: desk as string,
    slug: (slug ?? '').trim(),
  };
}

/** `25/12/99` or `12/25/99` → `1999-12-25`; `12/07/99` (either order possible) → null. */
function unambiguousDate(written: string): string | null {
  const [a, b, y] = written.split('/').map(Number) as [number, number, number];
  const year = y < 100 ? (y >= 50 ? 1900 + y : 2000 + y) : y;
  let day: number;
  let month: number;
  if (a > 12 && b <= 12) [day, month] = [a, b];
  else if (b > 12 && a <= 12) [day, month] = [b, a];
  else if (a === b && a <= 12) [day, month] = [a, a];
  else return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (day < 1 || d.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Boilerplate rules (data/boilerplate.json)

interface RuleData {
  id: string;
  kind: string;
  pattern: string;
  flags?: string;
  maxWords?: number;
  maxChars?: number;
  endsWith?: string;
  needs?: 'secondPerson';
  part?: boolean;
}

interface BoilerplateData {
  rules: RuleData[];
  relatedListHeader: { kind: string; pattern: string };
  relatedInline: { kind: string; pattern: string };
  uiWords: { words: string[] };
  reportingWords: { words: string[] };
}

interface Rule {
  id: string;
  kind: string;
  re: RegExp;
  maxWords: number;
  maxChars: number;
  endsWith: string | null;
  secondPerson: boolean;
  /** Removes only what the pattern's first group captures, not the line. */
  part: boolean;
}

interface Rules {
  rules: Rule[];
  relatedHeader: { kind: string; re: RegExp };
  relatedInline: { kind: string; re: RegExp };
  uiLine: RegExp;
  reporting: RegExp;
}

let cached: Rules | null = null;

function rules(): Rules {
  if (cached) return cached;
  const data = JSON.parse(
    readFileSync(new URL('../../data/boilerplate.json', import.meta.url), 'utf8'),
  ) as BoilerplateData;
  const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const ui = [...data.uiWords.words].sort((a, b) => b.length - a.length).map(escapeRe);
  cached = {
    rules: data.rules.map((r) => ({
      id: r.id,
      kind: r.kind,
      re: new RegExp(r.pattern, r.flags ?? 'i'),
      maxWords: r.maxWords ?? Number.POSITIVE_INFINITY,
      maxChars: r.maxChars ?? MAX_RULE_LINE,
      endsWith: r.endsWith ?? null,
      secondPerson: r.needs === 'secondPerson',
      part: r.part === true,
    })),
    relatedHeader: { kind: data.relatedListHeader.kind, re: new RegExp(data.relatedListHeader.pattern, 'i') },
    relatedInline: { kind: data.relatedInline.kind, re: new RegExp(data.relatedInline.pattern, 'i') },
    uiLine: new RegExp(`^(?:(?:${ui.join('|')})(?:\\s*[|/•·›»>,:]\\s*|\\s+|$))+$`, 'i'),
    reporting: new RegExp(`\\b(?:${data.reportingWords.words.map(escapeRe).join('|')})\\b`, 'i'),
  };
  return cached;
}

const ADDRESSES_READER = /\b(?:you|your|you're|you’re|you've|you’ve|yours|we|our|us)\b/i;
/** Quotation marks, with the doubled backticks and apostrophes of older wire copy. */
const QUOTE_MARK = /["“”„«»]|``|''/;
/** Longest line a rule looks at: longer lines are paragraphs of the report. */
const MAX_RULE_LINE = 1500;

/** Words (runs of non-space characters) in `line`, counted without allocating. */
function wordCount(line: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const space =
      c === 32 || c === 9 || c === 10 || c === 0xa0 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** A headline in a related-story list: a short line without a sentence end. */
function headlineLike(line: string): boolean {
  const words = wordCount(line);
  return words >= 2 && words <= 20 && line.length <= 160 && !/[.!:;,]["'”’)]?$/.test(line);
}

/**
 * A navigation line: at least three short items (up to four words each, no sentence punctuation)
 * separated by `|`, `•`, `·`, `›`, `»` or ` > `, such as a breadcrumb or a menu.
 */
function navigationLine(line: string): boolean {
  if (line.length > 200 || !/[|•·›»]| > /.test(line)) return false;
  const items = line.split(/\s*[|•·›»]\s*|\s+>\s+/);
  if (items.length < 3) return false;
  return items.every((item) => item === '' || (wordCount(item) <= 4 && !/[.!?]$/.test(item)));
}

/**
 * For notice rules: the line addresses the reader, quotes no one, has no reporting word, and each
 * of its sentences matches the rule by itself (or is an exclamation or question of up to four
 * words, such as `Sign up!`), so that a notice glued to a sentence of the report does not take
 * the sentence with it.
 */
function addressesReaderOnly(line: string, re: RegExp, reporting: RegExp): boolean {
  if (!ADDRESSES_READER.test(line) || QUOTE_MARK.test(line) || reporting.test(line)) return false;
  return line
    .split(/(?<=[.!?])\s+(?=[A-Z“"‘'])/)
    .every(
      (sentence) => re.test(sentence.trim()) || (wordCount(sentence) <= 4 && /[!?]$/.test(sentence.trim())),
    );
}

/** Which rule removes `line` (trimmed, not blank), or null; `part` is the text to cut when only part goes. */
function lineRule(line: string, r: Rules): { id: string; kind: string; part?: string } | null {
  if (line.length > MAX_RULE_LINE) return null;
  if (line.length <= 120 && r.uiLine.test(line)) return { id: 'ui-labels', kind: 'navigation/share buttons' };
  if (navigationLine(line)) return { id: 'navigation', kind: 'site navigation' };
  const words = wordCount(line);
  let addresses: boolean | undefined;
  for (const rule of r.rules) {
    // The cheap checks first: most lines of a report fail them.
    if (line.length > rule.maxChars || words > rule.maxWords) continue;
    if (rule.endsWith !== null && !line.endsWith(rule.endsWith)) continue;
    if (rule.secondPerson) {
      addresses ??= ADDRESSES_READER.test(line);
      if (!addresses) continue;
    }
    const m = rule.re.exec(line);
    if (!m) continue;
    if (rule.part) {
      if (m[1]) return { id: rule.id, kind: rule.kind, part: m[1] };
      continue;
    }
    if (rule.secondPerson && !addressesReaderOnly(line, rule.re, r.reporting)) continue;
    return { id: rule.id, kind: rule.kind };
  }
  const inline = r.relatedInline.re.exec(line);
  if (inline && headlineLike((inline[1] as string).trim()))
    return { id: 'related-link', kind: r.relatedInline.kind };
  return null;
}

/**
 * True when line `i` is part of a sentence wrapped over several lines (hard-wrapped copy): the
 * line before it runs on into it (no sentence end, and this line starts in lower case), or it
 * runs on into the next line (which starts in lower case). Such a line is never removed.
 */
function isFragment(lines: string[], i: number): boolean {
  const line = (lines[i] as string).trim();
  const previous = i > 0 ? (lines[i - 1] as string).trim() : '';
  const next = i + 1 < lines.length ? (lines[i + 1] as string).trim() : '';
  const startsLower = (s: string) => /^["“‘'(]?\p{Ll}/u.test(s);
  if (previous !== '' && !/[.!?:;"”’)\]]$/.test(previous) && startsLower(line)) return true;
  return next !== '' && startsLower(next);
}

function clip(text: string): string {
  return text.length > KEEP_CHARS ? `${text.slice(0, KEEP_CHARS)}…` : text;
}

/**
 * Removes wire-header and boilerplate lines from plain text. `text` is canonical (`\n` line
 * ends). When the rules would remove every line, nothing is removed.
 */
export function removeBoilerplate(text: string): Cleaned {
  const r = rules();
  const lines = text.split('\n');
  const removed: (TextChange | null)[] = new Array(lines.length).fill(null);
  let wireHeader: WireHeader | undefined;

  const first = lines.findIndex((l) => l.trim() !== '');
  if (first >= 0) {
    const header = parseWireHeader(lines[first] as string);
    if (header) {
      wireHeader = header;
      removed[first] = {
        rule: 'ingest/wire-header',
        reason: 'wire-copy header line (time, date, page, desk, slug), kept as metadata',
        line: first + 1,
        removed: clip((lines[first] as string).trim()),
        chars: (lines[first] as string).length,
        fields: { ...header },
      };
    }
  }

  const fullLines = new Set<string>();
  for (const l of lines) if (l.length > 40) fullLines.add(l.trim());

  const remove = (i: number, id: string, kind: string): void => {
    const line = lines[i] as string;
    removed[i] = {
      rule: `ingest/boilerplate/${id}`,
      reason: kind,
      line: i + 1,
      removed: clip(line.trim()),
      chars: line.length,
    };
  };
  // Lines of which only a part is cut (a credit after a caption): line index → kept text.
  const shortened = new Map<number, string>();
  const partial: TextChange[] = [];

  // Caption texts already met (after their slideshow counter), to drop repeats.
  const captions = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    if (removed[i]) continue;
    const line = (lines[i] as string).trim();
    if (line === '' || isFragment(lines, i)) continue;
    // The first line of a page saved as text is its title: only menus and button rows go.
    if (i === first) {
      const rule = lineRule(line, r);
      if (rule && (rule.id === 'ui-labels' || rule.id === 'navigation')) remove(i, rule.id, rule.kind);
      continue;
    }
    if (line.length <= 80 && r.relatedHeader.re.test(line)) {
      // The header and the headline lines after it (blank lines between them allowed).
      const list: number[] = [];
      let j = i + 1;
      while (j < lines.length && list.length < 12) {
        const next = (lines[j] as string).trim();
        if (next === '') {
          j++;
          continue;
        }
        if (!headlineLike(next) || isFragment(lines, j) || lineRule(next, r) !== null) break;
        list.push(j);
        j++;
      }
      remove(i, 'related-list', r.relatedHeader.kind);
      for (const k of list) remove(k, 'related-list', r.relatedHeader.kind);
      continue;
    }
    const rule = lineRule(line, r);
    if (rule?.id === 'gallery-caption' && rule.part !== undefined) {
      const caption = line.slice(rule.part.length).trim();
      if (captions.has(caption)) {
        remove(i, 'gallery-duplicate', 'slideshow caption repeating an earlier caption');
        continue;
      }
      captions.add(caption);
    }
    if (rule?.part !== undefined) {
      const full = lines[i] as string;
      const at = rule.id === 'gallery-caption' ? full.indexOf(rule.part) : full.lastIndexOf(rule.part);
      shortened.set(i, full.slice(0, at) + full.slice(at + rule.part.length));
      partial.push({
        rule: `ingest/boilerplate/${rule.id}`,
        reason: rule.kind,
        line: i + 1,
        removed: clip(rule.part.trim()),
        chars: rule.part.length,
      });
      continue;
    }
    if (rule) {
      remove(i, rule.id, rule.kind);
      continue;
    }
    // A teaser cut short with an ellipsis, whose full text is another line of the page.
    const teaser =
      line.endsWith('...') || line.endsWith('…') ? /^(.{25,300}?)\s*(?:\.\.\.|…)$/.exec(line) : null;
    if (teaser && wordCount(line) >= 5) {
      const stem = teaser[1] as string;
      for (const full of fullLines) {
        if (full.length > stem.length + 3 && full !== line && full.startsWith(stem)) {
          remove(i, 'truncated-duplicate', 'teaser repeating the start of another line');
          break;
        }
      }
    }
  }

  const changes = [...removed.filter((c): c is TextChange => c !== null), ...partial].sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0),
  );
  if (changes.length === 0) return { text, changes };
  const kept = lines.filter((l, i) => !removed[i] && l.trim() !== '');
  if (kept.length === 0) return { text, changes: [] };

  // Drop removed lines; a blank line left between two blank lines (or at the start) goes too.
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (removed[i]) continue;
    const line = shortened.get(i) ?? (lines[i] as string);
    if (line.trim() === '' && removed[i - 1]) {
      const previous = out.length === 0 ? '' : (out[out.length - 1] as string);
      if (out.length === 0 || previous.trim() === '') continue;
    }
    out.push(line);
  }
  return wireHeader ? { text: out.join('\n'), changes, wireHeader } : { text: out.join('\n'), changes };
}

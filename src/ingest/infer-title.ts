import type { Span } from '../core/types.js';

/**
 * The first line as a title when it looks like one: 3–200 characters and at most 30 words, not
 * ending in a full stop, comma, colon or semicolon (a closing quote or bracket after one counts),
 * starting with a letter, digit or quotation mark, not a byline (`By Name`) nor a time stamp
 * (`Updated May 2, 2013, 1:12 PM`), and followed by more text. When the next line follows without
 * a blank line (hard-wrapped text), the line must also be in title case (most words of four or
 * more letters capitalised). `dateline` marks a first line that opens with a dateline, which is
 * body text.
 */
export function inferTitle(text: string, startsWithDateline: boolean): { value: string; span: Span } | null {
  if (startsWithDateline) return null;
  const lineEnd = text.indexOf('\n');
  if (lineEnd < 0) return null;
  const line = text.slice(0, lineEnd);
  const value = line.trim();
  const start = line.indexOf(value);
  if (value.length < 3 || value.length > 200 || value.split(/\s+/).length > 30) return null;
  if (!/^[\p{L}\p{N}"'“‘«]/u.test(value)) return null;
  if (/^By \p{Lu}/u.test(value)) return null; // a byline, not a headline
  if (isTimestamp(value)) return null; // "May 2, 2013, 1:12 PM", "Updated Friday, June 7, 2013"
  if (/[.,:;]["'”’»)\]]*$/u.test(value) && !/\.\.\.$|…$/.test(value)) return null;
  const rest = text.slice(lineEnd + 1);
  if (rest.trim() === '') return null;
  if (!/^[ \t]*\n/.test(rest) && !isTitleCase(value)) return null;
  return { value, span: [start, start + value.length] };
}

const stampWord =
  /^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|[\d:/.@|-]+(?:st|nd|rd|th|am|pm)?|a\.?m|p\.?m|[a-z]{1,3}t|gmt|utc|at|on|updated|posted|published|first|last|modified|originally)[.,:]*$/i;

/** A line made only of dates, times, zones and words like "Updated" or "Posted". */
function isTimestamp(line: string): boolean {
  return line
    .split(/[\s/]+/)
    .filter((word) => word !== '')
    .every((word) => stampWord.test(word));
}

function isTitleCase(line: string): boolean {
  const words = line.split(/\s+/).filter((w) => /^\p{L}{4,}/u.test(w));
  if (words.length === 0) return true;
  return words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length >= 0.6;
}

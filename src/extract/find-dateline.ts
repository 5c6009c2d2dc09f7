import type { Span } from '../core/types.js';

// Regular expressions live at module level: a `\p{…}` literal in a function body is rebuilt on every call.
const HEAD_DATELINE = /^\s*(\p{Lu}{2}[\p{Lu}\p{L}\d .,'’-]{0,60}?)(?:\s*\([^)]{1,30}\))?\s*[—–-]{1,2}\s/u;
/**
 * A dateline opening a later line: a place in capitals ("FERNWICK", "PORT ELLIS"), then an
 * optional qualifier (", Ohio", ", N.Y.", ", Westshire County"), an optional credit in
 * parentheses, and a dash. Only capitals: a line of the report's own words opens with a capital
 * and goes on in lower case.
 */
const LINE_DATELINE =
  /^[ \t]*\p{Lu}[\p{Lu}'’.-]+(?:[ \t]+\p{Lu}[\p{Lu}'’.-]+){0,3}(?:,[ \t]+\p{Lu}[\p{L}'’.]*(?:[ \t]+\p{Lu}[\p{L}'’.]*){0,2})?(?:[ \t]*\([^)\n]{1,30}\))?[ \t]*[—–-]{1,2}[ \t]/u;
/** How far into a report a dateline may stand: past a page's title, a caption and a time stamp. */
const DATELINE_REACH = 1500;
/** How many lines a dateline may follow. */
const DATELINE_LINES = 8;

/**
 * The dateline of a report as its text shows it: its first line when that reads like one
 * ("KYIV, Ukraine (AP) —"), else the first of its opening lines that opens with a place in
 * capitals and a dash ("FERNWICK, Ohio —" after a page's title and a photo caption). Null when
 * there is none.
 *
 * @example findDateline('Two hurt in crash\n\nFERNWICK — Two people were hurt.') // [19, 29]
 */
export function findDateline(text: string): Span | null {
  const head = HEAD_DATELINE.exec(text);
  if (head) return [0, head[0].length];
  let at = text.indexOf('\n');
  for (let line = 1; at !== -1 && at < DATELINE_REACH && line <= DATELINE_LINES; line++) {
    const start = at + 1;
    const next = text.indexOf('\n', start);
    if (next !== start) {
      const m = LINE_DATELINE.exec(text.slice(start, next === -1 ? text.length : next));
      if (m) return [start, start + m[0].length];
    } else line--;
    at = next;
  }
  return null;
}

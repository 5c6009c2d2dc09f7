import type { Span } from '../core/types.js';

const name =
  "\\p{Lu}[\\p{L}'’-]*\\.?(?: (?:\\p{Lu}[\\p{L}'’-]*\\.?|de|da|van|von|der|al|bin|ibn|la|le)){1,4}";
const byline = new RegExp(`^By (${name}(?:(?: and | & )${name})*)(?:\\s*(?:[,|·•]|[–—-] )\\s*.*)?$`, 'u');

/**
 * A byline line near the head of the text: one of the first four non-empty lines (after the title),
 * at most 120 characters, reading `By <Name>` with an optional outlet, date or place after a comma,
 * bar, dot or dash: `By Hassan Odhiambo, NewsPulse Africa`, `By Ann Lee and Bo Park · 10 March`.
 * The value is the name(s) only; `span` covers them.
 */
export function inferByline(text: string, from: number): { value: string; span: Span } | null {
  let lineStart = from;
  for (let seen = 0; seen < 4 && lineStart < text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    if (lineEnd - lineStart > 0 && text.slice(lineStart, lineEnd).trim() !== '') {
      seen++;
      const line = text.slice(lineStart, lineEnd);
      const trimmed = line.trim();
      const m = trimmed.length <= 120 ? byline.exec(trimmed) : null;
      if (m?.[1]) {
        const start = lineStart + line.indexOf(trimmed) + 3;
        return { value: m[1], span: [start, start + m[1].length] };
      }
    }
    lineStart = lineEnd + 1;
  }
  return null;
}

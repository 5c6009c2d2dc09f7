import type { Diagnostic } from '../../core/types.js';
import { decodeText } from '../canonical-text.js';
import type { Reader, ReadLimits } from '../reader.js';
import { diagnostic, formatBytes, type Place } from './diagnostic.js';
import { firstLongLine } from './line-scan.js';
import { checkTextLength } from './text-length.js';

/**
 * Plain text → one record with the canonical text and no metadata (the ingest step adds what
 * `inferMeta` finds and what a manifest supplies).
 */
export const readText: Reader = (bytes, { source, limits }) => {
  const decoded = decodeWholeText(bytes, { source }, limits);
  if ('diagnostic' in decoded) return { reader: 'text', records: [], diagnostics: [decoded.diagnostic] };
  return { reader: 'text', records: [{ recordKey: '', text: decoded.text, meta: {} }], diagnostics: [] };
};

/**
 * Shared by text and Markdown: refuses a line longer than `maxLineBytes` (before decoding it),
 * invalid UTF-8, text over `maxTextChars`, and text that is only white space.
 */
export function decodeWholeText(
  bytes: Uint8Array,
  place: Place,
  limits: ReadLimits,
): { text: string } | { diagnostic: Diagnostic } {
  const long = firstLongLine(bytes, limits.maxLineBytes);
  if (long) {
    return {
      diagnostic: diagnostic(
        { ...place, record: `line ${long.number}` },
        'line-too-long',
        'error',
        `Rejected: line ${long.number} is ${formatBytes(long.end - long.start)} long, more than the ${formatBytes(limits.maxLineBytes)} limit (maxLineBytes).`,
        'If this is genuine text, wrap it into lines or raise --max-line-size.',
      ),
    };
  }
  const decoded = decodeText(bytes, place);
  if (!decoded.ok) return { diagnostic: decoded.diagnostic };
  if (decoded.text.trim() === '') {
    return { diagnostic: diagnostic(place, 'empty', 'error', 'The input has no text (only white space).') };
  }
  const tooLong = checkTextLength(decoded.text, place, limits);
  if (tooLong) return { diagnostic: tooLong };
  return { text: decoded.text };
}

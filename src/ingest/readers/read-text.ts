import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from '../../core/types.js';
import { canonicalText, type Decoded, decodeText } from '../canonical-text.js';
import type { Reader, ReadLimits } from '../reader.js';
import { diagnostic, formatBytes, type Place } from './diagnostic.js';
import { firstLongLine } from './line-scan.js';
import { checkTextLength } from './text-length.js';

/**
 * Plain text → one record with the canonical text and no metadata (the ingest step adds what
 * `inferMeta` finds and what a manifest supplies).
 */
export const readText: Reader = (bytes, { source, limits, encoding }) => {
  const decoded = decodeWholeText(bytes, { source }, limits, encoding);
  if ('diagnostic' in decoded) return { reader: 'text', records: [], diagnostics: [decoded.diagnostic] };
  return { reader: 'text', records: [{ recordKey: '', text: decoded.text, meta: {} }], diagnostics: [] };
};

/**
 * Shared by text and Markdown: refuses a line longer than `maxLineBytes` (before decoding it),
 * invalid UTF-8 (or bytes invalid in the declared `encoding`), text over `maxTextChars`, and text
 * that is only white space.
 */
export function decodeWholeText(
  bytes: Uint8Array,
  place: Place,
  limits: ReadLimits,
  encoding?: string,
): { text: string } | { diagnostic: Diagnostic } {
  const long = firstLongLine(bytes, limits.maxLineBytes);
  if (long) return { diagnostic: lineTooLong(place, long.number, long.end - long.start, limits) };
  const declared = encoding !== undefined && !/^\s*utf-?8\s*$/i.test(encoding);
  const decoded = (declared ? null : decodeUtf8Quickly(bytes)) ?? decodeText(bytes, place, encoding);
  if (!decoded.ok) return { diagnostic: decoded.diagnostic };
  if (decoded.text.trim() === '') {
    return { diagnostic: diagnostic(place, 'empty', 'error', 'The input has no text (only white space).') };
  }
  const tooLong = checkTextLength(decoded.text, place, limits);
  if (tooLong) return { diagnostic: tooLong };
  return { text: decoded.text };
}

/** A text input refused for a line longer than `maxLineBytes`. */
export function lineTooLong(place: Place, line: number, bytes: number, limits: ReadLimits): Diagnostic {
  return diagnostic(
    { ...place, record: `line ${line}` },
    'line-too-long',
    'error',
    `Rejected: line ${line} is ${formatBytes(bytes)} long, more than the ${formatBytes(limits.maxLineBytes)} limit (maxLineBytes).`,
    'If this is genuine text, wrap it into lines or raise --max-line-size.',
  );
}

/** Larger inputs take `decodeText`, which reports a string too long for JavaScript. */
const QUICK_MAX_BYTES = 256 * 1024 * 1024;

/**
 * The common case of `decodeText` done cheaply: valid UTF-8 (checked by `isUtf8`, without a UTF-16
 * byte-order mark) decoded by `Buffer#toString`, with line endings and NFC normalised only when
 * the text has a carriage return or a character that NFC could change. Gives exactly what
 * `decodeText` gives; null when the input needs `decodeText` (invalid or declared other encoding).
 */
function decodeUtf8Quickly(bytes: Uint8Array): Decoded | null {
  if (
    bytes.length > QUICK_MAX_BYTES ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff)
  )
    return null;
  if (!isUtf8(bytes)) return null;
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (isSurelyCanonical(bytes)) return { ok: true, text };
  // The decoder drops one byte-order mark, as TextDecoder does; canonicalText drops another.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text: canonicalText(text) };
}

/**
 * True when valid UTF-8 decodes to text that `canonicalText` leaves as it is: no carriage return,
 * no byte-order mark, and only characters that are in NFC whatever surrounds them (below U+0300,
 * the punctuation U+2010–U+2027 and U+2030–U+205E, and €). Scans the bytes once, without regular
 * expressions over the decoded string.
 */
function isSurelyCanonical(bytes: Uint8Array): boolean {
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      if (b === 0x0d) return false;
    } else if (b < 0xcc) {
      i++; // two bytes: U+0080–U+02FF
    } else if (b === 0xe2) {
      const cp = 0x2000 | (((bytes[i + 1] as number) & 0x3f) << 6) | ((bytes[i + 2] as number) & 0x3f);
      if (!((cp >= 0x2010 && cp <= 0x2027) || (cp >= 0x2030 && cp <= 0x205e) || cp === 0x20ac)) return false;
      i += 2;
    } else return false;
  }
  return true;
}

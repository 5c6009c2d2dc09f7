/**
 * Canonical text: the one string every later offset points into.
 *
 * Rules (docs/formats.md): strip a leading byte-order mark, turn `\r\n` and lone `\r` into `\n`,
 * normalise to Unicode NFC. Nothing else is changed: no trimming, no whitespace collapsing, no
 * rewriting of words.
 *
 * Invalid UTF-8 is rejected, never repaired: `TextDecoder('utf-8', { fatal: true })`, and the
 * diagnostic names the byte offset of the first invalid sequence. There is no silent fallback to
 * windows-1252; other encodings are used only when the input declares them (UTF-16 byte-order mark,
 * an HTML `<meta charset>`, an HTTP `Content-Type` charset, an XML `encoding=` declaration).
 */
import type { Diagnostic } from '../core/types.js';
import { diagnostic, type Place } from './readers/diagnostic.js';

export function canonicalText(text: string): string {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.replace(/\r\n?/g, '\n').normalize('NFC');
}

// Reused: without `{ stream: true }` each decode() call is independent.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export type Decoded = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/**
 * Decodes bytes to canonical text. `charset` is an encoding label the input declared; without one
 * (or with `utf-8`) the bytes must be valid UTF-8. A UTF-8 or UTF-16 byte-order mark wins over
 * any declaration, as in browsers.
 */
export function decodeText(bytes: Uint8Array, place: Place, charset?: string | null): Decoded {
  let label = normaliseLabel(charset);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';

  if (label !== 'utf-8') {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(label, { fatal: true });
    } catch {
      return {
        ok: false,
        diagnostic: diagnostic(
          place,
          'unknown-charset',
          'error',
          `The character set "${charset}" (declared by the input or with --encoding) is not one this Node.js build can decode.`,
          'Give a WHATWG encoding label such as latin1, windows-1252, iso-8859-15 or utf-16le, or convert the file to UTF-8 (e.g. with iconv).',
        ),
      };
    }
    if (decoder.encoding === 'windows-1252')
      return { ok: true, text: canonicalText(decodeWindows1252(bytes)) };
    try {
      return { ok: true, text: canonicalText(decoder.decode(bytes)) };
    } catch {
      return {
        ok: false,
        diagnostic: diagnostic(
          place,
          'invalid-encoding',
          'error',
          `The bytes are not valid ${label} although that character set was declared (by the input or with --encoding).`,
          'Fix the declared charset or --encoding, or convert the file to UTF-8.',
        ),
      };
    }
  }
  try {
    return { ok: true, text: canonicalText(strictUtf8.decode(bytes)) };
  } catch (error) {
    const at = firstInvalidUtf8(bytes);
    if (at < 0) {
      // Valid UTF-8 that still failed: the text is longer than a JavaScript string can be.
      return {
        ok: false,
        diagnostic: diagnostic(
          place,
          'text-too-long',
          'error',
          `Rejected: ${bytes.length} bytes of text cannot be decoded as one string (${(error as Error).message}).`,
          'Split the input into smaller files.',
        ),
      };
    }
    return { ok: false, diagnostic: invalidUtf8(place, at, hex(bytes, at)) };
  }
}

/** Invalid UTF-8 at byte `at`, whose next bytes are `found` in hex (`c3 28`). */
export function invalidUtf8(place: Place, at: number, found: string): Diagnostic {
  return diagnostic(
    place,
    'invalid-utf8',
    'error',
    `Expected UTF-8 text, found an invalid byte sequence at byte ${at} (0x${found}).`,
    'Corroborate does not guess encodings. If you know the encoding of a text file, declare it: `--encoding latin1` (or windows-1252, utf-16le, …) on ingest or analyze, or an `encoding` field in the manifest. Or convert the file to UTF-8 (e.g. `iconv -f windows-1252 -t utf-8`), or declare its charset (HTML meta, XML encoding).',
  );
}

// Node's TextDecoder decodes windows-1252 (and its aliases latin1, iso-8859-1, us-ascii) as
// ISO-8859-1, leaving 0x80–0x9F as C1 controls; browsers and the WHATWG Encoding standard map them
// to these characters (0x81, 0x8D, 0x8F, 0x90, 0x9D stay as the C1 code points).
const cp1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(
      ...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? cp1252High.charCodeAt(b - 0x80) : b)),
    );
  }
  return out;
}

function normaliseLabel(charset: string | null | undefined): string {
  const label = (charset ?? '')
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  if (label === '' || label === 'utf-8' || label === 'utf8' || label === 'unicode-1-1-utf-8') return 'utf-8';
  return label;
}

export function hex(bytes: Uint8Array, at: number): string {
  return Array.from(bytes.subarray(at, at + 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** Byte offset of the first invalid UTF-8 sequence, or -1 when the bytes are valid. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * True when the bytes look like binary data rather than text: a NUL byte, or more than 10% control
 * characters other than tab, newline, form feed and carriage return, in the first 64 KiB.
 * UTF-16 input (with its byte-order mark) is not binary.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  const n = Math.min(bytes.length, 65536);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) control++;
  }
  return n > 0 && control / n > 0.1;
}

import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from '../../core/types.js';
import { canonicalText, firstInvalidUtf8, hex, invalidUtf8 } from '../canonical-text.js';
import type { ReadLimits } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';
import { lineTooLong } from './read-text.js';

/**
 * Checks UTF-8 plain text chunk by chunk, holding at most one line and one chunk, and gives the
 * diagnostic the text reader (`decodeWholeText`) would give, in the same order: a line longer than
 * `maxLineBytes`, invalid UTF-8, only white space, more than `maxTextChars` characters of
 * canonical text; null when the text would pass. Chunks are cut after a newline, where NFC and
 * `\r\n` never straddle, so the canonical length counted piece by piece is exact; counting stops
 * once it passes the limit.
 */
export interface TextMeter {
  push(chunk: Uint8Array): void;
  end(): Diagnostic | null;
}

export function createTextMeter(place: Place, limits: ReadLimits): TextMeter {
  const maxLine = limits.maxLineBytes;
  let line = 1;
  /** Offset of `carry` (the current, incomplete line) in the input. */
  let offset = 0;
  let carry: Uint8Array = new Uint8Array(0);
  /** Set once the current line is known to be too long: its number and length so far. */
  let long: { line: number; bytes: number; ended: boolean } | null = null;
  let invalid: Diagnostic | null = null;
  let chars = 0;
  let blank = true;
  let first = true;

  /** Counts a piece of complete lines starting at `at`; `data` holds it (and what follows). */
  const measure = (data: Uint8Array, length: number, at: number): void => {
    if (invalid || length === 0) return;
    const piece = data.subarray(0, length);
    if (!isUtf8(piece)) {
      const bad = firstInvalidUtf8(piece);
      invalid = invalidUtf8(place, at + bad, hex(data, bad));
      return;
    }
    if (chars > limits.maxTextChars) return;
    let text = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('utf8');
    if (first) {
      // As `decodeText`: the decoder drops one byte-order mark and `canonicalText` another.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      text = canonicalText(text);
      first = false;
    } else text = text.replace(/\r\n?/g, '\n').normalize('NFC');
    chars += text.length;
    if (blank && text.trim() !== '') blank = false;
  };

  return {
    push(chunk) {
      if (long?.ended) return;
      if (long) {
        const nl = chunk.indexOf(0x0a);
        long.bytes += nl < 0 ? chunk.length : nl;
        long.ended = nl >= 0;
        return;
      }
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      let start = 0;
      for (let nl = data.indexOf(0x0a); nl >= 0; nl = data.indexOf(0x0a, start)) {
        if (nl - start > maxLine) {
          long = { line, bytes: nl - start, ended: true };
          return;
        }
        line++;
        start = nl + 1;
      }
      measure(data, start, offset);
      offset += start;
      carry = data.subarray(start);
      if (carry.length > maxLine) {
        long = { line, bytes: carry.length, ended: false };
        carry = new Uint8Array(0);
      }
    },
    end() {
      if (long) return lineTooLong(place, long.line, long.bytes, limits);
      measure(carry, carry.length, offset);
      if (invalid) return invalid;
      if (blank) return diagnostic(place, 'empty', 'error', 'The input has no text (only white space).');
      if (chars > limits.maxTextChars) {
        return diagnostic(
          place,
          'text-too-long',
          'error',
          `Rejected: the text has more than ${limits.maxTextChars} characters (maxTextChars); it was measured while reading and never held whole. Texts are never cut.`,
          'Split the input into separate documents or raise --max-text-chars.',
        );
      }
      return null;
    },
  };
}

import { isAscii } from 'node:buffer';
import type { Diagnostic } from '../../core/types.js';
import type { ReadLimits } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';

/**
 * Measures the string values of JSON bytes, chunk by chunk, without decoding them: the length of
 * the longest one in UTF-16 code units as `JSON.parse` would return it (an escaping such as `\n` or
 * `\u00e9` counts one; a 4-byte UTF-8 sequence counts two), and the byte offset where it starts.
 * A single string longer than `maxTextChars` is refused before the input is decoded or parsed, so
 * a 200 MB string never becomes a 200 MB JavaScript string (twice).
 */
export interface JsonStringMeter {
  push(chunk: Uint8Array): void;
  /** Longest string value met so far, in code units, and the offset of its opening quote. */
  readonly longest: { length: number; at: number };
}

export function createJsonStringMeter(): JsonStringMeter {
  let offset = 0;
  let inString = false;
  /** 0: none; 1: after a backslash; 2–5: hex digits of a `\u` escape still to skip. */
  let escaping = 0;
  let length = 0;
  let start = 0;
  const longest = { length: 0, at: -1 };
  const close = (): void => {
    if (length > longest.length) {
      longest.length = length;
      longest.at = start;
    }
  };
  return {
    longest,
    push(chunk) {
      const n = chunk.length;
      // Next quote and backslash at or after i, found natively and kept until passed.
      let quote = -1;
      let slash = -1;
      let i = 0;
      while (i < n) {
        if (escaping > 0) {
          if (escaping === 1) {
            escaping = chunk[i] === 0x75 /* u */ ? 5 : 0;
            length++;
          } else escaping = escaping === 2 ? 0 : escaping - 1;
          i++;
          continue;
        }
        if (quote < i) quote = indexOr(chunk, 0x22, i, n);
        if (!inString) {
          if (quote >= n) break;
          inString = true;
          length = 0;
          start = offset + quote;
          i = quote + 1;
          continue;
        }
        if (slash < i) slash = indexOr(chunk, 0x5c, i, n);
        const stop = Math.min(quote, slash);
        length += codeUnits(chunk, i, stop);
        if (stop >= n) break;
        if (stop === quote) {
          inString = false;
          close();
        } else escaping = 1;
        i = stop + 1;
      }
      offset += n;
      // An unterminated string still counts (the parse fails later, but not on a huge string).
      if (inString) close();
    },
  };
}

function indexOr(bytes: Uint8Array, byte: number, from: number, none: number): number {
  const at = bytes.indexOf(byte, from);
  return at < 0 ? none : at;
}

/**
 * UTF-16 code units of the UTF-8 bytes `[from, to)`: continuation bytes add nothing and a 4-byte
 * sequence is a surrogate pair. Pure ASCII, the common case, is recognised natively.
 */
function codeUnits(bytes: Uint8Array, from: number, to: number): number {
  if (isAscii(bytes.subarray(from, to))) return to - from;
  let units = 0;
  for (let k = from; k < to; k++) {
    const b = bytes[k] as number;
    if (b < 0x80) units++;
    else if (b >= 0xf0) units += 2;
    else if (b >= 0xc0) units++;
  }
  return units;
}

/** A diagnostic when a JSON input holds a string value longer than `maxTextChars`; else null. */
export function checkJsonStrings(
  meter: JsonStringMeter,
  place: Place,
  limits: ReadLimits,
): Diagnostic | null {
  const { length, at } = meter.longest;
  if (length <= limits.maxTextChars) return null;
  return diagnostic(
    place,
    'text-too-long',
    'error',
    `Rejected: the string value at byte ${at} has ${length} characters, more than the ${limits.maxTextChars} limit (maxTextChars); no field of a report can be that long. Nothing was decoded or parsed.`,
    'Split the input into separate documents or raise --max-text-chars.',
  );
}

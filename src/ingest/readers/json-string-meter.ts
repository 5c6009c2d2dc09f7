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
  /** 0: none; 1: after a backslash; 2–5: hex digits of a `\u` escaping still to skip. */
  let escaping = 0;
  let length = 0;
  let start = 0;
  const longest = { length: 0, at: -1 };
  return {
    longest,
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i] as number;
        if (!inString) {
          if (b === 0x22) {
            inString = true;
            length = 0;
            start = offset + i;
          }
          continue;
        }
        if (escaping === 1) {
          escaping = b === 0x75 /* u */ ? 5 : 0;
          length++;
        } else if (escaping > 1) {
          escaping = escaping === 2 ? 0 : escaping - 1;
        } else if (b === 0x5c) {
          escaping = 1;
        } else if (b === 0x22) {
          inString = false;
          if (length > longest.length) {
            longest.length = length;
            longest.at = start;
          }
        } else if (b < 0x80 || b >= 0xc0) {
          // Continuation bytes (0x80–0xBF) add nothing; a 4-byte sequence is a surrogate pair.
          length += b >= 0xf0 ? 2 : 1;
        }
      }
      offset += chunk.length;
      // An unterminated string still counts (the parse fails later, but not on a huge string).
      if (inString && length > longest.length) {
        longest.length = length;
        longest.at = start;
      }
    },
  };
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

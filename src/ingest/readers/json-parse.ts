import type { Diagnostic } from '../../core/types.js';
import type { ReadLimits } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';
import { jsonDepth } from './json-depth.js';

/** `JSON.parse` behind a depth check; a syntax error becomes a diagnostic. */
export function parseJson(
  text: string,
  place: Place,
  limits: ReadLimits,
): { value: unknown } | { diagnostic: Diagnostic } {
  if (jsonDepth(text, limits.maxDepth) > limits.maxDepth) {
    return {
      diagnostic: diagnostic(
        place,
        'too-deep',
        'error',
        `Rejected: JSON nested more than ${limits.maxDepth} levels deep (maxDepth).`,
        'If the data is genuine, raise --max-depth.',
      ),
    };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return {
      diagnostic: diagnostic(
        place,
        'json-malformed',
        'error',
        `Expected valid JSON, found a syntax error: ${(error as Error).message}.`,
        'Fix the JSON (e.g. check it with `jq .`).',
      ),
    };
  }
}

export function tooManyRecords(place: Place, limits: ReadLimits, skipped: number | null): Diagnostic {
  return diagnostic(
    place,
    'too-many-records',
    'error',
    `Stopped after ${limits.maxRecords} records (maxRecords)${skipped === null ? '' : `; ${skipped} more were not read`}.`,
    'Split the input or raise --max-records.',
  );
}

import type { Diagnostic } from '../../core/types.js';
import type { ReadLimits } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';

/** A diagnostic when canonical text is longer than `maxTextChars`; texts are never cut. */
export function checkTextLength(text: string, place: Place, limits: ReadLimits): Diagnostic | null {
  if (text.length <= limits.maxTextChars) return null;
  return diagnostic(
    place,
    'text-too-long',
    'error',
    `Rejected: the text has ${text.length} characters, more than the ${limits.maxTextChars} limit (maxTextChars). Texts are never cut.`,
    'Split the input into separate documents or raise --max-text-chars.',
  );
}

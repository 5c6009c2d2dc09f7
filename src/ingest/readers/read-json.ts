import type { Diagnostic } from '../../core/types.js';
import { decodeText } from '../canonical-text.js';
import type { Reader, ReadLimits, ReadRecord } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';
import { jsonDepth } from './json-depth.js';
import { recordFromJson } from './json-record.js';

/**
 * JSON → records: one object is one report (record key `''`); an array of objects (or an object
 * whose `items`/`documents`/`records`/`articles` is such an array) gives one report per element
 * (record key `item N`, 1-based). Fields: see `jsonFields`. A bad element is a diagnostic naming
 * it; the others go through.
 */
export const readJson: Reader = (bytes, { source, limits }) => {
  const place = { source };
  const decoded = decodeText(bytes, place);
  if (!decoded.ok) return { reader: 'json', records: [], diagnostics: [decoded.diagnostic] };
  const parsed = parseJson(decoded.text, place, limits);
  if ('diagnostic' in parsed) return { reader: 'json', records: [], diagnostics: [parsed.diagnostic] };
  const value = parsed.value;
  const list = Array.isArray(value) ? value : listInside(value);
  if (!list) {
    const { record, diagnostics } = recordFromJson(value, place, limits);
    return { reader: 'json', records: record ? [record] : [], diagnostics };
  }
  const records: ReadRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  for (let i = 0; i < list.length; i++) {
    if (records.length >= limits.maxRecords) {
      diagnostics.push(tooManyRecords(place, limits, list.length - i));
      break;
    }
    const result = recordFromJson(list[i], { source, record: `item ${i + 1}` }, limits);
    if (result.record) records.push(result.record);
    diagnostics.push(...result.diagnostics);
  }
  return { reader: 'json', records, diagnostics };
};

function listInside(value: unknown): unknown[] | null {
  if (!value || typeof value !== 'object') return null;
  const obj = value as Record<string, unknown>;
  if (typeof obj.text === 'string' || typeof obj.body === 'string' || typeof obj.content === 'string')
    return null;
  for (const key of ['items', 'documents', 'records', 'articles']) {
    const v = obj[key];
    if (Array.isArray(v)) return v;
  }
  return null;
}

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

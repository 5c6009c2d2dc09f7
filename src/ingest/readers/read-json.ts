import type { Diagnostic } from '../../core/types.js';
import { decodeText } from '../canonical-text.js';
import type { Reader, ReadRecord } from '../reader.js';
import { diagnostic } from './diagnostic.js';
import { parseJson, tooManyRecords } from './json-parse.js';
import { recordFromJson } from './json-record.js';
import { checkJsonStrings, createJsonStringMeter } from './json-string-meter.js';
import { readJsonl } from './read-jsonl.js';

/**
 * JSON → records: one object is one report (record key `''`); an array of objects (or an object
 * whose `items`/`documents`/`records`/`articles` is such an array) gives one report per element
 * (record key `item N`, 1-based). Fields: see `jsonFields`. A bad element is a diagnostic naming
 * it; the others go through. A string value longer than `maxTextChars` refuses the input before it
 * is decoded (`json-string-meter.ts`).
 */
export const readJson: Reader = (bytes, { source, limits }) => {
  const place = { source };
  const meter = createJsonStringMeter();
  if (!hasUtf16Bom(bytes)) meter.push(bytes);
  const tooLong = checkJsonStrings(meter, place, limits);
  if (tooLong) return { reader: 'json', records: [], diagnostics: [tooLong] };
  const decoded = decodeText(bytes, place);
  if (!decoded.ok) return { reader: 'json', records: [], diagnostics: [decoded.diagnostic] };
  const parsed = parseJson(decoded.text, place, limits);
  if ('diagnostic' in parsed) {
    // A common mislabel: JSON Lines saved as .json. Read it as such when its first line is an object.
    if (parsed.diagnostic.rule === 'ingest/json-malformed' && firstLineIsObject(decoded.text)) {
      const lines = readJsonl(bytes, { source, limits });
      const note = diagnostic(
        place,
        'json-lines-in-json',
        'info',
        'The file is not one JSON value but one JSON object per line; it was read as JSON Lines.',
      );
      return { ...lines, diagnostics: [note, ...lines.diagnostics] };
    }
    return { reader: 'json', records: [], diagnostics: [parsed.diagnostic] };
  }
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

/** UTF-16 JSON (declared by its byte-order mark) is not measured in bytes. */
export function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

function firstLineIsObject(text: string): boolean {
  const end = text.indexOf('\n');
  if (end < 0) return false;
  try {
    const value: unknown = JSON.parse(text.slice(0, end));
    return !!value && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

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

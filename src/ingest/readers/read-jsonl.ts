import type { Diagnostic } from '../../core/types.js';
import { decodeText } from '../canonical-text.js';
import type { Reader, ReaderContext, ReadLimits, ReadRecord } from '../reader.js';
import { diagnostic, formatBytes, type Place } from './diagnostic.js';
import { parseJson, tooManyRecords } from './json-parse.js';
import { recordFromJson } from './json-record.js';
import { forEachLine } from './line-scan.js';

/**
 * JSON Lines → one record per non-blank line (record key `line N`, 1-based). Lines are found in
 * the raw bytes; a line over `maxLineBytes` is skipped with a diagnostic before any string is
 * built from it. A malformed line (bad JSON, invalid UTF-8, no text, too deep) is a diagnostic
 * naming its line number; the other lines go through.
 */
export const readJsonl: Reader = (bytes, context) => {
  const { records, diagnostics } = readJsonlLines(bytes, context, newJsonlState());
  return { reader: 'jsonl', records, diagnostics };
};

/** Where a JSON Lines input read in pieces has got to (see `readJsonlLines`). */
export interface JsonlState {
  /** Number of the piece's first line (1-based). */
  nextLine: number;
  /** Records read so far. */
  records: number;
  /** Set once `maxRecords` was reached: later pieces are not read. */
  stopped: boolean;
}

export function newJsonlState(): JsonlState {
  return { nextLine: 1, records: 0, stopped: false };
}

/**
 * Reads one piece of a JSON Lines input: whole lines, the first numbered `state.nextLine`. Reading
 * an input piece by piece (each cut just after a `\n`) gives exactly the records and diagnostics
 * of reading it whole; `state` is advanced past the piece.
 */
export function readJsonlLines(
  bytes: Uint8Array,
  { source, limits }: Pick<ReaderContext, 'source' | 'limits'>,
  state: JsonlState,
): { records: ReadRecord[]; diagnostics: Diagnostic[] } {
  const records: ReadRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const first = state.nextLine;
  let lines = 0;
  forEachLine(bytes, ({ number: n, start, end }) => {
    lines = n;
    if (state.stopped) return;
    const number = first + n - 1;
    const place = { source, record: `line ${number}` };
    if (end - start > limits.maxLineBytes) {
      diagnostics.push(lineTooLong(place, number, end - start, limits));
      return;
    }
    if (isBlank(bytes, start, end)) return;
    if (state.records >= limits.maxRecords) {
      diagnostics.push(tooManyRecords({ source }, limits, null));
      state.stopped = true;
      return;
    }
    const decoded = decodeText(bytes.subarray(start, end), place);
    if (!decoded.ok) {
      diagnostics.push(decoded.diagnostic);
      return;
    }
    const parsed = parseJson(decoded.text, place, limits);
    if ('diagnostic' in parsed) {
      diagnostics.push(parsed.diagnostic);
      return;
    }
    const result = recordFromJson(parsed.value, place, limits);
    if (result.record) {
      records.push(result.record);
      state.records++;
    }
    diagnostics.push(...result.diagnostics);
  });
  state.nextLine = first + lines;
  return { records, diagnostics };
}

/** Why line `number` of `length` bytes is skipped. */
export function lineTooLong(place: Place, number: number, length: number, limits: ReadLimits): Diagnostic {
  return diagnostic(
    place,
    'line-too-long',
    'error',
    `Skipped line ${number}: it is ${formatBytes(length)} long, more than the ${formatBytes(limits.maxLineBytes)} limit (maxLineBytes).`,
    'If the record is genuine, raise --max-line-size.',
  );
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d && b !== 0x0c) return false;
  }
  return true;
}

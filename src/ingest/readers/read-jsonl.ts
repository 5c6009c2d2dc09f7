import type { Diagnostic } from '../../core/types.js';
import { decodeText } from '../canonical-text.js';
import type { Reader, ReadRecord } from '../reader.js';
import { diagnostic, formatBytes } from './diagnostic.js';
import { parseJson, tooManyRecords } from './json-parse.js';
import { recordFromJson } from './json-record.js';
import { forEachLine } from './line-scan.js';

/**
 * JSON Lines → one record per non-blank line (record key `line N`, 1-based). Lines are found in
 * the raw bytes; a line over `maxLineBytes` is skipped with a diagnostic before any string is
 * built from it. A malformed line (bad JSON, invalid UTF-8, no text, too deep) is a diagnostic
 * naming its line number; the other lines go through.
 */
export const readJsonl: Reader = (bytes, { source, limits }) => {
  const records: ReadRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  let stopped = false;
  forEachLine(bytes, ({ number, start, end }) => {
    if (stopped) return;
    const place = { source, record: `line ${number}` };
    if (end - start > limits.maxLineBytes) {
      diagnostics.push(
        diagnostic(
          place,
          'line-too-long',
          'error',
          `Skipped line ${number}: it is ${formatBytes(end - start)} long, more than the ${formatBytes(limits.maxLineBytes)} limit (maxLineBytes).`,
          'If the record is genuine, raise --max-line-size.',
        ),
      );
      return;
    }
    if (isBlank(bytes, start, end)) return;
    if (records.length >= limits.maxRecords) {
      diagnostics.push(tooManyRecords({ source }, limits, null));
      stopped = true;
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
    if (result.record) records.push(result.record);
    diagnostics.push(...result.diagnostics);
  });
  return { reader: 'jsonl', records, diagnostics };
};

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d && b !== 0x0c) return false;
  }
  return true;
}

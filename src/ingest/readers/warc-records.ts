import type { Diagnostic } from '../../core/types.js';
import { diagnostic, formatBytes, type Place } from './diagnostic.js';

/** One WARC record: its header fields (names lower-cased) and its content block. */
export interface WarcRecord {
  version: string;
  headers: Map<string, string>;
  block: Buffer;
  /** Byte offset of the record in the (decompressed) input. */
  offset: number;
}

const maxHeaderBytes = 1024 * 1024;

/**
 * Splits WARC bytes into records (WARC 1.0/1.1: version line, header fields, blank line,
 * `Content-Length` bytes of block, then CRLF CRLF). A record with a missing or wrong
 * Content-Length, or without the closing CRLF CRLF, is reported and skipped, and parsing resumes
 * at the next line starting `WARC/1.`; a record cut short by the end of the input is reported and
 * ends the parse. Returns the diagnostics; records go to `visit`, which returns false to stop.
 */
export function parseWarc(
  input: Uint8Array,
  place: Place,
  visit: (record: WarcRecord) => boolean,
): Diagnostic[] {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const diagnostics: Diagnostic[] = [];
  const at = (offset: number, id?: string) => ({
    ...place,
    record: id ? `record ${id}` : `record at byte ${offset}`,
  });
  let off = 0;
  while (off < bytes.length) {
    while (off < bytes.length && (bytes[off] === 0x0d || bytes[off] === 0x0a)) off++;
    if (off >= bytes.length) break;
    if (!bytes.subarray(off, off + 7).equals(Buffer.from('WARC/1.'))) {
      diagnostics.push(
        diagnostic(
          at(off),
          'warc-bad-record',
          'error',
          `Expected a WARC record header ("WARC/1.x") at byte ${off}, found other data; skipped to the next record.`,
        ),
      );
      off = nextRecord(bytes, off + 1);
      continue;
    }
    let headerEnd = bytes.indexOf('\r\n\r\n', off);
    let separator = 4;
    const window = bytes.subarray(off, headerEnd >= 0 ? headerEnd : off + maxHeaderBytes);
    const lfEnd = window.indexOf('\n\n');
    if (lfEnd >= 0) [headerEnd, separator] = [off + lfEnd, 2];
    if (headerEnd < 0 || headerEnd - off > maxHeaderBytes) {
      diagnostics.push(
        diagnostic(
          at(off),
          'warc-truncated',
          'error',
          `The WARC record header at byte ${off} never ends (no blank line within ${formatBytes(maxHeaderBytes)}); the input is truncated or not WARC.`,
        ),
      );
      break;
    }
    const { version, headers } = parseHeader(bytes.toString('utf8', off, headerEnd));
    const id = headers.get('warc-record-id');
    const lengthText = headers.get('content-length') ?? '';
    const blockStart = headerEnd + separator;
    if (!/^\d{1,15}$/.test(lengthText)) {
      diagnostics.push(
        diagnostic(
          at(off, id),
          'warc-bad-record',
          'error',
          `Expected a Content-Length (a byte count) in the WARC record header, found ${lengthText ? `"${lengthText.slice(0, 40)}"` : 'none'}; record skipped.`,
        ),
      );
      off = nextRecord(bytes, blockStart);
      continue;
    }
    const blockEnd = blockStart + Number(lengthText);
    if (blockEnd > bytes.length) {
      diagnostics.push(
        diagnostic(
          at(off, id),
          'warc-truncated',
          'error',
          `The WARC record declares ${lengthText} bytes of content but the input ends after ${bytes.length - blockStart}; the input is truncated. Records before it were read.`,
        ),
      );
      break;
    }
    const end = bytes.subarray(blockEnd, blockEnd + 4);
    const closed =
      end.equals(Buffer.from('\r\n\r\n')) ||
      end.subarray(0, 2).equals(Buffer.from('\n\n')) ||
      blockEnd === bytes.length;
    if (!closed) {
      diagnostics.push(
        diagnostic(
          at(off, id),
          'warc-bad-record',
          'error',
          `The WARC record's content does not end where its Content-Length (${lengthText}) says (no CRLF CRLF after it); the length is wrong, record skipped.`,
        ),
      );
      off = nextRecord(bytes, blockStart);
      continue;
    }
    if (!visit({ version, headers, block: bytes.subarray(blockStart, blockEnd), offset: off })) break;
    off = blockEnd;
  }
  return diagnostics;
}

function nextRecord(bytes: Buffer, from: number): number {
  const next = bytes.indexOf('\nWARC/1.', from);
  return next < 0 ? bytes.length : next + 1;
}

function parseHeader(text: string): { version: string; headers: Map<string, string> } {
  const lines = text.split(/\r?\n/);
  const version = (lines.shift() ?? '').trim();
  const headers = new Map<string, string>();
  let last: string | null = null;
  for (const line of lines) {
    if (/^[ \t]/.test(line) && last) {
      headers.set(last, `${headers.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(last)) headers.set(last, line.slice(colon + 1).trim());
  }
  return { version, headers };
}

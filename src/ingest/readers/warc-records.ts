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
  return parseWarcPiece(input, place, visit, { base: 0, seeking: false, stopped: false }, true).diagnostics;
}

/** Where parsing a WARC input read in pieces has got to (see `parseWarcPiece`). */
export interface WarcCursor {
  /** Offset in the whole input of the piece's first byte. */
  base: number;
  /** Set when the last piece ended while looking for the next record after damage. */
  seeking: boolean;
  /** Set once parsing stopped (a header that never ends, or `visit` said stop). */
  stopped: boolean;
}

/**
 * Parses one piece of a WARC input that arrives in pieces: the records complete in `input` are
 * visited, and `consumed` says how many bytes were dealt with; the rest must be handed again,
 * followed by more bytes (or, at the end of the input, with `final`). Reading an input this way
 * visits the same records and gives the same diagnostics as reading it whole.
 */
export function parseWarcPiece(
  input: Uint8Array,
  place: Place,
  visit: (record: WarcRecord) => boolean,
  cursor: WarcCursor,
  final: boolean,
): { diagnostics: Diagnostic[]; consumed: number } {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const diagnostics: Diagnostic[] = [];
  const base = cursor.base;
  const at = (offset: number, id?: string) => ({
    ...place,
    record: id ? `record ${id}` : `record at byte ${base + offset}`,
  });
  const done = (consumed: number) => ({ diagnostics, consumed });
  /** The next record after damage, or null when this piece does not hold it yet. */
  const seek = (from: number): number | null => {
    const next = nextRecord(bytes, from);
    if (next < bytes.length || final) return next;
    return null;
  };
  if (cursor.stopped) return done(bytes.length);
  let off = 0;
  if (cursor.seeking) {
    const next = seek(0);
    if (next === null) return done(Math.max(0, bytes.length - 7));
    cursor.seeking = false;
    off = next;
  }
  while (off < bytes.length) {
    while (off < bytes.length && (bytes[off] === 0x0d || bytes[off] === 0x0a)) off++;
    if (off >= bytes.length) break;
    if (!final && bytes.length - off < 7) return done(off);
    if (!bytes.subarray(off, off + 7).equals(Buffer.from('WARC/1.'))) {
      diagnostics.push(
        diagnostic(
          at(off),
          'warc-bad-record',
          'error',
          `Expected a WARC record header ("WARC/1.x") at byte ${base + off}, found other data; skipped to the next record.`,
        ),
      );
      const next = seek(off + 1);
      if (next === null) {
        cursor.seeking = true;
        return done(Math.max(off + 1, bytes.length - 7));
      }
      off = next;
      continue;
    }
    let headerEnd = bytes.indexOf('\r\n\r\n', off);
    let separator = 4;
    const window = bytes.subarray(off, headerEnd >= 0 ? headerEnd : off + maxHeaderBytes);
    const lfEnd = window.indexOf('\n\n');
    if (lfEnd >= 0) [headerEnd, separator] = [off + lfEnd, 2];
    if (!final && headerEnd < 0 && bytes.length - off < maxHeaderBytes + 4) return done(off);
    if (headerEnd < 0 || headerEnd - off > maxHeaderBytes) {
      diagnostics.push(
        diagnostic(
          at(off),
          'warc-truncated',
          'error',
          `The WARC record header at byte ${base + off} never ends (no blank line within ${formatBytes(maxHeaderBytes)}); the input is truncated or not WARC.`,
        ),
      );
      cursor.stopped = true;
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
      const next = seek(blockStart);
      if (next === null) {
        cursor.seeking = true;
        return done(Math.max(blockStart, bytes.length - 7));
      }
      off = next;
      continue;
    }
    const blockEnd = blockStart + Number(lengthText);
    // A record is complete once its block and the four bytes after it are in the piece.
    if (!final && blockEnd + 4 > bytes.length) return done(off);
    if (blockEnd > bytes.length) {
      diagnostics.push(
        diagnostic(
          at(off, id),
          'warc-truncated',
          'error',
          `The WARC record declares ${lengthText} bytes of content but the input ends after ${bytes.length - blockStart}; the input is truncated. Records before it were read.`,
        ),
      );
      cursor.stopped = true;
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
      const next = seek(blockStart);
      if (next === null) {
        cursor.seeking = true;
        return done(Math.max(blockStart, bytes.length - 7));
      }
      off = next;
      continue;
    }
    if (!visit({ version, headers, block: bytes.subarray(blockStart, blockEnd), offset: base + off })) {
      cursor.stopped = true;
      break;
    }
    off = blockEnd;
  }
  return done(bytes.length);
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

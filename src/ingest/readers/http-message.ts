import { brotliDecompressSync, inflateSync } from 'node:zlib';
import type { Diagnostic } from '../../core/types.js';
import type { ReadLimits } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';
import { gunzipLimited } from './gunzip-limited.js';

export interface HttpResponse {
  status: number;
  headers: Map<string, string>;
  /** The body as transferred (still chunked, if it was). */
  rawBody: Buffer;
  /** The body with transfer and content codings removed; null when they could not be removed. */
  body: Buffer | null;
}

/** Parses an HTTP/1.x response message (a WARC `response` block). */
export function parseHttpResponse(
  block: Buffer,
  place: Place,
  limits: ReadLimits,
): { response: HttpResponse | null; diagnostics: Diagnostic[] } {
  let end = block.indexOf('\r\n\r\n');
  let separator = 4;
  if (end < 0) [end, separator] = [block.indexOf('\n\n'), 2];
  const statusLine = /^HTTP\/\d(?:\.\d)?\s+(\d{3})/.exec(
    block.toString('latin1', 0, Math.min(64, block.length)),
  );
  if (end < 0 || !statusLine) {
    return {
      response: null,
      diagnostics: [
        diagnostic(
          place,
          'warc-bad-http',
          'error',
          'Expected an HTTP response (status line, headers, blank line) in the WARC response record, found none; record skipped.',
        ),
      ],
    };
  }
  const headers = new Map<string, string>();
  for (const line of block.toString('latin1', 0, end).split(/\r?\n/).slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
    }
  }
  const rawBody = block.subarray(end + separator);
  const diagnostics: Diagnostic[] = [];
  let body: Buffer | null = rawBody;
  if (/\bchunked\b/i.test(headers.get('transfer-encoding') ?? '')) {
    body = dechunk(rawBody);
    if (!body) {
      diagnostics.push(
        diagnostic(
          place,
          'warc-bad-http',
          'error',
          'The HTTP body says it is chunked (Transfer-Encoding: chunked) but its chunks are malformed; record skipped.',
        ),
      );
    }
  }
  const coding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
  if (body && coding && coding !== 'identity') {
    const decoded = decodeContent(body, coding, place, limits);
    body = decoded.body;
    diagnostics.push(...decoded.diagnostics);
  }
  return { response: { status: Number(statusLine[1]), headers, rawBody, body }, diagnostics };
}

/** Removes HTTP/1.1 chunked transfer coding; null when the chunks are malformed. */
export function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let off = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', off);
    if (lineEnd < 0) return null;
    const sizeText = data.toString('latin1', off, lineEnd).split(';')[0]?.trim() ?? '';
    if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) return null;
    const size = Number.parseInt(sizeText, 16);
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (start + size > data.length) return null;
    parts.push(data.subarray(start, start + size));
    off = start + size;
    if (data[off] === 0x0d && data[off + 1] === 0x0a) off += 2;
  }
}

function decodeContent(
  body: Buffer,
  coding: string,
  place: Place,
  limits: ReadLimits,
): { body: Buffer | null; diagnostics: Diagnostic[] } {
  if (coding === 'gzip' || coding === 'x-gzip') {
    const out = gunzipLimited(body, place, limits);
    return { body: out.bytes ? Buffer.from(out.bytes) : null, diagnostics: out.diagnostics };
  }
  const cap = Math.min(
    limits.maxDecompressedBytes,
    Math.max(1024 * 1024, body.length * limits.maxCompressionRatio),
  );
  try {
    if (coding === 'deflate') return { body: inflateSync(body, { maxOutputLength: cap }), diagnostics: [] };
    if (coding === 'br')
      return { body: brotliDecompressSync(body, { maxOutputLength: cap }), diagnostics: [] };
  } catch (error) {
    return {
      body: null,
      diagnostics: [
        diagnostic(
          place,
          'warc-bad-http',
          'error',
          `The HTTP body (Content-Encoding: ${coding}) could not be decompressed within the limits: ${(error as Error).message}; record skipped.`,
        ),
      ],
    };
  }
  return {
    body: null,
    diagnostics: [
      diagnostic(
        place,
        'warc-bad-http',
        'error',
        `Unsupported HTTP Content-Encoding "${coding}"; record skipped.`,
      ),
    ],
  };
}

/** The `charset` parameter of a Content-Type value, or null. */
export function charsetOf(contentType: string | undefined): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '');
  return m?.[1] ?? null;
}

import type { Diagnostic } from '../../core/types.js';
import type { Reader, ReaderContext, ReadRecord } from '../reader.js';
import { diagnostic } from './diagnostic.js';
import { charsetOf, parseHttpResponse } from './http-message.js';
import { tooManyRecords } from './json-parse.js';
import { readHtmlBytes } from './read-html.js';
import { checkDigest } from './warc-digest.js';
import { parseWarcPiece, type WarcCursor } from './warc-records.js';

const htmlType = /^\s*(text\/html|application\/xhtml\+xml)\b/i;

/**
 * WARC (gzip is unwrapped by `readInput`) → one record per HTML page: `response` records carrying
 * an HTTP 2xx response with an HTML body, and `resource` records of type text/html. HTTP headers
 * are removed, chunked transfer coding and gzip/deflate/br content coding undone, the charset taken
 * from the HTTP Content-Type (else the page's `<meta charset>`, else UTF-8), and the page read by
 * the HTML reader. Record key: the WARC-Record-ID; `sourceUrl` and `meta.url`: WARC-Target-URI;
 * `capturedAt`: WARC-Date (`meta.published` stays what the page says). `WARC-Block-Digest` and
 * `WARC-Payload-Digest` are recomputed: `digestMatched` is false when either disagrees, true when
 * at least one was checked and all agree, null when none could be checked. Other records
 * (warcinfo, request, metadata, revisit, non-HTML responses) are skipped and counted.
 */
export const readWarc: Reader = (bytes, context) => {
  const state = newWarcState();
  const { records, diagnostics } = readWarcPiece(bytes, context, state, true);
  diagnostics.push(...warcSkipped(context.source, state));
  return { reader: 'warc', records, diagnostics };
};

/** Where a WARC input read in pieces has got to (see `readWarcPiece`). */
export interface WarcState {
  cursor: WarcCursor;
  /** Records met so far (for `maxRecords`). */
  seen: number;
  /** Records skipped so far, by why. */
  skipped: Map<string, number>;
}

export function newWarcState(): WarcState {
  return { cursor: { base: 0, seeking: false, stopped: false }, seen: 0, skipped: new Map() };
}

/** The note of the records skipped (not HTML pages), once the whole input was read. */
export function warcSkipped(source: string, state: WarcState): Diagnostic[] {
  if (state.skipped.size === 0) return [];
  const list = [...state.skipped].map(([why, n]) => `${n} ${why}`).join(', ');
  return [
    diagnostic({ source }, 'warc-skipped', 'info', `Skipped WARC records that are not HTML pages: ${list}.`),
  ];
}

/**
 * Reads the complete records of one piece of a WARC input (see `parseWarcPiece`); `consumed` says
 * how many of its bytes were dealt with, and `state` is advanced. Reading an input piece by piece,
 * then `warcSkipped`, gives the records and diagnostics of `readWarc` on the whole.
 */
export function readWarcPiece(
  bytes: Uint8Array,
  { source, limits }: Pick<ReaderContext, 'source' | 'limits'>,
  state: WarcState,
  final: boolean,
): { records: ReadRecord[]; diagnostics: Diagnostic[]; consumed: number } {
  const records: ReadRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const skip = (why: string) => state.skipped.set(why, (state.skipped.get(why) ?? 0) + 1);
  const parsed = parseWarcPiece(
    bytes,
    { source },
    ({ headers, block, offset }) => {
      if (++state.seen > limits.maxRecords) {
        diagnostics.push(tooManyRecords({ source }, limits, null));
        return false;
      }
      const type = (headers.get('warc-type') ?? '').toLowerCase();
      const id = headers.get('warc-record-id') ?? `<at byte ${offset}>`;
      const place = { source, record: `record ${id}` };
      const blockMatched = checkDigest(headers.get('warc-block-digest'), block);
      let payload: Uint8Array;
      let payloadMatched: boolean | null = null;
      let charset: string | null = null;
      if (
        type === 'response' &&
        /application\/http/i.test(headers.get('content-type') ?? 'application/http')
      ) {
        const { response, diagnostics: httpProblems } = parseHttpResponse(block, place, limits);
        diagnostics.push(...httpProblems);
        if (!response?.body) return true;
        const candidates =
          response.body === response.rawBody ? [response.rawBody] : [response.rawBody, response.body];
        payloadMatched = checkDigest(headers.get('warc-payload-digest'), ...candidates);
        if (response.status < 200 || response.status > 299) {
          skip(`HTTP status ${response.status}`);
          return true;
        }
        const contentType = response.headers.get('content-type');
        if (
          contentType
            ? !htmlType.test(contentType)
            : !/<html|<!doctype html/i.test(response.body.toString('latin1', 0, 1024))
        ) {
          skip(contentType ? (contentType.split(';')[0] ?? 'non-HTML') : 'non-HTML');
          return true;
        }
        charset = charsetOf(contentType);
        payload = response.body;
      } else if (type === 'resource' && htmlType.test(headers.get('content-type') ?? '')) {
        charset = charsetOf(headers.get('content-type'));
        payload = block;
      } else {
        skip(type || 'untyped');
        return true;
      }
      const digestMatched =
        blockMatched === false || payloadMatched === false
          ? false
          : blockMatched || payloadMatched
            ? true
            : null;
      if (digestMatched === false) {
        diagnostics.push(
          diagnostic(
            place,
            'warc-digest-mismatch',
            'warning',
            `The recorded ${blockMatched === false ? 'WARC-Block-Digest' : 'WARC-Payload-Digest'} does not match the record's bytes; the record was altered or damaged after capture. It is kept, marked digestMatched: false.`,
          ),
        );
      }
      const html = readHtmlBytes(payload, place, limits, charset);
      diagnostics.push(...html.diagnostics);
      for (const record of html.records) {
        const url = headers.get('warc-target-uri')?.replace(/^<|>$/g, '');
        const out: ReadRecord = { ...record, recordKey: id, digestMatched };
        if (url) {
          out.sourceUrl = url;
          out.meta = { ...record.meta, url };
        }
        const date = headers.get('warc-date');
        if (date) out.capturedAt = date;
        records.push(out);
      }
      return true;
    },
    state.cursor,
    final,
  );
  diagnostics.push(...parsed.diagnostics);
  return { records, diagnostics, consumed: parsed.consumed };
}

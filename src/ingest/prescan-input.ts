import { createHash } from 'node:crypto';
import { createGunzip } from 'node:zlib';
import type { Diagnostic } from '../core/types.js';
import { looksBinary } from './canonical-text.js';
import { detectFormat, type InputFormat, isGzip } from './detect-format.js';
import type { ReadLimits } from './reader.js';
import type { Place } from './readers/diagnostic.js';
import { bombDiagnostic, gunzipCap } from './readers/gunzip-limited.js';
import { checkJsonStrings, createJsonStringMeter } from './readers/json-string-meter.js';
import {
  binaryDiagnostic,
  mayBeBinary,
  nestedGzip,
  readableInPart,
  truncatedGzip,
} from './readers/read-input.js';
import { hasUtf16Bom } from './readers/read-json.js';
import { createTextMeter } from './readers/text-meter.js';

const MiB = 1024 * 1024;

/**
 * Inputs larger than this (on disk, or once gunzipped at most) are checked while streaming before
 * they are read whole; below it, reading whole costs less than the check.
 */
export const PRESCAN_BYTES = 32 * MiB;

/** Whether bytes already in memory are gzip that may expand past `PRESCAN_BYTES`. */
export function gunzipNeedsPrescan(bytes: Uint8Array, limits: ReadLimits, above = PRESCAN_BYTES): boolean {
  return isGzip(bytes) && gunzipCap(bytes.length, limits) > above;
}

export interface Prescan {
  sha256: string;
  size: number;
  /** Why the input is refused, exactly as the readers would say it; null when it must be read. */
  rejection: Diagnostic | null;
  /** The format detected from the (decompressed) head; null for an empty input. */
  format: InputFormat | null;
  /** Whether the input is gzip. */
  gzip: boolean;
}

/** Bytes of the (decompressed) head used to detect the format and binary data. */
const HEAD_BYTES = 64 * 1024;

/**
 * Streams one input (the chunks of a file, or bytes already in memory) and finds, without holding
 * it, the rejections that would otherwise need it whole: a gzip bomb (counted while inflating),
 * gzip inside gzip, a truncated gzip stream of a format that cannot be read in part, binary data,
 * and for plain text and JSON the line and text limits (`createTextMeter`,
 * `createJsonStringMeter`). `size` is the input's length in bytes (for the ratio cap). The
 * rejection is the one `readInput` would give, so an input is refused for the same reason at any
 * size; anything the prescan cannot settle is left to the readers.
 */
export async function prescanInput(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  input: { source: string; size: number; limits: ReadLimits; encoding?: string },
): Promise<Prescan> {
  const { source, limits } = input;
  const place: Place = { source };
  const hash = createHash('sha256');
  let size = 0;
  const source$ = (async function* () {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  })();
  let gzip = false;
  let checks: PlainChecks | null = null;
  const done = (rejection: Diagnostic | null): Prescan => ({
    sha256: hash.digest('hex'),
    size,
    rejection,
    format: checks?.format() ?? null,
    gzip,
  });
  // The gzip signature is two bytes; a stream may hand them over one at a time.
  let opening: Uint8Array = new Uint8Array(0);
  while (opening.length < 2) {
    const next = await source$.next();
    if (next.done) break;
    opening = opening.length === 0 ? next.value : Buffer.concat([opening, next.value]);
  }
  if (opening.length === 0) return done(null);
  if (!isGzip(opening)) {
    const plain = plainChecks(place, limits, input.encoding);
    checks = plain;
    plain.push(opening);
    for await (const chunk of source$) plain.push(chunk);
    return done(plain.end());
  }

  const cap = gunzipCap(input.size, limits);
  const plain = plainChecks(place, limits, input.encoding);
  checks = plain;
  gzip = true;
  let out = 0;
  let bomb = false;
  let failure: NodeJS.ErrnoException | null = null;
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  gunzip.on('error', (error) => {
    failure ??= error;
  });
  gunzip.on('data', (chunk: Buffer) => {
    if (bomb) return;
    out += chunk.length;
    if (out > cap) {
      bomb = true;
      gunzip.destroy();
      return;
    }
    plain.push(chunk);
  });
  const write = async (chunk: Uint8Array): Promise<void> => {
    if (bomb || failure) return;
    if (!gunzip.write(chunk)) {
      await new Promise<void>((resolve) => {
        const settle = () => {
          gunzip.off('drain', settle);
          gunzip.off('error', settle);
          gunzip.off('close', settle);
          resolve();
        };
        gunzip.on('drain', settle).on('error', settle).on('close', settle);
      });
    }
  };
  await write(opening);
  // The whole input is hashed even after inflating stopped: the rejection records its digest.
  for await (const chunk of source$) await write(chunk);
  if (!bomb && !failure) {
    await new Promise<void>((resolve) => {
      gunzip
        .once('end', resolve)
        .once('error', () => resolve())
        .once('close', resolve);
      gunzip.end();
      gunzip.resume();
    });
  }
  if (bomb) return done(bombDiagnostic(place, cap, limits, input.size));
  plain.settle();
  if (plain.head && isGzip(plain.head)) return done(nestedGzip(place));
  const f = failure as NodeJS.ErrnoException | null;
  if (f) {
    // A truncated stream of a page, feed or document is refused whole; anything else (a corrupt
    // stream, a truncated WARC or JSON Lines file) is for the readers to salvage.
    const truncated = f.code === 'Z_BUF_ERROR' || /unexpected end/i.test(f.message);
    const format = plain.format();
    if (truncated && format && !readableInPart(format)) return done(truncatedGzip(place, format));
    return done(null);
  }
  return done(plain.end());
}

interface PlainChecks {
  push(chunk: Uint8Array): void;
  /** The rejection, once every chunk was pushed. */
  end(): Diagnostic | null;
  /** Detects the format from what was pushed so far, if not done yet. */
  settle(): void;
  /** The first bytes, once known. */
  readonly head: Uint8Array | null;
  format(): InputFormat | null;
}

/** The checks on plain (not gzip) bytes: binary data, then the format's own meter. */
function plainChecks(place: Place, limits: ReadLimits, encoding: string | undefined): PlainChecks {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let head: Uint8Array | null = null;
  let format: InputFormat | null = null;
  let verdict: Diagnostic | null = null;
  let meter: { push(chunk: Uint8Array): void; end(): Diagnostic | null } | null = null;
  const declared = encoding !== undefined && !/^\s*utf-?8\s*$/i.test(encoding);

  const decide = (): void => {
    head = Buffer.concat(pending);
    format = detectFormat(head, place.source);
    if (isGzip(head)) return; // gzip inside gzip: refused by the caller
    if (mayBeBinary(format, encoding) && looksBinary(head)) {
      verdict = binaryDiagnostic(head, place.source, format);
      return;
    }
    if (format === 'text' && !declared && !hasUtf16Bom(head)) meter = createTextMeter(place, limits);
    else if (format === 'json' && !hasUtf16Bom(head)) {
      const strings = createJsonStringMeter();
      meter = { push: (chunk) => strings.push(chunk), end: () => checkJsonStrings(strings, place, limits) };
    }
    for (const chunk of pending) meter?.push(chunk);
    pending = [];
  };

  return {
    get head() {
      return head;
    },
    format: () => format,
    settle() {
      if (head === null && pendingBytes > 0) decide();
    },
    push(chunk) {
      if (verdict) return;
      if (head === null) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= HEAD_BYTES) decide();
        return;
      }
      meter?.push(chunk);
    },
    end() {
      if (head === null && pendingBytes > 0) decide();
      return verdict ?? meter?.end() ?? null;
    },
  };
}

import fs from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { Diagnostic, StoredDocument } from '../core/types.js';
import type { CaptureResult, JsonValue, LargeCaptureWriter } from '../store/store.js';
import type { ReadLimits, ReadRecord, ReadResult } from './reader.js';
import { diagnostic, formatBytes } from './readers/diagnostic.js';
import { bombDiagnostic, gunzipCap } from './readers/gunzip-limited.js';
import { cleanRecords } from './readers/read-input.js';
import { lineTooLong, newJsonlState, readJsonlLines } from './readers/read-jsonl.js';
import { newWarcState, readWarcPiece, warcSkipped } from './readers/read-warc.js';
import { runWithTimeBudget } from './time-budget.js';

/** A large input checked by the prescan, to be read and stored piece by piece. */
export interface LargeInput {
  absolute: string;
  source: string;
  sha256: string;
  size: number;
  gzip: boolean;
  format: 'jsonl' | 'warc';
}

/** What reading a large input came to. */
export type LargeOutcome =
  /** Stored (in one transaction): its capture, and every diagnostic met while reading. */
  | { stored: CaptureResult; diagnostics: Diagnostic[]; problemCount: number }
  /** Nothing stored: the input is refused for this reason. */
  | { refused: Diagnostic }
  /** Nothing stored: no document could be read from it (why is in `diagnostics`). */
  | { empty: true; diagnostics: Diagnostic[] }
  /** Nothing stored: it cannot be read piece by piece (a damaged gzip stream); read it whole. */
  | { whole: true };

export interface ReadLargeOptions {
  limits: ReadLimits;
  /** Documents of a piece's records (metadata precedence and ids, as for any input). */
  toDocuments: (records: ReadRecord[]) => StoredDocument[];
  /** What cleaning changed in these records, for the custody entry. */
  changesOf: (records: ReadRecord[]) => { record: string; changes: { [key: string]: JsonValue }[] }[];
  /** Bytes handed to the reader at a time (tests); default 8 MiB. */
  pieceBytes?: number;
}

const MiB = 1024 * 1024;
/** Diagnostics kept per large input (all are counted). */
const MAX_DIAGNOSTICS = 10_000;
/** Records whose text changes the custody entry lists (all are counted). */
const MAX_CHANGED_RECORDS = 10_000;

/**
 * Reads a large JSON Lines input (plain or gzip) and stores it while reading, never holding it
 * whole: one pass over the file copies its bytes into the store (`writer.write`), cuts them into
 * pieces of whole lines, reads each piece as `readJsonl` would read the whole (same records, same
 * record keys and diagnostics), and stores its documents (`writer.add`). Memory is a few pieces,
 * whatever the input's size. Every limit applies as for an input read whole: a line over
 * `maxLineBytes` is skipped while streaming, `maxRecords` counts across pieces, gzip output is
 * capped, and the reading time of all pieces together is the input's `maxReadSeconds` budget.
 * Nothing is stored unless the whole input was read: the writer's transaction commits at the end,
 * and is rolled back on a refusal or an error.
 */
export async function readLarge(
  input: LargeInput,
  writer: LargeCaptureWriter,
  options: ReadLargeOptions,
): Promise<LargeOutcome> {
  const { limits } = options;
  const { source } = input;
  const place = { source };
  const diagnostics: Diagnostic[] = [];
  const problems: Diagnostic[] = [];
  let problemCount = 0;
  let dropped = 0;
  const changes: ReturnType<ReadLargeOptions['changesOf']> = [];
  let moreChanged = 0;
  const note = (d: Diagnostic): void => {
    const located = { ...d, source: d.source ?? source };
    if (located.severity === 'error') {
      problemCount++;
      if (problems.length < 20) problems.push(located);
    }
    if (diagnostics.length < MAX_DIAGNOSTICS) diagnostics.push(located);
    else dropped++;
  };

  let budgetMs = Math.max(1, Math.round(limits.maxReadSeconds * 1000));
  let timedOut = false;
  /** Runs one piece's reading under what is left of the input's time budget; null once out of time. */
  const budgeted = <T>(bytes: number, work: () => T): T | null => {
    if (timedOut) return null;
    const started = performance.now();
    const [outcome] = runWithTimeBudget(
      [
        {
          bytes,
          run: (): T | Error => {
            try {
              return work();
            } catch (error) {
              return error instanceof Error ? error : new Error(String(error));
            }
          },
        },
      ],
      budgetMs / 1000,
    );
    budgetMs -= performance.now() - started;
    if (!outcome || 'timedOut' in outcome || budgetMs <= 0) {
      timedOut = true;
      return null;
    }
    if (outcome.value instanceof Error) throw outcome.value;
    return outcome.value as T;
  };
  const digests: { record: string; matched: boolean | null }[] = [];
  let added = 0;
  const accept = (result: ReadResult): void => {
    for (const d of result.diagnostics) note(d);
    if (result.records.length === 0) return;
    added += result.records.length;
    writer.add(options.toDocuments(result.records));
    for (const r of result.records)
      if (r.digestMatched !== undefined)
        digests.push({ record: r.recordKey, matched: r.digestMatched ?? null });
    for (const c of options.changesOf(result.records)) {
      if (changes.length < MAX_CHANGED_RECORDS) changes.push(c);
      else moreChanged++;
    }
  };
  const pieceBytes = options.pieceBytes ?? 8 * MiB;
  const pieces = input.format === 'warc' ? warcPieces() : jsonlPieces();

  function jsonlPieces(): { push: (chunk: Uint8Array) => void; end: () => void } {
    const state = newJsonlState();
    const readPiece = (bytes: Uint8Array): void => {
      if (state.stopped) return;
      const result = budgeted(bytes.length, () =>
        cleanRecords({ reader: 'jsonl', ...readJsonlLines(bytes, { source, limits }, state) }),
      );
      if (result) accept(result);
    };
    return lineCutter(pieceBytes, limits, readPiece, (number, length) => {
      // The reader numbers lines on from the cutter's count; a line past maxRecords is not reported.
      state.nextLine = number + 1;
      if (!state.stopped) note(lineTooLong({ source, record: `line ${number}` }, number, length, limits));
    });
  }

  /** WARC: the complete records of what arrived are read; an incomplete one waits for more. */
  function warcPieces(): { push: (chunk: Uint8Array) => void; end: () => void } {
    const state = newWarcState();
    let chunks: Uint8Array[] = [];
    let size = 0;
    let next = pieceBytes;
    const read = (final: boolean): void => {
      const bytes = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, size);
      const result = budgeted(bytes.length, () => {
        const piece = readWarcPiece(bytes, { source, limits }, state, final);
        return { consumed: piece.consumed, ...cleanRecords({ reader: 'warc', ...piece }) };
      });
      if (!result) return;
      accept(result);
      state.cursor.base += result.consumed;
      const rest = bytes.subarray(result.consumed);
      chunks = rest.length > 0 ? [Buffer.from(rest)] : [];
      size = rest.length;
      // A record larger than a piece is tried again only when what is held has doubled, so a huge
      // record (or a forged length) costs linear copying, not a copy of all of it at every piece.
      next = result.consumed === 0 ? Math.max(size * 2, size + pieceBytes) : size + pieceBytes;
      if (final) for (const d of warcSkipped(source, state)) note(d);
    };
    return {
      push(chunk) {
        if (timedOut) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= next) read(false);
      },
      end() {
        read(true);
      },
    };
  }

  try {
    const gunzip = input.gzip ? gunzipStream(gunzipCap(input.size, limits), pieces.push) : null;
    for await (const chunk of fs.createReadStream(input.absolute, { highWaterMark: MiB })) {
      const bytes = chunk as Buffer;
      writer.write(bytes);
      if (gunzip) await gunzip.write(bytes);
      else pieces.push(bytes);
      if (timedOut) break;
    }
    if (gunzip && !timedOut) {
      const end = await gunzip.end();
      if (end === 'bomb') {
        writer.abort();
        return { refused: bombDiagnostic(place, gunzipCap(input.size, limits), limits, input.size) };
      }
      if (end === 'corrupt') {
        writer.abort();
        return { whole: true };
      }
      if (end === 'truncated') {
        note(
          diagnostic(
            place,
            'gzip-truncated',
            'warning',
            `The gzip stream ends early (truncated file): ${formatBytes(gunzip.out())} could be decompressed; complete records in it are kept, the incomplete end is dropped.`,
            'Re-download or re-copy the file; `gzip -t` confirms the truncation.',
          ),
        );
      }
    }
    if (!timedOut) pieces.end();
    if (timedOut) {
      writer.abort();
      return { refused: readTimeout(source, limits) };
    }
    if (dropped > 0)
      note(diagnostic(place, 'more-diagnostics', 'info', `${dropped} more diagnostics were not listed.`));
    if (added === 0) {
      // As for an input read whole: refused, and its original not kept.
      writer.abort();
      return { empty: true, diagnostics };
    }
    if (moreChanged > 0)
      changes.push({
        record: '…',
        changes: [{ rule: 'ingest/more-changes', reason: 'not listed', count: moreChanged }],
      });
    const stored = await writer.finish({
      problems,
      problemCount,
      ...(digests.length > 0 ? { digests } : {}),
      ...(changes.length > 0 ? { textChanges: changes } : {}),
    });
    return { stored, diagnostics, problemCount };
  } catch (error) {
    writer.abort();
    throw error;
  }
}

/** Why an input is refused when reading it takes longer than its time budget. */
export function readTimeout(source: string, limits: ReadLimits): Diagnostic {
  return {
    rule: 'ingest/read-timeout',
    severity: 'error',
    message: `Rejected: reading this input took longer than its ${limits.maxReadSeconds} s budget (maxReadSeconds); it was stopped and nothing was read from it.`,
    hint: 'Check the input (an unusual structure can make a reader slow), split it, or raise --max-read-seconds.',
    source,
  };
}

/**
 * Cuts a stream of bytes into pieces of whole lines of about `pieceBytes` (each ends just after a
 * `\n`, the last one at the end of the input) and hands them to `piece` in order. A line that
 * grows past `maxLineBytes` before its end is met is not kept: its bytes are counted and dropped,
 * and `tooLong(number, length)` says so, as the reader would for a line that long.
 */
export function lineCutter(
  pieceBytes: number,
  limits: ReadLimits,
  piece: (bytes: Uint8Array) => void,
  tooLong: (line: number, length: number) => void,
): { push: (chunk: Uint8Array) => void; end: () => void } {
  let chunks: Uint8Array[] = [];
  let size = 0;
  /** The number of the next line to hand over (lines handed over or dropped so far, plus one). */
  let line = 1;
  let dropping: { length: number; last: number } | null = null;

  const hand = (bytes: Uint8Array): void => {
    if (bytes.length === 0) return;
    let count = 0;
    for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) count++;
    if (bytes[bytes.length - 1] !== 0x0a) count++;
    line += count;
    piece(bytes);
  };
  const finishDrop = (length: number, lastByte: number): void => {
    tooLong(line, length - (lastByte === 0x0d && length > 0 ? 1 : 0));
    line++;
    dropping = null;
  };
  const cut = (): void => {
    const whole = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, size);
    const last = whole.lastIndexOf(0x0a);
    const rest = whole.subarray(last + 1);
    if (last >= 0) hand(whole.subarray(0, last + 1));
    // The rest is the start of a line: kept (copied, so the piece can be freed) unless too long
    // (by more than a `\r` that may end it).
    if (rest.length > limits.maxLineBytes + 1) {
      dropping = { length: rest.length, last: rest[rest.length - 1] ?? 0 };
      chunks = [];
      size = 0;
    } else {
      chunks = rest.length > 0 ? [Buffer.from(rest)] : [];
      size = rest.length;
    }
  };
  return {
    push(input) {
      let chunk = input;
      if (dropping) {
        const nl = chunk.indexOf(0x0a);
        if (nl < 0) {
          dropping.length += chunk.length;
          if (chunk.length > 0) dropping.last = chunk[chunk.length - 1] ?? 0;
          return;
        }
        const lastByte = nl > 0 ? (chunk[nl - 1] ?? 0) : dropping.last;
        finishDrop(dropping.length + nl, lastByte);
        chunk = chunk.subarray(nl + 1);
        if (chunk.length === 0) return;
      }
      chunks.push(chunk);
      size += chunk.length;
      if (size >= pieceBytes || size > limits.maxLineBytes + 1) cut();
    },
    end() {
      if (dropping) {
        finishDrop(dropping.length, dropping.last);
        return;
      }
      if (size > 0) hand(chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, size));
      chunks = [];
      size = 0;
    },
  };
}

/** Gunzip as a stream with its output capped; `end` says how the stream ended. */
function gunzipStream(
  cap: number,
  onData: (chunk: Uint8Array) => void,
): {
  write: (chunk: Uint8Array) => Promise<void>;
  end: () => Promise<'ok' | 'bomb' | 'truncated' | 'corrupt'>;
  out: () => number;
} {
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  let out = 0;
  let bomb = false;
  let failure: NodeJS.ErrnoException | null = null;
  let thrown: unknown = null;
  gunzip.on('error', (error) => {
    failure ??= error;
  });
  gunzip.on('data', (chunk: Buffer) => {
    if (bomb || thrown) return;
    out += chunk.length;
    if (out > cap) {
      bomb = true;
      gunzip.destroy();
      return;
    }
    try {
      onData(chunk);
    } catch (error) {
      thrown = error;
      gunzip.destroy();
    }
  });
  const waitFor = (events: string[]): Promise<void> =>
    new Promise<void>((resolve) => {
      const settle = (): void => {
        for (const e of events) gunzip.off(e, settle);
        resolve();
      };
      for (const e of events) gunzip.on(e, settle);
    });
  return {
    out: () => out,
    async write(chunk) {
      if (bomb || failure || thrown) {
        if (thrown) throw thrown;
        return;
      }
      if (!gunzip.write(chunk)) await waitFor(['drain', 'error', 'close']);
      if (thrown) throw thrown;
    },
    async end() {
      if (!bomb && !failure && !thrown) {
        const ended = waitFor(['end', 'error', 'close']);
        gunzip.end();
        await ended;
      }
      if (thrown) throw thrown;
      if (bomb) return 'bomb';
      const f = failure as NodeJS.ErrnoException | null;
      if (!f) return 'ok';
      return f.code === 'Z_BUF_ERROR' || /unexpected end/i.test(f.message) ? 'truncated' : 'corrupt';
    },
  };
}

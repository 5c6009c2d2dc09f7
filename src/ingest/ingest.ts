import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic, DocumentMeta, ReaderName, StoredDocument } from '../core/types.js';
import type { AsyncStore } from '../store/async-store.js';
import { documentId, sha256Hex } from '../store/document-id.js';
import type {
  Capture,
  CaptureBatch,
  CaptureOutcome,
  Checkpoint,
  CommitResult,
  JsonValue,
  Rejection,
  Store,
} from '../store/store.js';
import { applyInferredMeta } from './infer-meta.js';
import { resolveLimits } from './limits.js';
import { type Manifest, type ManifestEntry, readManifest } from './manifest.js';
import { gunzipNeedsPrescan, PRESCAN_BYTES, type Prescan, prescanInput } from './prescan-input.js';
import { type InputToRead, type ReadOutcome, readInputs } from './read-inputs.js';
import { type LargeInput, readLarge, readTimeout } from './read-large.js';
import type { ReadLimits, ReadRecord, ReadResult } from './reader.js';
import { type InputItem, walkInputs } from './walk-inputs.js';

/** Recorded in the custody log with each capture, beside the reader's name. */
export const INGEST_VERSION = '0.2.0';

export interface IngestOptions {
  /** A JSON Lines or CSV manifest supplying metadata per file (and listing files to read). */
  manifest?: string;
  /** Hard limits; missing fields take the defaults. */
  limits?: Partial<ReadLimits>;
  /**
   * Encoding of plain-text inputs that are not UTF-8 (`latin1`, `windows-1252`, `utf-16le`, any
   * WHATWG label); a manifest entry's `encoding` wins for its file.
   */
  encoding?: string;
  /** Read files the manifest lists outside its own folder (refused by default). */
  allowOutside?: boolean;
  /** Standard input, read when an input is `-`. */
  stdin?: NodeJS.ReadableStream;
  /** Called as inputs are read and batches committed, with running totals (new documents count once committed). */
  onProgress?: (progress: IngestProgress) => void;
  /** Group commit: inputs per batch (default 1,000) and bytes per batch (default 64 MiB). */
  batchInputs?: number;
  batchBytes?: number;
  /** Most per-input results and diagnostics kept in the summary (default 10,000); totals are always exact. */
  listLimit?: number;
  /** Capture clock (tests). */
  clock?: () => Date;
  /** Inputs larger than this are checked while streaming first (default `PRESCAN_BYTES`, 32 MiB; tests). */
  prescanBytes?: number;
  /**
   * Reads the inputs' bytes into records elsewhere (ingest jobs run by `corroborate worker`
   * processes; see src/analyze/remote-ingest.ts) instead of in this process. Everything else is
   * the same: what the store holds is looked up, and captures are made and committed here, in the
   * inputs' order, so the documents and the custody entries are those a local ingest makes.
   */
  remoteRead?: RemoteRead;
}

/** Reading inputs somewhere else than in the ingesting process (`IngestOptions.remoteRead`). */
export interface RemoteRead {
  /**
   * Reads inputs into records, each under `limits` (its time budget too); outcomes in order. A
   * null outcome is an input not read there (its bytes were not found): ingest reads it itself.
   */
  read(
    inputs: readonly (InputToRead & { sha256: string })[],
    limits: ReadLimits,
    signal?: AbortSignal,
  ): Promise<(ReadOutcome | null)[]>;
  /** Inputs per group, read together (one job). */
  groupInputs: number;
  /** Groups being read while the earliest one waits to be stored. */
  window: number;
}

export interface IngestProgress {
  inputs: number;
  bytes: number;
  newDocuments: number;
  rejected: number;
}

/** What happened to one input that was read. */
export interface IngestedInput {
  source: string;
  sha256: string;
  outcome: CaptureOutcome;
  partial: boolean;
  newDocuments: string[];
  existingDocuments: string[];
}

export interface IngestSummary {
  /** Inputs met (files and stdin, including rejected ones). */
  inputs: number;
  bytes: number;
  originals: { new: number; newSource: number; duplicate: number };
  documents: { new: number; existing: number };
  /** Inputs refused as a whole. */
  rejected: number;
  /** Inputs of which only some records were accepted. */
  partial: number;
  /** Per-input results (up to `listLimit`). */
  ingested: IngestedInput[];
  /** Errors and warnings first found (up to `listLimit`); info notes are counted only. */
  diagnostics: Diagnostic[];
  notes: number;
  /** True when `ingested` or `diagnostics` were cut at `listLimit`. */
  truncated: boolean;
  /** The custody log's checkpoint after the run. */
  checkpoint: Checkpoint;
}

/**
 * Reads files, folders (recursively) and `-` (standard input) into the store. Every input is
 * hashed and kept unaltered; each record becomes a `StoredDocument`. Bad input is reported as a
 * diagnostic, logged in the custody log, and never stops the run. Originals are stored by group
 * commit (a batch of files synced, then one transaction), and only one batch is held in memory.
 *
 * @example
 * const summary = await ingest(store, ['reports/'], { manifest: 'reports/manifest.csv' });
 * console.log(summary.documents.new, summary.rejected);
 */
export async function ingest(
  target: Store | AsyncStore,
  inputs: readonly string[],
  options: IngestOptions = {},
): Promise<IngestSummary> {
  // Every backend's asynchronous interface: the store is read and written once per group of inputs.
  const store = 'backend' in target ? target : target.async;
  const limits: ReadLimits = resolveLimits(options.limits);
  const clock = options.clock ?? (() => new Date());
  const listLimit = options.listLimit ?? 10_000;
  const batchInputs = options.batchInputs ?? 1000;
  const batchBytes = options.batchBytes ?? 64 * 1024 * 1024;
  const prescanBytes = options.prescanBytes ?? PRESCAN_BYTES;
  const manifest: Manifest | null = options.manifest ? readManifest(options.manifest) : null;

  const summary: IngestSummary = {
    inputs: 0,
    bytes: 0,
    originals: { new: 0, newSource: 0, duplicate: 0 },
    documents: { new: 0, existing: 0 },
    rejected: 0,
    partial: 0,
    ingested: [],
    diagnostics: [],
    notes: 0,
    truncated: false,
    checkpoint: await store.custody.head(),
  };
  const report = (d: Diagnostic): void => {
    if (d.severity === 'info') summary.notes++;
    else if (summary.diagnostics.length < listLimit) summary.diagnostics.push(d);
    else summary.truncated = true;
  };

  let batch: CaptureBatch = { captures: [], rejections: [] };
  let batchSize = 0;
  let committing: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    if (batch.captures.length === 0 && batch.rejections.length === 0) return;
    const current = batch;
    batch = { captures: [], rejections: [] };
    batchSize = 0;
    // One batch commits while the next is being read; commits stay in order.
    await committing;
    committing = store.commit(current).then((result) => record(result));
  };
  const record = (result: CommitResult): void => {
    for (const c of result.captures) {
      if (c.outcome === 'new') summary.originals.new++;
      else if (c.outcome === 'new-source') summary.originals.newSource++;
      else summary.originals.duplicate++;
      if (c.partial) summary.partial++;
      summary.documents.new += c.newDocuments.length;
      summary.documents.existing += c.existingDocuments.length;
      if (summary.ingested.length < listLimit) summary.ingested.push({ ...c });
      else summary.truncated = true;
    }
    progress();
  };
  const progress = (): void =>
    options.onProgress?.({
      inputs: summary.inputs,
      bytes: summary.bytes,
      newDocuments: summary.documents.new,
      rejected: summary.rejected,
    });
  const rejectInput = (rejection: Rejection, diagnostic: Diagnostic | null): void => {
    summary.rejected++;
    if (diagnostic) report(diagnostic);
    batch.rejections.push(rejection);
  };
  /** An input from which no report text could be read: refused under the reader's own error, if any
   * (the reader's diagnostics are reported already), or as `ingest/no-text`. */
  const rejectEmpty = (
    input: { source: string; sha256: string; size: number; capturedAt: string },
    diagnostics: readonly Diagnostic[],
  ): void => {
    const main = diagnostics.find((d) => d.severity === 'error');
    rejectInput(
      {
        ...input,
        rule: main?.rule ?? 'ingest/no-text',
        reason: main?.message ?? 'No report text could be read from it.',
      },
      main
        ? null
        : {
            rule: 'ingest/no-text',
            severity: 'error',
            message: 'No report text could be read from it.',
            source: input.source,
          },
    );
  };

  // Inputs are read in small groups so that one query tells which of their originals the store
  // already holds (one lookup per document costs as much as reading it); each group is then
  // handled in input order. Read elsewhere (`remoteRead`), groups are sent as they fill and
  // handled in order once read, a few at a time.
  const remote = options.remoteRead;
  const groupInputs = remote?.groupInputs ?? GROUP_INPUTS;
  let pending: Pending[] = [];
  let pendingBytes = 0;
  const reading: { group: Pending[]; reads: Promise<Map<Pending, ReadOutcome>> }[] = [];
  // Told when the ingest fails: groups still being read elsewhere stop waiting and clean up.
  const stopReading = new AbortController();
  const settle = async (): Promise<void> => {
    const group = pending;
    pending = [];
    pendingBytes = 0;
    if (!remote) return handleGroup(group, null);
    if (group.length > 0) {
      const reads = readElsewhere(remote, store, group, limits, options.encoding, stopReading.signal);
      // Awaited in order by `drain`; a failure meanwhile is not left unhandled.
      reads.catch(() => {});
      reading.push({ group, reads });
    }
    while (reading.length > remote.window) await drainOne();
  };
  const drainOne = async (): Promise<void> => {
    const next = reading.shift();
    if (next) await handleGroup(next.group, await next.reads);
  };
  /** Settles the group being filled and handles every group still being read. */
  const settleAll = async (): Promise<void> => {
    await settle();
    while (reading.length > 0) await drainOne();
  };
  const handleGroup = async (group: Pending[], readElsewhere: Map<Pending, ReadOutcome> | null) => {
    // What the store holds is looked up here, as the group's turn comes, whether or not it was
    // read elsewhere: an input known by now is recorded as known, as a local ingest records it.
    const known = await knownReaders(
      store,
      await store.originals.knownAmong(group.flatMap((p) => (p.sha256 ? [p.sha256] : []))),
    );
    let reads = readElsewhere ?? readGroup(group, known, limits, options.encoding);
    if (readElsewhere) {
      // An input stored meanwhile is not read; one not read elsewhere (its bytes were not found
      // there, or it was stored when sent but is gone now) is read here.
      const left = group.filter((p) => p.sha256 && !known.has(p.sha256) && !readElsewhere.has(p));
      if (left.length > 0)
        reads = new Map([...readElsewhere, ...readGroup(left, known, limits, options.encoding)]);
    }
    for (const p of group) {
      handle(p, known, p.sha256 && known.has(p.sha256) ? undefined : reads.get(p));
      if (batch.captures.length >= batchInputs || batchSize >= batchBytes) await flush();
    }
  };
  const handle = (
    { item, capturedAt, loaded, sha256 }: Pending,
    known: ReadonlyMap<string, ReaderName>,
    read: ReadOutcome | undefined,
  ): void => {
    if (item.kind === 'missing') {
      rejectInput(
        {
          source: item.source,
          sha256: null,
          size: null,
          capturedAt,
          rule: item.rule,
          reason: item.message,
        },
        { rule: item.rule, severity: 'error', message: item.message, hint: item.hint, source: item.source },
      );
      return;
    }
    if (!loaded || 'rule' in loaded || !sha256) {
      const failed = loaded && 'rule' in loaded ? loaded : null;
      rejectInput(
        {
          source: item.source,
          sha256: failed?.sha256 ?? null,
          size: failed?.size ?? null,
          capturedAt,
          rule: failed?.rule ?? 'ingest/unreadable',
          reason: failed?.message ?? 'Cannot read the input.',
        },
        failed?.diagnostic ?? {
          rule: failed?.rule ?? 'ingest/unreadable',
          severity: 'error',
          message: failed?.message ?? 'Cannot read the input.',
          hint: failed?.hint,
          source: item.source,
        },
      );
      return;
    }
    const { bytes } = loaded;
    const manifestEntry = item.kind === 'file' ? item.manifest : null;
    if (read && 'timedOut' in read) {
      const diagnostic = readTimeout(item.source, limits);
      rejectInput(
        {
          source: item.source,
          sha256,
          size: bytes.byteLength,
          capturedAt,
          rule: diagnostic.rule,
          reason: diagnostic.message,
        },
        diagnostic,
      );
      return;
    }
    let capture: Capture;
    try {
      if (read?.value instanceof Error) throw read.value;
      capture = readCapture(
        known.get(sha256) ?? null,
        bytes,
        sha256,
        read?.value ?? null,
        item.source,
        capturedAt,
        manifestEntry,
        manifestEntry?.encoding ?? options.encoding,
      );
    } catch (err) {
      // Readers never throw on content; if one does, that input is refused and the run goes on.
      const message = `The reader failed on this input: ${(err as Error).message ?? String(err)}`;
      rejectInput(
        {
          source: item.source,
          sha256,
          size: bytes.byteLength,
          capturedAt,
          rule: 'ingest/reader-failed',
          reason: message,
        },
        {
          rule: 'ingest/reader-failed',
          severity: 'error',
          message,
          hint: 'This is a bug in Corroborate; please report it with the input.',
          source: item.source,
        },
      );
      return;
    }
    for (const d of capture.diagnostics) report(d);
    if (capture.documents.length === 0 && !known.has(sha256)) {
      rejectEmpty({ source: item.source, sha256, size: bytes.byteLength, capturedAt }, capture.diagnostics);
      return;
    }
    batch.captures.push(capture);
    batchSize += bytes.byteLength + capture.documents.reduce((n, d) => n + d.text.length * 2, 0);
  };

  /**
   * A large JSON Lines input (see `readLarge`): what was read before it is committed first, then it
   * is stored while read, in its own transaction. False when it must be read whole instead.
   */
  const storeLarge = async (
    item: InputItem & { kind: 'file' },
    large: LargeInput,
    capturedAt: string,
  ): Promise<boolean> => {
    await settleAll();
    await flush();
    await committing;
    const begin = store.beginLargeCapture;
    if (!begin) return false;
    const manifestEntry = item.manifest;
    const encoding = manifestEntry?.encoding ?? options.encoding;
    const known = await store.originals.knownAmong([large.sha256]);
    if (known.size > 0) {
      // The same bytes are stored: only this capture is recorded, as for any known input.
      const reader = (await knownReaders(store, known)).get(large.sha256) ?? large.format;
      batch.captures.push({
        ...readCapture(reader, new Uint8Array(0), large.sha256, null, item.source, capturedAt, manifestEntry),
        size: large.size,
      });
      await flush();
      return true;
    }
    const writer = await begin.call(store, {
      sha256: large.sha256,
      size: large.size,
      source: item.source,
      capturedAt,
      reader: large.format,
      readerVersion: INGEST_VERSION,
      ...(manifestEntry ? { manifest: manifestEntry.where } : {}),
      ...(encoding ? { encoding } : {}),
    });
    const origin = { sha256: large.sha256, source: item.source, capturedAt, reader: large.format };
    let outcome: Awaited<ReturnType<typeof readLarge>>;
    try {
      outcome = await readLarge(large, writer, {
        limits,
        toDocuments: (records) => records.map((r) => toDocument(r, origin, manifestEntry)),
        changesOf,
      });
    } catch (err) {
      const message = `Cannot store this input: ${(err as Error).message ?? String(err)}`;
      rejectInput(
        {
          source: item.source,
          sha256: large.sha256,
          size: large.size,
          capturedAt,
          rule: 'ingest/reader-failed',
          reason: message,
        },
        { rule: 'ingest/reader-failed', severity: 'error', message, source: item.source },
      );
      return true;
    }
    if ('whole' in outcome) return false;
    if ('refused' in outcome) {
      rejectInput(
        {
          source: item.source,
          sha256: large.sha256,
          size: large.size,
          capturedAt,
          rule: outcome.refused.rule,
          reason: outcome.refused.message,
        },
        outcome.refused,
      );
      return true;
    }
    for (const d of outcome.diagnostics) report(d);
    if ('empty' in outcome) {
      // Refused as when read whole: the reader's own diagnostics were reported above.
      rejectEmpty(
        { source: item.source, sha256: large.sha256, size: large.size, capturedAt },
        outcome.diagnostics,
      );
      return true;
    }
    record({ captures: [outcome.stored], rejections: [] });
    return true;
  };

  try {
    for await (const item of walkInputs(inputs, manifest, { allowOutside: options.allowOutside })) {
      if (item.kind === 'note') {
        report(item.diagnostic);
        continue;
      }
      if (summary.inputs > 0) progress();
      summary.inputs++;
      const capturedAt = clock().toISOString();
      if (item.kind === 'missing') {
        pending.push({ item, capturedAt });
        continue;
      }
      const encoding = (item.kind === 'file' ? item.manifest?.encoding : undefined) ?? options.encoding;
      const streamable = store.beginLargeCapture !== undefined && !encoding;
      let loaded = await loadChecked(item, limits, encoding, options.stdin, prescanBytes, streamable);
      if ('stream' in loaded && item.kind === 'file') {
        summary.bytes += loaded.stream.size;
        const done = await storeLarge(item, loaded.stream, capturedAt);
        if (done) continue;
        // A damaged gzip stream is read whole, as a small input is.
        summary.bytes -= loaded.stream.size;
        const whole = loadFile(item, limits, Number.POSITIVE_INFINITY);
        loaded = 'large' in whole ? whole.large : whole;
      }
      if ('stream' in loaded) throw new Error('A large input from standard input cannot be streamed.');
      if ('rule' in loaded) {
        if (loaded.sha256 && loaded.size !== null) summary.bytes += loaded.size;
        pending.push({ item, capturedAt, loaded });
        continue;
      }
      summary.bytes += loaded.bytes.byteLength;
      pending.push({ item, capturedAt, loaded, sha256: sha256Hex(loaded.bytes) });
      pendingBytes += loaded.bytes.byteLength;
      if (pending.length >= groupInputs || pendingBytes >= GROUP_BYTES) await settle();
    }
    await settleAll();
    await flush();
  } finally {
    // Left only by a failure: the groups still being read stop waiting and remove what they staged.
    if (reading.length > 0) {
      stopReading.abort(new Error('The ingest stopped before these inputs were read.'));
      await Promise.allSettled(reading.map((r) => r.reads));
    }
    // Whatever happens, what was read is committed before returning or rethrowing.
    await committing;
  }
  summary.checkpoint = await store.custody.head();
  return summary;
}

type Loaded =
  | { bytes: Uint8Array }
  | {
      rule: string;
      message: string;
      hint: string;
      size: number | null;
      /** Set when the input was read (and hashed) but refused before being held whole. */
      sha256?: string;
      diagnostic?: Diagnostic;
    };

/**
 * Reads one input, checking a large one while streaming first (`prescanInput`): a file over
 * `PRESCAN_BYTES`, or gzip that may expand past it, is held whole only when no limit refuses it,
 * so refusing a 400 MB text or a 7 MB gzip of 400 MB costs a few MiB, not several copies.
 */
async function loadChecked(
  item: InputItem & { kind: 'file' | 'stdin' },
  limits: ReadLimits,
  encoding: string | undefined,
  stdin: NodeJS.ReadableStream | undefined,
  prescanBytes: number,
  streamable = false,
): Promise<Loaded | { stream: LargeInput }> {
  const first =
    item.kind === 'stdin'
      ? await loadStdin(limits, stdin, prescanBytes)
      : loadFile(item, limits, prescanBytes);
  if ('spill' in first) {
    // Standard input spilled to a temporary file: checked and read like a file, then removed.
    try {
      const spilled = { kind: 'file', source: item.source, absolute: first.spill, manifest: null } as const;
      return (await loadChecked(spilled, limits, encoding, undefined, prescanBytes)) as Loaded;
    } finally {
      fs.rmSync(path.dirname(first.spill), { recursive: true, force: true });
    }
  }
  let checked: Prescan;
  if ('large' in first) {
    if (item.kind !== 'file') return first.large;
    checked = await prescanInput(fs.createReadStream(item.absolute, { highWaterMark: MiB }), {
      source: item.source,
      size: first.size,
      limits,
      ...(encoding ? { encoding } : {}),
    });
  } else if ('bytes' in first && gunzipNeedsPrescan(first.bytes, limits, prescanBytes)) {
    checked = await prescanInput([first.bytes], {
      source: item.source,
      size: first.bytes.byteLength,
      limits,
      ...(encoding ? { encoding } : {}),
    });
  } else return first;
  const refused = checked.rejection;
  if (refused) {
    return {
      rule: refused.rule,
      message: refused.message,
      hint: refused.hint ?? '',
      size: checked.size,
      sha256: checked.sha256,
      diagnostic: { ...refused, source: refused.source ?? item.source },
    };
  }
  const format = checked.format;
  if (streamable && item.kind === 'file' && (format === 'jsonl' || format === 'warc')) {
    // Large JSON Lines and WARC (or gzip that may expand past the prescan size) are stored while
    // read, never held whole (see `readLarge`).
    const { sha256, size } = checked;
    return {
      stream: { absolute: item.absolute, source: item.source, sha256, size, gzip: checked.gzip, format },
    };
  }
  if ('bytes' in first) return first;
  const whole = loadFile(item as InputItem & { kind: 'file' }, limits, Number.POSITIVE_INFINITY);
  return 'large' in whole ? whole.large : whole;
}

const MiB = 1024 * 1024;
/** The reader of each known original (its documents were read with it), for its capture entry. */
async function knownReaders(store: AsyncStore, known: Set<string>): Promise<Map<string, ReaderName>> {
  const out = new Map<string, ReaderName>();
  for (const sha256 of known) {
    const doc = await store.documents.get((await store.documents.idsForOriginal(sha256))[0] ?? '');
    out.set(sha256, doc?.reader ?? 'text');
  }
  return out;
}

/** One input met by the walk, read (or refused) and waiting for its group's store lookup. */
interface Pending {
  item: InputItem & { kind: 'file' | 'stdin' | 'missing' };
  capturedAt: string;
  loaded?: Loaded;
  sha256?: string;
}

/** Inputs (and bytes) read before one lookup of which originals are already stored. */
const GROUP_INPUTS = 64;
const GROUP_BYTES = 16 * 1024 * 1024;

function tooLarge(size: number, limits: ReadLimits): Loaded {
  return {
    rule: 'ingest/too-large',
    message: `The input is ${size} bytes, more than the limit of ${limits.maxFileBytes} bytes.`,
    hint: 'Raise the limit with --max-file-size if the input is genuine, or split it.',
    size,
  };
}

/**
 * Reads standard input. Past `prescanBytes` it is spilled to a temporary file (`spill`), so that
 * a large input can be checked while streaming, like a file, before it is held whole.
 */
async function loadStdin(
  limits: ReadLimits,
  stdin: NodeJS.ReadableStream | undefined,
  prescanBytes: number,
): Promise<Loaded | { spill: string; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let spill: { dir: string; file: string; fd: number } | null = null;
  try {
    for await (const chunk of stdin ?? process.stdin) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buf.byteLength;
      if (size > limits.maxFileBytes) {
        if (spill) removeSpill(spill);
        spill = null;
        return tooLarge(size, limits);
      }
      if (!spill && size > prescanBytes) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-stdin-'));
        const file = path.join(dir, 'stdin');
        spill = { dir, file, fd: fs.openSync(file, 'wx', 0o600) };
        for (const c of chunks.splice(0)) fs.writeSync(spill.fd, c);
      }
      if (spill) fs.writeSync(spill.fd, buf);
      else chunks.push(buf);
    }
  } catch (err) {
    if (spill) removeSpill(spill);
    throw err;
  }
  if (!spill) return { bytes: Buffer.concat(chunks) };
  fs.closeSync(spill.fd);
  return { spill: spill.file, size };
}

function removeSpill(spill: { dir: string; fd: number }): void {
  try {
    fs.closeSync(spill.fd);
  } catch {
    // already closed
  }
  fs.rmSync(spill.dir, { recursive: true, force: true });
}

function loadFile(
  item: InputItem & { kind: 'file' },
  limits: ReadLimits,
  prescanBytes: number,
): Loaded | { large: Loaded; size: number } {
  try {
    // Synchronous reads cost a fraction of the CPU of async ones for small files (no thread-pool
    // round trips); the previous batch's flush waits in the thread pool meanwhile. Four system
    // calls per file (open, fstat, read, close): the size from fstat sizes the buffer.
    const fd = fs.openSync(item.absolute, 'r');
    try {
      const { size } = fs.fstatSync(fd);
      if (size > limits.maxFileBytes) return tooLarge(size, limits);
      if (size > prescanBytes) return { large: tooLarge(size, limits), size };
      const bytes = readToEnd(fd, size, limits.maxFileBytes);
      return bytes ? { bytes } : tooLarge(limits.maxFileBytes + 1, limits);
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return {
      rule: 'ingest/unreadable',
      message: `Cannot read the file (${code}).`,
      hint: 'Check that it exists and is readable.',
      size: null,
    };
  }
}

/**
 * Reads a file of `size` bytes (its size when opened, as `fs.readFileSync` does) in one `read`
 * normally. A special file that reports size 0 is read in chunks; null when it passes `max` bytes.
 */
function readToEnd(fd: number, size: number, max: number): Buffer | null {
  if (size > 0) {
    const bytes = allocateInput(size);
    let got = 0;
    while (got < size) {
      const n = fs.readSync(fd, bytes, got, size - got, null);
      if (n === 0) return bytes.subarray(0, got);
      got += n;
    }
    return bytes;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const n = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    total += n;
    if (total > max) return null;
    chunks.push(chunk.subarray(0, n));
  }
  return Buffer.concat(chunks, total);
}

const SLAB_BYTES = 1 << 20;
const SLAB_PIECE_MAX = 64 * 1024;
let slab = Buffer.alloc(0);
let slabUsed = 0;

/**
 * A buffer for one input's bytes. Small inputs are carved from 1 MiB slabs: one allocation per
 * slab rather than per file, which spares the allocator and the garbage collector in bulk ingest.
 * A slab is freed once the batches holding its pieces are committed.
 */
function allocateInput(size: number): Buffer {
  if (size > SLAB_PIECE_MAX) return Buffer.allocUnsafe(size);
  if (slabUsed + size > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const piece = slab.subarray(slabUsed, slabUsed + size);
  slabUsed += (size + 7) & ~7;
  return piece;
}

/**
 * The inputs of a group whose bytes the store does not hold yet (`known`) and that were read whole:
 * what `readGroup` or a `RemoteRead` reads. Inputs already stored are not read again.
 */
function toRead(
  group: readonly Pending[],
  known: { has(sha256: string): boolean },
  defaultEncoding: string | undefined,
): { pending: Pending; input: InputToRead & { sha256: string } }[] {
  const out: { pending: Pending; input: InputToRead & { sha256: string } }[] = [];
  for (const p of group) {
    const { item, loaded, sha256 } = p;
    if (item.kind === 'missing' || !loaded || 'rule' in loaded || !sha256 || known.has(sha256)) continue;
    const encoding = (item.kind === 'file' ? item.manifest?.encoding : undefined) ?? defaultEncoding;
    out.push({
      pending: p,
      input: { bytes: loaded.bytes, source: item.source, sha256, ...(encoding ? { encoding } : {}) },
    });
  }
  return out;
}

/**
 * Reads the inputs of a group whose bytes the store does not hold yet through `remote`. The
 * store is asked first, so that bytes stored before are not sent to be read.
 */
async function readElsewhere(
  remote: RemoteRead,
  store: AsyncStore,
  group: readonly Pending[],
  limits: ReadLimits,
  defaultEncoding: string | undefined,
  signal: AbortSignal,
): Promise<Map<Pending, ReadOutcome>> {
  const known = await store.originals.knownAmong(group.flatMap((p) => (p.sha256 ? [p.sha256] : [])));
  const list = toRead(group, known, defaultEncoding);
  if (list.length === 0) return new Map();
  const outcomes = await remote.read(
    list.map((r) => r.input),
    limits,
    signal,
  );
  return new Map(
    list.flatMap((r, i) => {
      const outcome = outcomes[i];
      return outcome ? [[r.pending, outcome] as const] : [];
    }),
  );
}

/** Reads each input of a group whose bytes the store does not hold yet, in this process. */
function readGroup(
  group: readonly Pending[],
  known: ReadonlyMap<string, ReaderName>,
  limits: ReadLimits,
  defaultEncoding: string | undefined,
): Map<Pending, ReadOutcome> {
  const list = toRead(group, known, defaultEncoding);
  const outcomes = readInputs(
    list.map((r) => r.input),
    limits,
  );
  return new Map(list.map((r, i) => [r.pending, outcomes[i] as ReadOutcome]));
}

/**
 * The capture of one input: its documents from `result`, or, when the store already holds these
 * bytes (`result` null), only the capture (and maybe a new source).
 */
function readCapture(
  knownReader: ReaderName | null,
  bytes: Uint8Array,
  sha256: string,
  result: ReadResult | null,
  source: string,
  capturedAt: string,
  manifest: ManifestEntry | null,
  encoding?: string,
): Capture {
  const base = { sha256, bytes, source, capturedAt, readerVersion: INGEST_VERSION };
  const where = manifest ? { manifest: manifest.where } : {};
  if (!result) {
    // Known bytes: the documents already exist; only the capture (and maybe a new source) is recorded.
    return { ...base, ...where, reader: knownReader ?? 'text', documents: [], diagnostics: [] };
  }
  const diagnostics = result.diagnostics.map((d) => ({ ...d, source: d.source ?? source }));
  const documents = result.records.map((r) =>
    toDocument(r, { sha256, source, capturedAt, reader: result.reader }, manifest),
  );
  const digests = result.records
    .filter((r) => r.digestMatched !== undefined)
    .map((r) => ({ record: r.recordKey, matched: r.digestMatched ?? null }));
  const textChanges = changesOf(result.records);
  return {
    ...base,
    ...where,
    reader: result.reader,
    documents,
    diagnostics,
    ...(digests.length ? { digests } : {}),
    ...(textChanges.length ? { textChanges } : {}),
    ...(encoding ? { encoding } : {}),
  };
}

/** Most text changes recorded per record in custody (the count is always recorded). */
const MAX_CHANGES = 100;

/** The text changes of each record, for the custody entry (`Capture.textChanges`). */
function changesOf(records: ReadRecord[]): NonNullable<Capture['textChanges']> {
  const out: NonNullable<Capture['textChanges']> = [];
  for (const r of records) {
    if (!r.changes || r.changes.length === 0) continue;
    const changes = r.changes.slice(0, MAX_CHANGES).map((c) => ({ ...c }) as { [key: string]: JsonValue });
    if (r.changes.length > MAX_CHANGES)
      changes.push({
        rule: 'ingest/more-changes',
        reason: 'not listed',
        count: r.changes.length - MAX_CHANGES,
      });
    out.push({ record: r.recordKey, changes });
  }
  return out;
}

const META_FIELDS = [
  'title',
  'outlet',
  'url',
  'published',
  'byline',
  'dateline',
  'series',
  'externalId',
] as const;

/**
 * Metadata precedence: the manifest, then what the input states, then what the text itself says
 * (`applyInferredMeta`, which lists those fields in `inferred`).
 */
function toDocument(
  record: ReadRecord,
  origin: { sha256: string; source: string; capturedAt: string; reader: StoredDocument['reader'] },
  manifest: ManifestEntry | null,
): StoredDocument {
  const meta = applyInferredMeta(record.meta, record.text);
  const inferred = new Set(meta.inferred ?? []);
  const supplied = manifest?.meta ?? {};
  const fields: Record<string, unknown> = {};
  for (const field of META_FIELDS) {
    const fromManifest = field in supplied ? supplied[field as keyof typeof supplied] : undefined;
    if (fromManifest !== undefined) {
      fields[field] = fromManifest;
      inferred.delete(field);
    } else fields[field] = meta[field] ?? null;
  }
  return {
    id: documentId(origin.sha256, record.recordKey),
    sha256: origin.sha256,
    source: record.sourceUrl ?? origin.source,
    recordKey: record.recordKey,
    reader: origin.reader,
    capturedAt: origin.capturedAt,
    text: record.text,
    ...(fields as Pick<DocumentMeta, (typeof META_FIELDS)[number]>),
    credits: meta.credits ?? [],
    inferred: [...inferred].sort(),
  };
}

import type { Diagnostic, ReaderName, StoredDocument } from '../core/types.js';
import type { AnalysisStore } from './analysis-store.js';
import type { AsyncStore } from './async-store.js';
import type { ReuseStore } from './reuse-store.js';

/**
 * The evidence store the stages talk to today: synchronous reads (the stages are synchronous over
 * the store), async `commit` and `verify`. Only the embedded store (SQLite plus a folder of
 * originals, `src/store/sqlite/`) offers it. Every backend, PostgreSQL included, offers the
 * asynchronous `AsyncStore` (`store.async` here; see async-store.ts and docs/scale.md).
 *
 * @example
 * const store = openStore('./corroborate-data');
 * for (const doc of store.documents.iterate()) console.log(doc.id, doc.title);
 * store.close();
 */
export interface Store {
  /** The workspace folder. */
  readonly dir: string;
  readonly documents: DocumentStore;
  readonly originals: OriginalStore;
  readonly custody: CustodyLog;
  /** The reuse stage's index and verified pairs. */
  readonly reuse: ReuseStore;
  /** Extractions, the merge state and the latest ledger. */
  readonly analysis: AnalysisStore;
  /** The same store through the asynchronous interface every backend offers (see async-store.ts). */
  readonly async: AsyncStore;
  /**
   * Stores a batch of captures with group commit: every new original is written durably first
   * (temp file, fsync, rename, directory fsync), then one transaction records originals,
   * provenance, documents and custody entries. A crash at any point leaves either the whole batch
   * or none of its rows; at worst an original file without rows, which the next ingest reuses.
   */
  commit(batch: CaptureBatch): Promise<CommitResult>;
  /** Re-hashes every original, checks every document's original and the custody chain. */
  verify(options?: VerifyOptions): Promise<VerifyReport>;
  close(): void;
}

/** A document without its text, for listings. */
export interface DocumentSummary {
  id: string;
  sha256: string;
  source: string;
  recordKey: string;
  reader: ReaderName;
  outlet: string | null;
  title: string | null;
  published: string | null;
  url: string | null;
  /** Length of the canonical text in characters. */
  chars: number;
  capturedAt: string;
}

/** A document in the short listing (`DocumentStore.listing`). */
export type DocumentListing = Pick<DocumentSummary, 'id' | 'published'>;

/** One source an original arrived from: the same bytes from two places give two entries. */
export interface Provenance {
  sha256: string;
  source: string;
  capturedAt: string;
  /** Custody entry that recorded this capture. */
  custodySeq: number;
}

export interface DocumentStore {
  get(id: string): StoredDocument | null;
  /** Documents in ingest order (stable). Use `iterate` for large stores. */
  list(options?: { offset?: number; limit?: number }): StoredDocument[];
  /** Streams every document in ingest order without loading them all. */
  iterate(): IterableIterator<StoredDocument>;
  /** Streams listing rows (no text) in ingest order. */
  summaries(): IterableIterator<DocumentSummary>;
  /** One document's listing row, or null. */
  summary(id: string): DocumentSummary | null;
  /**
   * Every document's id and publication time in ingest order: read from an index, a small part
   * of what `summaries` reads (the rows hold the texts).
   */
  listing(): DocumentListing[];
  /** Ids of the documents read from one original, in ingest order. */
  idsForOriginal(sha256: string): string[];
  /** Every source the document's original arrived from, oldest first. */
  provenance(id: string): Provenance[];
  count(): number;
}

export interface OriginalStore {
  /** True when the database records this original (its file was written durably before). */
  has(sha256: string): boolean;
  /** Which of these originals the database records: `has` for many hashes in one query. */
  knownAmong(sha256s: readonly string[]): Set<string>;
  /** True when this original is recorded and arrived from `source` before. */
  hasSource(sha256: string, source: string): boolean;
  /** The original's unaltered bytes. */
  read(sha256: string): Buffer;
  /**
   * Absolute path of the file holding the original: its own file for a loose original, the pack
   * file (shared with the other originals of its batch) for a packed one; see `locate`.
   */
  path(sha256: string): string;
  /** Where exactly the original's bytes are (file, byte offset, length); null when not recorded. */
  locate(sha256: string): OriginalLocator | null;
  count(): number;
}

/** The byte range of one original: the whole of a loose file, or a range of a pack file. */
export interface OriginalLocator {
  file: string;
  offset: number;
  length: number;
  /** True when `file` is a pack holding other originals too. */
  packed: boolean;
}

/** Kinds of custody entries. Other stages append `analysis` and `export` entries. */
export type CustodyKind = 'ingest' | 'rejection' | 'analysis' | 'export';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One entry of the append-only, hash-chained custody log. */
export interface CustodyEntry {
  /** 1-based position in the log. */
  seq: number;
  kind: CustodyKind;
  /** When the entry was written (ISO 8601, UTC). */
  at: string;
  details: { [key: string]: JsonValue };
  /** sha256(hex) of the previous entry's hash followed by the canonical JSON of `{seq, kind, at, details}`. */
  hash: string;
}

/** The log's size and head hash: the checkpoint a user writes down to detect later tampering. */
export interface Checkpoint {
  entries: number;
  head: string;
}

export interface CustodyLog {
  /**
   * Appends one entry in its own transaction and returns it.
   * @example store.custody.append('export', { format: 'ledger-json', file: 'out/ledger.json', sha256 })
   */
  append(kind: CustodyKind, details: { [key: string]: JsonValue }): CustodyEntry;
  head(): Checkpoint;
  /** Entries in log order, streamed. */
  entries(options?: { from?: number }): IterableIterator<CustodyEntry>;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** One input (or stdin) read in full: its bytes and the documents read from them. */
export interface Capture {
  sha256: string;
  /** The input's bytes; empty for an input already stored that was not read again (see `size`). */
  bytes: Uint8Array;
  /** The input's size in bytes when `bytes` does not hold it (an input already stored). */
  size?: number;
  /** Path as given to ingest, or `-` for standard input. */
  source: string;
  capturedAt: string;
  reader: ReaderName;
  readerVersion: string;
  /** Documents read from the original (empty when the original is already stored). */
  documents: StoredDocument[];
  /** Problems found while reading (for a partly accepted input). */
  diagnostics: Diagnostic[];
  /** Manifest line that described this input, if any. */
  manifest?: string;
  /**
   * For web archives: whether each record's recorded WARC digest matched its bytes (`null` when
   * the record carried no digest), keyed by record.
   */
  digests?: { record: string; matched: boolean | null }[];
  /**
   * What ingest changed in each record's text after reading it (removed control characters, a
   * wire-copy header, boilerplate lines), keyed by record; see `TextChange` in src/ingest/reader.ts.
   */
  textChanges?: { record: string; changes: { [key: string]: JsonValue }[] }[];
  /** The encoding the user declared for this input (`--encoding` or the manifest), if any. */
  encoding?: string;
}

/**
 * One large input stored while it is read (`AsyncStore.beginLargeCapture`): its original's bytes
 * and its documents arrive in pieces, and all of it is committed at `finish`, or nothing.
 */
export interface LargeCaptureHeader {
  sha256: string;
  size: number;
  source: string;
  capturedAt: string;
  reader: ReaderName;
  readerVersion: string;
  manifest?: string;
  encoding?: string;
}

export interface LargeCaptureWriter {
  /** Appends the next bytes of the original, in order. */
  write(chunk: Uint8Array): void;
  /** Stores the next documents read from the input (inside the input's one transaction). */
  add(documents: readonly StoredDocument[]): void;
  /**
   * Makes the original durable, checks that what was written hashes to `sha256` and has `size`
   * bytes (else throws and stores nothing), then records the original, its source, and the
   * custody entry binding every new document, and commits.
   */
  finish(rest: {
    /** Errors found while reading (the first ones), and how many there were in all. */
    problems: Diagnostic[];
    problemCount: number;
    digests?: Capture['digests'];
    textChanges?: Capture['textChanges'];
  }): Promise<CaptureResult>;
  /** Stores nothing: the transaction is rolled back and the partial original removed. */
  abort(): void;
}

/** An input that was refused as a whole. Only its custody entry is written. */
export interface Rejection {
  source: string;
  sha256: string | null;
  size: number | null;
  capturedAt: string;
  /** Stable rule id of the main reason, e.g. `ingest/invalid-utf8`. */
  rule: string;
  reason: string;
}

export interface CaptureBatch {
  captures: Capture[];
  rejections: Rejection[];
}

/**
 * `new`: first time these bytes are stored; `new-source`: known bytes from a new source (one more
 * provenance entry); `duplicate`: the same bytes from the same source again (nothing added).
 */
export type CaptureOutcome = 'new' | 'new-source' | 'duplicate';

export interface CaptureResult {
  sha256: string;
  source: string;
  outcome: CaptureOutcome;
  /** `partial` when some records of the input were refused. */
  partial: boolean;
  newDocuments: string[];
  existingDocuments: string[];
  custodySeq: number;
}

export interface CommitResult {
  captures: CaptureResult[];
  rejections: { source: string; custodySeq: number }[];
}

// ---------------------------------------------------------------------------------------------
// Verification

export interface VerifyOptions {
  /** A checkpoint written down earlier: the log must still contain it as a prefix. */
  checkpoint?: Checkpoint;
  /** Called after each original is re-hashed. */
  onProgress?: (done: number, total: number) => void;
}

export type VerifyProblemKind =
  | 'original-missing'
  | 'original-mismatch'
  | 'document-without-original'
  | 'custody-broken'
  | 'checkpoint-mismatch'
  /** A document row differs from what its ingest entry bound (text, metadata or position). */
  | 'document-altered'
  /** An ingest entry bound a document the table no longer holds. */
  | 'document-missing'
  /** A document row that no ingest entry stored. */
  | 'document-unbound'
  /** A provenance row that differs from the ingest entry it names. */
  | 'provenance-altered'
  /** An ingest entry whose source the provenance table no longer lists. */
  | 'provenance-missing'
  /** An originals row whose size, reader or capture time differs from its ingest entry. */
  | 'original-record-altered'
  /** An ingest entry stored an original the originals table no longer lists. */
  | 'original-record-missing'
  /** An originals row that no ingest entry stored. */
  | 'original-unbound'
  /** A pack record that does not match its file or the originals in it, or is missing. */
  | 'pack-record-altered'
  /** The latest ledger's bytes differ from what the analysis entry that wrote it recorded, or it is missing. */
  | 'ledger-altered'
  /** The extraction rows the latest ledger was merged from no longer fold to the analysis entry's digest. */
  | 'extractions-altered'
  /** The reuse pairs the latest ledger was merged from no longer fold to the analysis entry's digest. */
  | 'reuse-altered'
  /** The merge state the next analysis builds on no longer folds to the latest analysis entry's digest. */
  | 'merge-state-altered'
  /** A document whose canonical text, read again from its original, differs (`--deep`). */
  | 'text-rederived-mismatch'
  /** SQLite reports the database file itself damaged. */
  | 'database-corrupt';

export interface VerifyProblem {
  kind: VerifyProblemKind;
  message: string;
  sha256?: string;
  /** Documents read from the affected original. */
  documents?: string[];
  /** Custody entry concerned. */
  seq?: number;
}

export interface VerifyReport {
  ok: boolean;
  originals: number;
  documents: number;
  checkpoint: Checkpoint;
  problems: VerifyProblem[];
  /**
   * Files in the originals folder that no row refers to: pack files (or loose originals) written
   * by an ingest killed before its transaction committed. Harmless; the next ingest removes such
   * packs.
   */
  unreferenced: number;
  /**
   * Documents ingested before each document's record was bound into its custody entry: only their
   * number per original is checked (`verify --deep` re-reads their text from the originals).
   */
  legacyDocuments: number;
}

import type { DocumentExtraction, ReusePair, StoredDocument } from '../core/types.js';
import type { SerializedExtraction } from './analysis-store.js';
import type { KeyKindValue } from './reuse-store.js';
import type {
  CaptureBatch,
  Checkpoint,
  CommitResult,
  CustodyEntry,
  CustodyKind,
  DocumentListing,
  DocumentSummary,
  JsonValue,
  LargeCaptureHeader,
  LargeCaptureWriter,
  Provenance,
  VerifyOptions,
  VerifyReport,
} from './store.js';

/**
 * The store as every backend offers it: asynchronous, with bulk reads and writes, so that a stage
 * reads what it needs at its start, computes synchronously, and writes its results at its end.
 * SQLite offers it over the embedded store (`src/store/sqlite/async-store.ts`), PostgreSQL natively
 * (`src/store/postgres/`). `openSharedStore` chooses the backend from the location: a folder, or a
 * `postgres://` URL. The contract suite (`src/store/contract/`) runs the same tests against each.
 *
 * The synchronous `Store` (src/store/store.ts) is what the stages use today; only SQLite offers it.
 */
export interface AsyncStore {
  readonly backend: 'sqlite' | 'postgres';
  /** A folder, or a URL without its password: for messages. */
  readonly location: string;
  readonly documents: AsyncDocumentStore;
  /** Originals as content-addressed blobs: their SHA-256 is their name. */
  readonly originals: BlobStore;
  readonly custody: AsyncCustodyLog;
  readonly reuse: AsyncReuseStore;
  readonly analysis: AsyncAnalysisStore;
  readonly mergeState: AsyncMergeStateStore;
  /**
   * Stores a batch of captures in one transaction: originals (deduplicated by SHA-256), provenance,
   * documents and their custody entries, or nothing. Concurrent commits from several processes or
   * machines keep one linear custody chain.
   */
  commit(batch: CaptureBatch): Promise<CommitResult>;
  /**
   * Stores one large input while it is read, without holding it (see `LargeCaptureWriter`): in one
   * transaction, so that a crash or a refusal leaves nothing of it. Backends without it get large
   * inputs whole through `commit`. Nothing else may use the store until the writer is finished or
   * aborted.
   */
  beginLargeCapture?(header: LargeCaptureHeader): Promise<LargeCaptureWriter>;
  /** Re-hashes every original and checks the custody chain (and a checkpoint, when given). */
  verify(options?: VerifyOptions): Promise<VerifyReport>;
  /**
   * Runs `work` while holding the store-wide lock named `name`: one holder at a time across every
   * process and machine using the store (PostgreSQL: a session advisory lock, released when `work`
   * settles or the connection drops). Used so that one merge runs at a time.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface AsyncDocumentStore {
  get(id: string): Promise<StoredDocument | null>;
  /** The documents of these ids that are stored (absent ids are left out). */
  getMany(ids: readonly string[]): Promise<Map<string, StoredDocument>>;
  /** Documents in ingest order. */
  list(options?: { offset?: number; limit?: number }): Promise<StoredDocument[]>;
  /** Every document's id and publication time in ingest order. */
  listing(): Promise<DocumentListing[]>;
  /** Listing rows (no text) in ingest order, streamed in pages. */
  summaries(): AsyncIterable<DocumentSummary>;
  /** Every document with its text in ingest order, streamed in pages. */
  iterate(): AsyncIterable<StoredDocument>;
  idsForOriginal(sha256: string): Promise<string[]>;
  provenance(id: string): Promise<Provenance[]>;
  count(): Promise<number>;
}

export interface BlobStore {
  has(sha256: string): Promise<boolean>;
  knownAmong(sha256s: readonly string[]): Promise<Set<string>>;
  hasSource(sha256: string, source: string): Promise<boolean>;
  /** The original's unaltered bytes, or null when it is not stored. */
  read(sha256: string): Promise<Buffer | null>;
  count(): Promise<number>;
}

export interface AsyncCustodyLog {
  /** Appends one entry in its own transaction (serialised with every other writer). */
  append(kind: CustodyKind, details: { [key: string]: JsonValue }): Promise<CustodyEntry>;
  head(): Promise<Checkpoint>;
  /** Entries in log order from `from` (1-based), at most `limit`. */
  entries(options?: { from?: number; limit?: number }): Promise<CustodyEntry[]>;
}

/** One document's entry in the reuse index. */
export interface IndexedDocument {
  documentId: string;
  signature: Uint32Array;
  keys: readonly { key: number; kind: KeyKindValue }[];
  processedAt: string;
}

/** The reuse index and verified pairs (see `ReuseStore`), in bulk. */
export interface AsyncReuseStore {
  parameters(): Promise<string | null>;
  reset(parameters: string): Promise<void>;
  processedIds(): Promise<Set<string>>;
  /** As `ReuseStore.holders`: per key, its holders, or null when more than `maxPerKey` hold it. */
  holders(keys: ArrayLike<number>, kind: KeyKindValue, maxPerKey: number): Promise<(string[] | null)[]>;
  /** Indexes documents (a document indexed again loses its old keys) in one transaction. */
  addDocuments(documents: readonly IndexedDocument[]): Promise<void>;
  putPairs(pairs: readonly ReusePair[]): Promise<void>;
  /** Every verified pair, ordered by `a`, then `b`. */
  pairs(): Promise<ReusePair[]>;
  pairsOfMany(documentIds: readonly string[]): Promise<Map<string, ReusePair[]>>;
  signature(documentId: string): Promise<Uint32Array | null>;
  familiesIndexed(): Promise<number | null>;
  familiesOfMany(documentIds: readonly string[]): Promise<Map<string, { id: string; documents: string[] }>>;
  saveFamilies(entries: Iterable<[string, string]>, indexed: number, replace: boolean): Promise<void>;
}

/** Extractions and the latest ledger (see `AnalysisStore`), in bulk. */
export interface AsyncAnalysisStore {
  extractedIds(version: string): Promise<Set<string>>;
  putSerializedExtractions(version: string, rows: readonly SerializedExtraction[]): Promise<void>;
  getExtraction(documentId: string, version: string): Promise<DocumentExtraction | null>;
  /** The stored rows of these documents' extractions (absent ones left out), in the order of `ids`. */
  serializedExtractions(version: string, ids: readonly string[]): Promise<SerializedExtraction[]>;
  /** The merge's view of every extraction of this version, in document-id order. */
  mergeInputs(version: string): Promise<DocumentExtraction[]>;
  mergeInputsFor(version: string, ids: readonly string[]): Promise<DocumentExtraction[]>;
  /** Makes these bytes the latest ledger (a blob in the store, reachable from every machine). */
  saveLedger(bytes: Uint8Array, custodySeq: number | null): Promise<void>;
  /**
   * Appends custody entries (in order) and, with `ledger`, makes it the latest ledger of the last
   * `analysis` entry among them, in one transaction: a process killed in between leaves neither,
   * so the latest ledger is always the one the newest analysis entry recorded (else `verify`
   * would see an older ledger put back). Returns the entries as the log chained them.
   */
  recordLedger(
    entries: readonly { kind: CustodyKind; details: { [key: string]: JsonValue } }[],
    ledger: Uint8Array | null,
  ): Promise<CustodyEntry[]>;
  latestLedgerBytes(): Promise<Buffer | null>;
}

/** The merge's persisted working state (see `MergeStateStore`), in bulk. */
export interface AsyncMergeStateStore {
  get(ns: string, key: string): Promise<unknown>;
  getMany(ns: string, keys: readonly string[]): Promise<Map<string, unknown>>;
  scan(ns: string): Promise<[string, unknown][]>;
  write(changes: readonly { ns: string; key: string; value: unknown }[]): Promise<void>;
  clear(): Promise<void>;
}

import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DocumentExtraction } from '../core/types.js';
import { jsonBytes } from './json-bytes.js';
import type { MergeStateDigest, MergeStateFold } from './merge-state-digest.js';
import type { MergeStateStore } from './merge-state-store.js';

/**
 * What `analyze` keeps between runs: each document's extraction (keyed by extractor version, so
 * a new extractor re-processes everything and an old one nothing) and the latest ledger.
 */
export interface AnalysisStore {
  /** Ids of the documents already extracted by this extractor version. */
  extractedIds(version: string): Set<string>;
  /** Stores extractions in one transaction; an existing row for the same document and version is replaced. */
  putExtractions(version: string, extractions: readonly DocumentExtraction[]): void;
  /**
   * `putExtractions` for rows already made by `serializeExtraction` (in a worker thread, so that
   * the thread holding the store only writes).
   */
  putSerializedExtractions(version: string, rows: readonly SerializedExtraction[]): void;
  /** Removes these documents' extractions of `version` (rows no analysis entry bound: see `unboundExtractions`). */
  deleteExtractions(version: string, ids: readonly string[]): void;
  /** The stored rows of these documents' extractions (absent ones left out), in the order of `ids`. */
  serializedExtractions(version: string, ids: readonly string[]): SerializedExtraction[];
  /** The full extraction of one document, or null. */
  getExtraction(documentId: string, version: string): DocumentExtraction | null;
  /**
   * Every extraction of this version in document-id order, trimmed to what the merge reads
   * (sentence texts, quantities, dates and diagnostics left out) to keep large stores fast.
   */
  mergeInputs(version: string): IterableIterator<DocumentExtraction>;
  /** The extractions (trimmed as in `mergeInputs`) of the given documents. */
  mergeInputsFor(version: string, ids: readonly string[]): IterableIterator<DocumentExtraction>;
  /**
   * The merge's persisted working state (see src/merge/merge-state.ts). With `digest`, every row
   * written or removed is reported to it (with the text it replaces), and clearing clears it.
   */
  mergeState(digest?: MergeStateFold): MergeStateStore;
  /** The digest of every merge-state row, hashed now (see `MergeStateDigest`). */
  mergeStateDigest(): MergeStateDigest;
  /**
   * The latest ledger file's name and the custody entry that recorded it, when that ledger is up to
   * date with the merge state (null when no run recorded one, or one was interrupted after it began
   * changing the state: see `beginLedgerFile`).
   */
  recordedLedger(): { name: string; custodySeq: number } | null;
  /**
   * The folder where `analyze` writes the latest ledger as a file (ledger.json and an index of its
   * items), so that the next run copies unchanged items from it instead of serialising them.
   */
  ledgerFolder(): string;
  /**
   * Where the ledger files a run replaces are moved (`moveToTrash`, trash.ts), and the `--out`
   * copy it overwrote when on the same file system; each run empties it in the background.
   */
  trashFolder(): string;
  /**
   * Makes `name` (a file in `ledgerFolder()`) the latest ledger and removes the older files there
   * (except those in `keep`, e.g. the new file's index) into `trashFolder()`.
   */
  saveLedgerFile(name: string, custodySeq: number | null, keep?: readonly string[]): void;
  /**
   * `saveLedgerFile` for the analysis entry `append` writes, in one transaction with it: a run
   * killed in between leaves neither, so the latest ledger is always the one the newest analysis
   * entry recorded (else `verify` would see an older ledger put back).
   */
  recordLedgerFile<E extends { seq: number }>(name: string, append: () => E, keep?: readonly string[]): E;
  /**
   * Before a run changes what the latest ledger file is derived from (the merge state): the
   * path of the latest ledger file when it is up to date with the state, else null; it is then
   * marked as behind until `saveLedgerFile` (after a run interrupted in between, the older file
   * stays the latest ledger and the next run writes every item afresh).
   */
  beginLedgerFile(): string | null;
  /**
   * Opens the transaction one run of `analyze` makes its changes in (the merge state, the latest
   * ledger, the analysis entry): `commit` once the entry is recorded, `rollback` on failure. A
   * process killed before `commit` leaves the store as the previous entry bound it. Ledger files
   * that `recordLedgerFile` replaces are removed only on `commit`. Starts deleting what earlier
   * runs left in `trashFolder()`, in the background.
   */
  beginRun(): { commit(): void; rollback(): void };
  /** The latest ledger JSON, or null when `analyze` never ran. */
  latestLedger(): string | null;
  /** The latest ledger JSON as bytes (a large ledger is more than one string can hold), or null. */
  latestLedgerBytes(): Buffer | null;
}

/** The merge's view of an extraction: sentence spans without text, no quantities, dates or diagnostics. */
export function trimForMerge(x: DocumentExtraction): DocumentExtraction {
  return {
    ...x,
    sentences: x.sentences.map((s) => ({ span: s.span, text: '' })),
    quantities: [],
    dates: [],
    diagnostics: [],
  };
}

/**
 * One extraction as stored: the whole extraction as raw-deflated JSON, and the merge's view as
 * JSON. The merge's view is stored as text; it is read back as a string, and written either as a
 * string or as its UTF-8 bytes (as `serializeExtraction` makes it: a long report's view is tens
 * of MB, which as bytes moves from a worker thread without a copy and is never a JS string).
 */
export interface SerializedExtraction {
  documentId: string;
  extraction: Uint8Array;
  mergeInput: string | Uint8Array;
}

/**
 * The stored form of an extraction. Pure (no database), so extraction workers can run it. Deflate
 * level 1: the extraction blobs are written for every document and read back rarely (one
 * document's view), so speed matters more than a few percent of size. The JSON is built in
 * pieces outside the JS heap (`jsonBytes`): the same bytes as `JSON.stringify`.
 */
export function serializeExtraction(x: DocumentExtraction): SerializedExtraction {
  return {
    documentId: x.documentId,
    extraction: deflateRawSync(jsonBytes(x), { level: 1 }),
    mergeInput: jsonBytes(trimForMerge(x)),
  };
}

/** The merge's view of a stored row as text (`SerializedExtraction.mergeInput`). */
export function mergeInputText(row: Pick<SerializedExtraction, 'mergeInput'>): string {
  const m = row.mergeInput;
  return typeof m === 'string' ? m : Buffer.from(m.buffer, m.byteOffset, m.byteLength).toString('utf8');
}

/** The whole extraction back from its stored form (`SerializedExtraction.extraction`). */
export function deserializeExtraction(blob: Uint8Array): DocumentExtraction {
  return JSON.parse(inflateRawSync(blob).toString('utf8')) as DocumentExtraction;
}

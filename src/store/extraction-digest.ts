import { createHash } from 'node:crypto';
import { StoreError } from '../core/errors.js';
import type { AnalysisStore, SerializedExtraction } from './analysis-store.js';
import { CheckFold, FOLD_ALG, type FoldAlg, RowFold, recordedAlg } from './row-fold.js';
import type { JsonValue, Store } from './store.js';

/**
 * What an `analysis` custody entry records of the extraction rows its ledger was merged from
 * (`details.extractions`): the extractor version, how many rows, and the multiset hash
 * (`RowFold`, `alg`) of each row's SHA-256 (`extractionRowHash`). The fold does not depend on row order and grows by the rows a
 * run adds, so a run that extracts 100 new documents hashes 100 rows, not the whole store; rows
 * are unique per document and version, so none cancels another.
 */
export interface ExtractionsDigest {
  version: string;
  rows: number;
  digest: string;
  alg: FoldAlg;
}

/** The SHA-256 of one stored extraction row: its document id, its extraction blob, its merge input. */
export function extractionRowHash(row: SerializedExtraction): Buffer {
  return createHash('sha256')
    .update(`${row.documentId}\n`)
    .update(createHash('sha256').update(row.extraction).digest())
    .update(createHash('sha256').update(row.mergeInput).digest())
    .digest();
}

export { RowFold } from './row-fold.js';

/** `details.extractions` of an analysis entry, if it records one. */
export function recordedExtractions(details: { [key: string]: JsonValue }): ExtractionsDigest | null {
  const x = details.extractions as { [key: string]: JsonValue } | undefined;
  if (!x || typeof x !== 'object' || Array.isArray(x)) return null;
  const alg = recordedAlg(x);
  if (typeof x.version !== 'string' || typeof x.rows !== 'number' || typeof x.digest !== 'string' || !alg)
    return null;
  return { version: x.version, rows: x.rows, digest: x.digest, alg };
}

/** Rows read per statement when every row is hashed. */
const CHUNK = 500;

/**
 * Before a run changes anything: the extraction rows (of `version`) of the documents the latest
 * analysis entry covered must still be the ones it bound. Their count is compared always; their
 * digest when the merge starts from nothing (`fromScratch`: it then reads every row, so a forged
 * one would reach the ledger). An incremental merge reads only the rows of documents it has not
 * merged, so those rows are not hashed on every run: `verify` folds them all. Throws
 * `DigestMismatchError` (`extractions-altered`).
 */
export function checkExtractions(
  store: Store,
  version: string,
  documentIds: readonly string[],
  stored: ReadonlySet<string>,
  options: { fromScratch: boolean },
): void {
  const latest = latestAnalysis(store);
  const previous = latest ? recordedExtractions(latest.details) : null;
  if (!latest || !previous || previous.version !== version) return;
  const covered = coveredIds(latest.details, documentIds);
  if (!covered) return;
  const ids = [...covered].filter((id) => stored.has(id));
  const mismatch = (rows: number) =>
    new DigestMismatchError(
      'extractions-altered',
      'extraction rows',
      latest.seq,
      rowsFound(rows, previous.rows),
    );
  if (ids.length !== previous.rows) throw mismatch(ids.length);
  if (!options.fromScratch) return;
  const check = new CheckFold();
  for (let i = 0; i < ids.length; i += CHUNK)
    for (const row of store.analysis.serializedExtractions(version, ids.slice(i, i + CHUNK)))
      check.add(extractionRowHash(row));
  if (!check.matches(previous)) throw mismatch(check.rows);
}

/**
 * Stored extraction rows (of `version`) that no analysis entry has bound: neither covered by the
 * latest entry nor extracted by the run about to start (rows a killed run stored, or rows put in
 * the store by other means for documents not merged yet). Nothing vouches for them, so `analyze`
 * deletes them and extracts those documents again (costing only what a killed run left). Empty
 * when the latest entry predates extraction digests (its rows were never bound).
 */
export function unboundExtractions(
  store: Store,
  version: string,
  documentIds: readonly string[],
  stored: ReadonlySet<string>,
): string[] {
  const latest = latestAnalysis(store);
  const previous = latest ? recordedExtractions(latest.details) : null;
  if (latest && !previous) return [];
  const covered = latest && previous?.version === version ? coveredIds(latest.details, documentIds) : null;
  return documentIds.filter((id) => stored.has(id) && !covered?.has(id));
}

/**
 * The digest of the extraction rows (of `version`) of the documents an analysis merged: from the
 * previous analysis entry's digest plus the rows extracted in this run when that accounts for
 * every row (the usual case), else (a new extractor version) by hashing every row. The rows the
 * previous entry bound were checked before the run changed anything (`checkExtractions`).
 */
export function extractionsDigest(
  store: Store,
  version: string,
  documentIds: readonly string[],
  extractedNow: readonly string[],
  /** The ids with a row of this version, when the caller has them (else read from the store). */
  stored: ReadonlySet<string> = store.analysis.extractedIds(version),
): ExtractionsDigest {
  const analysis: AnalysisStore = store.analysis;
  let present = 0;
  for (const id of documentIds) if (stored.has(id)) present++;
  const latest = latestAnalysis(store);
  const previous = latest ? recordedExtractions(latest.details) : null;
  if (
    previous &&
    previous.alg === FOLD_ALG &&
    previous.version === version &&
    previous.rows + extractedNow.length === present
  ) {
    const fold = new RowFold(previous);
    for (let i = 0; i < extractedNow.length; i += CHUNK)
      for (const row of analysis.serializedExtractions(version, extractedNow.slice(i, i + CHUNK)))
        fold.add(extractionRowHash(row));
    if (fold.rows === present) return { version, rows: fold.rows, digest: fold.digest, alg: FOLD_ALG };
  }
  const fold = new RowFold();
  const ids = documentIds.filter((id) => stored.has(id));
  for (let i = 0; i < ids.length; i += CHUNK)
    for (const row of analysis.serializedExtractions(version, ids.slice(i, i + CHUNK)))
      fold.add(extractionRowHash(row));
  return { version, rows: fold.rows, digest: fold.digest, alg: FOLD_ALG };
}

/**
 * Stored evidence an analysis entry bound (rows that no longer fold to its digest, or the ledger
 * file it recorded, since edited) found by the next analysis before it would build on it: the run
 * stops before it changes the merge state or writes a ledger, so the edit stays visible to `verify`.
 */
export class DigestMismatchError extends StoreError {
  constructor(
    readonly kind: 'extractions-altered' | 'reuse-altered' | 'merge-state-altered' | 'ledger-altered',
    what: string,
    seq: number,
    found: string,
  ) {
    super(
      `The stored ${what} no longer match what analysis entry ${seq} recorded (${found}): ${kind}. The analysis stopped before changing the merge state or writing a ledger, so that the altered evidence is not built on nor bound as genuine.`,
      'Run `corroborate verify` to see what changed, and restore the store from a backup (or analyse into a new store).',
    );
  }
}

/** How a count of rows found differs from the count recorded, for `DigestMismatchError`. */
export function rowsFound(rows: number, recorded: number): string {
  return `${rows} now, ${recorded} recorded${rows === recorded ? ', one or more edited' : ''}`;
}

/** The first `details.documents` ids of the listing: the documents an analysis entry merged. */
export function coveredIds(
  details: { [key: string]: JsonValue },
  documentIds: readonly string[],
): Set<string> | null {
  const n = details.documents;
  if (typeof n !== 'number') return null;
  return new Set(documentIds.slice(0, n));
}

/**
 * The latest analysis entry (seq and details), read backwards from the head in growing windows (a
 * +100-document run has about a hundred ingest entries after it), or null when there is none.
 */
export function latestAnalysis(store: Store): { seq: number; details: { [key: string]: JsonValue } } | null {
  let to = store.custody.head().entries;
  for (let window = 64; to >= 1; window *= 8) {
    const from = Math.max(1, to - window + 1);
    let last: { seq: number; details: { [key: string]: JsonValue } } | null = null;
    for (const e of store.custody.entries({ from })) {
      if (e.seq > to) break;
      if (e.kind === 'analysis') last = { seq: e.seq, details: e.details };
    }
    if (last) return last;
    to = from - 1;
  }
  return null;
}

/** The details of the latest analysis entry, or null when there is none. */
export function latestAnalysisDetails(store: Store): { [key: string]: JsonValue } | null {
  return latestAnalysis(store)?.details ?? null;
}

import { createHash } from 'node:crypto';
import { DigestMismatchError, latestAnalysis, rowsFound } from './extraction-digest.js';
import { BACKGROUND_CHUNK, FOLD_ALG, type FoldAlg, RowFold, recordedAlg } from './row-fold.js';
import type { JsonValue, Store } from './store.js';

/**
 * What an `analysis` custody entry records of the merge state its run left (`details.mergeState`):
 * how many rows and the multiset hash (`RowFold`) of each row's SHA-256 (`mergeStateRowHash`). The next run builds on
 * that state (its clusters, blocking index, built events), so an edit to it would change the next
 * ledger; `verify` folds the rows again and compares.
 */
export interface MergeStateDigest {
  rows: number;
  digest: string;
  alg: FoldAlg;
}

/** The SHA-256 of one merge-state row: namespace, key and the JSON text stored. */
export function mergeStateRowHash(ns: string, key: string, value: string): Buffer {
  return createHash('sha256').update(`${ns}\u0000${key}\u0000`).update(value).digest();
}

/** `details.mergeState` of an analysis entry, if it records one. */
export function recordedMergeState(details: { [key: string]: JsonValue }): MergeStateDigest | null {
  const x = details.mergeState as { [key: string]: JsonValue } | undefined;
  if (!x || typeof x !== 'object' || Array.isArray(x)) return null;
  const alg = recordedAlg(x);
  if (typeof x.rows !== 'number' || typeof x.digest !== 'string' || !alg) return null;
  return { rows: x.rows, digest: x.digest, alg };
}

/**
 * The merge state's digest kept up to date while a run writes it: a store's merge state calls
 * `replace` for each row it writes (with the text it held before, if any) and `clear` when it is
 * emptied. It starts from the digest the previous analysis entry recorded, so a +100-document run
 * hashes the rows it changes, not the whole state; a row edited between runs is taken out as it
 * reads now, which leaves the recorded digest off by the edit (the edit is never made genuine).
 */
export class MergeStateFold {
  private fold: RowFold;

  constructor(from?: MergeStateDigest) {
    // A run may write hundreds of thousands of rows: they are folded on a worker thread.
    this.fold = new RowFold(from ? { rows: from.rows, digest: from.digest } : undefined, BACKGROUND_CHUNK);
  }

  replace(ns: string, key: string, before: string | undefined, after: string | undefined): void {
    if (before !== undefined) this.fold.remove(mergeStateRowHash(ns, key, before));
    if (after !== undefined) this.fold.add(mergeStateRowHash(ns, key, after));
  }

  clear(): void {
    this.fold.discard();
    this.fold = new RowFold(undefined, BACKGROUND_CHUNK);
  }

  get value(): MergeStateDigest {
    return { rows: this.fold.rows, digest: this.fold.digest, alg: this.fold.alg };
  }
}

/** The analysis entry that recorded the latest ledger and the merge state the next run builds on. */
export interface BoundEntry {
  seq: number;
  details: { [key: string]: JsonValue };
}

/**
 * The analysis entry that recorded the merge state as it is (and the latest ledger file, derived
 * from it), or null when none did:
 * - the state is the one the analysis entry of the latest ledger recorded, and that entry is the
 *   latest (or, in a machine's working copy of a shared store, this machine's latest: other
 *   machines' analyses since do not touch its state);
 * - otherwise (a first run, a run killed after it began changing the state, or a latest ledger
 *   that names an older entry) null: the next merge starts from nothing.
 * Call it before `beginLedgerFile`.
 */
export function boundEntry(store: Store, options: { workingCopy?: boolean } = {}): BoundEntry | null {
  const ledger = store.analysis.recordedLedger();
  const seq = ledger?.custodySeq ?? null;
  const latest = seq === null ? null : latestAnalysis(store);
  const own =
    latest && latest.seq !== seq && options.workingCopy && seq !== null ? entryAt(store, seq) : latest;
  // The entry must be the one that recorded this ledger (the file is named by the ledger's hash):
  // a working copy killed before it published names an entry the shared log gave another run.
  const recordedIt =
    own !== null &&
    own.seq === seq &&
    typeof own.details.ledgerSha256 === 'string' &&
    ledger?.name === `ledger-${own.details.ledgerSha256.slice(0, 16)}.json`;
  return own && recordedIt ? own : null;
}

/**
 * The fold a run of `analyze` keeps of the merge state, from the entry that recorded it
 * (`boundEntry`): its digest, without reading a row (or, when that entry records no digest, being
 * written by an older version, every row hashed once). Without such an entry the state is cleared
 * and the merge starts from nothing, so rows no entry bound never reach a ledger or a digest.
 */
export function startMergeStateFold(store: Store, bound: BoundEntry | null): MergeStateFold {
  const analysis = store.analysis;
  if (bound) {
    // A digest folded another way (an older entry's XOR) cannot be continued: the rows are hashed once.
    const recorded = recordedMergeState(bound.details);
    return new MergeStateFold(recorded?.alg === FOLD_ALG ? recorded : analysis.mergeStateDigest());
  }
  const fold = new MergeStateFold();
  analysis.mergeState(fold).clear();
  return fold;
}

/**
 * Merge states of at most this many rows are folded again by every `analyze` before it builds on
 * them (a row costs about 20 µs: at most about a second). Larger ones only with `checkState`.
 */
export const MERGE_STATE_CHECK_ROWS = 50_000;

/**
 * Before a run builds on the merge state the bound entry recorded, every row is hashed again and
 * must fold to that entry's digest (`DigestMismatchError`, `merge-state-altered`): an edited,
 * inserted or deleted row would otherwise reach the next ledger. Done when the recorded state has
 * at most `maxRows` rows (default `MERGE_STATE_CHECK_ROWS`; `Infinity` for every state); a larger
 * state is not read (that would cost every run a pass over millions of rows), and only `verify`
 * names its edits.
 * `checked` when the rows were folded; `skipped` when the state was too large to be; `none` when
 * no state is built on (no bound entry: the merge starts from nothing) or the entry's digest was
 * folded another way (an older version's, which the run hashes once and replaces).
 */
export function checkMergeState(
  store: Store,
  bound: BoundEntry | null,
  maxRows = MERGE_STATE_CHECK_ROWS,
): 'checked' | 'skipped' | 'none' {
  const recorded = bound ? recordedMergeState(bound.details) : null;
  if (!bound || !recorded || recorded.alg !== FOLD_ALG) return 'none';
  if (recorded.rows > maxRows) return 'skipped';
  const now = store.analysis.mergeStateDigest();
  if (now.rows !== recorded.rows || now.digest !== recorded.digest)
    throw new DigestMismatchError(
      'merge-state-altered',
      'merge-state rows (clusters, blocking index, built events)',
      bound.seq,
      rowsFound(now.rows, recorded.rows),
    );
  return 'checked';
}

/** The analysis entry at `seq`, or null when there is none. */
function entryAt(store: Store, seq: number): { seq: number; details: { [key: string]: JsonValue } } | null {
  for (const e of store.custody.entries({ from: seq })) {
    return e.seq === seq && e.kind === 'analysis' ? { seq, details: e.details } : null;
  }
  return null;
}

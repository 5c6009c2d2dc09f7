import { createHash } from 'node:crypto';
import type { ReusePair } from '../core/types.js';
import { canonicalJson } from './canonical-json.js';
import { coveredIds, DigestMismatchError, latestAnalysis, rowsFound } from './extraction-digest.js';
import type { PairRow } from './reuse-store.js';
import { CheckFold, FOLD_ALG, type FoldAlg, RowFold, recordedAlg } from './row-fold.js';
import type { JsonValue, Store } from './store.js';

/**
 * What an `analysis` custody entry records of the verified reuse pairs its ledger was merged from
 * (`details.reuse`): how many pairs and the multiset hash (`RowFold`) of each stored row's SHA-256 (`pairRowHash`),
 * folded like the extraction rows (see `ExtractionsDigest`).
 */
export interface ReuseDigest {
  pairs: number;
  digest: string;
  alg: FoldAlg;
  /**
   * The stored families (`reuse_families`: each document's family, which an incremental run
   * reads), folded the same way from `familyRowHash` of each row; absent in entries of earlier
   * releases and in a working copy's.
   */
  families?: number;
  familiesDigest?: string;
}

/** The SHA-256 of one `reuse_families` row. */
export function familyRowHash(documentId: string, familyId: string): Buffer {
  // The canonical JSON of { document_id, family_id }, written out (a row per document is hashed).
  return createHash('sha256')
    .update(`{"document_id":${JSON.stringify(documentId)},"family_id":${JSON.stringify(familyId)}}`)
    .digest();
}

/** The recorded families of an entry's reuse digest, or null when it records none. */
export function recordedFamilies(previous: ReuseDigest | null): { rows: number; digest: string } | null {
  return previous && previous.alg === FOLD_ALG && previous.families !== undefined && previous.familiesDigest
    ? { rows: previous.families, digest: previous.familiesDigest }
    : null;
}

/** Every stored family row folded. */
function foldFamilies(store: Store): RowFold {
  const fold = new RowFold();
  for (const [d, f] of store.reuse.familyRows()) fold.add(familyRowHash(d, f));
  return fold;
}

/** The SHA-256 of one `reuse_pairs` row (the passages as the JSON text stored). */
export function pairRowHash(row: PairRow): Buffer {
  return createHash('sha256').update(pairRowJson(row)).digest();
}

/**
 * The canonical JSON of a `reuse_pairs` row's columns. A row of the stored types (text columns,
 * finite shares) is written out member by member in canonical key order, which gives the same
 * text as `canonicalJson` without building an object and sorting its keys (every stored pair is
 * hashed by the checks); any other row goes through `canonicalJson`.
 */
export function pairRowJson(row: PairRow): string {
  const { a, b, relation, shared_a, shared_b, direction, reason, passages } = row;
  if (
    typeof a === 'string' &&
    typeof b === 'string' &&
    typeof direction === 'string' &&
    typeof passages === 'string' &&
    typeof reason === 'string' &&
    typeof relation === 'string' &&
    Number.isFinite(shared_a) &&
    Number.isFinite(shared_b)
  )
    return `{"a":${JSON.stringify(a)},"b":${JSON.stringify(b)},"direction":${JSON.stringify(direction)},"passages":${JSON.stringify(passages)},"reason":${JSON.stringify(reason)},"relation":${JSON.stringify(relation)},"shared_a":${JSON.stringify(shared_a)},"shared_b":${JSON.stringify(shared_b)}}`;
  return canonicalJson({ a, b, relation, shared_a, shared_b, direction, reason, passages });
}

/** The row a pair is stored as. */
export function pairRowOf(pair: ReusePair): PairRow {
  return { ...pair, passages: JSON.stringify(pair.passages) };
}

/** `details.reuse` of an analysis entry, if it records one. */
export function recordedReuse(details: { [key: string]: JsonValue }): ReuseDigest | null {
  const x = details.reuse as { [key: string]: JsonValue } | undefined;
  if (!x || typeof x !== 'object' || Array.isArray(x)) return null;
  const alg = recordedAlg(x);
  if (typeof x.pairs !== 'number' || typeof x.digest !== 'string' || !alg) return null;
  return {
    pairs: x.pairs,
    digest: x.digest,
    alg,
    ...(typeof x.families === 'number' && typeof x.familiesDigest === 'string'
      ? { families: x.families, familiesDigest: x.familiesDigest }
      : {}),
  };
}

/**
 * The digest of the stored reuse pairs an analysis merged: the previous analysis entry's digest
 * plus the pairs this run verified when that accounts for every stored pair (the usual case),
 * else every pair hashed (an index rebuilt, a run killed after storing pairs). Before pairs are
 * hashed anew, every pair this run did not store must still fold to its digest
 * (`DigestMismatchError` when not), unless the index was rebuilt from the documents in this run
 * or the store is a machine's working copy.
 */
export function reuseDigest(
  store: Store,
  reuse: { readonly pairs: ReusePair[]; added?: { pairs: ReusePair[] } },
  /** The documents merged, in listing order. */
  documentIds: readonly string[],
  /**
   * The store is a working copy of a shared store: its pairs are this machine's, and the latest
   * entry may be another machine's, so they are not checked against it (see docs/scale.md).
   */
  options: { workingCopy?: boolean } = {},
): ReuseDigest {
  const pairs = pairsDigest(store, reuse, documentIds, options);
  // The families this run's reuse stage changed, taken out and put in; all rows folded once when
  // they were rebuilt (or the entry recorded none).
  const changes = store.reuse.takeFamilyChanges();
  // A working copy's latest entry may be another machine's: its family rows are folded whole
  // (one row per document), so its entry binds the same families as an embedded store's.
  const latest = options.workingCopy ? null : latestAnalysis(store);
  const from = recordedFamilies(latest ? recordedReuse(latest.details) : null);
  let fold: RowFold;
  if (from && !changes.replaced) {
    fold = new RowFold(from);
    for (const h of changes.removed) fold.remove(h);
    for (const h of changes.added) fold.add(h);
  } else fold = foldFamilies(store);
  return { ...pairs, families: fold.rows, familiesDigest: fold.digest };
}

function pairsDigest(
  store: Store,
  reuse: { readonly pairs: ReusePair[]; added?: { pairs: ReusePair[] } },
  documentIds: readonly string[],
  options: { workingCopy?: boolean },
): ReuseDigest {
  const total = store.reuse.pairCount();
  const latest = latestAnalysis(store);
  const previous = latest ? recordedReuse(latest.details) : null;
  if (
    previous &&
    previous.alg === FOLD_ALG &&
    reuse.added &&
    previous.pairs + reuse.added.pairs.length === total
  ) {
    const fold = new RowFold({ rows: previous.pairs, digest: previous.digest });
    for (const pair of reuse.added.pairs) fold.add(pairRowHash(pairRowOf(pair)));
    return { pairs: fold.rows, digest: fold.digest, alg: FOLD_ALG };
  }
  // Without `added` the index was made in this run from the documents: no stored pair is reused.
  const covered =
    latest && previous && reuse.added && !options.workingCopy
      ? coveredIds(latest.details, documentIds)
      : null;
  const now = new Set((reuse.added?.pairs ?? []).map((p) => `${p.a}\u0000${p.b}`));
  const fold = new RowFold();
  const check = new CheckFold();
  for (const pair of reuse.pairs) {
    const hash = pairRowHash(pairRowOf(pair));
    fold.add(hash);
    // Every pair this run did not store must be one the entry bound (pending ones were removed
    // before the run by `checkReusePairs`): one with an uncovered document makes the fold differ.
    if (covered && !now.has(`${pair.a}\u0000${pair.b}`)) check.add(hash);
  }
  if (latest && previous && covered && !check.matches({ ...previous, rows: previous.pairs }))
    throw new DigestMismatchError(
      'reuse-altered',
      'reuse pairs',
      latest.seq,
      rowsFound(check.rows, previous.pairs),
    );
  return { pairs: fold.rows, digest: fold.digest, alg: FOLD_ALG };
}

/**
 * Stored pairs of at most this many are folded again by every `analyze` before it builds on them
 * (hashing a pair costs a few µs: well under a second), so that an edit keeping their number (a
 * pair edited in place, or one deleted and another forged) stops the run. More only when asked.
 */
export const REUSE_CHECK_PAIRS = 50_000;

/**
 * Before a run writes anything: the stored reuse pairs it builds on, checked against the latest
 * analysis entry. A pair with a document the entry did not cover (listed after its
 * `details.documents`: stored by a run killed before its entry, or forged) is pending: no entry
 * vouches for it. Every other pair must fold to the entry's digest (`DigestMismatchError`,
 * `reuse-altered`), checked when their number moved, or always when the entry recorded at most
 * `maxPairs` pairs (default `REUSE_CHECK_PAIRS`; `Infinity`: always). A larger store whose number
 * is unchanged is not read: a pair edited in place is then named by `verify` after the run, never
 * folded in (the run continues the recorded digest).
 *
 * Returns the uncovered documents that pending pairs name: `forgetPending` removes their pairs and
 * their place in the reuse index, so that the reuse stage compares them again (what a killed run
 * left costs only its documents). Reads the pairs of the uncovered documents (usually none), and
 * every pair only when folding.
 */
export function checkReusePairs(
  store: Store,
  documentIds: readonly string[],
  maxPairs = REUSE_CHECK_PAIRS,
): string[] {
  const latest = latestAnalysis(store);
  const previous = latest ? recordedReuse(latest.details) : null;
  const covered = typeof latest?.details.documents === 'number' ? latest.details.documents : null;
  if (!latest || !previous || previous.alg !== FOLD_ALG || covered === null) return [];
  const uncovered = documentIds.slice(covered);
  const pending = new Set<string>();
  const pendingPairs = new Set<string>();
  if (uncovered.length > 0) {
    for (const [id, pairs] of store.reuse.pairsOfMany(uncovered)) {
      // Indexed by a run killed before its entry (or by `corroborate reuse`): its family rows too
      // are no entry's, so the document is compared again and the families rebuilt.
      if (pairs.length === 0 && store.reuse.signature(id) === null) continue;
      pending.add(id);
      for (const p of pairs) pendingPairs.add(`${p.a}\u0000${p.b}`);
    }
  }
  const total = store.reuse.pairCount() - pendingPairs.size;
  if (total !== previous.pairs || previous.pairs <= maxPairs) {
    // Hashed as stored, as verify does (no pair is parsed and written out again).
    const check = new CheckFold();
    for (const row of store.reuse.pairRows())
      if (!pendingPairs.has(`${row.a}\u0000${row.b}`)) check.add(pairRowHash(row));
    if (!check.matches({ ...previous, rows: previous.pairs }))
      throw new DigestMismatchError(
        'reuse-altered',
        'reuse pairs',
        latest.seq,
        rowsFound(check.rows, previous.pairs),
      );
  }
  // The stored families, which an incremental run reads: when no pending document makes the run
  // rebuild them from the pairs, and within the bound (one row a document).
  const families = recordedFamilies(previous);
  if (families && pending.size === 0 && families.rows <= maxPairs) {
    const fold = foldFamilies(store);
    if (fold.rows !== families.rows || fold.digest !== families.digest)
      throw new DigestMismatchError(
        'reuse-altered',
        "reuse families (each document's family)",
        latest.seq,
        rowsFound(fold.rows, families.rows),
      );
  }
  return [...pending];
}

/** Removes the pending pairs `checkReusePairs` found, and their documents from the reuse index. */
export function forgetPending(store: Store, pending: readonly string[]): void {
  if (pending.length > 0) store.reuse.forget(pending);
}

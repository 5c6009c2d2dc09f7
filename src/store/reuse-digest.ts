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
}

/** The SHA-256 of one `reuse_pairs` row (the passages as the JSON text stored). */
export function pairRowHash(row: PairRow): Buffer {
  const { a, b, relation, shared_a, shared_b, direction, reason, passages } = row;
  return createHash('sha256')
    .update(canonicalJson({ a, b, relation, shared_a, shared_b, direction, reason, passages }))
    .digest();
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
  return { pairs: x.pairs, digest: x.digest, alg };
}

/**
 * The digest of the stored reuse pairs an analysis merged: the previous analysis entry's digest
 * plus the pairs this run verified when that accounts for every stored pair (the usual case),
 * else every pair hashed (an index rebuilt, a run killed after storing pairs). Before pairs are
 * hashed anew, those between documents the previous entry covered must still fold to its digest
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
    if (covered?.has(pair.a) && covered.has(pair.b) && !now.has(`${pair.a}\u0000${pair.b}`)) check.add(hash);
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
 * Before a run writes anything: when the number of stored reuse pairs is no longer the one the
 * latest analysis entry recorded, the pairs between documents it covered must still fold to its
 * digest (`DigestMismatchError`, `reuse-altered`). Pairs a killed run added are between other
 * documents and are left out. When the number is unchanged nothing is read: a pair edited in place
 * is named by `verify` (as after the run, see `reuseDigest`).
 */
export function checkReusePairs(store: Store, documentIds: readonly string[]): void {
  const latest = latestAnalysis(store);
  const previous = latest ? recordedReuse(latest.details) : null;
  if (!latest || !previous || previous.alg !== FOLD_ALG || store.reuse.pairCount() === previous.pairs) return;
  reuseDigest(store, { pairs: store.reuse.pairs(), added: { pairs: [] } }, documentIds);
}

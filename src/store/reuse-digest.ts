import { createHash } from 'node:crypto';
import type { ReusePair } from '../core/types.js';
import { canonicalJson } from './canonical-json.js';
import { latestAnalysisDetails, RowFold } from './extraction-digest.js';
import type { PairRow } from './reuse-store.js';
import type { JsonValue, Store } from './store.js';

/**
 * What an `analysis` custody entry records of the verified reuse pairs its ledger was merged from
 * (`details.reuse`): how many pairs and the XOR of each stored row's SHA-256 (`pairRowHash`),
 * folded like the extraction rows (see `ExtractionsDigest`).
 */
export interface ReuseDigest {
  pairs: number;
  digest: string;
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
  if (typeof x.pairs !== 'number' || typeof x.digest !== 'string') return null;
  return { pairs: x.pairs, digest: x.digest };
}

/**
 * The digest of the stored reuse pairs an analysis merged: the previous analysis entry's digest
 * plus the pairs this run verified when that accounts for every stored pair (the usual case),
 * else every pair hashed (an index rebuilt, a run killed after storing pairs).
 */
export function reuseDigest(
  store: Store,
  reuse: { readonly pairs: ReusePair[]; added?: { pairs: ReusePair[] } },
): ReuseDigest {
  const total = store.reuse.pairCount();
  const details = latestAnalysisDetails(store);
  const previous = details ? recordedReuse(details) : null;
  if (previous && reuse.added && previous.pairs + reuse.added.pairs.length === total) {
    const fold = new RowFold({ rows: previous.pairs, digest: previous.digest });
    for (const pair of reuse.added.pairs) fold.add(pairRowHash(pairRowOf(pair)));
    return { pairs: fold.rows, digest: fold.digest };
  }
  const fold = new RowFold();
  for (const pair of reuse.pairs) fold.add(pairRowHash(pairRowOf(pair)));
  return { pairs: fold.rows, digest: fold.digest };
}

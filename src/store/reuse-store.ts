import type { ReusePair } from '../core/types.js';

/** Kinds of LSH keys: document band, sentence band, exact-duplicate hash. */
export const KeyKind = { band: 0, sentence: 1, duplicate: 2, anchor: 3 } as const;
export type KeyKindValue = (typeof KeyKind)[keyof typeof KeyKind];

export interface KeyHit {
  documentId: string;
  kind: KeyKindValue;
  key: number;
}

/**
 * What the reuse stage keeps between runs: which documents are indexed (the processed marker),
 * their signatures and LSH keys, and the verified pairs. `updateReuse` compares only documents
 * that are not yet indexed against this index.
 */
export interface ReuseStore {
  /** Parameters the index was built with (a change means the index must be rebuilt). */
  parameters(): string | null;
  /** Empties the index and pairs and records new parameters. */
  reset(parameters: string): void;
  processedIds(): Set<string>;
  /**
   * The indexed documents holding each of `keys` (of one kind), in the order of `keys`; `null`
   * for a key held by more than `maxPerKey` documents (too common to be evidence).
   */
  holders(keys: ArrayLike<number>, kind: KeyKindValue, maxPerKey: number): (string[] | null)[];
  /** Documents holding each key; keys held by more than `maxPerKey` documents are left out. */
  lookup(keys: readonly { key: number; kind: KeyKindValue }[], maxPerKey: number): KeyHit[];
  /** Runs `work` in one transaction. */
  transaction<T>(work: () => T): T;
  addDocument(
    documentId: string,
    signature: Uint32Array,
    keys: readonly { key: number; kind: KeyKindValue }[],
    processedAt: string,
  ): void;
  putPair(pair: ReusePair): void;
  /**
   * Takes documents out of the index (their keys, signatures and families) and removes every
   * pair they are in, so that the next reuse stage compares them again; the stored families are
   * then rebuilt from all pairs (`familiesIndexed` becomes null).
   */
  forget(documentIds: readonly string[]): void;
  /** Every verified pair, ordered by `a`, then `b`. */
  pairs(): ReusePair[];
  /**
   * Every stored pair row as it is stored (the passages as their JSON text, not parsed), in no
   * particular order: what the checks of stored pairs hash, row by row.
   */
  pairRows(): Iterable<PairRow>;
  /** How many verified pairs are stored. */
  pairCount(): number;
  /** The verified pairs one document is in, ordered by `a`, then `b`. */
  pairsOf(documentId: string): ReusePair[];
  /** `pairsOf` of many documents in a few queries. */
  pairsOfMany(documentIds: readonly string[]): Map<string, ReusePair[]>;
  signature(documentId: string): Uint32Array | null;
  /**
   * Indexed documents when the families were last saved, or null when none were (then
   * `familyOf` knows nothing and the families must be built from all pairs).
   */
  familiesIndexed(): number | null;
  /** The family a document was saved in, or null. */
  familyOf(documentId: string): string | null;
  /** The family of each of many documents (those saved in one) and its members, in a few queries. */
  familiesOfMany(documentIds: readonly string[]): Map<string, { id: string; documents: string[] }>;
  /**
   * Saves the family of each document given (`replace`: of every document, the others being
   * forgotten) and marks the families as computed with `indexed` documents in the index.
   */
  saveFamilies(
    entries: Iterable<[documentId: string, familyId: string]>,
    indexed: number,
    replace: boolean,
  ): void;
  /** Every stored family row, as `[documentId, familyId]`. */
  familyRows(): Iterable<[documentId: string, familyId: string]>;
  /**
   * The family rows written since the last call (`familyRowHash` of each row taken out and put
   * in), or `replaced` when they were all rewritten or some removed (`replace`, `forget`, `reset`).
   */
  takeFamilyChanges(): FamilyChanges;
}

/** What `saveFamilies` changed of the family rows, for the digest an analysis entry records. */
export interface FamilyChanges {
  replaced: boolean;
  removed: Buffer[];
  added: Buffer[];
}

/** A `reuse_pairs` row as both backends store it: the passages as JSON text. */
export type PairRow = Omit<ReusePair, 'passages'> & { passages: string };

/** The pair a `reuse_pairs` row holds. */
export function pairOfRow(r: PairRow): ReusePair {
  return {
    a: r.a,
    b: r.b,
    relation: r.relation,
    shared_a: r.shared_a,
    shared_b: r.shared_b,
    direction: r.direction,
    reason: r.reason,
    passages: JSON.parse(r.passages),
  };
}

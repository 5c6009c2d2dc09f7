import type { DocumentExtraction, Family, Ledger, ReusePair, StoredDocument } from '../core/types.js';
import type { MergedChanges } from '../ledger-file/write-file.js';
import type { RefusedReport } from './bound-work.js';
import type { DocumentText } from './reuse-index.js';

/** The ledger fields of a document (no text needed). */
export type LedgerDocumentSource = Pick<
  StoredDocument,
  'id' | 'sha256' | 'source' | 'url' | 'outlet' | 'title' | 'published'
>;

/** What one merge run reads: everything the ledger lists, and loaders for what is new. */
export interface MergeInput {
  /** Extractor version: a state built from another version is discarded. */
  version: string;
  /**
   * Every document, in any order: with `describe`, only ids are read from it; without, each
   * entry is the document's ledger fields.
   */
  documents: readonly (LedgerDocumentSource | { id: string })[];
  /**
   * The ledger fields of some documents (a run that lists its changes asks only for the documents
   * of changed families; the whole ledger asks for all).
   */
  describe?(ids: readonly string[]): Iterable<LedgerDocumentSource>;
  /**
   * `added`: what the reuse stage added in this run (documents and the pairs they are in), when
   * it knows; then only the documents those can reach have their reuse re-examined.
   */
  reuse: {
    pairs: readonly ReusePair[];
    families: readonly Family[];
    added?: { documents: readonly string[]; pairs: readonly ReusePair[] };
    /** Documents in the reuse index after `added` (with it, tells whether `added` is all that is new to this state). */
    indexed?: number;
    /**
     * The families `added` created or changed, and those it joined into others (removed): with
     * `view`, a run that `added` is all that is new to reads neither list above, only the
     * neighbourhood of what was added.
     */
    familyChanges?: { families: readonly Family[]; removed: readonly string[] };
    /** The stored reuse of one document at a time (see `ReuseView` in src/reuse). */
    view?: {
      pairsOf(document: string): readonly ReusePair[];
      family(document: string): { id: string; documents: readonly string[] } | null;
      /** Both for many documents at once (fewer queries). */
      pairsOfMany?(documents: readonly string[]): ReadonlyMap<string, readonly ReusePair[]>;
      familiesOfMany?(
        documents: readonly string[],
      ): ReadonlyMap<string, { id: string; documents: readonly string[] }>;
    };
  };
  /** Documents that have an extraction to merge. */
  extracted: ReadonlySet<string>;
  /** The extractions of documents the state has not merged yet (only those are asked for). */
  extractions(ids: readonly string[]): Iterable<DocumentExtraction>;
  /**
   * The texts of documents the state has not seen (hash and headline are kept), with their wire
   * credits and outlet when known (independence counts one chain per originating agency).
   */
  texts(ids: readonly string[]): Iterable<DocumentText>;
  custody: { entries: number; head: string };
  /**
   * The most items (incident mentions, quotes, claims) one report may bring (default
   * `MAX_REPORT_ITEMS`): a report over it is left out of the run, unmerged (`refused`).
   */
  maxReportItems?: number;
}

/** The ledger sections that come from the input rather than the merge. */
export type LedgerBase = Pick<Ledger, 'documents' | 'families' | 'reuse' | 'custody'>;

export interface MergeResult {
  /** The whole ledger, assembled from the state on first use (read it before the state changes again). */
  readonly ledger: Ledger;
  /** The documents, families, reuse and custody sections of the ledger. */
  base: LedgerBase;
  /** True when the state was (re)built from scratch (first run, new extractor version, removed documents). */
  full: boolean;
  /** Documents whose extractions were merged in this run. */
  merged: number;
  /** Events rebuilt in this run. */
  rebuilt: number;
  /**
   * Items of the event, quote and claim sections that this run changed or removed (null), by
   * id; every item when `full`. Items not listed are the same as in the state's previous ledger.
   */
  changed: LedgerChanges;
  /**
   * Documents whose reuse this run re-examined, from what the reuse stage added (see
   * `reuseReach`); null when it re-examined every document. The others' family is unchanged.
   */
  reused: ReadonlySet<string> | null;
  /** Reports left out of this run because they bring more items than `maxReportItems`; not merged. */
  refused: RefusedReport[];
  /** Milliseconds per phase (for benchmarks). */
  timings: Record<string, number>;
}

/**
 * The items a run changed or removed (null), by id: the writer's `MergedChanges` (one definition),
 * with maps this merge fills in. The input sections (documents, families, reuse pairs by
 * `a\u0000b`) are present when the reuse stage listed its changes; absent otherwise (then compare
 * `base`).
 */
export type LedgerChanges = {
  [K in keyof MergedChanges]: MergedChanges[K] extends ReadonlyMap<infer Key, infer Value> | undefined
    ? Map<Key, Value>
    : never;
};

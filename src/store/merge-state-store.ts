/**
 * Where the merge keeps its working state between runs (mention → event clusters, the blocking
 * index, built events, quote and claim groups): named namespaces of JSON values. The store layer
 * persists it (`store.analysis.mergeState()`); `buildLedger` uses a fresh in-memory one.
 */
export interface MergeStateStore {
  get(ns: string, key: string): unknown;
  /** The values of several keys of a namespace (absent keys are left out). */
  getMany(ns: string, keys: readonly string[]): Map<string, unknown>;
  /** Every value of a namespace, in key order. */
  scan(ns: string): IterableIterator<[string, unknown]>;
  /** Every key of a namespace, in key order (without reading the values). */
  keys(ns: string): string[];
  /** Writes the changes in one transaction: `undefined` deletes the key. */
  write(changes: readonly { ns: string; key: string; value: unknown }[]): void;
  clear(): void;
}

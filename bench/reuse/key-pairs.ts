/** Documents filed under each sketch key, and the document pairs that share keys (bench analysis only). */

/** Multiplier packing a pair of document numbers (each below 2^21) into one number. */
export const SHIFT = 2 ** 21;

/** Files document `d` under key `k`. */
export function fileUnder(index: Map<number, number[]>, k: number, d: number): void {
  const l = index.get(k);
  if (l) l.push(d);
  else index.set(k, [d]);
}

/**
 * For every pair of documents filed under a common key, the number of keys they share, by packed
 * pair (`a * SHIFT + b`, a < b when filed in increasing order). Keys holding more than `maxPerKey`
 * documents are skipped, as the library skips them.
 */
export function sharedKeyCounts(
  index: Map<number, number[]>,
  maxPerKey = Number.POSITIVE_INFINITY,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of index.values()) {
    if (l.length > maxPerKey) continue;
    for (let x = 0; x < l.length; x++)
      for (let y = x + 1; y < l.length; y++) {
        const c = (l[x] as number) * SHIFT + (l[y] as number);
        out.set(c, (out.get(c) ?? 0) + 1);
      }
  }
  return out;
}

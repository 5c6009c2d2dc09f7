import { compareStrings } from './stable-id.js';
import { isFunctionWord } from './words.js';

/** The words of an item that may serve as blocking keys (content words longer than two letters). */
export function keyWords(words: readonly string[]): string[] {
  return [...new Set(words.filter((x) => !isFunctionWord(x) && x.length > 2))];
}

/** Document frequencies of words: a Map, or the merge state's persisted counts. */
export interface WordCounts {
  get(word: string): number | undefined;
  set(word: string, count: number): unknown;
}

/**
 * Blocking keys for near-duplicate search: each item's `count` rarest content words across the
 * whole input (passim's idea: rare anchors find candidates without comparing everything). Ties
 * break alphabetically so the keys do not depend on input order. `df` (document frequencies of
 * items merged before) is updated in place when given, so that an incremental run ranks words
 * over everything merged so far.
 */
export function rareKeys(
  items: readonly (readonly string[])[],
  count = 3,
  df: WordCounts = new Map(),
): string[][] {
  const sets = items.map(keyWords);
  for (const s of sets) for (const w of s) df.set(w, (df.get(w) ?? 0) + 1);
  return sets.map((s) =>
    s.sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || compareStrings(a, b)).slice(0, count),
  );
}

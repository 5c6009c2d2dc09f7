import { compareStrings } from './stable-id.js';
import { isFunctionWord } from './words.js';

/**
 * Blocking keys for near-duplicate search: each item's `count` rarest content words across the
 * whole input (passim's idea: rare anchors find candidates without comparing everything). Ties
 * break alphabetically so the keys do not depend on input order.
 */
export function rareKeys(items: readonly (readonly string[])[], count = 3): string[][] {
  const df = new Map<string, number>();
  const sets = items.map((w) => [...new Set(w.filter((x) => !isFunctionWord(x) && x.length > 2))]);
  for (const s of sets) for (const w of s) df.set(w, (df.get(w) ?? 0) + 1);
  return sets.map((s) =>
    s.sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || compareStrings(a, b)).slice(0, count),
  );
}

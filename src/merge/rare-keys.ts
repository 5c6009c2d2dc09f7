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
 * A word found in at most this many items is a key on its own; a commoner one only in pairs with
 * another of the item's rarest words (a town named in hundreds of reports, a month, a kind word
 * would otherwise put hundreds of unrelated items in every candidate list).
 */
export const RARE_ALONE = 20;

/** The key under which `df` keeps the number of items counted (no word contains a NUL). */
const TOTAL = '\u0000items';

/** The blocking keys of one item: those it is filed under, and the (more selective) ones it searches. */
export interface RareKeys {
  insert: string[];
  lookup: string[];
}

/**
 * Blocking keys for near-duplicate search (passim's idea: rare anchors find candidates without
 * comparing everything), from each item's `count` rarest content words across the whole input.
 * An item is filed under each of them and each pair of them (`"w1 w2"`, the rarer first). It
 * searches only the selective ones: a word found in at most `RARE_ALONE` items, a pair expected
 * together in at most `RARE_ALONE` items (df(w1)·df(w2)/items), and always the rarest pair. So
 * two items meet when one shares a rare word or a rare pair of the other's rarest words, and a
 * town named in thousands of reports, a month or a kind word never makes a candidate list on its
 * own. An item with a single key word searches it whatever its count. Ties break alphabetically
 * so the keys do not depend on input order. `df` (document frequencies of items merged before)
 * is updated in place when given, so that an incremental run ranks words over everything merged
 * so far.
 *
 * With `everyRare`, an item is also filed under, and searches, every one of its words found in at
 * most `RARE_ALONE` items, not only its `count` rarest: two items sharing such a word then meet
 * whichever words the counts known at each run ranked rarest, so while the words' counts stay
 * under `RARE_ALONE` the candidate pairs do not depend on the order items were merged in
 * (docs/ledger.md, "Reference and exactness"). Lists under those words stay short by definition.
 */
export function rareKeys(
  items: readonly (readonly string[])[],
  count = 3,
  df: WordCounts = new Map(),
  options: { everyRare?: boolean } = {},
): RareKeys[] {
  const sets = items.map(keyWords);
  for (const s of sets) for (const w of s) df.set(w, (df.get(w) ?? 0) + 1);
  const total = (df.get(TOTAL) ?? 0) + items.length;
  df.set(TOTAL, total);
  const n = (w: string) => df.get(w) ?? 0;
  return sets.map((s) => {
    const ranked = s.sort((a, b) => n(a) - n(b) || compareStrings(a, b));
    const top = ranked.slice(0, count);
    const insert = [...top];
    const lookup = top.length === 1 ? [...top] : top.filter((w) => n(w) <= RARE_ALONE);
    if (options.everyRare) {
      for (const w of ranked.slice(count)) {
        if (n(w) > RARE_ALONE) break;
        insert.push(w);
        lookup.push(w);
      }
    }
    for (let i = 0; i < top.length; i++) {
      for (let j = i + 1; j < top.length; j++) {
        const a = top[i] as string;
        const b = top[j] as string;
        insert.push(`${a} ${b}`);
        if (j === 1 || (n(a) * n(b)) / Math.max(1, total) <= RARE_ALONE) lookup.push(`${a} ${b}`);
      }
    }
    return { insert, lookup };
  });
}

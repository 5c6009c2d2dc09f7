import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyWords, RARE_ALONE, type RareKeys, rareKeys } from './rare-keys.js';

/** Pairs (i < j, by merge order) that meet: the later one searches a key the earlier one is filed under. */
function pairsMet(keys: readonly RareKeys[]): Set<string> {
  const met = new Set<string>();
  keys.forEach((later, j) => {
    const searched = new Set(later.lookup);
    for (let i = 0; i < j; i++)
      if ((keys[i] as RareKeys).insert.some((k) => searched.has(k))) met.add(`${i} ${j}`);
  });
  return met;
}

/** The keys of `items` merged in runs of `sizes` items each, on one word count. */
function keysInRuns(items: readonly string[][], sizes: readonly number[], everyRare: boolean): RareKeys[] {
  const df = new Map<string, number>();
  const out: RareKeys[] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(...rareKeys(items.slice(at, at + size), 3, df, { everyRare }));
    at += size;
  }
  return out;
}

/** Pairs of items sharing a word that may be a key. */
function pairsSharing(items: readonly string[][]): Set<string> {
  const sets = items.map((w) => new Set(keyWords(w)));
  const out = new Set<string>();
  for (let j = 0; j < items.length; j++)
    for (let i = 0; i < j; i++)
      if ([...(sets[i] as Set<string>)].some((w) => sets[j]?.has(w))) out.add(`${i} ${j}`);
  return out;
}

describe('rareKeys', () => {
  // Invented wording: the shared word is the fourth rarest of each item once the others are counted.
  const items = [
    ['harbour', 'ferry', 'captain', 'lantern', 'tollgate'],
    ['harbour', 'ferry', 'captain', 'orchard', 'tollgate'],
    ['harbour', 'ferry', 'captain', 'lantern'],
    ['harbour', 'ferry', 'captain', 'orchard'],
    ['quarry', 'mason', 'chisel', 'granite', 'lantern'],
  ];

  it('by default keys an item by its three rarest words only', () => {
    const keys = rareKeys(items, 3, new Map());
    // Counted over the five items: tollgate 2, lantern 3, then captain, ferry and harbour 4 each (ties alphabetical).
    expect(keys[0]?.insert.filter((k) => !k.includes(' '))).toEqual(['tollgate', 'lantern', 'captain']);
    expect(keys[0]?.lookup).not.toContain('ferry');
  });

  it('with everyRare, files and searches every word found in few items', () => {
    const keys = rareKeys(items, 3, new Map(), { everyRare: true });
    for (const [n, k] of keys.entries()) {
      const words = keyWords(items[n] as string[]);
      for (const w of words) {
        expect(k.insert).toContain(w);
        expect(k.lookup).toContain(w);
      }
    }
  });

  it('with everyRare, a word found in more than RARE_ALONE items is no key of its own beyond the rarest three', () => {
    const common = Array.from({ length: RARE_ALONE + 5 }, (_, i) => [
      'beacon',
      'signal',
      'relay',
      `tower${i}`,
      `mast${i}`,
      `wire${i}`,
    ]);
    const keys = rareKeys(common, 3, new Map(), { everyRare: true });
    for (const k of keys) {
      expect(k.lookup).not.toContain('beacon');
      expect(k.insert).not.toContain('beacon');
    }
  });

  const vocabulary = [
    'anvil',
    'birch',
    'cobble',
    'dune',
    'ember',
    'fjord',
    'gorse',
    'heath',
    'inlet',
    'juniper',
  ];
  /** An item: one to six distinct words of a small vocabulary, so items often share words. */
  const item = fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 6 });
  /** A list of items, and where it is cut into runs. */
  const itemLists = fc.array(item, { minLength: 2, maxLength: 12 });
  const cuts = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 });

  it('property: with everyRare and words in few items, the pairs that meet do not depend on how items were split into runs', () => {
    fc.assert(
      fc.property(itemLists, cuts, (list, runSizes) => {
        const sizes = [...runSizes, list.length];
        const oneRun = pairsMet(keysInRuns(list, [list.length], true));
        expect(pairsMet(keysInRuns(list, sizes, true))).toEqual(oneRun);
        // Every pair sharing a word meets: no key choice left to the counts.
        expect(oneRun).toEqual(pairsSharing(list));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('without everyRare, a split into runs can change the pairs that meet (what the option is for)', () => {
    const outcome = fc.check(
      fc.property(itemLists, cuts, (list, runSizes) => {
        const sizes = [...runSizes, list.length];
        const oneRun = pairsMet(keysInRuns(list, [list.length], false));
        return (
          JSON.stringify([...pairsMet(keysInRuns(list, sizes, false))].sort()) ===
          JSON.stringify([...oneRun].sort())
        );
      }),
      { numRuns: 300, seed: 7 },
    );
    expect(outcome.failed).toBe(true);
  });
});

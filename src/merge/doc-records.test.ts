import { describe, expect, it } from 'vitest';
import { DocRecords, insertSorted } from './doc-records.js';
import { memoryMergeState, StateCache } from './merge-state.js';
import type { DocRecord } from './state-schema.js';

const record = (hash: string): DocRecord => ({
  hash,
  headline: null,
  fp: '',
  extracted: false,
  clusters: [],
  quotes: [],
  claims: [],
});

/** Ids in a seeded shuffled order, some repeated. */
function shuffledIds(n: number, seed: number): string[] {
  const ids = Array.from({ length: n }, (_, i) => `d${((i * 7919) % n).toString(16).padStart(6, '0')}`);
  let s = seed;
  for (let i = ids.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
  }
  return ids;
}

describe('insertSorted', () => {
  it('keeps a list sorted and without repeats, whatever the order of insertion', () => {
    for (const seed of [1, 2, 3]) {
      const ids = shuffledIds(500, seed);
      const list: string[] = [];
      for (const id of [...ids, ...ids.slice(0, 50)]) insertSorted(list, id);
      expect(list).toEqual([...new Set(ids)].sort());
    }
  });

  it('says whether it inserted', () => {
    const list = ['a', 'c'];
    expect(insertSorted(list, 'b')).toBe(true);
    expect(insertSorted(list, 'b')).toBe(false);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('DocRecords', () => {
  it('lists the exact copies of a text in id order, as stored and read back', () => {
    const store = memoryMergeState();
    const cache = new StateCache(store);
    const docs = new DocRecords(cache, []);
    const ids = shuffledIds(2000, 9);
    for (const id of ids) docs.add(id, record(id.endsWith('1') ? 'other' : 'empty'));
    const copies = [...new Set(ids)].filter((id) => !id.endsWith('1')).sort();
    expect(docs.sameText(copies[0] as string)).toEqual(copies);
    cache.flush();
    const reread = new DocRecords(new StateCache(store), store.keys('doc'));
    expect(reread.sameText(copies[5] as string)).toEqual(copies);
    expect(reread.sameText('d000001')).toEqual(ids.filter((id) => id.endsWith('1')).sort());
  });
});

import { describe, expect, it } from 'vitest';
import type { DocumentExtraction } from '../core/types.js';
import { boundWork, mergeItems } from './bound-work.js';

/** An extraction with the given numbers of incident mentions, quotes and claims (nothing else read). */
function extraction(documentId: string, incidents: number, quotes: number, claims: number) {
  const many = (n: number) => Array.from({ length: n }, () => ({}));
  return {
    documentId,
    incidents: many(incidents),
    quotes: many(quotes),
    claims: many(claims),
  } as unknown as DocumentExtraction;
}

describe('boundWork', () => {
  it('counts incident mentions, quotes and claims, and leaves out only the reports over the bound, in order', () => {
    const xs = [extraction('a', 2, 1, 1), extraction('b', 3, 2, 1), extraction('c', 0, 0, 5)];
    expect(xs.map(mergeItems)).toEqual([4, 6, 5]);
    const { kept, refused } = boundWork(xs, 5);
    expect(kept.map((x) => x.documentId)).toEqual(['a', 'c']);
    expect(refused).toEqual([{ document: 'b', items: 6, counted: 'whole', recorded: false }]);
    expect(boundWork(xs, 6).refused).toEqual([]);
  });

  it('leaves out a report refused when it was extracted, with the count recorded then, whatever the bound', () => {
    const refused = {
      ...extraction('d', 0, 0, 0),
      refused: { items: 12, bound: 10, counted: 'parts' as const },
    };
    for (const bound of [5, 10, 100]) {
      expect(boundWork([extraction('a', 1, 0, 0), refused], bound)).toEqual({
        kept: [extraction('a', 1, 0, 0)],
        refused: [{ document: 'd', items: 12, counted: 'parts', recorded: true }],
      });
    }
  });
});

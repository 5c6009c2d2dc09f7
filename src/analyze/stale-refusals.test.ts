import { describe, expect, it } from 'vitest';
import type { RefusedExtraction } from '../core/types.js';
import type { SerializedExtraction } from '../store/analysis-store.js';
import { staleRefusals } from './stale-refusals.js';

/** A stand-in store whose rows are refusals (`refusals`) or long extractions, counting its reads. */
function rows(refusals: Record<string, RefusedExtraction>) {
  const reads: number[] = [];
  const analysis = {
    serializedExtractions: (_version: string, ids: readonly string[]): SerializedExtraction[] => {
      reads.push(ids.length);
      return ids.map((id) => {
        const refused = refusals[id];
        const view = refused ? JSON.stringify({ documentId: id, refused }) : 'x'.repeat(5_000);
        return { documentId: id, extraction: new Uint8Array(), mergeInput: new TextEncoder().encode(view) };
      });
    },
  };
  return { analysis, reads };
}

describe('staleRefusals', () => {
  it('retries refusals under a lower bound counted in parts or under the new bound, not an exact count over it', () => {
    const { analysis } = rows({
      parts: { items: 30, bound: 4, counted: 'parts' },
      under: { items: 8, bound: 4, counted: 'whole' },
      over: { items: 18, bound: 4, counted: 'whole' },
      same: { items: 30, bound: 10, counted: 'parts' },
    });
    expect(staleRefusals(analysis, 'v', ['parts', 'under', 'over', 'same', 'kept'], 10)).toEqual([
      'parts',
      'under',
    ]);
  });

  it('reads the rows in chunks', () => {
    const { analysis, reads } = rows({});
    const ids = Array.from({ length: 1_200 }, (_, k) => `doc-${k}`);
    expect(staleRefusals(analysis, 'v', ids, 10)).toEqual([]);
    expect(reads).toEqual([500, 500, 200]);
  });
});

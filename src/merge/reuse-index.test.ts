import { describe, expect, it } from 'vitest';
import { seededRandom } from '../core/random.js';
import type { Family, ReusePair } from '../core/types.js';
import { createReuseIndex } from './reuse-index.js';
import { UnionFind } from './union-find.js';

const pair = (a: string, b: string, relation: ReusePair['relation']): ReusePair => ({
  a,
  b,
  relation,
  shared_a: 0.5,
  shared_b: 0.5,
  direction: 'unknown',
  reason: 'test',
  passages: [],
});

describe('reuse index components', () => {
  it('name every document after the smallest one linked to it through families and pairs (seeded graphs)', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const next = seededRandom(seed);
      const ids = Array.from({ length: 40 }, (_, i) => `d${String(i).padStart(2, '0')}`);
      const pick = () => ids[Math.floor(next() * ids.length)] as string;
      // Exact copies share a text; a few duplicate pairs, other pairs, families of a few documents.
      const documents = ids.map((id) => ({ id, text: next() < 0.15 ? 'same text' : `text of ${id}` }));
      const pairs: ReusePair[] = [];
      for (let k = 0; k < 15; k++) {
        const [a, b] = [pick(), pick()].sort() as [string, string];
        if (a !== b) pairs.push(pair(a, b, next() < 0.2 ? 'duplicate' : 'verbatim'));
      }
      const shuffled = [...ids].sort(() => next() - 0.5);
      const families: Family[] = [];
      for (let i = 0; i < shuffled.length; ) {
        const size = 1 + Math.floor(next() * 3);
        const members = shuffled.slice(i, i + size).sort();
        families.push({ id: `fam-${members[0]}`, documents: members, origin: null });
        i += size;
      }
      const index = createReuseIndex(documents, pairs, families);

      // Reference: one union-find over the same links.
      const reference = new UnionFind();
      for (const f of families) for (const d of f.documents) reference.union(f.documents[0] as string, d);
      for (const p of pairs) reference.union(index.canonical(p.a), index.canonical(p.b));
      for (const id of ids) {
        expect(index.component(id)).toBe(reference.find(id));
        for (const other of ids) {
          if (index.related(id, other)) expect(index.component(id)).toBe(index.component(other));
        }
      }
    }
  });
});

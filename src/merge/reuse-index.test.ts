import { describe, expect, it } from 'vitest';
import { seededRandom } from '../core/random.js';
import type { Family, ReusePair } from '../core/types.js';
import { createReuseIndex, listSource, type ReuseSource, reuseIndexOf } from './reuse-index.js';
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

describe('reuse index relations', () => {
  it('relate documents of one family and representatives of one pair, both linked in a union-find (seeded graphs)', () => {
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
      const familyOf = new Map(families.flatMap((f) => f.documents.map((d) => [d, f.id] as const)));
      for (const id of ids) {
        for (const other of ids) {
          // Related: one family, or a representative and a partner; what `partners` lists.
          const expected =
            (familyOf.has(id) && familyOf.get(id) === familyOf.get(other)) ||
            index.partners(id).includes(other);
          expect(index.related(id, other)).toBe(expected);
          if (expected) expect(reference.find(id)).toBe(reference.find(other));
        }
        for (const p of index.partners(id)) expect(index.canonical(p)).toBe(p);
        if (index.canonical(id) !== id) expect(index.partners(id)).toEqual([]);
      }
    }
  });
});

describe('reuse index read one document at a time', () => {
  const docs = [
    { id: 'a', text: 'Headline\nThe same report.' },
    { id: 'b', text: 'Headline\nThe same report.' },
    { id: 'c', text: 'Another report.' },
    { id: 'd', text: 'A third report.' },
    { id: 'e', text: 'Unrelated.' },
  ];
  const withPassage = (p: ReusePair): ReusePair => ({
    ...p,
    passages: [{ a: [0, 4], b: [2, 6], kind: 'verbatim', score: 1 }],
  });
  const families: Family[] = [
    { id: 'fam-a', documents: ['a', 'b', 'c'], origin: null },
    { id: 'fam-d', documents: ['d'], origin: null },
    { id: 'fam-e', documents: ['e'], origin: null },
  ];

  it.each([
    ['a>b', 'out', 'in'],
    ['b>a', 'in', 'out'],
    ['unknown', 'unknown', 'unknown'],
  ] as const)('tells each side which way a passage went (%s)', (direction, fromA, fromD) => {
    const index = createReuseIndex(
      docs,
      [{ ...withPassage(pair('b', 'd', 'verbatim')), direction }],
      families,
    );
    expect(index.links('a').map((l) => l.flow)).toEqual([fromA]);
    expect(index.links('d').map((l) => l.flow)).toEqual([fromD]);
  });

  it('collapses exact copies and gives the representative the passages of every copy', () => {
    const index = createReuseIndex(docs, [withPassage(pair('b', 'd', 'verbatim'))], families);
    expect(index.canonical('b')).toBe('a');
    expect(index.links('a')).toEqual([{ other: 'd', own: [0, 4], theirs: [2, 6], flow: 'unknown' }]);
    expect(index.links('b')).toEqual([]);
    expect(index.links('d')).toEqual([{ other: 'a', own: [2, 6], theirs: [0, 4], flow: 'unknown' }]);
    expect(index.related('a', 'd')).toBe(true);
    expect(index.related('b', 'd')).toBe(false);
    expect(index.partners('a')).toEqual(['d']);
    expect(index.partners('b')).toEqual([]);
    expect(index.partners('e')).toEqual([]);
  });

  it('changes the fingerprint of documents a new pair or a grown family reaches, and only theirs', () => {
    const before = createReuseIndex(docs, [], families);
    const grown = createReuseIndex(
      docs,
      [withPassage(pair('c', 'd', 'paraphrase'))],
      [{ id: 'fam-a', documents: ['a', 'b', 'c', 'd'], origin: null }, families[2] as Family],
    );
    for (const id of ['a', 'b', 'c', 'd']) expect(grown.fingerprint(id)).not.toBe(before.fingerprint(id));
    expect(grown.fingerprint('e')).toBe(before.fingerprint('e'));
  });
});

describe('reuse index over a store', () => {
  it('reads the reuse around a document one frontier at a time, not one document at a time, and finds the same answers', () => {
    // A report reused by 29 others (every fifth an exact duplicate), two of them also by a third.
    const ids = Array.from({ length: 30 }, (_, i) => `r${String(i).padStart(2, '0')}`);
    const documents = ids.map((id) => ({ id, text: `report ${id}` }));
    const pairs = ids.slice(1).map((id, i) => pair('r00', id, i % 5 === 4 ? 'duplicate' : 'verbatim'));
    pairs.push(pair('r10', 'r20', 'verbatim'), pair('r20', 'r21', 'verbatim'));
    const families: Family[] = [{ id: 'fam-r00', documents: ['r00', 'r01', 'r02'], origin: null }];
    const lists = listSource(documents, pairs, families);
    // A store: single look-ups and batched ones are counted; a batch makes its documents known.
    let single = 0;
    let batches = 0;
    const known = new Set<string>();
    const store: ReuseSource = {
      ...lists,
      pairsOf: (d) => {
        if (!known.has(d)) single++;
        return lists.pairsOf(d);
      },
      prefetch: (ds) => {
        batches++;
        for (const d of ds) known.add(d);
      },
    };
    const batched = reuseIndexOf(store);
    const plain = createReuseIndex(documents, pairs, families);
    expect(batched.partners('r00')).toEqual(plain.partners('r00'));
    for (const id of ids) {
      expect(batched.canonical(id)).toBe(plain.canonical(id));
      expect(batched.fingerprint(id)).toBe(plain.fingerprint(id));
    }
    // Each breadth-first level is one batch: the 30 documents need a few look-ups, not 30.
    expect(single).toBeLessThanOrEqual(3);
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(10);
  });
});

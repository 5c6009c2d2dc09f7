import { describe, expect, it } from 'vitest';
import { UnionFind } from './union-find.js';

describe('UnionFind', () => {
  // Each case: unions made in order, then the representative expected of each key.
  const cases: [string, [string, string][], Record<string, string>][] = [
    ['a key never seen is its own set', [], { x: 'x' }],
    ['a key added alone stays its own set', [['k', 'k']], { k: 'k' }],
    ['two keys: the smaller represents', [['b', 'a']], { a: 'a', b: 'a' }],
    [
      'a chain built from the large end',
      [
        ['e', 'd'],
        ['d', 'c'],
        ['c', 'b'],
        ['b', 'a'],
      ],
      { a: 'a', b: 'a', c: 'a', d: 'a', e: 'a' },
    ],
    [
      'two sets joined through their largest members',
      [
        ['m', 'n'],
        ['c', 'z'],
        ['z', 'n'],
      ],
      { c: 'c', m: 'c', n: 'c', z: 'c' },
    ],
    [
      'separate sets stay apart',
      [
        ['p', 'q'],
        ['r', 's'],
      ],
      { p: 'p', q: 'p', r: 'r', s: 'r' },
    ],
  ];
  it.each(cases)('%s', (_, unions, expected) => {
    const uf = new UnionFind();
    for (const [a, b] of unions) uf.union(a, b);
    for (const [key, root] of Object.entries(expected)) expect(uf.find(key)).toBe(root);
    // Asked again (after path compression), the answers are the same.
    for (const [key, root] of Object.entries(expected)) expect(uf.find(key)).toBe(root);
  });

  it('does not depend on the order of unions', () => {
    const unions: [string, string][] = [
      ['d', 'b'],
      ['f', 'e'],
      ['b', 'f'],
      ['g', 'h'],
    ];
    const forward = new UnionFind();
    const backward = new UnionFind();
    for (const [a, b] of unions) forward.union(a, b);
    for (const [a, b] of [...unions].reverse()) backward.union(b, a);
    for (const key of ['b', 'd', 'e', 'f', 'g', 'h']) expect(backward.find(key)).toBe(forward.find(key));
    expect(forward.find('f')).toBe('b');
    expect(forward.find('h')).toBe('g');
  });
});

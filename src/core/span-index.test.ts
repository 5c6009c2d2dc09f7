import { describe, expect, it } from 'vitest';
import { positionOf, spanIndex } from './span-index.js';
import type { Span } from './types.js';

const rec = (a: number, b: number, id = `${a}-${b}`) => ({ span: [a, b] as Span, id });
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe('spanIndex', () => {
  // Records out of order and nested, so that the original order is what a filter would give.
  const items = [rec(30, 40), rec(0, 100, 'whole'), rec(10, 20), rec(10, 15), rec(55, 60), rec(20, 30)];
  const index = spanIndex(items);

  it.each([
    [
      [10, 20],
      ['10-20', '10-15'],
    ],
    [
      [0, 100],
      ['30-40', 'whole', '10-20', '10-15', '55-60', '20-30'],
    ],
    [[41, 54], []],
    [
      [20, 40],
      ['30-40', '20-30'],
    ],
  ] as [Span, string[]][])('inside %j', (w, want) => {
    expect(ids(index.inside(w))).toEqual(want);
  });

  it.each([
    [
      [15, 31],
      ['30-40', 'whole', '10-20', '20-30'],
    ],
    [[40, 55], ['whole']],
    [[100, 120], []],
  ] as [Span, string[]][])('overlapping %j', (w, want) => {
    expect(ids(index.overlapping(w))).toEqual(want);
  });

  it.each([
    [
      [12, 14],
      ['whole', '10-20', '10-15'],
    ],
    [
      [56, 58],
      ['whole', '55-60'],
    ],
    [[5, 120], []],
  ] as [Span, string[]][])('containing %j', (w, want) => {
    expect(ids(index.containing(w))).toEqual(want);
  });

  it.each([
    [20, 1],
    [10, 1],
    [101, -1],
  ])('firstTouching %i', (at, want) => {
    expect(index.firstTouching(at)).toBe(want);
  });

  it.each([
    [10, 2],
    [55, 4],
    [11, -1],
  ])('firstStartingAt %i', (at, want) => {
    expect(index.firstStartingAt(at)).toBe(want);
  });

  it('gives what a filter over the whole array gives, on seeded random spans (short lists scanned, long ones indexed)', () => {
    let s = 17;
    const next = (n: number) => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    for (let round = 0; round < 200; round++) {
      const xs = Array.from({ length: next(25) + (round % 2 === 0 ? 60 : 0) }, (_, i) => {
        const a = next(100);
        return rec(a, a + next(next(10) === 0 ? 60 : 10), String(i));
      });
      const ix = spanIndex(xs);
      for (let q = 0; q < 10; q++) {
        const a = next(110) - 5;
        const w: Span = [a, a + next(20)];
        expect(ix.inside(w)).toEqual(xs.filter((x) => x.span[0] >= w[0] && x.span[1] <= w[1]));
        expect(ix.overlapping(w)).toEqual(xs.filter((x) => x.span[0] < w[1] && x.span[1] > w[0]));
        expect(ix.containing(w)).toEqual(xs.filter((x) => x.span[0] <= w[0] && x.span[1] >= w[1]));
        expect(ix.firstTouching(a)).toBe(xs.findIndex((x) => x.span[0] <= a && x.span[1] >= a));
        expect(ix.firstStartingAt(a)).toBe(xs.findIndex((x) => x.span[0] === a));
      }
    }
  });
});

describe('positionOf', () => {
  it('is indexOf', () => {
    const a = { n: 1 };
    const b = { n: 2 };
    const xs = [a, b, a];
    expect([positionOf(xs, a), positionOf(xs, b), positionOf(xs, { n: 1 })]).toEqual([0, 1, -1]);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inverseModP, RowFold } from './row-fold.js';

const hashOf = (text: string): Buffer => createHash('sha256').update(text).digest();
const rowsOf = (n: number, tag: string): Buffer[] =>
  Array.from({ length: n }, (_, i) => hashOf(`${tag}:${i}`));

describe('RowFold on a worker thread', () => {
  it('gives the digest of the inline fold, for rows added and taken out, from a recorded digest', () => {
    const start = new RowFold();
    for (const h of rowsOf(5, 'start')) start.add(h);
    const from = { rows: start.rows, digest: start.digest };
    const added = rowsOf(70, 'added');
    const gone = rowsOf(3, 'start');

    const inline = new RowFold(from);
    // Chunks of 16: four go to the thread, the last six are folded when the digest is read.
    const threaded = new RowFold(from, 16);
    for (const fold of [inline, threaded]) {
      for (const h of added) fold.add(h);
      for (const h of gone) fold.remove(h);
    }
    expect(threaded.rows).toBe(inline.rows);
    expect(threaded.digest).toBe(inline.digest);
    // The digest stays readable and can go on growing.
    const more = hashOf('one more');
    inline.add(more);
    threaded.add(more);
    expect(threaded.digest).toBe(inline.digest);
  });

  it('an edited row changes the threaded digest', () => {
    const rows = rowsOf(40, 'row');
    const fold = (hashes: Buffer[]): string => {
      const f = new RowFold(undefined, 8);
      for (const h of hashes) f.add(h);
      return f.digest;
    };
    const edited = [...rows];
    edited[17] = hashOf('row:17 edited');
    expect(fold(edited)).not.toBe(fold(rows));
    // Order does not matter.
    expect(fold([...rows].reverse())).toBe(fold(rows));
  });

  it('a fold with fewer rows than a chunk starts no thread and matches the inline fold', () => {
    const rows = rowsOf(5, 'few');
    const a = new RowFold();
    const b = new RowFold(undefined, 64);
    for (const h of rows) {
      a.add(h);
      b.add(h);
    }
    expect(b.digest).toBe(a.digest);
  });
});

describe('inverseModP', () => {
  const P = (1n << 3072n) - 1103717n;
  /** x^e mod P by squaring: the way the inverse used to be taken (x^(P−2)). */
  const power = (x: bigint, e: bigint): bigint => {
    let result = 1n;
    let b = x % P;
    for (; e > 0n; e >>= 1n) {
      if (e & 1n) result = (result * b) % P;
      b = (b * b) % P;
    }
    return result;
  };
  const cases: [string, bigint][] = [
    ['one', 1n],
    ['two', 2n],
    ['P − 1', P - 1n],
    ['a power of two', 1n << 3000n],
    ['a hash-sized number', BigInt(`0x${hashOf('a row').toString('hex').repeat(12)}`)],
    ['a number above P', P + 12345n],
  ];
  it.each(cases)('inverts %s as Fermat does', (_, x) => {
    const inverse = inverseModP(x);
    expect((inverse * x) % P).toBe(1n);
    expect(inverse).toBe(power(x, P - 2n));
  });

  it('gives 0 for 0, as x^(P−2) does', () => {
    expect(inverseModP(0n)).toBe(0n);
    expect(inverseModP(P)).toBe(0n);
  });
});

describe('RowFold with rows taken out', () => {
  it.each([
    ['one row out of two', 2, 1],
    ['most rows', 30, 25],
    ['every row', 6, 6],
  ])('%s: the digest is that of the rows left', (_, n, out) => {
    const rows = rowsOf(n, 'kept-or-not');
    const fold = new RowFold();
    for (const h of rows) fold.add(h);
    for (const h of rows.slice(0, out)) fold.remove(h);
    const left = new RowFold();
    for (const h of rows.slice(out)) left.add(h);
    expect(fold.rows).toBe(left.rows);
    expect(fold.digest).toBe(left.digest);
  });
});

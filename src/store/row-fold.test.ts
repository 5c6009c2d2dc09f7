import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RowFold } from './row-fold.js';

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

import { describe, expect, it } from 'vitest';
import type { ClusterRecord } from './cluster-mentions.js';
import { figuredDocuments } from './figured-documents.js';

/** One report's events, `figured(n)` telling whether event n gives a killed figure; reads counted. */
function report(size: number, figured: (n: number) => boolean) {
  const records = [...Array(size).keys()].map(
    (n): ClusterRecord => ({
      items: [`m${n}`],
      reps: [],
      place: null,
      figures: [
        {
          id: `m${n}`,
          document: 'r',
          anchored: true,
          killed: figured(n) ? 2 : null,
          date: null,
          place: null,
        },
      ],
    }),
  );
  let reads = 0;
  const cluster = (n: number) => {
    reads++;
    return records[n] as ClusterRecord;
  };
  const all = records.map((_, n) => n);
  const ask = figuredDocuments((d) => (d === 'r' ? all : []), cluster);
  return { ask, all, reads: () => reads };
}

describe('figuredDocuments', () => {
  it('answers whether the report has an event with figures other than the one left out', () => {
    const none = report(5, () => false);
    expect(none.all.some((n) => none.ask('r', n))).toBe(false);
    const one = report(5, (n) => n === 3);
    expect(one.ask('r', 3)).toBe(false);
    expect(one.ask('r', 0)).toBe(true);
    expect(one.ask('r')).toBe(true);
    const two = report(5, (n) => n === 1 || n === 4);
    expect(two.all.every((n) => two.ask('r', n))).toBe(true);
    expect(one.ask('another report')).toBe(false);
  });

  it('reads a long report a number of times linear in its size, asked once per event', () => {
    // Events with figures only at the end: each question would read the whole report.
    const [small, large] = [400, 1600].map((size) => {
      const r = report(size, (n) => n >= size - 2);
      for (const n of r.all) r.ask('r', n);
      return r.reads();
    });
    // Four times the events: linear work reads about four times as many, pairwise sixteen.
    expect((large as number) / (small as number)).toBeLessThan(6);
  });
});

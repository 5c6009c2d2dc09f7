import { describe, expect, it } from 'vitest';
import { headlineTarget } from './absorb-fragments.js';
import type { ClusterRecord } from './cluster-mentions.js';
import type { MentionItem } from './compatibility.js';

// A headline's events against its report's body events: which one it joins, and how many body
// events it reads to decide. Cluster 0 is the headline's; the others are body events.

/** Body events of one report, each one mention (`scope`: the figure it repeats, or null). */
function report(body: (number | null)[], headlineScope: number | null) {
  const items = new Map<string, MentionItem>();
  const mention = (id: string, scope: number | null, at: number) =>
    items.set(id, {
      mention: {
        documentId: 'r',
        kind: 'shooting',
        span: [at, at + 10],
        sentence: [at, at + 10],
        place: null,
      },
      scope,
    } as unknown as MentionItem);
  mention('h', headlineScope, 0);
  const records: ClusterRecord[] = [{ items: ['h'], reps: [], place: null, figures: [] }];
  body.forEach((scope, k) => {
    mention(`b${k}`, scope, 100 * (k + 1));
    records.push({ items: [`b${k}`], reps: [], place: null, figures: [] });
  });
  let reads = 0;
  const cluster = (n: number) => {
    reads++;
    return records[n] as ClusterRecord;
  };
  const all = records.map((_, n) => n);
  const target = () =>
    headlineTarget(
      0,
      cluster,
      () => all,
      (id) => items.get(id) as MentionItem,
    );
  return { target, reads: () => reads };
}

describe('headlineTarget', () => {
  it.each([
    // [case, body events' figures, the headline's figure, target]
    ['the one body event', [null], null, 1],
    ['two alike body events tie', [null, null], null, null],
    ['the only one repeating the headline figure, among others', [null, 7, null], 7, 2],
    ['two repeating the headline figure tie', [7, null, 7], 7, null],
  ])('%s', (_, body, scope, expected) => {
    expect(report(body as (number | null)[], scope as number | null).target()).toBe(expected);
  });

  it('stops reading the report once two body events repeat the headline figure', () => {
    const body = [7, 7, ...Array<null>(500).fill(null)];
    const r = report(body, 7);
    expect(r.target()).toBeNull();
    // The headline's own event and the first two body events.
    expect(r.reads()).toBe(3);
  });
});

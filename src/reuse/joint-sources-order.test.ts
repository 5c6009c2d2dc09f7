import { describe, expect, it, vi } from 'vitest';
import type { ReusePair } from '../core/types.js';
import { addJointSources } from './joint-sources.js';
import type { PairDocument } from './pair.js';

// A source whose pair is refused by `comparePair` (as when its passages do not hold up).
const refused = new Set<string>();
vi.mock('./pair.js', async (load) => {
  const actual = await load<typeof import('./pair.js')>();
  return {
    ...actual,
    comparePair: (...args: Parameters<typeof actual.comparePair>) =>
      refused.has(args[0].id) ? null : actual.comparePair(...args),
  };
});

// Three invented wire takes on a dam repair, and a paper written from all three.
const takes = [
  'Engineers began draining the reservoir behind the Marrow Fell dam on Monday so that a cracked spillway could be repaired before the winter rains.',
  'The water board said the work at Marrow Fell would take six weeks and that drinking water supplies to the valley would not be affected during the repairs.',
  'Anglers were angry that the draining would leave thousands of trout stranded, and a wildlife charity offered to move the fish to a lake upstream.',
];
const paper = [
  'Dam fears.',
  'Engineers began draining the reservoir on Monday so that a cracked spillway could be repaired.',
  'The water board said drinking water supplies to the valley would not be affected.',
  'Anglers were angry that the draining would leave thousands of trout stranded.',
  'Walkers said the empty valley looked like the surface of the moon.',
].join(' ');

const doc = (id: string, text: string, outlet: string, published: string): PairDocument => ({
  id,
  text,
  outlet,
  published,
  credits: [],
});
const docs = new Map<string, PairDocument>([
  ['t1', doc('t1', takes[0] as string, 'Wire', '2031-02-03T08:00:00Z')],
  ['t2', doc('t2', takes[1] as string, 'Wire', '2031-02-03T09:00:00Z')],
  ['t3', doc('t3', takes[2] as string, 'Wire', '2031-02-03T10:00:00Z')],
  ['zp', doc('zp', paper, 'Evening Star', '2031-02-03T20:00:00Z')],
]);
const rejected: [string, string][] = [
  ['t1', 'zp'],
  ['t2', 'zp'],
  ['t3', 'zp'],
];

const order = ['t1', 't2', 't3', 'zp'];
function run(at: string[], verified: ReusePair[] = [], minShare = 0.3) {
  return addJointSources(rejected, verified, {
    document: (id) => docs.get(id) ?? null,
    position: (id) => at.indexOf(id),
    minShare,
  });
}
const sourceOf = (p: ReusePair) => (p.a === 'zp' ? p.b : p.a);

describe('addJointSources', () => {
  it('finds the joint sources of a text whatever the verified pairs with texts indexed after it', () => {
    refused.clear();
    const alone = run(order);
    expect(alone.length).toBeGreaterThanOrEqual(2);
    // A verified pair from a text indexed after the paper: in runs of their own the paper is
    // handled before that text exists, so the pair must not change what is found.
    const later: ReusePair = {
      a: 'late',
      b: 'zp',
      relation: 'verbatim',
      shared_a: 0.5,
      shared_b: 0.5,
      direction: 'a>b',
      reason: 'invented',
      passages: [],
    };
    expect(run(['t1', 't2', 't3', 'zp', 'late'], [later])).toEqual(alone);
    // From a text indexed before it, the paper is derived already: no joint sources.
    expect(run(['late', 't1', 't2', 't3', 'zp'], [later])).toEqual([]);
  });

  it('reports no joint sources when a chosen source has no pair and the rest hold too little', () => {
    refused.clear();
    // Each take holds about a fifth of the paper: all three are needed to hold half of it.
    const all = run(order, [], 0.5);
    const sources = all.map(sourceOf);
    expect(sources.sort()).toEqual(['t1', 't2', 't3']);
    for (const p of all) expect(p.reason).toMatch(/\d+% in it and t\d \d+%, t\d \d+% together/);
    refused.add('t2');
    expect(run(order, [], 0.5)).toEqual([]);
  });
});

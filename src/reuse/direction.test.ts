import { describe, expect, it } from 'vitest';
import type { ReusePair } from '../core/types.js';
import { compareTimes, inferDirection } from './direction.js';
import { buildFamilies } from './families.js';

const base = { textA: 'wire copy', textB: 'our report, citing AP', shared_a: 0.5, shared_b: 0.5 };

describe('inferDirection', () => {
  it('orders by publication time when both are known and differ', () => {
    const r = inferDirection({ ...base, a: { published: '2022-04-04' }, b: { published: '2022-04-03' } });
    expect(r.direction).toBe('b>a');
    expect(r.reason).toContain('published first');
  });
  it('does not order two times on the same day given at day precision', () => {
    expect(compareTimes('2022-04-03', '2022-04-03T09:00:00Z')).toBe(0);
    expect(compareTimes('2022-04-03T08:00:00Z', '2022-04-03T09:00:00Z')).toBe(-1);
  });
  it('uses a wire credit that one carries and the other cites', () => {
    const r = inferDirection({ ...base, a: { credits: ['AP'] }, b: { credits: [] } });
    expect(r).toEqual({ direction: 'a>b', reason: 'a carries the wire credit AP and b credits AP' });
  });
  it("uses a wire credit that names the other text's outlet", () => {
    const r = inferDirection({
      ...base,
      a: { credits: ['Meridian'] },
      b: { credits: ['Meridian'], outlet: 'Meridian Press Agency' },
    });
    expect(r).toEqual({
      direction: 'b>a',
      reason: "a carries the wire credit Meridian, which is b's outlet (Meridian Press Agency)",
    });
  });
  it('ignores a credit both carry', () => {
    const r = inferDirection({ ...base, a: { credits: ['AP'] }, b: { credits: ['AP'] } });
    expect(r.direction).toBe('unknown');
  });
  it.each([
    ['the same outlet', 'Meridian Press Agency', 'meridian press agency', 'unknown'],
    ['two outlets', 'Meridian Press Agency', 'The Evening Courier', 'b>a'],
    ['one outlet unknown', 'Meridian Press Agency', null, 'b>a'],
  ])('does not order two versions of one story by containment: %s', (_, x, y, expected) => {
    const r = inferDirection({
      ...base,
      a: { outlet: x, published: '2022-04-03' },
      b: { outlet: y, published: '2022-04-03' },
      shared_a: 0.4,
      shared_b: 0.95,
    });
    expect(r.direction).toBe(expected);
    if (expected === 'unknown') expect(r.reason).toContain('versions from one outlet');
  });
  it('orders two versions of one outlet by their publication times', () => {
    const r = inferDirection({
      ...base,
      a: { outlet: 'Meridian', published: '2022-04-03T10:00:00Z' },
      b: { outlet: 'Meridian', published: '2022-04-03T08:00:00Z' },
    });
    expect(r.direction).toBe('b>a');
  });
  it('uses containment: the contained text with additions around it is the source', () => {
    const r = inferDirection({ ...base, a: {}, b: {}, shared_a: 0.4, shared_b: 0.95 });
    expect(r.direction).toBe('b>a');
    expect(r.reason).toContain('contains 95% of b');
  });
  it('says unknown without evidence', () => {
    const r = inferDirection({ ...base, a: {}, b: {} });
    expect(r.direction).toBe('unknown');
    expect(r.reason).toMatch(/no evidence/);
  });
});

function pair(a: string, b: string, direction: ReusePair['direction'], share = 0.5): ReusePair {
  return {
    a,
    b,
    relation: 'verbatim',
    shared_a: share,
    shared_b: share,
    direction,
    reason: '',
    passages: [],
  };
}

describe('buildFamilies', () => {
  const docs = ['d1', 'd2', 'd3', 'd4'].map((id) => ({ id, published: null }));
  it('unites documents linked by substantial reuse and leaves the rest alone', () => {
    const f = buildFamilies(docs, [
      pair('d1', 'd2', 'unknown'),
      pair('d2', 'd3', 'unknown'),
      pair('d3', 'd4', 'unknown', 0.01),
    ]);
    expect(f.map((x) => x.documents)).toEqual([['d1', 'd2', 'd3'], ['d4']]);
    expect(f[0]?.origin).toBeNull();
  });
  it('names the earliest document as origin', () => {
    const dated = docs.map((d, i) => ({ ...d, published: `2022-04-0${i + 2}` }));
    const f = buildFamilies(dated, [pair('d2', 'd1', 'b>a'), pair('d1', 'd3', 'a>b')]);
    expect(f[0]).toEqual({ id: 'fam-d1', documents: ['d1', 'd2', 'd3'], origin: 'd1' });
  });
  it('names the source every directed pair points away from', () => {
    const f = buildFamilies(docs, [
      pair('d1', 'd2', 'b>a'),
      pair('d1', 'd3', 'b>a'),
      pair('d1', 'd2', 'b>a'),
    ]);
    expect(f.find((x) => x.documents.includes('d1'))?.origin).toBeNull();
    const g = buildFamilies(docs, [pair('d1', 'd2', 'a>b'), pair('d1', 'd3', 'a>b')]);
    expect(g[0]?.origin).toBe('d1');
  });
  it('does not depend on the order of documents or pairs', () => {
    const pairs = [pair('d1', 'd2', 'a>b'), pair('d3', 'd4', 'unknown')];
    expect(buildFamilies([...docs].reverse(), [...pairs].reverse())).toEqual(buildFamilies(docs, pairs));
  });
});

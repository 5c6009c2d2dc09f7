import { describe, expect, it } from 'vitest';
import { grainFor, periodOf, periodRange } from '../../web/src/views/timeline.js';

describe('timeline periods', () => {
  it.each<[string, string, 'day' | 'month' | 'year']>([
    ['2021-03-01', '2021-03-20', 'day'],
    ['2021-01-01', '2021-04-30', 'day'],
    ['2021-01-01', '2021-09-30', 'month'],
    ['2015-01-01', '2020-06-30', 'month'],
    ['1945-05-08', '1998-12-31', 'year'],
  ])('%s to %s is drawn per %s', (first, last, grain) => {
    expect(grainFor(first, last)).toBe(grain);
  });

  it.each<[string, 'day' | 'month' | 'year', string, [string, string]]>([
    ['2024-02-10', 'day', '2024-02-10', ['2024-02-10', '2024-02-10']],
    ['2024-02-10', 'month', '2024-02', ['2024-02-01', '2024-02-29']],
    ['2023-02-10', 'month', '2023-02', ['2023-02-01', '2023-02-28']],
    ['2023-12-31', 'month', '2023-12', ['2023-12-01', '2023-12-31']],
    ['2023-07-04', 'year', '2023', ['2023-01-01', '2023-12-31']],
  ])('%s per %s falls in %s, which runs %j', (start, grain, period, range) => {
    expect(periodOf(start, grain)).toBe(period);
    expect(periodRange(period)).toEqual(range);
  });
});

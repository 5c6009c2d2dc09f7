import { describe, expect, it } from 'vitest';
import type { DateMention, IncidentMention } from '../core/types.js';
import { doc, extraction, incident, qty, town } from './__fixtures__/records.js';
import { buildLedger } from './build-ledger.js';
import { itemsOf, withoutSiteName } from './cluster-mentions.js';
import { linked, pairScore, relateDates } from './compatibility.js';

/** A date: stated in the sentence, or implied (filled in from the report's date: an empty span). */
function date(start: string, implied = false): DateMention {
  return {
    span: implied ? [0, 0] : [0, 4],
    text: implied ? '' : 'date',
    start,
    end: start,
    precision: 'day',
    reason: 'test',
  };
}

describe('relateDates', () => {
  it.each([
    [
      'two reports' + ' 3 days apart, no stated date',
      date('2024-05-02', true),
      date('2024-05-05', true),
      'unknown',
    ],
    [
      'two reports a year apart, no stated date',
      date('2023-05-02', true),
      date('2024-05-05', true),
      'distant',
    ],
    ['a stated date after the other report', date('2024-05-09'), date('2024-05-05', true), 'different'],
    ['a stated date days before a report', date('2024-05-01'), date('2024-05-05', true), 'unknown'],
    ['a stated date a year before a report', date('2023-05-01'), date('2024-05-05', true), 'distant'],
    ['the same stated day', date('2024-05-01'), date('2024-05-01'), 'same'],
    ['two stated days', date('2024-05-01'), date('2024-05-02'), 'different'],
  ])('%s: %s', (_label, a, b, expected) => {
    expect(relateDates(a, b)).toBe(expected);
    expect(relateDates(b, a)).toBe(expected);
  });
});

describe('relateDates with days of slack', () => {
  it.each([
    ['two stated days, one apart', date('2024-05-01'), date('2024-05-02'), 'overlap'],
    ['two stated days, two apart', date('2024-05-01'), date('2024-05-03'), 'different'],
    ['a stated date the day after a report', date('2024-05-06'), date('2024-05-05', true), 'different'],
  ])('%s', (_label, a, b, expected) => {
    expect(relateDates(a, b, 1)).toBe(expected);
    expect(relateDates(b, a, 1)).toBe(expected);
  });
});

describe('withoutSiteName', () => {
  it.each([
    ['Man shot near park - Channel 9 News - Rivertown', 'Man shot near park'],
    ['Two hurt in crash | Daily Courier', 'Two hurt in crash'],
    ['Police: 3 shot on Elm Street', 'Police: 3 shot on Elm Street'],
    ['Self-defense claim rejected', 'Self-defense claim rejected'],
  ])('%s', (title, expected) => {
    expect(withoutSiteName(title)).toBe(expected);
  });
});

/** One report with one shooting clause, dated and placed as given. */
function report(
  id: string,
  published: string,
  clause: string,
  o: { killed?: number; injured?: number; place?: string | null; on?: string } = {},
) {
  const d = doc(id, `${clause}. Police are investigating.`, published);
  const m: IncidentMention = {
    ...incident(d, 1, clause, {
      kind: 'shooting',
      killed: o.killed === undefined ? null : qty(o.killed),
      injured: o.injured === undefined ? null : qty(o.injured),
      place: o.place === null ? null : town(o.place ?? 'Rivertown'),
    }),
    date: o.on ? date(o.on) : date(published, true),
  };
  return { d, x: extraction(d, { incidents: [m] }) };
}

const eventsOf = (reports: ReturnType<typeof report>[]) =>
  buildLedger({
    documents: reports.map((r) => r.d),
    reuse: { pairs: [], families: [] },
    extractions: reports.map((r) => r.x),
    custody: { entries: 0, head: '' },
  }).events;

describe('events are incidents', () => {
  it.each([
    {
      name: 'two reports days apart at one town with the same toll are one incident',
      reports: [
        report('a', '2024-05-02', 'A man was shot dead outside a bakery', { killed: 1 }),
        report('b', '2024-05-03', 'One man died in a shooting outside a bakery', { killed: 1 }),
      ],
      events: 1,
    },
    {
      name: 'two reports a year apart at one town, in other words, are two incidents',
      reports: [
        report('a', '2023-02-02', 'A man was shot dead outside a bakery', { killed: 1 }),
        report('b', '2024-05-03', 'A teenager was killed in a drive-by shooting', { killed: 1 }),
      ],
      events: 2,
    },
    {
      name: 'a report a year later in the old reports’ words is the old incident',
      reports: [
        report('a', '2023-02-02', 'Kessler shot his neighbour Arvid Lund outside the Marlow bakery', {
          killed: 1,
        }),
        report('b', '2024-05-03', 'Kessler was convicted for shooting Arvid Lund outside the Marlow bakery', {
          killed: 1,
        }),
      ],
      events: 1,
    },
    {
      name: 'a report a year later in words any shooting report uses is another incident',
      reports: [
        report('a', '2023-02-02', 'A man was shot and killed Thursday night, police said', { killed: 1 }),
        report('b', '2024-05-03', 'A man was shot and killed Friday night, police said', { killed: 1 }),
      ],
      events: 2,
    },
    {
      name: 'reports that place their incidents in two towns are two incidents, even on one day',
      reports: [
        report('a', '2024-05-02', 'A man was shot dead outside a bakery', { killed: 1, place: 'Rivertown' }),
        report('b', '2024-05-02', 'A man was shot dead outside a bakery', { killed: 1, place: 'Hillview' }),
      ],
      events: 2,
    },
    {
      name: 'a report placing its incident nowhere is not another report’s incident for a shared day and toll',
      reports: [
        report('a', '2024-05-03', 'A man was shot dead outside a bakery', { killed: 1, on: '2024-05-02' }),
        report('b', '2024-05-03', 'A woman was killed in her car on a highway', {
          killed: 1,
          place: null,
          on: '2024-05-02',
        }),
      ],
      events: 2,
    },
    {
      name: 'a report placing its incident nowhere joins the incident its wording names',
      reports: [
        report('a', '2024-05-03', 'Arvid Lund was shot dead outside the Marlow bakery', {
          killed: 1,
          on: '2024-05-02',
        }),
        report('b', '2024-05-03', 'Arvid Lund was killed outside the Marlow bakery', {
          killed: 1,
          place: null,
          on: '2024-05-02',
        }),
      ],
      events: 1,
    },
  ])('$name', ({ reports, events }) => {
    expect(eventsOf(reports)).toHaveLength(events);
  });
});

describe('reports at one town without stated dates', () => {
  /** The report's clause names its town (the place's span lies in the sentence). */
  const item = (r: ReturnType<typeof report>) => {
    const x = itemsOf(r.x)[0] as NonNullable<ReturnType<typeof itemsOf>[0]>;
    const m = x.mention;
    const at = r.d.text.indexOf('Rivertown');
    return {
      ...x,
      mention: { ...m, place: m.place && { ...m.place, span: [at, at + 9] as [number, number] } },
    };
  };
  const link = (a: ReturnType<typeof report>, b: ReturnType<typeof report>) => {
    const x = item(a);
    const y = item(b);
    const score = pairScore(x, y);
    return score !== null && linked(x, y, score);
  };
  const bakery = report('a', '2024-05-02', 'A man was shot dead outside a bakery in Rivertown', {
    killed: 1,
  });
  const station = (published: string) =>
    report('b', published, 'Two people were wounded by gunfire near a gas station in Rivertown', {
      injured: 2,
    });

  it('are linked days apart, when nothing sets them apart', () => {
    expect(link(bakery, station('2024-05-04'))).toBe(true);
  });

  it('are not linked ten days apart by the town alone', () => {
    expect(link(bakery, station('2024-05-12'))).toBe(false);
  });

  it('are linked ten days apart when they tell the same incident in the same words', () => {
    const named = report(
      'b',
      '2024-05-12',
      'Arvid Lund was shot dead outside the Marlow bakery in Rivertown',
      {},
    );
    const first = report('a', '2024-05-02', 'Arvid Lund was killed outside the Marlow bakery in Rivertown', {
      killed: 1,
    });
    expect(link(first, named)).toBe(true);
  });
});

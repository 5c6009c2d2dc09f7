import { describe, expect, it } from 'vitest';
import type { DateMention, IncidentKind, IncidentMention, PlaceMention } from '../core/types.js';
import { doc, extraction, incident, qty, town } from './__fixtures__/records.js';
import { buildLedger } from './build-ledger.js';
import { itemsOf, withoutSiteName } from './cluster-mentions.js';
import { linked, type MentionItem, pairScore, relateDates, relatePlaces } from './compatibility.js';

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

/** A place stated in a sentence `[0, 200)`, at the given coordinates. */
function stated(name: string, lat: number, lon: number, relation: string | null = null): PlaceMention {
  return {
    ...town(name),
    span: [10, 10 + name.length],
    lat,
    lon,
    precision: relation === null ? 'town' : 'near',
    relation,
  };
}

describe('a place told as around a city', () => {
  const capital = stated('Capital', 50, 30, 'outskirts of');
  it.each([
    ['a town 15 km from the city is around it', capital, stated('Suburbia', 50.1, 30.15), true, 'contains'],
    ['a town 80 km away is not', capital, stated('Farfield', 50.7, 30.3), true, 'different'],
    [
      'a place told at a distance ("50 km west of") is a point, not an area',
      stated('Capital', 50, 30, '50 km west of'),
      stated('Suburbia', 50.1, 30.15),
      true,
      'different',
    ],
    [
      'a report’s own place for a clause naming none does not reach',
      capital,
      stated('Suburbia', 50.1, 30.15),
      false,
      'different',
    ],
    [
      'two towns close together are still two towns',
      stated('Oldham', 50, 30),
      stated('Suburbia', 50.1, 30.15),
      true,
      'different',
    ],
  ] as [string, PlaceMention, PlaceMention, boolean, string][])(
    '%s',
    (_label, a, b, aroundTowns, expected) => {
      expect(relatePlaces(a, b, aroundTowns)).toBe(expected);
      expect(relatePlaces(b, a, aroundTowns)).toBe(expected);
    },
  );
});

/** A merge item for one clause of a report, its place stated in the sentence. */
function item(
  documentId: string,
  text: string,
  o: {
    kind?: IncidentKind;
    killed?: number;
    injured?: number;
    count?: number;
    counted?: string;
    place?: PlaceMention;
  },
): MentionItem {
  const d = doc(documentId, text, '2024-05-03');
  const mention: IncidentMention = {
    ...incident(d, 1, text, {
      kind: o.kind ?? 'killing',
      killed: o.killed === undefined ? null : qty(o.killed),
      injured: o.injured === undefined ? null : qty(o.injured),
      counts: o.count === undefined ? [] : [{ ...qty(o.count), counted: o.counted ?? 'person' }],
      place: o.place ?? stated('Ashford', 50, 30),
    }),
    sentence: [0, text.length],
    date: date('2024-05-03', true),
  };
  return itemsOf(extraction(d, { incidents: [mention] }))[0] as MentionItem;
}

describe('figures of different size at one place', () => {
  const find = item('a', 'Reporters counted 21 bodies at several places in Ashford', {
    kind: 'bodies-found',
    killed: 21,
  });
  it.each([
    [
      'a smaller find in the town is part of the bodies found across it',
      item('b', 'Soldiers removed six bodies from a street in Ashford', { kind: 'bodies-found', killed: 6 }),
      true,
    ],
    [
      'a count that is no toll is part of it too',
      item('b', 'At least two had their hands tied in Ashford', { kind: 'shooting', count: 2 }),
      true,
    ],
    [
      'a smaller killing toll may be an incident of its own',
      item('b', 'Soldiers shot five men in Ashford', { kind: 'killing', killed: 5 }),
      false,
    ],
    [
      'a find in another place is another scope',
      item('b', 'Six bodies were found in Brookfield', {
        kind: 'bodies-found',
        killed: 6,
        place: stated('Brookfield', 50, 30),
      }),
      false,
    ],
  ] as [string, MentionItem, boolean][])('%s', (_label, other, compatible) => {
    expect(pairScore(find, other) !== null).toBe(compatible);
    expect(pairScore(other, find) !== null).toBe(compatible);
  });

  it('keeps two killings of very different tolls apart when neither is a find of bodies', () => {
    const big = item('a', 'Gunmen killed 21 people in Ashford', { killed: 21 });
    const small = item('b', 'Gunmen killed five people in Ashford', { killed: 5 });
    expect(pairScore(big, small)).toBeNull();
  });

  it.each([
    [
      'the dead of one and the wounded of the other',
      item('a', 'One man died and four were wounded in Ashford', { kind: 'shooting', killed: 1, injured: 4 }),
      item('a', 'The four victims who lived are in hospital in Ashford', { kind: 'shooting', count: 4 }),
      true,
    ],
    [
      'the same figures in two reports',
      item('a', 'A woman was killed and five people hurt in Ashford', {
        kind: 'shooting',
        killed: 1,
        injured: 5,
      }),
      item('b', 'Five people were shot at a party in Ashford', { kind: 'shooting', count: 5 }),
      false,
    ],
    [
      'a count the other mention does not give',
      item('a', 'One man died and four were wounded in Ashford', { kind: 'shooting', killed: 1, injured: 4 }),
      item('a', 'Nine people were shot across Ashford on Sunday', { kind: 'shooting', count: 9 }),
      false,
    ],
  ] as [string, MentionItem, MentionItem, boolean][])(
    'compares the figures one mention gives with the other’s scope: %s',
    (_label, a, b, compatible) => {
      expect(pairScore(a, b) !== null).toBe(compatible);
      expect(pairScore(b, a) !== null).toBe(compatible);
    },
  );

  it('sets no scope from a count of places', () => {
    const towns = item('c', 'Graves were found in more than 30 towns around Ashford', {
      kind: 'bodies-found',
      count: 30,
      counted: 'town',
    });
    expect(towns.scope).toBeNull();
  });
});

describe('a clause told as another incident', () => {
  const lead = item('a', 'Troops killed 21 people in Ashford', { killed: 21 });
  it('is never its own report’s other incident', () => {
    const other = item('a', 'In another incident in Ashford, troops shot 18 men', { killed: 18 });
    expect(pairScore(lead, other)).toBeNull();
  });
  it('is another report’s incident only by its figure or its words', () => {
    const other = item('b', 'In a separate attack, troops shot 18 men in Ashford', { killed: 18 });
    expect(pairScore(item('c', 'Troops killed 18 men in Ashford', { killed: 18 }), other)).not.toBeNull();
    expect(pairScore(item('c', 'Troops killed 20 people in Ashford', { killed: 20 }), other)).toBeNull();
  });
});

describe('a bare country and a town in it', () => {
  const country: PlaceMention = {
    ...stated('Freedonia', 50, 30),
    admin1: null,
    precision: 'country',
    kind: 'country',
  };
  it('are not set apart for lack of shared words: the country locates nothing', () => {
    const national = item('a', 'Bodies of 40 civilians were found in mass graves in Freedonia', {
      kind: 'bodies-found',
      killed: 40,
      place: country,
    });
    const local = item('b', 'The discovery of dozens of bodies in towns near Ashford', {
      kind: 'bodies-found',
    });
    expect(pairScore(national, local)).not.toBeNull();
  });
  it('while a region and a town in it still are', () => {
    const regional = item('a', 'Bodies of 40 civilians were found in mass graves in the North Region', {
      kind: 'bodies-found',
      killed: 40,
      place: {
        ...stated('North Region', 50, 30),
        admin1: 'North Region',
        precision: 'region',
        kind: 'region',
      },
    });
    const local = item('b', 'The discovery of dozens of bodies in towns near Ashford', {
      kind: 'bodies-found',
    });
    expect(pairScore(regional, local)).toBeNull();
  });
});

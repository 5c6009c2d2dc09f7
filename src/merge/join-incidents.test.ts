import { describe, expect, it } from 'vitest';
import type { DateMention, IncidentKind, PlaceMention } from '../core/types.js';
import { documentPeople, MAX_DOCUMENT_PEOPLE } from '../extract/extract-people.js';
import { doc, extraction, incident, qty, town } from './__fixtures__/records.js';
import type { ClusterRecord, MemberFigure } from './cluster-mentions.js';
import { itemsOf } from './cluster-mentions.js';
import type { MentionItem } from './compatibility.js';
import {
  diedOfWounds,
  eventFigures,
  givesFigure,
  type IncidentNeighbourhood,
  type IncidentProfile,
  incidentNamesOf,
  incidentTarget,
  joinDays,
  LATER_DAYS,
  laterIncident,
  METRO_KM,
  NAMED_DAYS,
  namedIncident,
  namesOf,
  nearDays,
  placeOf,
  profileKey,
  profileOf,
  readings,
  sameIncident,
  speakerNamesOf,
} from './join-incidents.js';

const stated = (day: string): DateMention => ({
  span: [0, 4],
  text: 'date',
  start: day,
  end: day,
  precision: 'day',
  reason: 'test',
});
const implied = (day: string): DateMention => ({ ...stated(day), span: [0, 0], text: '' });

function member(o: Partial<MemberFigure>): MemberFigure {
  return {
    id: 'm',
    document: 'd',
    anchored: true,
    killed: null,
    injured: null,
    date: null,
    place: null,
    ...o,
  };
}

function record(place: string | null, figures: MemberFigure[], reps: string[] = []): ClusterRecord {
  return { items: reps, reps: [['sig', reps]], place, figures };
}

describe('profileOf', () => {
  it.each([
    {
      name: 'the day and figures most members state',
      place: 'Rivertown',
      figures: [
        member({ date: stated('2024-05-01'), killed: 2 }),
        member({ date: stated('2024-05-01'), killed: 2, injured: 1 }),
        member({ date: stated('2024-04-03'), killed: 5 }),
      ],
      expected: { place: 'Rivertown', day: '2024-05-01', killed: 2, injured: 1 },
    },
    {
      name: 'the place most members give, not a stray first member’s',
      place: 'Hillview',
      figures: [
        member({ date: stated('2024-05-01'), killed: 2, place: 'Hillview' }),
        member({ date: stated('2024-05-01'), killed: 2, place: 'Rivertown' }),
        member({ date: stated('2024-05-01'), place: 'Rivertown' }),
      ],
      expected: { place: 'Rivertown', day: '2024-05-01', killed: 2, injured: null },
    },
    {
      name: 'a day filled in from the report’s date is not stated',
      place: 'Rivertown',
      figures: [member({ date: implied('2024-05-01'), killed: 2 })],
      expected: null,
    },
    {
      name: 'no place',
      place: null,
      figures: [member({ date: stated('2024-05-01'), killed: 2 })],
      expected: null,
    },
    {
      name: 'no figure (the event can still join the one with figures)',
      place: 'Rivertown',
      figures: [member({ date: stated('2024-05-01') })],
      expected: { place: 'Rivertown', day: '2024-05-01', killed: null, injured: null },
    },
    {
      name: 'a lead count and its detail given once each: the larger is the incident’s',
      place: 'Rivertown',
      figures: [
        member({ date: stated('2024-05-01'), injured: 4 }),
        member({ date: stated('2024-05-01'), injured: 1 }),
      ],
      expected: { place: 'Rivertown', day: '2024-05-01', killed: null, injured: 4 },
    },
  ])('$name', ({ place, figures, expected }) => {
    expect(profileOf(record(place, figures))).toEqual(expected);
  });
});

const profile = (o: Partial<IncidentProfile>): IncidentProfile => ({
  place: 'Rivertown',
  day: '2024-05-01',
  killed: 1,
  injured: null,
  ...o,
});

describe('sameIncident', () => {
  it.each([
    ['the same town, day and toll', profile({}), profile({}), true],
    [
      'a day apart (a late-night incident reported the next day)',
      profile({}),
      profile({ day: '2024-05-02' }),
      true,
    ],
    ['two days apart', profile({}), profile({ day: '2024-05-03' }), false],
    ['another town', profile({}), profile({ place: 'Hillview' }), false],
    ['the town’s name written in other case', profile({}), profile({ place: 'RIVERTOWN' }), true],
    ['a toll revised by one (a shooter counted among the dead)', profile({}), profile({ killed: 2 }), true],
    ['another toll', profile({}), profile({ killed: 4 }), false],
    [
      'one gives the dead, the other the same dead and the wounded',
      profile({}),
      profile({ injured: 3 }),
      true,
    ],
    ['one gives no figure', profile({}), profile({ killed: null }), false],
    [
      'no figure in common',
      profile({ killed: null, injured: 2 }),
      profile({ killed: 1, injured: null }),
      false,
    ],
  ])('%s', (_name, a, b, expected) => {
    expect(sameIncident(a, b)).toBe(expected);
    expect(sameIncident(b, a)).toBe(expected);
  });
});

describe('namedIncident', () => {
  it.each([
    ['the same figures three days apart', profile({}), profile({ day: '2024-05-04' }), true],
    ['four days apart', profile({}), profile({ day: '2024-05-05' }), false],
    ['another toll', profile({}), profile({ day: '2024-05-03', killed: 2 }), false],
    ['one gives the wounded, the other not', profile({}), profile({ injured: 2 }), false],
    ['another town', profile({}), profile({ place: 'Hillview' }), false],
  ])('%s', (_name, a, b, expected) => {
    expect(namedIncident(a, b)).toBe(expected);
    expect(namedIncident(b, a)).toBe(expected);
  });
});

describe('laterIncident', () => {
  const three = { killed: 1, injured: 2 };
  it.each([
    [
      'three casualties told twenty days apart',
      profile(three),
      profile({ ...three, day: '2024-05-21' }),
      true,
    ],
    ['thirty days apart', profile({ killed: 3 }), profile({ killed: 3, day: '2024-05-31' }), true],
    ['more than thirty days apart', profile({ killed: 3 }), profile({ killed: 3, day: '2024-06-01' }), false],
    [
      'two casualties (the figures of many incidents a month in a town)',
      profile({ killed: 1, injured: 1 }),
      profile({ killed: 1, injured: 1, day: '2024-05-21' }),
      false,
    ],
    ['another toll', profile(three), profile({ killed: 1, injured: 3, day: '2024-05-21' }), false],
    ['another town', profile(three), profile({ ...three, day: '2024-05-21', place: 'Hillview' }), false],
  ])('%s', (_name, a, b, expected) => {
    expect(laterIncident(a, b)).toBe(expected);
    expect(laterIncident(b, a)).toBe(expected);
  });

  it('widens the days searched only for profiles it can join', () => {
    expect(joinDays(profile({ killed: 3 }))).toBe(LATER_DAYS);
    expect(joinDays(profile({ killed: 1, injured: 1 }))).toBe(NAMED_DAYS);
    // Members detailing one victim each, the ledger entry showing the toll: searched as joined reads it.
    expect(joinDays(profile({ killed: 1, injured: 1, shown: { killed: 12, injured: 1 } }))).toBe(LATER_DAYS);
  });
});

describe('namesOf', () => {
  it('keeps the names of people and streets, not a clause’s first word, report words or the place', () => {
    const d = doc('n1', 'Police said Jordan Pike was shot on Alder Lane in Rivertown on Sunday in June.');
    const item = itemsOf(
      extraction(d, {
        incidents: [
          incident(d, 0, 'Police said Jordan Pike was shot on Alder Lane in Rivertown on Sunday in June', {
            kind: 'shooting',
            place: town('Rivertown'),
          }),
        ],
      }),
    )[0] as MentionItem;
    const names = namesOf(record('Rivertown', [], [item.mention.id]), 'Rivertown', () => item);
    expect([...names].sort()).toEqual(['alder', 'jordan', 'lane', 'pike']);
  });

  it('reads one event at another place afresh, not from what it read at the first', () => {
    const d = doc('n2', 'Police said Jordan Pike was shot in Rivertown.');
    const item = itemsOf(
      extraction(d, {
        incidents: [
          incident(d, 0, 'Police said Jordan Pike was shot in Rivertown', {
            kind: 'shooting',
            place: town('Rivertown'),
          }),
        ],
      }),
    )[0] as MentionItem;
    const r = record('Rivertown', [], [item.mention.id]);
    expect([...namesOf(r, 'Rivertown', () => item)].sort()).toEqual(['jordan', 'pike']);
    expect([...namesOf(r, 'Hillview', () => item)].sort()).toEqual(['jordan', 'pike', 'rivertown']);
  });
});

describe('speakerNamesOf', () => {
  it('takes a name after a rank or its short abbreviation, not after a town ending the sentence before', () => {
    const text =
      'A man was shot on Tuesday in Marrowdale. Tobin Quillery, 24, died at the scene, Ofc. Pell Varno ' +
      'confirmed, and Warden Osk Brimley added nothing';
    const d = doc('s1', `${text}.`);
    const item = itemsOf(
      extraction(d, { incidents: [incident(d, 0, text, { kind: 'shooting', place: town('Marrowdale') })] }),
    )[0] as MentionItem;
    const names = speakerNamesOf(record('Marrowdale', [], [item.mention.id]), 'Marrowdale', () => item);
    expect([...names].sort()).toEqual(['osk brimley', 'pell varno']);
  });

  it('takes a name after a verb of saying when the clause ends there, not when a verb follows', () => {
    const text =
      'Neighbours said Rhea Tolland, 30, was hurt on Monday in Marrowdale, said Brisk Amberlow, and Wynn Calder was ' +
      'unharmed, according to Mott Ferrow';
    const d = doc('s2', `${text}.`);
    const item = itemsOf(
      extraction(d, { incidents: [incident(d, 0, text, { kind: 'shooting', place: town('Marrowdale') })] }),
    )[0] as MentionItem;
    const names = speakerNamesOf(record('Marrowdale', [], [item.mention.id]), 'Marrowdale', () => item);
    expect([...names].sort()).toEqual(['brisk amberlow', 'mott ferrow']);
  });
});

describe('nearDays', () => {
  it('gives the day and its neighbours across a month’s end', () => {
    expect(nearDays('2024-03-01')).toEqual(['2024-02-29', '2024-03-01', '2024-03-02']);
  });
});

describe('incidentTarget', () => {
  /** One report per clause, each a shooting at the given town on the given day. */
  function items(
    clauses: {
      id: string;
      text: string;
      place: string;
      killed: number;
      at?: PlaceMention;
      date?: string;
      /** The report's clause states no day; the event's other members state `date`. */
      undated?: boolean;
    }[],
  ): MentionItem[] {
    return clauses.flatMap((c) => {
      const d = doc(c.id, `${c.text}.`);
      return itemsOf(
        extraction(d, {
          incidents: [
            incident(d, 1, c.text, {
              kind: 'shooting',
              place: c.at ?? town(c.place),
              killed: c.killed > 0 ? qty(c.killed) : null,
              date: c.undated ? null : (c.date ?? '2024-05-01'),
            }),
          ],
        }),
      ).map((i) => {
        memberDay.set(i.mention.id, c.date ?? '2024-05-01');
        return i;
      });
    });
  }
  /** The day each item's event's members state. */
  const memberDay = new Map<string, string>();

  /** Target of each event, each event being one clause's item (killed 0 = no figure). */
  function targets(all: MentionItem[], killed: (number | null)[]) {
    const byId = new Map(all.map((i) => [i.mention.id, i]));
    const clusters = all.map((i, n) =>
      record(
        i.mention.place?.name ?? null,
        [member({ date: stated(memberDay.get(i.mention.id) ?? ''), killed: killed[n] ?? null })],
        [i.mention.id],
      ),
    );
    const profiles = clusters.map((c) => profileOf(c));
    const filed = new Map<string, number[]>();
    profiles.forEach((p, n) => {
      if (!p) return;
      const k = profileKey(p.place, p.day);
      filed.set(k, [...(filed.get(k) ?? []), n]);
    });
    const around: IncidentNeighbourhood = {
      cluster: (c) => clusters[c] as ClusterRecord,
      profile: (c) => profiles[c] ?? null,
      filed: (k) => filed.get(k) ?? [],
      item: (id) => byId.get(id) as MentionItem,
    };
    return all.map((_, n) => incidentTarget(n, around));
  }

  /** The groups of item ids that end up one event, following each event's target to the end. */
  function incidents(all: MentionItem[], killed: (number | null)[]): string[][] {
    const t = targets(all, killed);
    const root = (n: number): number => {
      const up = t[n];
      return up === null || up === undefined ? n : root(up);
    };
    const groups = new Map<number, string[]>();
    all.forEach((item, n) => {
      const r = root(n);
      groups.set(r, [...(groups.get(r) ?? []), item.mention.documentId].sort());
    });
    return [...groups.values()].sort((a, b) => (a.join() < b.join() ? -1 : 1));
  }

  it('joins an event to the earliest earlier event of the same incident, and not to another town’s', () => {
    const all = items([
      { id: 'a', text: 'A man was shot dead in Rivertown', place: 'Rivertown', killed: 1 },
      { id: 'b', text: 'A man was shot dead in Hillview', place: 'Hillview', killed: 1 },
      { id: 'c', text: 'One man died in a shooting in Rivertown', place: 'Rivertown', killed: 1 },
    ]);
    expect(targets(all, [1, 1, 1])).toEqual([null, null, 0]);
  });

  it.each([
    {
      name: 'a day apart (a shooting at night dated that day by one, the next by another)',
      day: '2024-05-02',
      expected: [null, 0],
    },
    { name: 'two days apart', day: '2024-05-03', expected: [null, null] },
  ])('joins two reports of one town and figures whose stated days are $name', ({ day, expected }) => {
    const all = items([
      {
        id: 'a',
        text: 'Two men were shot dead in Rivertown late on Wednesday',
        place: 'Rivertown',
        killed: 2,
      },
      {
        id: 'b',
        text: 'Two men died in a shooting in Rivertown on Thursday',
        place: 'Rivertown',
        killed: 2,
        date: day,
      },
    ]);
    expect(targets(all, [2, 2])).toEqual(expected);
  });

  it('joins a town of one name read in another country by one report, not another town', () => {
    const abroad: PlaceMention = { ...town('Rivertown', 'Lake Province', 'Ruritania'), countryCode: 'RR' };
    const all = items([
      { id: 'a', text: 'Two men were shot dead in Rivertown', place: 'Rivertown', killed: 2 },
      { id: 'b', text: 'Two men died in a shooting in Rivertown', place: 'Rivertown', killed: 2, at: abroad },
      { id: 'c', text: 'Two men died in a shooting in Hillview', place: 'Hillview', killed: 2 },
    ]);
    expect(targets(all, [2, 2, 2])).toEqual([null, 0, null]);
  });

  it('compares two readings of a town’s name only when one of them is not stated with its region', () => {
    const north: PlaceMention = { ...town('Rivertown', 'North Region'), reason: 'qualified by its region' };
    const south: PlaceMention = { ...town('Rivertown', 'South Region'), reason: 'qualified by its region' };
    const unstated: PlaceMention = { ...town('Rivertown', 'South Region'), reason: 'a known place' };
    const pair = (at: PlaceMention) =>
      items([
        { id: 'a', text: 'A man was shot dead in Rivertown', place: 'Rivertown', killed: 1, at: north },
        { id: 'b', text: 'One man died in a shooting in Rivertown', place: 'Rivertown', killed: 1, at },
      ]);
    expect(targets(pair(south), [1, 1])).toEqual([null, null]);
    expect(targets(pair(unstated), [1, 1])).toEqual([null, 0]);
  });

  it.each([
    {
      name: 'the one event with figures at its town and day, earlier or later',
      killed: [null, 1, null],
      expected: [1, null, 1],
    },
    {
      name: 'not when two events with figures could be it',
      killed: [null, 1, 4],
      expected: [null, null, null],
    },
    {
      name: 'not an event that has no figures either',
      killed: [null, null, null],
      expected: [null, null, null],
    },
  ])('an event without figures joins $name', ({ killed, expected }) => {
    const all = items([
      {
        id: 'a',
        text: 'Police sealed off a street in Rivertown after a shooting',
        place: 'Rivertown',
        killed: 0,
      },
      { id: 'b', text: 'A man was shot dead in Rivertown', place: 'Rivertown', killed: 1 },
      { id: 'c', text: 'A woman was shot dead in Rivertown', place: 'Rivertown', killed: 1 },
    ]);
    expect(targets(all, killed)).toEqual(expected);
  });

  /** Every order of a list. */
  function permutations<T>(list: readonly T[]): T[][] {
    if (list.length <= 1) return [[...list]];
    return list.flatMap((x, i) =>
      permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [x, ...rest]),
    );
  }

  it.each([
    {
      name: 'a toll revised by one: two and three dead, told twice each, are one incident',
      clauses: [
        { id: 'a', text: 'Two men were shot dead in Rivertown', place: 'Rivertown', killed: 2 },
        { id: 'b', text: 'Three men died in a shooting in Rivertown', place: 'Rivertown', killed: 3 },
        { id: 'c', text: 'Two men died after a shooting in Rivertown', place: 'Rivertown', killed: 2 },
        { id: 'd', text: 'Three people were killed in Rivertown', place: 'Rivertown', killed: 3 },
      ],
      expected: [['a', 'b', 'c', 'd']],
    },
    {
      name: 'not a chain of revisions: two, three and four dead stay three events',
      clauses: [
        { id: 'a', text: 'Two men were shot dead in Rivertown', place: 'Rivertown', killed: 2 },
        { id: 'b', text: 'Three men died in a shooting in Rivertown', place: 'Rivertown', killed: 3 },
        { id: 'c', text: 'Four men died after a shooting in Rivertown', place: 'Rivertown', killed: 4 },
        { id: 'd', text: 'Four people were killed in Rivertown', place: 'Rivertown', killed: 4 },
      ],
      expected: [['a'], ['b'], ['c', 'd']],
    },
    {
      name: 'another town stays apart, and so does a report without figures that could be either',
      clauses: [
        { id: 'a', text: 'Two men were shot dead in Rivertown', place: 'Rivertown', killed: 2 },
        { id: 'b', text: 'Two men died in a shooting in Hillview', place: 'Hillview', killed: 2 },
        { id: 'c', text: 'Two men died after a shooting in Rivertown', place: 'Rivertown', killed: 2 },
        { id: 'd', text: 'Six people died after a shooting in Rivertown', place: 'Rivertown', killed: 6 },
        {
          id: 'e',
          text: 'Police closed a road in Rivertown after a shooting',
          place: 'Rivertown',
          killed: 0,
        },
      ],
      expected: [['a', 'c'], ['b'], ['d'], ['e']],
    },
    {
      name: 'a report without figures joins the one incident at its town, told by two events',
      clauses: [
        { id: 'a', text: 'Two men were shot dead in Rivertown', place: 'Rivertown', killed: 2 },
        { id: 'b', text: 'Two men died in a shooting in Rivertown', place: 'Rivertown', killed: 2 },
        {
          id: 'c',
          text: 'Police closed a road in Rivertown after a shooting',
          place: 'Rivertown',
          killed: 0,
        },
      ],
      expected: [['a', 'b', 'c']],
    },
    {
      name: 'three dead in one town on four days weeks apart, with no name in common, are four incidents',
      clauses: [
        {
          id: 'a',
          text: 'Three people were killed when shells hit Rivertown',
          place: 'Rivertown',
          killed: 3,
        },
        {
          id: 'b',
          text: 'Three people died in shelling of Rivertown',
          place: 'Rivertown',
          killed: 3,
          date: '2024-05-12',
          undated: true,
        },
        {
          id: 'c',
          text: 'Three civilians were killed by a strike on Rivertown',
          place: 'Rivertown',
          killed: 3,
          date: '2024-05-18',
          undated: true,
        },
        {
          id: 'd',
          text: 'Three people were killed in Rivertown by a rocket',
          place: 'Rivertown',
          killed: 3,
          date: '2024-05-25',
          undated: true,
        },
      ],
      expected: [['a'], ['b'], ['c'], ['d']],
    },
    {
      name: 'three dead told again weeks later with the same victim’s full name are one incident',
      clauses: [
        {
          id: 'a',
          text: 'Three men, among them Jordan Pike, were shot dead in Rivertown',
          place: 'Rivertown',
          killed: 3,
        },
        {
          id: 'b',
          text: 'Mourners buried Jordan Pike, one of three men shot dead in Rivertown',
          place: 'Rivertown',
          killed: 3,
          date: '2024-05-20',
          undated: true,
        },
      ],
      expected: [['a', 'b']],
    },
    {
      name: 'one shared word weeks apart is not enough',
      clauses: [
        {
          id: 'a',
          text: 'Three men, among them Jordan Pike, were shot dead in Rivertown',
          place: 'Rivertown',
          killed: 3,
        },
        {
          id: 'b',
          text: 'Three men, among them Jordan Wells, were shot dead in Rivertown',
          place: 'Rivertown',
          killed: 3,
          date: '2024-05-20',
          undated: true,
        },
      ],
      expected: [['a'], ['b']],
    },
    {
      name: 'weeks-apart joins do not chain: the first and the last share no full name',
      clauses: [
        {
          id: 'a',
          text: 'Three men, among them Jordan Pike, were shot dead in Rivertown',
          place: 'Rivertown',
          killed: 3,
        },
        {
          id: 'b',
          text: 'Police named Jordan Pike among three men shot dead on Alder Lane in Rivertown',
          place: 'Rivertown',
          killed: 3,
          date: '2024-05-14',
          undated: true,
        },
        {
          id: 'c',
          text: 'Three men were shot dead on Alder Lane in Rivertown',
          place: 'Rivertown',
          killed: 3,
          date: '2024-05-28',
          undated: true,
        },
      ],
      expected: [['a'], ['b'], ['c']],
    },
  ])('events are the same incidents however they are numbered: $name', ({ clauses, expected }) => {
    for (const order of permutations(clauses)) {
      const killed = order.map((c) => (c.killed === 0 ? null : c.killed));
      expect(incidents(items(order), killed)).toEqual(expected);
    }
  });
});

describe('documentPeople', () => {
  const sentencesOf = (texts: string[]) =>
    texts.map((text) => ({ text, span: [0, text.length] as [number, number] }));

  it('keeps full names given with an age or beside a victim’s or suspect’s role, with their ages', () => {
    const sentences = sentencesOf([
      'Police identified the victim as Mara Q. Fenwick, 27, of Lowtown.',
      'Ellis Grane (45) was taken to hospital.',
      'Tobin Rusk was arrested on Friday.',
      'Chief Ona Veldt said the street was closed near Harbor Road.',
    ]);
    expect(documentPeople({ sentences })).toEqual([
      { name: 'ellis grane', ages: [45] },
      { name: 'mara fenwick', ages: [27] },
      { name: 'tobin rusk', ages: [] },
    ]);
  });

  it('keeps nobody from a report listing many people', () => {
    const sentences = sentencesOf(
      Array.from(
        { length: MAX_DOCUMENT_PEOPLE + 1 },
        (_, k) => `Victim Anna Name${String.fromCharCode(97 + k)}son, ${20 + k}, died.`,
      ),
    );
    expect(documentPeople({ sentences })).toEqual([]);
    expect(documentPeople({ sentences: sentences.slice(0, 2) })).toHaveLength(2);
  });
});

describe('joining through the names of an incident’s people', () => {
  interface Event {
    /** Report id; one event per report. */
    doc: string;
    text: string;
    place: string | null;
    day: string;
    killed?: number | null;
    injured?: number | null;
    /** The report also has an event with figures of its own (not listed). */
    counted?: boolean;
    kind?: IncidentKind;
    /** The region the place is in (default the fixture's). */
    region?: string;
    /** The place is resolved without a region (a country's town the gazetteer places nowhere within it). */
    stateless?: boolean;
    /** Other sentences of the report, no event's mention (`documentPeople` reads them). */
    others?: string[];
    /** The report dates the event only to the span from `day` to this day ("last week"). */
    until?: string;
    /** Where the place lies (latitude, longitude); the fixture's point otherwise. */
    at?: [number, number];
  }

  /** The target of each event (one clause of one report each), with the names filed as the merge files them. */
  function targets(events: Event[]): (number | null)[] {
    const byId = new Map<string, MentionItem>();
    const clusters = events.map((e) => {
      const d = doc(e.doc, `${e.text}.`);
      const told = incident(d, 1, e.text, {
        kind: e.kind ?? 'shooting',
        place: e.place
          ? {
              ...town(e.place, e.region),
              ...(e.stateless ? { admin1: null } : {}),
              ...(e.at ? { lat: e.at[0], lon: e.at[1] } : {}),
            }
          : null,
        killed: e.killed ? qty(e.killed) : null,
        injured: e.injured ? qty(e.injured) : null,
        date: e.day,
      });
      const date: DateMention = e.until
        ? { ...stated(e.day), end: e.until, precision: 'week' }
        : stated(e.day);
      const items = itemsOf(extraction(d, { incidents: [e.until ? { ...told, date } : told] }));
      for (const i of items) byId.set(i.mention.id, i);
      const ids = items.map((i) => i.mention.id);
      return record(
        e.place,
        [
          member({
            document: e.doc,
            date,
            killed: e.killed ?? null,
            injured: e.injured ?? null,
            place: e.place,
          }),
        ],
        ids,
      );
    });
    const item = (id: string) => byId.get(id) as MentionItem;
    const people = (d: string) =>
      documentPeople({
        sentences: events
          .filter((e) => e.doc === d)
          .flatMap((e) => e.others ?? [])
          .map((text) => ({ text, span: [0, text.length] as [number, number] })),
      });
    const profiles = clusters.map((c) => profileOf(c));
    const filed = new Map<string, number[]>();
    const named = new Map<string, number[]>();
    clusters.forEach((c, n) => {
      const p = profiles[n];
      if (p) filed.set(profileKey(p.place, p.day), [...(filed.get(profileKey(p.place, p.day)) ?? []), n]);
      for (const name of incidentNamesOf(c, placeOf(c) ?? '', item, people))
        named.set(name, [...(named.get(name) ?? []), n]);
    });
    const around: IncidentNeighbourhood = {
      cluster: (c) => clusters[c] as ClusterRecord,
      profile: (c) => profiles[c] ?? null,
      filed: (k) => filed.get(k) ?? [],
      item,
      named: (name) => named.get(name) ?? [],
      figuredDocument: (d, except) =>
        events.some(
          (e, n) => e.doc === d && (e.counted || (n !== except && givesFigure(clusters[n] as ClusterRecord))),
        ),
      people,
    };
    return events.map((_, n) => incidentTarget(n, around));
  }

  const shooting: Event = {
    doc: 'a',
    text: 'Police said Dana Whitlock, 34, was shot dead and a neighbour wounded in Rivertown',
    place: 'Rivertown',
    day: '2024-05-01',
    killed: 1,
    injured: 1,
  };

  it('joins a later report without figures to the incident whose victim it names', () => {
    const charge = {
      doc: 'b',
      text: 'A man was charged on Monday in the killing of Dana Whitlock in Rivertown',
      place: 'Rivertown',
      day: '2024-09-10',
    };
    expect(targets([shooting, charge])).toEqual([null, 0]);
    // Without the name, or in a report that counts an incident of its own, it stays apart.
    expect(
      targets([shooting, { ...charge, text: 'A man was charged on Monday in a killing in Rivertown' }]),
    ).toEqual([null, null]);
    expect(targets([shooting, { ...charge, counted: true }])).toEqual([null, null]);
    // Dated before the shooting, the report is not about it.
    expect(targets([shooting, { ...charge, day: '2024-03-10' }])).toEqual([null, null]);
  });

  it('joins a report through the people its other sentences name, not through an official', () => {
    // The events' own clauses name nobody; each report names the victim elsewhere.
    const counted = {
      ...shooting,
      text: 'One man was shot dead and a neighbour wounded in Rivertown',
      others: ['The victim was identified as Dana Whitlock, 34, of Rivertown.'],
    };
    const charge = {
      doc: 'b',
      text: 'A man was charged on Monday in a killing in Rivertown',
      place: 'Rivertown',
      day: '2024-09-10',
      others: ['Prosecutors said Dana Whitlock was shot after an argument.'],
    };
    expect(targets([counted, charge])).toEqual([null, 0]);
    // The reports give the name two ages: two people.
    expect(
      targets([counted, { ...charge, others: ['Prosecutors said Dana Whitlock, 61, fired the shots.'] }]),
    ).toEqual([null, null]);
    // A name without an age or a victim's or suspect's role (a police chief's) is nobody's person.
    expect(
      targets([
        { ...counted, others: ['Chief Dana Whitlock said the case was open.'] },
        { ...charge, others: ['Chief Dana Whitlock said an arrest was made.'] },
      ]),
    ).toEqual([null, null]);
  });

  it('joins an event dated only to a span of days to the one incident of its place, figures and kind in it', () => {
    const vague = {
      doc: 'b',
      text: 'A man was shot dead and a neighbour wounded in Rivertown last week',
      place: 'Rivertown',
      day: '2024-04-28',
      until: '2024-05-04',
      killed: 1,
      injured: 1,
    };
    expect(targets([shooting, vague])).toEqual([null, 0]);
    // Other figures, another town, or a span that misses the day: apart.
    expect(targets([shooting, { ...vague, killed: 3 }])).toEqual([null, null]);
    expect(targets([shooting, { ...vague, place: 'Hillview' }])).toEqual([null, null]);
    expect(targets([shooting, { ...vague, day: '2024-05-10', until: '2024-05-16' }])).toEqual([null, null]);
    // Two incidents of that toll in the span: which one is not known.
    const another = {
      ...shooting,
      doc: 'c',
      text: 'A woman was shot dead and a man hurt in Rivertown',
      day: '2024-05-03',
    };
    expect(targets([shooting, another, vague])).toEqual([null, null, null]);
    // A report counting another incident of its own tells this one as background.
    expect(targets([shooting, { ...vague, counted: true }])).toEqual([null, null]);
    // A span too long to point at one incident (a year).
    expect(targets([shooting, { ...vague, day: '2024-01-01', until: '2024-12-31' }])).toEqual([null, null]);
  });

  it('joins no incident when the name is given by two', () => {
    // Another incident months before, elsewhere, other figures: two incidents of one name.
    const other = {
      doc: 'c',
      text: 'Police said Dana Whitlock, 51, and her son were shot dead in Hillview',
      place: 'Hillview',
      day: '2024-02-01',
      killed: 2,
    };
    const charge = {
      doc: 'b',
      text: 'A man was charged on Monday in the killing of Dana Whitlock',
      place: null,
      day: '2024-09-10',
    };
    expect(targets([shooting, other, charge])[2]).toBeNull();
  });

  it('joins an event with figures but no place to the same-day incident with the same figures and a shared name', () => {
    const placeless = {
      doc: 'b',
      text: 'Police said Dana Whitlock died and another man was hurt',
      place: null,
      day: '2024-05-01',
      killed: 1,
      injured: 1,
    };
    expect(targets([shooting, placeless])).toEqual([null, 0]);
    expect(targets([shooting, { ...placeless, killed: 2 }])).toEqual([null, 0]);
    expect(targets([shooting, { ...placeless, killed: 3 }])).toEqual([null, null]);
    expect(
      targets([shooting, { ...placeless, text: 'Police said a woman died and another man was hurt' }]),
    ).toEqual([null, null]);
  });

  it('joins a report that read the town wrong when the same figures, day and a full name agree', () => {
    const misread = {
      doc: 'b',
      text: 'Neighbours said Dana Whitlock was killed and one man wounded in Hillview',
      place: 'Hillview',
      day: '2024-05-02',
      killed: 1,
      injured: 1,
    };
    expect(targets([shooting, misread])).toEqual([null, 0]);
    // A toll revised by one still joins through the person (`personIncident`); two more does not.
    expect(targets([shooting, { ...misread, killed: 2 }])).toEqual([null, 0]);
    expect(targets([shooting, { ...misread, killed: 3 }])).toEqual([null, null]);
    expect(targets([shooting, { ...misread, day: '2024-05-05' }])).toEqual([null, null]);
  });

  it.each([
    { name: 'a misread town, the toll revised by one', change: { killed: 2 }, expected: [null, 0] },
    {
      name: 'the same town two days on, the wounded revised by one',
      change: { place: 'Rivertown', day: '2024-05-03', injured: 2 },
      expected: [null, 0],
    },
    {
      name: 'not three days on when the toll differs by two',
      change: { place: 'Rivertown', day: '2024-05-03', killed: 3 },
      expected: [null, null],
    },
    { name: 'not four days apart', change: { day: '2024-05-05', killed: 2 }, expected: [null, null] },
    { name: 'not in another state', change: { killed: 2, region: 'South Region' }, expected: [null, null] },
    // A place read without its state says nothing of where the incident is: no state to agree.
    { name: 'not placed in no state', change: { killed: 2, stateless: true }, expected: [null, null] },
    {
      name: 'not when the ages differ',
      change: {
        killed: 2,
        text: 'Neighbours said Dana Whitlock, 61, was killed and one man wounded in Hillview',
      },
      expected: [null, null],
    },
  ])('joins through a person named with an age: $name', ({ change, expected }) => {
    const report = {
      doc: 'b',
      text: 'Neighbours said Dana Whitlock was killed and one man wounded in Hillview',
      place: 'Hillview',
      day: '2024-05-02',
      killed: 1,
      injured: 1,
      ...change,
    };
    expect(targets([shooting, report])).toEqual(expected);
  });

  it('joins reports days apart that name the same street, comparing them at that distance', () => {
    const a = {
      doc: 'a',
      text: 'A man was shot dead and a woman wounded on Larkspur Lane in Rivertown',
      place: 'Rivertown',
      day: '2024-05-01',
      killed: 1,
      injured: 1,
    };
    const b = {
      ...a,
      doc: 'b',
      text: 'Police named no suspect in the killing on Larkspur Lane in Rivertown that also left a woman hurt',
      day: '2024-05-04',
    };
    expect(targets([a, b])).toEqual([null, 0]);
    // Past `NAMED_DAYS`, or without the street, they stay apart.
    expect(targets([a, { ...b, day: '2024-05-06' }])).toEqual([null, null]);
    expect(targets([a, { ...b, text: 'Police named no suspect in a killing in Rivertown' }])).toEqual([
      null,
      null,
    ]);
  });

  it('joins the same large toll at one town weeks apart without a shared name', () => {
    const massacre = {
      doc: 'a',
      text: 'A gunman killed nine people and wounded six at a dance hall in Rivertown',
      place: 'Rivertown',
      day: '2024-05-01',
      killed: 9,
      injured: 6,
    };
    const survivor = {
      ...massacre,
      doc: 'b',
      text: 'Two weeks after nine were killed and six wounded in Rivertown, the survivors met again',
      day: '2024-05-15',
    };
    expect(targets([massacre, survivor])).toEqual([null, 0]);
    // A small toll needs a shared name; other figures, another town or too many days: apart.
    expect(
      targets([
        { ...massacre, killed: 2, injured: 1 },
        { ...survivor, killed: 2, injured: 1 },
      ]),
    ).toEqual([null, null]);
    expect(targets([massacre, { ...survivor, injured: 7 }])).toEqual([null, null]);
    expect(targets([massacre, { ...survivor, place: 'Hillview' }])).toEqual([null, null]);
    expect(targets([massacre, { ...survivor, day: '2024-06-10' }])).toEqual([null, null]);
  });

  it.each([
    { name: 'joins a suburb read as its city through a street both name', change: {}, expected: [null, 0] },
    {
      name: 'not a town further than a metropolitan area away',
      change: { at: [1 + (METRO_KM + 10) / 111, 2] as [number, number] },
      expected: [null, null],
    },
    { name: 'not a town of another state', change: { region: 'South Region' }, expected: [null, null] },
    { name: 'not with another toll', change: { injured: 3 }, expected: [null, null] },
    { name: 'not two days apart', change: { day: '2024-05-03' }, expected: [null, null] },
    {
      name: 'not through an official both quote',
      change: { text: 'Sheriff Tamsin Ardley said two people were wounded in Hillview' },
      expected: [null, null],
    },
  ])('same figures at two nearby towns on one day: $name', ({ change, expected }) => {
    const city = {
      doc: 'a',
      text: 'Two people were wounded near Quillon Avenue in Rivertown, Sheriff Tamsin Ardley said',
      place: 'Rivertown',
      day: '2024-05-01',
      injured: 2,
    };
    const suburb = {
      doc: 'b',
      text: 'Two people were wounded on Quillon Avenue in Hillview',
      place: 'Hillview',
      day: '2024-05-01',
      injured: 2,
      at: [1.2, 2] as [number, number],
      ...change,
    };
    expect(targets([city, suburb])).toEqual(expected);
  });

  it('joins no two large tolls of one war region that are not one town’s same toll within weeks', () => {
    const strike = {
      doc: 'a',
      text: 'Shelling killed twelve people and wounded thirty at the bus station in Rivertown',
      place: 'Rivertown',
      day: '2024-05-01',
      killed: 12,
      injured: 30,
      kind: 'shelling' as const,
    };
    const later = {
      ...strike,
      doc: 'b',
      text: 'Shelling killed twelve people and wounded thirty near the grain silo in Rivertown',
      day: '2024-05-20',
    };
    // The same large toll at one town within `LATER_DAYS`: one incident, restated.
    expect(targets([strike, later])).toEqual([null, 0]);
    // Another town of the region, on the same day or weeks later, with the same toll: another strike.
    const elsewhere = {
      ...later,
      place: 'Hillview',
      text: 'Shelling killed twelve people and wounded thirty in Hillview',
    };
    expect(targets([strike, elsewhere])).toEqual([null, null]);
    expect(targets([strike, { ...elsewhere, day: strike.day }])).toEqual([null, null]);
    // Another large toll at the same town weeks later: another strike.
    expect(targets([strike, { ...later, killed: 15, injured: 41 }])).toEqual([null, null]);
    // Each report within `LATER_DAYS` of the next, the first and last further apart: no chain.
    const last = { ...later, doc: 'c', day: '2024-06-10' };
    expect(targets([strike, later, last])).toEqual([null, null, null]);
  });

  it('joins no two events through a name neither gives with an age, the toll revised by one', () => {
    const plain = {
      ...shooting,
      text: 'Police said Dana Whitlock was shot dead and a neighbour wounded in Rivertown',
    };
    const report = {
      doc: 'b',
      text: 'Neighbours said Dana Whitlock was killed and one man wounded in Hillview',
      place: 'Hillview',
      day: '2024-05-02',
      killed: 2,
      injured: 1,
    };
    expect(targets([plain, report])).toEqual([null, null]);
  });

  it('joins wounded and dead of one victim only while the figures of the group may differ', () => {
    const wounded: Event = {
      doc: 'a',
      text: 'Police said Jonas Barrow, 27, and nine others were wounded at a dance hall in Rivertown',
      place: 'Rivertown',
      day: '2024-05-15',
      injured: 10,
    };
    const dead: Event = {
      doc: 'b',
      text: 'A gunman killed Jonas Barrow and nine others at a dance hall in Rivertown',
      place: 'Rivertown',
      day: '2024-05-15',
      killed: 10,
    };
    expect(targets([wounded, dead])).toEqual([null, 0]);
    // The same large toll two weeks before joins the dead, not the wounded report, which names
    // nobody it names: the group holds only through the weeks-apart rule, and without it only
    // the same figures join.
    const earlier: Event = {
      doc: 'c',
      text: 'A gunman killed ten people at a dance hall in Rivertown',
      place: 'Rivertown',
      day: '2024-05-01',
      killed: 10,
    };
    expect(targets([dead, earlier])).toEqual([null, 0]);
    expect(targets([wounded, dead, earlier])).toEqual([null, null, null]);
  });

  it('joins a report months later that restates the figures and names a person with an age', () => {
    const trial = {
      doc: 'b',
      text: 'The trial opened over the shooting of Dana Whitlock that killed one and wounded one in Rivertown',
      place: 'Rivertown',
      day: '2024-11-04',
      killed: 1,
      injured: 1,
    };
    expect(targets([shooting, trial])).toEqual([null, 0]);
    // A trial report restating the death and not the wounded is the same toll; another count is not.
    expect(targets([shooting, { ...trial, injured: null }])).toEqual([null, 0]);
    expect(targets([shooting, { ...trial, injured: null, killed: 2 }])).toEqual([null, null]);
    // No age in either report: a name shared by two reports of one town months apart may be an
    // official's or a street's.
    const plain = {
      ...shooting,
      text: 'Police said Dana Whitlock was shot dead and a neighbour wounded in Rivertown',
    };
    expect(targets([plain, trial])).toEqual([null, null]);
  });
  it('joins no misread town through a name given without an age: an official quoted on two incidents', () => {
    const a = {
      doc: 'a',
      text: 'Trooper Colm Besant said a man was shot dead on a county road in Rivertown',
      place: 'Rivertown',
      day: '2024-05-01',
      killed: 1,
    };
    const b = {
      doc: 'b',
      text: 'Trooper Colm Besant said a woman was shot dead outside a bar in Hillview',
      place: 'Hillview',
      day: '2024-05-01',
      killed: 1,
    };
    expect(targets([a, b])).toEqual([null, null]);
  });

  it.each([
    {
      name: 'joins through a full name given without an age, the figures the same',
      text: 'The man who died was identified as Ravi Okonjo and another man was hurt',
      killed: 1,
      expected: [null, 0],
    },
    {
      name: 'not when the figures differ, however little',
      text: 'The men who died were identified as Ravi Okonjo and his cousin, and another man was hurt',
      killed: 2,
      expected: [null, null],
    },
    {
      name: 'not through a name given after a title (an official)',
      text: 'Sergeant Ravi Okonjo said one man died and another man was hurt',
      killed: 1,
      expected: [null, null],
    },
  ])('a placeless event $name', ({ text, killed, expected }) => {
    const placed = {
      doc: 'a',
      text: 'Police said Ravi Okonjo was shot dead and a neighbour wounded in Rivertown',
      place: 'Rivertown',
      day: '2024-05-01',
      killed: 1,
      injured: 1,
    };
    const placeless = { doc: 'b', text, place: null, day: '2024-05-01', killed, injured: 1 };
    expect(targets([placed, placeless])).toEqual(expected);
  });

  it('joins no placeless event through an official both reports quote', () => {
    const a = {
      doc: 'a',
      text: 'Mayor Orla Penhale said a man was shot dead in Rivertown',
      place: 'Rivertown',
      day: '2024-05-01',
      killed: 1,
    };
    const b = {
      doc: 'b',
      text: 'Mayor Orla Penhale said a teenager was shot dead',
      place: null,
      day: '2024-05-01',
      killed: 1,
    };
    expect(targets([a, b])).toEqual([null, null]);
  });

  it('joins a follow-up only to a person of agreeing age, a kind it can follow and the same region', () => {
    const arrest = {
      doc: 'b',
      text: 'Shots were fired at a house in Rivertown and Dana Whitlock, 58, was arrested',
      place: 'Rivertown',
      day: '2024-09-10',
    };
    // Another age: another person of the same name.
    expect(targets([shooting, arrest])).toEqual([null, null]);
    // The same age, a year later a year older: the same person.
    expect(targets([shooting, { ...arrest, text: arrest.text.replace('58', '35') }])).toEqual([null, 0]);
    const fire = {
      doc: 'b',
      text: 'A fire destroyed the home of Dana Whitlock, 34, in Rivertown',
      place: 'Rivertown',
      day: '2024-09-10',
      kind: 'disaster' as const,
    };
    expect(targets([shooting, fire])).toEqual([null, null]);
    // An arrest follows a shooting.
    expect(
      targets([
        shooting,
        { ...fire, text: 'Police named Dana Whitlock, 34, as they arrested a man', kind: 'arrest' as const },
      ]),
    ).toEqual([null, 0]);
    const charge = {
      doc: 'b',
      text: 'A man was charged on Monday in the killing of Dana Whitlock in Hillview',
      place: 'Hillview',
      day: '2024-09-10',
    };
    expect(targets([shooting, charge])).toEqual([null, 0]);
    expect(targets([shooting, { ...charge, region: 'South Region' }])).toEqual([null, null]);
  });
});

describe('profiles read two ways (readings)', () => {
  const day = '2024-05-01';
  /** One report: its lead toll of four wounded, then three victims each named as one wounded. */
  function detailed(id: string, lead: string) {
    const details = ['A girl was hit in the arm', 'A man was shot in the leg', 'A boy was grazed'];
    const d = doc(id, [lead, ...details].join('. '));
    const one = { ...qty(1), implicit: true as const };
    return itemsOf(
      extraction(d, {
        incidents: [
          incident(d, 1, lead, { kind: 'shooting', place: town('Rivertown'), injured: qty(4), date: day }),
          ...details.map((t, k) =>
            incident(d, k + 2, t, { kind: 'shooting', place: town('Rivertown'), injured: one, date: day }),
          ),
        ],
      }),
    );
  }
  function single(id: string, text: string, injured: number, place = 'Rivertown') {
    const d = doc(id, text);
    return itemsOf(
      extraction(d, {
        incidents: [
          incident(d, 1, text, { kind: 'shooting', place: town(place), injured: qty(injured), date: day }),
        ],
      }),
    );
  }
  /** One event per group of items, each member stating the day and its own figure. */
  function around(groups: MentionItem[][]): IncidentNeighbourhood {
    const byId = new Map(groups.flat().map((i) => [i.mention.id, i]));
    const item = (id: string) => byId.get(id) as MentionItem;
    const clusters = groups.map((g) =>
      record(
        'Rivertown',
        g.map((i) =>
          member({
            id: i.mention.id,
            document: i.mention.documentId,
            date: stated(day),
            killed: i.mention.killed?.best ?? null,
            injured: i.mention.injured?.best ?? null,
            place: i.mention.place?.name ?? null,
          }),
        ),
        g.map((i) => i.mention.id),
      ),
    );
    const profiles = clusters.map((c) => profileOf(c, item));
    const filed = new Map<string, number[]>();
    profiles.forEach((p, n) => {
      if (!p) return;
      const k = profileKey(p.place, p.day);
      filed.set(k, [...(filed.get(k) ?? []), n]);
    });
    return {
      cluster: (c) => clusters[c] as ClusterRecord,
      profile: (c) => profiles[c] ?? null,
      filed: (k) => filed.get(k) ?? [],
      item,
    };
  }

  it('keeps the toll the event shows beside the figure most members give', () => {
    const near = around([detailed('a', 'Four people were wounded in Rivertown')]);
    const p = near.profile(0) as IncidentProfile;
    expect(p).toMatchObject({ injured: 1, shown: { killed: null, injured: 4 } });
    expect(readings(p).map((r) => r.injured)).toEqual([1, 4]);
    expect(eventFigures(near.cluster(0), near.item)).toEqual({ killed: null, injured: 4 });
  });

  it('gives one reading when members and the toll agree', () => {
    const near = around([single('a', 'Four people were wounded in Rivertown', 4)]);
    const p = near.profile(0) as IncidentProfile;
    expect(p.shown).toBeUndefined();
    expect(readings(p)).toEqual([p]);
  });

  it('joins another report’s toll to the event its details outvote, not another toll', () => {
    const same = around([
      detailed('a', 'Four people were wounded in Rivertown'),
      single('b', 'Gunfire wounded four people in Rivertown', 4),
    ]);
    expect(incidentTarget(1, same)).toBe(0);
    const other = around([
      detailed('a', 'Four people were wounded in Rivertown'),
      single('b', 'Gunfire wounded eight people in Rivertown', 8),
    ]);
    expect(incidentTarget(1, other)).toBeNull();
  });

  /** One report of one victim, wounded or dead. */
  function victim(id: string, text: string, dead: boolean) {
    const d = doc(id, text);
    const figure = dead ? { killed: qty(1) } : { injured: qty(1) };
    return itemsOf(
      extraction(d, {
        incidents: [
          incident(d, 1, text, { kind: 'shooting', place: town('Rivertown'), date: day, ...figure }),
        ],
      }),
    );
  }

  it('joins a victim reported wounded to the same victim reported dead by name, not another victim', () => {
    const wounded = 'Police said Jonas Barrow, 27, was wounded on Elm Road in Rivertown';
    const same = around([
      victim('a', wounded, false),
      victim('b', 'Gunfire killed Jonas Barrow in Rivertown', true),
    ]);
    expect(incidentTarget(1, same)).toBe(0);
    const other = around([
      victim('a', wounded, false),
      victim('b', 'Gunfire killed Al Fenwick in Rivertown', true),
    ]);
    expect(incidentTarget(1, other)).toBeNull();
  });

  it('joins no wounded and dead victims through the name of the hospital they were taken to', () => {
    const near = around([
      victim('a', 'A cyclist, 19, was shot and taken to Orchard Valley Clinic in Rivertown', false),
      victim('b', 'A driver was shot and died at Orchard Valley Clinic in Rivertown', true),
    ]);
    expect(incidentTarget(1, near)).toBeNull();
  });

  it('joins no wounded and dead victims through a spokesman named after the verb of saying', () => {
    for (const quoted of [', said Corin Maddox, a police spokesman', ', according to Corin Maddox']) {
      const near = around([
        victim('a', `A cyclist, 19, was wounded in Rivertown${quoted}`, false),
        victim('b', `A driver, 52, was shot dead in Rivertown${quoted}`, true),
      ]);
      expect(incidentTarget(1, near)).toBeNull();
    }
  });
});

describe('diedOfWounds', () => {
  const p = (o: Partial<IncidentProfile>): IncidentProfile => ({
    place: 'Rivertown',
    day: '2024-05-01',
    killed: null,
    injured: null,
    ...o,
  });
  it.each([
    { name: 'one wounded, then one dead', a: p({ injured: 1 }), b: p({ killed: 1 }), expected: true },
    {
      name: 'one of three wounded died, the next day',
      a: p({ injured: 3 }),
      b: p({ killed: 1, injured: 2, day: '2024-05-02' }),
      expected: true,
    },
    { name: 'the same figures (sameIncident’s)', a: p({ killed: 1 }), b: p({ killed: 1 }), expected: false },
    { name: 'more victims', a: p({ injured: 1 }), b: p({ killed: 1, injured: 1 }), expected: false },
    { name: 'another town', a: p({ injured: 1 }), b: p({ killed: 1, place: 'Hillview' }), expected: false },
    { name: 'days apart', a: p({ injured: 1 }), b: p({ killed: 1, day: '2024-05-04' }), expected: false },
  ])('$name', ({ a, b, expected }) => {
    expect(diedOfWounds(a, b)).toBe(expected);
    expect(diedOfWounds(b, a)).toBe(expected);
  });
});

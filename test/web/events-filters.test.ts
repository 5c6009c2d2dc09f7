import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../src/core/types.js';
import { csvField, eventsToCsv, eventsToGeoJson } from '../../web/src/export.js';
import {
  type EventFilters,
  eventMatches,
  placeChoices,
  readFilters,
  writeFilters,
} from '../../web/src/filters.js';

function event(over: Partial<LedgerEvent>): LedgerEvent {
  return {
    id: 'e1',
    type: 'Violence against civilians',
    subtype: 'Attack',
    date: { start: '2021-05-03', end: '2021-05-04', precision: 'day' },
    place: {
      name: 'Riverton',
      admin1: 'North Province',
      country: 'Freedonia',
      lat: 10,
      lon: 20,
      precision: 'town',
    },
    actors: [{ role: 'perpetrator', name: 'Armed men' }],
    killed: { low: 3, best: 4, high: 5 },
    injured: null,
    summary: 'Armed men attacked a market',
    mentions: [{ document: 'd1', span: [0, 5], text: 'shots' }],
    sources: 3,
    independent_sources: 2,
    origins: [],
    conflicts: [],
    ...over,
  } as LedgerEvent;
}

const none: EventFilters = readFilters(new URLSearchParams());
const outlets = () => ['Daily Courier'];

describe('event filters', () => {
  it.each<[string, Partial<EventFilters>, Partial<LedgerEvent>, boolean]>([
    ['no filter', {}, {}, true],
    ['type matches', { type: 'Violence against civilians' }, {}, true],
    ['type differs', { type: 'Battles' }, {}, false],
    ['enough independent sources', { min: 2 }, {}, true],
    ['too few independent sources', { min: 3 }, {}, false],
    ['date range overlaps the end', { from: '2021-05-04' }, {}, true],
    ['date range after the event', { from: '2021-05-05' }, {}, false],
    ['date range before the event', { to: '2021-05-02' }, {}, false],
    ['undated event with a date filter', { to: '2021-05-02' }, { date: null }, false],
    ['place by region word', { place: 'north' }, {}, true],
    ['place not there', { place: 'Lakeside' }, {}, false],
    ['actor words', { actor: 'armed' }, {}, true],
    ['actor missing', { actor: 'police' }, {}, false],
    ['outlet of a reporting document', { outlet: 'Daily Courier' }, {}, true],
    ['outlet that did not report it', { outlet: 'Evening Star' }, {}, false],
    ['text search, every word', { q: 'market armed' }, {}, true],
    ['text search, a missing word', { q: 'market bridge' }, {}, false],
    ['disputed only, none', { conflicts: true }, {}, false],
  ])('%s', (_, f, e, expected) => {
    expect(eventMatches(event(e), { ...none, ...f }, outlets)).toBe(expected);
  });

  it('round-trips through the URL and drops empty filters', () => {
    const f: EventFilters = {
      ...none,
      q: 'market',
      type: 'Battles',
      min: 2,
      from: '2021-01-01',
      conflicts: true,
    };
    const p = writeFilters(f);
    expect(p.toString()).toBe('q=market&from=2021-01-01&type=Battles&min=2&conflicts=1');
    expect(readFilters(p)).toEqual(f);
    expect(readFilters(new URLSearchParams('min=-4')).min).toBe(0);
  });
});

describe('exports', () => {
  it('quotes CSV fields and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "no"')).toBe('"say ""no"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('writes one CSV row per event under a header', () => {
    const csv = eventsToCsv([event({}), event({ id: 'e2', summary: 'Shelling, then fire' })]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.split(',').slice(0, 3)).toEqual(['id', 'summary', 'type']);
    expect(lines[2]).toContain('"Shelling, then fire"');
  });

  it('writes located events as GeoJSON points, longitude first', () => {
    const fc = eventsToGeoJson([event({}), event({ id: 'e2', place: null })]);
    expect(fc.features).toHaveLength(1);
    expect(fc.features[0]?.geometry.coordinates).toEqual([20, 10]);
    expect(fc.features[0]?.properties.independent_sources).toBe(2);
  });
});

describe('place choices', () => {
  it('lists a two-level place once, by its city, and the filter finds both levels by it', () => {
    const base = event({}).place as NonNullable<LedgerEvent['place']>;
    const at = (id: string, name: string, levels?: [string, string]) =>
      event({ id, place: { ...base, name, ...(levels ? { levels } : {}) } });
    const events = [
      at('a', 'Riverton (Mill End)', ['Riverton', 'Mill End']),
      at('b', 'Riverton'),
      at('c', 'Oakvale (Riverton)', ['Oakvale', 'Riverton']),
      at('d', 'Dunmere (Upper)'),
    ];
    expect(placeChoices(events)).toStrictEqual(['Dunmere (Upper)', 'Oakvale', 'Riverton']);
    const f = { ...readFilters(new URLSearchParams()), place: 'Riverton' };
    expect(events.filter((e) => eventMatches(e, f, () => [])).map((e) => e.id)).toStrictEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { PlaceMention } from '../core/types.js';
import { findCityArea } from './find-city-area.js';
import { buildGazetteerTables } from './gazetteer/build-gazetteer-tables.js';
import { decodeGazetteer, encodeGazetteer } from './gazetteer/compact-gazetteer.js';
import { type GazetteerEntry, gazetteerOf } from './gazetteer/load-gazetteer.js';
import { resolvePlaces } from './resolve-places.js';

// A made-up country: a big city with a suburb, a second city of like size beside it, a far town,
// a town across a regional border, and a city with a curated short name.
const TABLE = [
  '# test gazetteer',
  'C\tZZ\tRuritania\t45.0\t15.0\tStrelsau\t\tRuritanian',
  'R\tZZ\t01\tNorth March\t46.0\t15.5\tprovince\t',
  'R\tZZ\t02\tSouth Vale\t44.0\t14.5\tprovince\t',
  'P\tStrelsau\t45.0\t15.0\tZZ\t01\t900000\tPPLC\t',
  'P\tZenda Heights\t45.05\t15.05\tZZ\t01\t40000\tPPL\t',
  'P\tHentzau\t45.15\t15.0\tZZ\t01\t500000\tPPL\t',
  'P\tOld Quarter\t45.01\t15.01\tZZ\t01\t20000\tPPLX\t',
  'P\tTarlenheim\t46.0\t15.0\tZZ\t01\t5000\tPPL\t',
  'P\tBorrowdale\t44.95\t15.0\tZZ\t02\t8000\tPPL\t',
  'P\tNew Marburg\t44.0\t14.0\tZZ\t02\t400000\tPPLA\t',
  '',
].join('\n');
const gaz = gazetteerOf(
  decodeGazetteer(
    encodeGazetteer(
      buildGazetteerTables(TABLE, [{ variant: 'N.M.', name: 'New Marburg', cc: 'ZZ', source: 'test' }]),
      'test',
    ),
    'test',
  ),
);

const town = (name: string): PlaceMention => {
  const e = gaz.lookup(name).find((x) => x.name === name) as GazetteerEntry;
  return {
    span: [0, name.length],
    text: name,
    name,
    admin1: gaz.regionName(e.cc, e.admin1),
    country: 'Ruritania',
    countryCode: 'ZZ',
    lat: e.lat,
    lon: e.lon,
    precision: 'town',
    kind: 'populated-place',
    relation: null,
  };
};

describe('findCityArea', () => {
  it.each([
    ['a suburb beside the big city the report names', 'Zenda Heights', ['Strelsau'], 'Strelsau'],
    ['a suburb named with a city of like size only', 'Hentzau', ['Strelsau'], undefined],
    ['a town far beyond the city’s reach', 'Tarlenheim', ['Strelsau'], undefined],
    ['a town across a regional border', 'Borrowdale', ['Strelsau'], undefined],
    ['a suburb in a report that names no city', 'Zenda Heights', ['Tarlenheim'], undefined],
    ['the nearest of two cities in reach', 'Zenda Heights', ['Hentzau', 'Strelsau'], 'Strelsau'],
  ])('%s', (_, name, named, expected) => {
    const place = town(name);
    const out = findCityArea(place, [place, ...named.map(town)], gaz);
    expect(out.cityArea).toBe(expected);
    expect(out.name).toBe(name);
  });

  it('leaves a section of a city and a region as they are', () => {
    const section = { ...town('Zenda Heights'), name: 'Strelsau', section: 'Zenda Heights' };
    expect(findCityArea(section, [town('Strelsau')], gaz)).toBe(section);
    const region = { ...town('Zenda Heights'), precision: 'region' as const };
    expect(findCityArea(region, [town('Strelsau')], gaz)).toBe(region);
  });
});

describe('sections of a city', () => {
  it('names a section by its city and keeps the section', () => {
    const text = 'A man was shot in Old Quarter on Monday.';
    const [p] = resolvePlaces(text, { documentId: 'd', dateline: null }, gaz).places;
    expect([p?.name, p?.section, p && text.slice(p.span[0], p.span[1])]).toStrictEqual([
      'Strelsau',
      'Old Quarter',
      'Old Quarter',
    ]);
  });
});

describe('curated short names', () => {
  it('reads a curated short name in capitals as its big city, and other acronyms as none', () => {
    const text = 'A man was shot in N.M. on Monday, the NMA said.';
    const { places } = resolvePlaces(text, { documentId: 'd', dateline: null }, gaz);
    expect(places.map((p) => [p.name, text.slice(p.span[0], p.span[1])])).toStrictEqual([
      ['New Marburg', 'N.M.'],
    ]);
  });
});

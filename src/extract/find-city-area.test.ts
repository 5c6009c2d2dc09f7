import { describe, expect, it } from 'vitest';
import type { PlaceMention } from '../core/types.js';
import { madeUpGazetteer } from './__fixtures__/made-up-gazetteer.js';
import { findCityArea } from './find-city-area.js';
import type { GazetteerEntry } from './gazetteer/load-gazetteer.js';

const gaz = madeUpGazetteer;

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

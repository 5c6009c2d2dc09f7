import { describe, expect, it } from 'vitest';
import type { IncidentMention, PlaceMention, PlacePrecision } from '../core/types.js';
import { placeLevels, twoLevelName, twoLevelPlace, votePlace } from './vote-place.js';

const place = (name: string, admin1: string | null, precision: PlacePrecision = 'town'): PlaceMention => ({
  span: [100, 100 + name.length],
  text: name,
  name,
  admin1,
  country: admin1 === 'Westshire' || admin1 === 'Eastmark' ? 'Freedonia' : 'Sylvania',
  countryCode: admin1 === 'Westshire' || admin1 === 'Eastmark' ? 'FD' : 'SY',
  lat: null,
  lon: null,
  precision,
  kind: precision === 'region' ? 'region' : 'populated-place',
  relation: null,
});

/** A mention whose sentence spans [0, 50): a place at 100 was filled in from its report, not named there. */
let n = 0;
const at = (p: PlaceMention | null, named = false): IncidentMention => {
  n++;
  return {
    id: `d${n}#0`,
    documentId: `d${n}`,
    span: [0, 10],
    text: 'x',
    sentence: named ? [0, 200] : [0, 50],
    kind: 'shooting',
    type: 'Violence against civilians',
    subtype: 'Attack',
    trigger: { span: [0, 1], text: 'x' },
    killed: null,
    injured: null,
    counts: [],
    date: null,
    place: p,
    actors: [],
    modality: 'fact',
    origin: null,
  };
};

describe('votePlace', () => {
  const fernwick = place('Fernwick', 'Westshire');
  const dunmore = place('Dunmore', 'Westshire');
  const westshire = place('Westshire', 'Westshire', 'region');
  const kessel = place('Kessel', 'Norland');

  it.each([
    {
      why: 'the town most mentions stand at beats one town a single sentence names',
      mentions: [at(dunmore, true), at(fernwick), at(fernwick), at(fernwick)],
      expected: 'Fernwick',
    },
    {
      why: 'a region supports the towns of its own region',
      mentions: [at(westshire, true), at(westshire, true), at(fernwick)],
      expected: 'Fernwick',
    },
    {
      why: 'a namesake outside the region most votes point to weighs half',
      mentions: [
        at(kessel, true),
        at(kessel, true),
        at(kessel),
        at(fernwick),
        at(fernwick),
        at(westshire),
        at(westshire),
      ],
      expected: 'Fernwick',
    },
    {
      why: 'a region named by more reports than any town stays the place',
      mentions: [
        at(place('Marsh County', 'Westshire', 'region'), true),
        at(place('Marsh County', 'Westshire', 'region')),
      ],
      expected: 'Marsh County',
    },
    {
      why: 'a tie goes to the more precise place',
      mentions: [at(place('Ardley', 'Eastmark', 'near'), true), at(place('Brisk', 'Eastmark'))],
      expected: 'Brisk',
    },
  ])('$why', ({ mentions, expected }) => {
    expect(votePlace(mentions)?.name).toBe(expected);
  });

  it('does not let a town filled in from where the report was filed outvote a place the report names', () => {
    const filed = { ...place('Harbin', 'Eastmark'), reason: "report's dateline; in the dateline" };
    const masthead = { ...place('Ardley', 'Eastmark'), reason: "the town of the outlet's masthead" };
    const sylvania = { ...place('Sylvania', null, 'country'), countryCode: 'SY' };
    expect(votePlace([at(sylvania, true), at(filed), at(filed), at(masthead)])?.name).toBe('Sylvania');
    // With nothing else, where the report was filed is still the best guess.
    expect(votePlace([at(filed), at(filed), at(masthead)])?.name).toBe('Harbin');
  });

  /** A place of Westshire at the given coordinates. */
  const at0 = (name: string, precision: PlacePrecision, lat: number, lon: number): PlaceMention => ({
    ...place(name, 'Westshire', precision),
    lat,
    lon,
  });

  it('reads a county and a town inside it as one place, at the town', () => {
    const county = at0('Marsh County', 'region', 40, -80);
    const inside = at0('Fernwick', 'town', 40.1, -80.1);
    const farAway = at0('Dunmore', 'town', 44, -88);
    expect(votePlace([at(county, true), at(county, true), at(county, true), at(inside, true)])?.name).toBe(
      'Fernwick',
    );
    // A town of the same state beyond the county's reach only gets a state's share.
    expect(votePlace([at(county, true), at(county, true), at(county, true), at(farAway, true)])?.name).toBe(
      'Marsh County',
    );
  });

  it('shares a county among two towns inside it, so neither takes it whole', () => {
    const county = at0('Marsh County', 'region', 40, -80);
    const one = at0('Fernwick', 'town', 40.1, -80.1);
    const two = at0('Alderby', 'town', 39.9, -80.05);
    expect(
      votePlace([at(county, true), at(county, true), at(county, true), at(one, true), at(two, true)])?.name,
    ).toBe('Marsh County');
    // One more mention of a town makes it the place, with half the county's support.
    expect(
      votePlace([
        at(county, true),
        at(county, true),
        at(county, true),
        at(one, true),
        at(one, true),
        at(two, true),
      ])?.name,
    ).toBe('Fernwick');
  });

  it('does not depend on the order of the mentions', () => {
    const mentions = [at(dunmore, true), at(fernwick), at(kessel), at(fernwick, true), at(dunmore)];
    const names = [mentions, [...mentions].reverse()].map((ms) => votePlace(ms)?.name);
    expect(names[0]).toBe(names[1]);
  });

  it('is null when no mention has a place', () => {
    expect(votePlace([at(null), at(null)])).toBeNull();
  });
});

describe('twoLevelName', () => {
  const fernwick = place('Fernwick', 'Westshire');
  const inSection = (section: string) => ({ ...fernwick, section });
  const nearCity = (cityArea: string) => ({ ...fernwick, cityArea });

  it.each([
    { why: 'a town alone keeps its name', mentions: [at(fernwick), at(fernwick)], expected: 'Fernwick' },
    {
      why: 'a section of the city one report names is the second level',
      mentions: [at(fernwick), at(inSection('Old Harbour'))],
      expected: 'Fernwick (Old Harbour)',
    },
    {
      why: 'the section most mentions name wins',
      mentions: [at(inSection('Old Harbour')), at(inSection('Millbank')), at(inSection('Millbank'))],
      expected: 'Fernwick (Millbank)',
    },
    {
      why: 'the larger city whose area the town lies in comes first',
      mentions: [at(nearCity('Westport')), at(fernwick)],
      expected: 'Westport (Fernwick)',
    },
    {
      why: 'a section is more precise than a city area',
      mentions: [at(nearCity('Westport')), at(nearCity('Westport')), at(inSection('Old Harbour'))],
      expected: 'Fernwick (Old Harbour)',
    },
    {
      why: 'a level given at another place is not this place’s',
      mentions: [at(fernwick), at({ ...place('Dunmore', 'Westshire'), section: 'Millbank' })],
      expected: 'Fernwick',
    },
  ])('$why', ({ mentions, expected }) => {
    expect(twoLevelName(fernwick, mentions)).toBe(expected);
    expect(twoLevelName(fernwick, [...mentions].reverse())).toBe(expected);
  });

  it('gives back the levels of a two-level name', () => {
    const levels = twoLevelPlace(fernwick, [at(nearCity('Westport'))]);
    expect(levels).toStrictEqual({ name: 'Westport (Fernwick)', levels: ['Westport', 'Fernwick'] });
    expect(placeLevels(levels)).toStrictEqual(['Westport (Fernwick)', 'Westport', 'Fernwick']);
    expect(placeLevels({ name: 'Fernwick' })).toStrictEqual(['Fernwick']);
  });

  it('keeps a gazetteer name with parentheses of its own as one level', () => {
    const town = place('Brackley (Upper)', 'Westshire');
    expect(placeLevels(twoLevelPlace(town, [at(town)]))).toStrictEqual(['Brackley (Upper)']);
    const levels = twoLevelPlace(town, [at({ ...town, section: 'Mill Row (East)' })]);
    expect(levels.levels).toStrictEqual(['Brackley (Upper)', 'Mill Row (East)']);
  });
});

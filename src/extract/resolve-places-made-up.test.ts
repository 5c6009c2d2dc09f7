import { describe, expect, it } from 'vitest';
import { madeUpGazetteer as gaz } from './__fixtures__/made-up-gazetteer.js';
import { resolvePlaces } from './resolve-places.js';

// Place rules that depend on population and distance, on a made-up country's gazetteer.
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

describe('counties of one name in several regions', () => {
  it('reads "Co." after a name as its county', () => {
    const text = 'A man was shot at a home in Hollow Co. on Monday.';
    const [p] = resolvePlaces(text, { documentId: 'd', dateline: null }, gaz).places;
    expect([p?.name, p?.precision, p && text.slice(p.span[0], p.span[1])]).toStrictEqual([
      'Hollow County',
      'region',
      'Hollow Co',
    ]);
  });

  it('reads the county more people live around', () => {
    const text = 'Deputies in Hollow County said a man was shot on Monday.';
    const [p] = resolvePlaces(text, { documentId: 'd', dateline: null }, gaz).places;
    expect([p?.name, p?.admin1]).toStrictEqual(['Hollow County', 'South Vale']);
    const people = gaz.lookup('Hollow County').map((e) => [e.admin1, gaz.peopleAround(e, 30)]);
    expect(Object.fromEntries(people)).toStrictEqual({ '01': 5000, '02': 400000 });
  });
});

describe('page buttons', () => {
  it.each([
    'HENTZAU/LAPTOP USERS: Press play for the clip. Two men were shot in Tarlenheim on Monday.',
    'Hentzau users press here. Two men were shot in Tarlenheim on Monday.',
  ])('reads no town in the users a button addresses: %s', (text) => {
    const { places } = resolvePlaces(text, { documentId: 'd', dateline: null }, gaz);
    expect(places.map((p) => p.name)).toStrictEqual(['Tarlenheim']);
  });
});

import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadLexicon } from '../load-lexicon.js';
import { countryLinesOf, loadCountries } from './load-countries.js';
import { loadGazetteer } from './load-gazetteer.js';

describe('loadCountries', () => {
  const gazetteer = loadGazetteer();
  const countries = loadCountries();
  const countryOf = (name: string) =>
    gazetteer.lookup(name).find((e) => e.kind === 'country' && e.name === name)?.cc ?? null;
  const variants = loadLexicon<{ entries: { variant: string; name: string }[] }>('place-variants').entries;
  // Every country (its name and demonyms), every curated spelling (which may hide a country's
  // name in a lookup), regions, capitals and words that name nothing.
  const names = new Set<string>(['Nowhereland', 'Ruritania', 'Interior', 'X']);
  const codes = new Set<string>();
  for (const e of gazetteer.lookup('')) names.add(e.name);
  for (const v of variants) {
    names.add(v.variant);
    names.add(v.name);
  }
  for (let i = 0; i < 400; i++) {
    const cc = `${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;
    const country = gazetteer.country(cc);
    if (!country) continue;
    codes.add(cc);
    names.add(country.name);
    const demonym = gazetteer.demonym(cc);
    if (demonym) names.add(demonym).add(`${demonym}s`).add(demonym.toUpperCase());
    const capital = gazetteer.capital(cc);
    if (capital) names.add(capital.name);
  }

  it('finds the countries the whole gazetteer finds by exact name, and no others', () => {
    expect(codes.size).toBeGreaterThan(100);
    for (const name of names) expect([name, countries.named(name)]).toEqual([name, countryOf(name)]);
  });

  it('gives the whole gazetteer’s demonyms', () => {
    for (const cc of codes) expect([cc, countries.demonym(cc)]).toEqual([cc, gazetteer.demonym(cc)]);
    for (const name of names)
      expect([name, countries.demonymCountry(name)]).toEqual([name, gazetteer.demonymCountry(name)]);
  });
});

describe('countryLinesOf', () => {
  it('gives the country lines at the head of a gazetteer, whatever its size', () => {
    const places = Array.from({ length: 30000 }, (_, i) => `P\tRU\tPlace ${i}\t1\t2`).join('\n');
    const file = gzipSync(`C\tRU\tRuritania\nC\tBO\tBorduria\n${places}\n`);
    expect(countryLinesOf(file, 'test.tsv.gz')).toEqual(['C\tRU\tRuritania', 'C\tBO\tBorduria']);
  });

  it('says the file has no country lines instead of reading it forever', () => {
    // Random place names compress poorly, so the file is read in several growing prefixes.
    let seed = 7;
    const word = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed.toString(36);
    };
    const places = Array.from({ length: 20000 }, () => `P\tRU\t${word()}\t${word()}`).join('\n');
    const file = gzipSync(`${places}\n`);
    expect(file.length).toBeGreaterThan(1 << 16);
    expect(() => countryLinesOf(file, 'broken.tsv.gz')).toThrow(/broken\.tsv\.gz has no country lines/);
  });
});

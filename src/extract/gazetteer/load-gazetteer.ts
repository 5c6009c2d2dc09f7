import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { loadLexicon } from '../load-lexicon.js';
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
  readonly size: number;
}

interface VariantEntry {
  variant: string;
  name: string;
  cc: string | null;
  kind?: GazetteerKind;
  lat?: number;
  lon?: number;
  source: string;
}

/** A place name that opens with an article ("The Bronx", "The Woodlands"). */
const ARTICLE_NAME = /^The /;
/** The population from which a name with an article is also found without it. */
const ARTICLE_NAME_POPULATION = 200_000;
/** A name that opens with an abbreviated "Saint" or "Sainte" ("St. Louis", "Ste. Genevieve"). */
const ABBREVIATED_SAINT = /^St(e)?\.? (?=\p{Lu})/u;
/** A folded lookup key that opens with an abbreviated "Saint" or "Sainte" ("st paul"). */
const SAINT_KEY = /^st(e)? /;
/** A New England town's centre village as GeoNames names it ("Simsbury Center"). */
const CENTER_NAME = / Center$/;
/** The US states whose towns GeoNames files under the name of their centre village. */
const NEW_ENGLAND = new Set(['CT', 'MA', 'ME', 'NH', 'RI', 'VT']);
/** The shortest name a spelling variant is looked up for. */
const MIN_VARIANT_LENGTH = 5;
/** The population from which a spelling variant is read beside a place spelled exactly so. */
const VARIANT_CITY = 100_000;
/** The population from which a town spelled like a curated old name is read beside it. */
const LIVING_NAMESAKE = 50_000;

let cached: Gazetteer | undefined;
let byRegion: Map<string, GazetteerEntry[]> | undefined;

function groupTowns(entries: readonly GazetteerEntry[]): Map<string, GazetteerEntry[]> {
  const out = new Map<string, GazetteerEntry[]>();
  for (const e of entries) {
    if (e.kind !== 'populated-place') continue;
    const key = `${e.cc}|${e.admin1}`;
    const list = out.get(key);
    if (list) list.push(e);
    else out.set(key, [e]);
  }
  return out;
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
 * Loads `data/gazetteer.tsv.gz` (built by `scripts/build-gazetteer.ts`) and
 * `data/place-variants.json` once per process and indexes every name.
 *
 * @example loadGazetteer().lookup('Kiev')[0]?.name // 'Kyiv'
 */
export function loadGazetteer(): Gazetteer {
  if (cached) return cached;
  const url = new URL('../../../data/gazetteer.tsv.gz', import.meta.url);
  const text = gunzipSync(readFileSync(fileURLToPath(url))).toString('utf8');
  const entries: GazetteerEntry[] = [];
  const exact = new Map<string, number[]>();
  const skeleton = new Map<string, number[]>();
  const countries = new Map<string, GazetteerEntry>();
  const regionNames = new Map<string, string>();
  const demonyms = new Map<string, string>();
  const demonymByCc = new Map<string, string>();
  const capitalName = new Map<string, string>();

  const add = (index: Map<string, number[]>, key: string, id: number): void => {
    if (!key) return;
    const list = index.get(key);
    if (!list) index.set(key, [id]);
    else if (list[list.length - 1] !== id) list.push(id);
  };
  const addNames = (id: number, names: string[]): void => {
    for (const n of names) {
      if (!n) continue;
      const folded = foldPlaceName(n);
      add(exact, folded, id);
      add(skeleton, skeletonOfFolded(folded), id);
    }
  };

  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const f = line.split('\t');
    const kind = f[0];
    if (kind === 'C') {
      const [, cc = '', name = '', lat = '0', lon = '0', capital = '', names = '', dems = ''] = f;
      const entry: GazetteerEntry = {
        kind: 'country',
        name,
        cc,
        admin1: null,
        lat: Number(lat),
        lon: Number(lon),
        population: 0,
        feature: 'PCLI',
      };
      const id = entries.push(entry) - 1;
      countries.set(cc, entry);
      capitalName.set(cc, capital);
      addNames(id, [name, ...names.split('|').filter((n) => n.length > 3)]);
      for (const d of dems.split('|').filter(Boolean)) {
        demonyms.set(d.toLowerCase(), cc);
        demonyms.set(`${d.toLowerCase()}s`, cc);
        if (!demonymByCc.has(cc)) demonymByCc.set(cc, d);
      }
    } else if (kind === 'R') {
      const [, cc = '', admin1 = '', name = '', lat = '0', lon = '0', type = '', aliases = ''] = f;
      const entry: GazetteerEntry = {
        kind: 'region',
        name,
        cc,
        admin1: admin1 || null,
        lat: Number(lat),
        lon: Number(lon),
        population: 0,
        feature: 'ADM1',
        ...(type ? { subdivision: type } : {}),
      };
      const id = entries.push(entry) - 1;
      if (admin1) regionNames.set(`${cc}|${admin1}`, name);
      addNames(id, [name, ...aliases.split('|')]);
    } else if (kind === 'D') {
      // A second-level unit (US or UK county): a region that does not name its admin1 unit.
      const [, cc = '', admin1 = '', name = '', lat = '0', lon = '0'] = f;
      const id =
        entries.push({
          kind: 'region',
          name,
          cc,
          admin1: admin1 || null,
          lat: Number(lat),
          lon: Number(lon),
          population: 0,
          feature: 'ADM2',
        }) - 1;
      addNames(id, [name]);
    } else if (kind === 'P') {
      const [, name = '', lat = '0', lon = '0', cc = '', admin1 = '', pop = '0', feature = '', alts = ''] = f;
      // "St. Louis" is named "Saint Louis": one written-out form, whichever way a source or a
      // report abbreviates it ("St. Louis", "St Louis"); the abbreviation stays a name to find.
      const written = name.replace(ABBREVIATED_SAINT, (_m, e: string | undefined) =>
        e ? 'Sainte ' : 'Saint ',
      );
      const id =
        entries.push({
          kind: 'populated-place',
          name: written,
          cc,
          admin1: admin1 || null,
          lat: Number(lat),
          lon: Number(lon),
          population: Number(pop),
          feature,
        }) - 1;
      addNames(id, written === name ? [name, ...alts.split('|')] : [name, written, ...alts.split('|')]);
      // "in the Bronx": news writes a city's leading article in lower case, so the name is also
      // found without it (large places only: "The Village" must not make "Village" a place).
      if (ARTICLE_NAME.test(name) && Number(pop) >= ARTICLE_NAME_POPULATION)
        addNames(id, [name.replace(ARTICLE_NAME, '')]);
      // "Simsbury Center": GeoNames names a New England town by its centre village; news
      // names the town ("shot in Simsbury").
      if (cc === 'US' && NEW_ENGLAND.has(admin1) && CENTER_NAME.test(name))
        addNames(id, [name.replace(CENTER_NAME, '')]);
    }
  }

  // Curated variants point at existing entries (or define well-known areas).
  const curated = new Map<string, number[]>();
  for (const v of loadLexicon<{ entries: VariantEntry[] }>('place-variants').entries) {
    let ids: number[];
    if (v.kind === 'area') {
      ids = [
        entries.push({
          kind: 'area',
          name: v.name,
          cc: v.cc,
          admin1: null,
          lat: v.lat ?? 0,
          lon: v.lon ?? 0,
          population: 0,
          feature: 'AREA',
        }) - 1,
      ];
    } else {
      const target = foldPlaceName(v.name);
      ids = (exact.get(target) ?? []).filter(
        (id) => entries[id]?.cc === v.cc && foldPlaceName(entries[id]?.name ?? '') === target,
      );
    }
    for (const id of ids) add(curated, foldPlaceName(v.variant), id);
  }

  const capitals = new Map<string, GazetteerEntry>();
  for (const [cc, name] of capitalName) {
    const key = foldPlaceName(name);
    const hit = (exact.get(key) ?? curated.get(key) ?? [])
      .map((id) => entries[id] as GazetteerEntry)
      .filter((e) => e.cc === cc && e.kind === 'populated-place')
      .sort((a, b) => b.population - a.population)[0];
    if (hit) capitals.set(cc, hit);
  }

  const resolveIds = (ids: number[] | undefined): GazetteerEntry[] =>
    (ids ?? []).map((id) => entries[id] as GazetteerEntry);

  // Names recur across documents; remember recent answers (bounded, cleared when full).
  const memo = new Map<string, GazetteerEntry[]>();
  cached = {
    lookup(name) {
      const hit = memo.get(name);
      if (hit) return hit;
      if (memo.size >= 50_000) memo.clear();
      const found = lookupUncached(name);
      memo.set(name, found);
      return found;
    },
    country: (cc) => countries.get(cc),
    regionName: (cc, admin1) => (cc && admin1 ? (regionNames.get(`${cc}|${admin1}`) ?? null) : null),
    demonymCountry: (word) => demonyms.get(word.toLowerCase()) ?? null,
    demonym: (cc) => demonymByCc.get(cc) ?? null,
    capital: (cc) => capitals.get(cc),
    cityOf: (section) => {
      if (section.kind !== 'populated-place' || section.feature !== 'PPLX') return undefined;
      byRegion ??= groupTowns(entries);
      const key = `${section.cc}|${section.admin1}`;
      let best: GazetteerEntry | undefined;
      let bestReach = Infinity;
      for (const e of byRegion.get(key) ?? []) {
        if (e.feature === 'PPLX' || e.population < Math.max(2 * section.population, 50_000)) continue;
        // A city of a million reaches ~30 km from its centre; one of 100,000 about 16 km.
        const reach = 10 + 20 * Math.sqrt(e.population / 1e6);
        const d = kilometres(section, e) / reach;
        if (d <= 1 && d < bestReach) {
          best = e;
          bestReach = d;
        }
      }
      return best;
    },
    size: entries.length,
  };
  return cached;

  function lookupUncached(name: string): GazetteerEntry[] {
    {
      const key = foldPlaceName(name);
      const curatedHits = curated.get(key);
      // "St. Paul" is also looked up as "Saint Paul", the form a source may give alone: towns
      // written so in English ("Saint-Louis" with a hyphen is French and not abbreviated so).
      const saint = SAINT_KEY.test(key)
        ? exact
            .get(key.replace(SAINT_KEY, 'saint$1 '))
            ?.filter((id) => entries[id]?.kind === 'populated-place' && !entries[id]?.name.includes('-'))
        : undefined;
      const spelled = saint ? [...new Set([...(exact.get(key) ?? []), ...saint])] : (exact.get(key) ?? []);
      // A curated variant is authoritative: "Kiev" means Kyiv, not a village spelled that way. An
      // old name that towns of today still bear ("Canton", a city of 70,000 in another country)
      // names those towns too; the report's country and regions choose among them.
      if (curatedHits)
        return resolveIds([
          ...curatedHits,
          ...spelled.filter(
            (id) =>
              !curatedHits.includes(id) &&
              entries[id]?.kind === 'populated-place' &&
              (entries[id]?.population ?? 0) >= LIVING_NAMESAKE,
          ),
        ]);
      // A spelling variant ("Fernwik" for "Fernwick") is read for a name of five letters or more
      // (a short word is too close to too many names: "Ida" is no spelling of "Iida"); when a
      // place is spelled exactly so, only a variant that is a city (a transliteration of a city's
      // name also spelled by a village) and never a country ("Cameron", a town and a surname, is
      // not "Cameroon").
      if (key.length < MIN_VARIANT_LENGTH) return resolveIds(spelled);
      const variants = (skeleton.get(skeletonOfFolded(key)) ?? []).filter(
        (id) =>
          spelled.length === 0 ||
          spelled.includes(id) ||
          (entries[id]?.kind === 'populated-place' && (entries[id]?.population ?? 0) >= VARIANT_CITY),
      );
      return resolveIds([...new Set([...spelled, ...variants])]);
    }
  }
}

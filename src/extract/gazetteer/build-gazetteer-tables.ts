import type { GazetteerTables } from './compact-gazetteer.js';
import type { GazetteerEntry, GazetteerKind } from './load-gazetteer.js';
import { foldPlaceName, skeletonOfFolded } from './place-key.js';

/** One entry of `data/place-variants.json`: a spelling or old name of a gazetteer place, or an area. */
export interface VariantEntry {
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
/** A New England town's centre village as GeoNames names it ("Simsbury Center"). */
const CENTER_NAME = / Center$/;
/** The US states whose towns GeoNames files under the name of their centre village. */
const NEW_ENGLAND = new Set(['CT', 'MA', 'ME', 'NH', 'RI', 'VT']);

/**
 * Parses the gazetteer table (`data/gazetteer.tsv.gz`, built by `scripts/build-gazetteer.ts`) and
 * indexes every name: exact folded names, their skeletons, and the curated variants.
 */
export function buildGazetteerTables(text: string, variants: readonly VariantEntry[]): GazetteerTables {
  const entries: GazetteerEntry[] = [];
  const exact = new Map<string, number[]>();
  const skeleton = new Map<string, number[]>();
  const countries = new Map<string, number>();
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
      countries.set(cc, id);
      capitalName.set(cc, capital);
      addNames(id, [name, ...names.split('|').filter((n) => n.length > 3)]);
      for (const d of dems.split('|').filter(Boolean)) {
        demonyms.set(d.toLowerCase(), cc);
        demonyms.set(`${d.toLowerCase()}s`, cc);
        if (!demonymByCc.has(cc)) demonymByCc.set(cc, d);
      }
    } else if (kind === 'R') {
      const [, cc = '', admin1 = '', name = '', lat = '0', lon = '0', type = '', aliases = ''] = f;
      const id = entries.push(regionEntry(cc, admin1, name, lat, lon, 'ADM1', type)) - 1;
      if (admin1) regionNames.set(`${cc}|${admin1}`, name);
      addNames(id, [name, ...aliases.split('|')]);
    } else if (kind === 'D') {
      // A second-level unit (US or UK county): a region that does not name its admin1 unit.
      const [, cc = '', admin1 = '', name = '', lat = '0', lon = '0'] = f;
      const id = entries.push(regionEntry(cc, admin1, name, lat, lon, 'ADM2', '')) - 1;
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

  pointAtSeats(entries, [exact, skeleton]);

  // Curated variants point at existing entries (or define well-known areas).
  const curated = new Map<string, number[]>();
  for (const v of variants) {
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

  const capitals = new Map<string, number>();
  for (const [cc, name] of capitalName) {
    const key = foldPlaceName(name);
    const hit = (exact.get(key) ?? curated.get(key) ?? [])
      .filter((id) => entries[id]?.cc === cc && entries[id]?.kind === 'populated-place')
      .sort(
        (a, b) => (entries[b] as GazetteerEntry).population - (entries[a] as GazetteerEntry).population,
      )[0];
    if (hit !== undefined) capitals.set(cc, hit);
  }
  return { entries, exact, skeleton, curated, countries, regionNames, demonyms, demonymByCc, capitals };
}

/**
 * GeoNames may also hold a capital or an admin centre as a second populated place of no
 * population at the same coordinates in the same region (a town named without the qualifier the
 * capital's record bears): that record is the capital, so its names point at the capital's entry
 * and every spelling reads one place.
 */
function pointAtSeats(entries: readonly GazetteerEntry[], indexes: Map<string, number[]>[]): void {
  const at = (e: GazetteerEntry) => `${e.cc}|${e.admin1}|${e.lat}|${e.lon}`;
  const seats = new Map<string, number>();
  entries.forEach((e, id) => {
    if (e.kind === 'populated-place' && e.population > 0 && /^PPL(?:C|A)/.test(e.feature))
      seats.set(at(e), id);
  });
  const sameAs = new Map<number, number>();
  entries.forEach((e, id) => {
    const seat = e.kind === 'populated-place' && e.population === 0 ? seats.get(at(e)) : undefined;
    if (seat !== undefined && seat !== id) sameAs.set(id, seat);
  });
  if (sameAs.size === 0) return;
  for (const index of indexes)
    for (const [key, ids] of index)
      if (ids.some((id) => sameAs.has(id)))
        index.set(key, [...new Set(ids.map((id) => sameAs.get(id) ?? id))]);
}

/** A region row of the table (`R`: first level, with its kind of subdivision; `D`: a county). */
function regionEntry(
  cc: string,
  admin1: string,
  name: string,
  lat: string,
  lon: string,
  feature: 'ADM1' | 'ADM2',
  subdivision: string,
): GazetteerEntry {
  return {
    kind: 'region',
    name,
    cc,
    admin1: admin1 || null,
    lat: Number(lat),
    lon: Number(lon),
    population: 0,
    feature,
    ...(subdivision ? { subdivision } : {}),
  };
}

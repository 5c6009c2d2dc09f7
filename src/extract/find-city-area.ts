import type { PlaceMention } from '../core/types.js';
import { cityReach, type Gazetteer, type GazetteerEntry, kilometres } from './gazetteer/load-gazetteer.js';

/**
 * How many times a town's population the city whose area it lies in must have: a suburb is much
 * smaller than its city, and two cities of like size side by side are two places, not one place
 * at two levels. Three is the ratio at which a town of a metropolitan area is written under the
 * central city by incident databases that give both levels (a borough of 30,000 beside a city of
 * 300,000 is; two cities of 400,000 and 800,000 are not).
 */
const CITY_TO_TOWN = 3;
/** The smallest city another town is said to lie in the area of (as for a section of a city). */
const MIN_CITY = 50_000;

/**
 * The incident's town with the larger city whose area it lies in, when the same report names that
 * city: "shot at a home in Fernwick, near Westport" gives Westport (Fernwick). The city must be
 * at least `CITY_TO_TOWN` times the town's population, of the same first-level region, and the town
 * within the city's reach (`cityReach`, the reach by which a neighbourhood is given its city). A
 * place that is already a section of a city, a region, a relative location or a town the gazetteer
 * lacks is returned unchanged.
 *
 * @example findCityArea(fernwick, extraction.places, gazetteer).cityArea // 'Westport'
 */
export function findCityArea(
  place: PlaceMention,
  named: readonly PlaceMention[],
  gaz: Gazetteer,
): PlaceMention {
  if (place.section || place.kind !== 'populated-place' || place.precision !== 'town') return place;
  const town = entryOf(place, gaz);
  if (!town) return place;
  let best: { name: string; distance: number } | null = null;
  for (const c of named) {
    // "two miles south of Westport" names the city as surely as "in Westport".
    if (c.name === place.name || c.kind !== 'populated-place') continue;
    if (c.precision !== 'town' && c.precision !== 'near') continue;
    if (c.countryCode !== place.countryCode || c.admin1 !== place.admin1) continue;
    const city = entryOf(c, gaz);
    if (!city || city.population < Math.max(CITY_TO_TOWN * town.population, MIN_CITY)) continue;
    const distance = kilometres(town, city) / cityReach(city.population);
    if (distance <= 1 && (!best || distance < best.distance)) best = { name: city.name, distance };
  }
  return best ? { ...place, cityArea: best.name } : place;
}

/** The gazetteer entry a resolved town was read as: its name at its coordinates. */
function entryOf(p: PlaceMention, gaz: Gazetteer): GazetteerEntry | undefined {
  const { lat, lon } = p;
  if (lat === null || lon === null || p.section) return undefined;
  return gaz
    .lookup(p.name)
    .find(
      (e) =>
        e.kind === 'populated-place' &&
        e.name === p.name &&
        Math.abs(e.lat - lat) < 1e-4 &&
        Math.abs(e.lon - lon) < 1e-4,
    );
}

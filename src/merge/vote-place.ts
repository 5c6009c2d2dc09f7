import type { IncidentMention, PlaceMention } from '../core/types.js';
import { inRegion } from '../extract/choose-incident-place.js';
import { statedPlace } from './compatibility.js';
import { placeRank } from './kinds.js';
import { compareStrings } from './stable-id.js';

/** Share of a region's votes a place inside it (same first-level region) receives. */
const REGION_SHARE = 0.5;
/**
 * Share of a county's votes the voted towns inside it receive together: all of them, split evenly
 * when there are several. "Westshire County deputies said" and "shot in Fernwick" tell one place
 * at two precisions, and the town is the more precise (the extractor narrows a county to its town
 * inside one report the same way).
 */
const COUNTY_SHARE = 1;
/** Weight left to a place outside the first-level region most votes point to. */
const OTHER_REGION_WEIGHT = 0.5;
/**
 * How the extractor words a place it filled in from where the report was filed
 * (`pickMainPlace`): the dateline's town or the outlet's masthead town.
 */
const FILED_FROM = /^(?:report's dateline|the town of the outlet's masthead)\b/;

/** A place filled in from where the report was filed, not from anything it says of the incident. */
const filedFrom = (m: IncidentMention): boolean =>
  m.place !== null && statedPlace(m) === null && FILED_FROM.test(m.place.reason ?? '');

/**
 * The place of an event, voted by its mentions. Every mention votes once for its place, whether
 * its own sentence names it or its report filled it in: a report's most-named town is evidence
 * too, and one stray town named in a single sentence ("a man from Fernwick") should not outvote
 * the town every other mention stands at. A region's votes also count, by half, for each town of
 * the same first-level region ("in Westshire" supports "Fernwick, Westshire"), and a place outside
 * the first-level region most votes point to weighs half (a foreign namesake or a neighbouring
 * state's town does not outvote the reports' own state); a county's votes count whole for the one town
 * inside it that has votes, and are shared when several have. A place filled in from where a report was
 * filed (its dateline, its outlet's masthead) votes only when no other mention has a place:
 * "KATHMANDU –" over a quake "in western Nepal" says where the reporter was. Ties go to the more
 * precise place, then to the name, so the result does not depend on the order of the mentions.
 */
export function votePlace(mentions: readonly IncidentMention[]): PlaceMention | null {
  const places = new Map<string, PlaceMention>();
  const votes = new Map<string, number>();
  const told = mentions.filter((m) => m.place !== null && !filedFrom(m));
  for (const m of told.length > 0 ? told : mentions) {
    const p = m.place;
    if (!p) continue;
    if (!places.has(p.name)) places.set(p.name, p);
    votes.set(p.name, (votes.get(p.name) ?? 0) + 1);
  }
  if (places.size === 0) return null;
  const byRegion = new Map<string, number>();
  for (const [name, n] of votes) {
    const admin1 = places.get(name)?.admin1;
    if (admin1) byRegion.set(admin1, (byRegion.get(admin1) ?? 0) + n);
  }
  const topRegion = [...byRegion].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0]?.[0];
  const isTown = (p: PlaceMention): boolean => p.precision !== 'region' && p.precision !== 'country';
  const inCounty = (p: PlaceMention, q: PlaceMention): boolean =>
    q.precision === 'region' && q.name !== q.admin1 && p.admin1 === q.admin1 && inRegion(p, q);
  // How many voted towns lie inside each county: they share its votes (with two or more no town
  // gets more than its share, so the county can still win).
  const townsInside = new Map<string, number>();
  for (const q of places.values())
    townsInside.set(q.name, [...places.values()].filter((p) => isTown(p) && inCounty(p, q)).length);
  const score = new Map<string, number>();
  for (const [name, n] of votes) {
    const p = places.get(name) as PlaceMention;
    let s = n;
    if (isTown(p))
      for (const [other, k] of votes) {
        const q = places.get(other) as PlaceMention;
        if (other === name || q.precision !== 'region' || q.admin1 !== p.admin1) continue;
        s += (inCounty(p, q) ? COUNTY_SHARE / (townsInside.get(q.name) as number) : REGION_SHARE) * k;
      }
    if (topRegion !== undefined && p.admin1 !== topRegion) s *= OTHER_REGION_WEIGHT;
    score.set(name, s);
  }
  const [best] = [...places.values()].sort(
    (a, b) =>
      (score.get(b.name) ?? 0) - (score.get(a.name) ?? 0) ||
      placeRank(a.precision) - placeRank(b.precision) ||
      compareStrings(a.name, b.name),
  );
  return best ?? null;
}

/**
 * The event place's name with both levels the reports give: the section of the city
 * ("Westport (Old Harbour)") or the larger city whose area the town lies in ("Westport
 * (Fernwick)"), the one most mentions at the voted place give (ties to the name), else the name
 * alone. A section is the more precise and wins over a city area.
 */
export function twoLevelName(place: PlaceMention, mentions: readonly IncidentMention[]): string {
  return twoLevelPlace(place, mentions).name;
}

/** `twoLevelName` with its levels kept apart (city first), as the ledger's place stores them. */
export function twoLevelPlace(
  place: PlaceMention,
  mentions: readonly IncidentMention[],
): { name: string; levels?: [string, string] } {
  const at = mentions.map((m) => m.place).filter((p): p is PlaceMention => p?.name === place.name);
  const section = mostGiven(at.map((p) => p.section));
  if (section) return { name: `${place.name} (${section})`, levels: [place.name, section] };
  const city = mostGiven(at.map((p) => p.cityArea));
  return city ? { name: `${city} (${place.name})`, levels: [city, place.name] } : { name: place.name };
}

/** The value given most often (ties to the first in string order), or undefined when none is. */
function mostGiven(values: readonly (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0]?.[0];
}

/**
 * The names an event place stands for: its name and, for a place of two levels
 * (`twoLevelPlace`), each level as stored ("Westport (Fernwick)" → Westport, Fernwick). A
 * gazetteer name with parentheses of its own is one level.
 */
export function placeLevels(place: { name: string; levels?: readonly string[] }): string[] {
  return [place.name, ...(place.levels ?? [])];
}

import type { DatePrecision, IncidentKind, PlacePrecision } from '../core/types.js';

/**
 * Incident kinds that may describe one incident. Killings, executions, shootings and bodies
 * found are reports of the same violence against people; shelling, strikes and explosions are
 * remote violence; and so on. A Record over the union so that a new kind fails compilation here.
 */
const FAMILY: Record<IncidentKind, string> = {
  killing: 'harm',
  execution: 'violence',
  shooting: 'violence',
  'bodies-found': 'violence',
  torture: 'violence',
  'sexual-violence': 'violence',
  abduction: 'violence',
  injury: 'harm',
  shelling: 'remote',
  'missile-strike': 'remote',
  'air-strike': 'remote',
  bombing: 'remote',
  explosion: 'remote',
  destruction: 'remote',
  siege: 'siege',
  clash: 'battle',
  arrest: 'arrest',
  protest: 'protest',
  riot: 'riot',
  displacement: 'displacement',
  disaster: 'disaster',
  accident: 'accident',
  other: 'other',
};

/** How specific a kind is: an event takes the most specific kind its mentions support. */
const SPECIFICITY: Record<IncidentKind, number> = {
  execution: 9,
  'missile-strike': 9,
  'air-strike': 9,
  'sexual-violence': 9,
  torture: 8,
  shooting: 7,
  shelling: 7,
  bombing: 7,
  abduction: 7,
  killing: 5,
  explosion: 5,
  clash: 5,
  siege: 5,
  arrest: 5,
  protest: 5,
  riot: 5,
  disaster: 5,
  accident: 5,
  displacement: 4,
  destruction: 3,
  'bodies-found': 3,
  injury: 2,
  other: 0,
};

export function kindFamily(kind: IncidentKind): string {
  return FAMILY[kind];
}

/**
 * Two kinds may describe one incident: same family, or a bare report of deaths or injuries
 * ("one person died", "78 people drowned") beside any violent kind (a shooting, a shelling, a
 * clash), a disaster or an accident, or bodies found beside a disaster or an accident.
 */
export function compatibleKinds(a: IncidentKind, b: IncidentKind): boolean {
  const fa = FAMILY[a];
  const fb = FAMILY[b];
  if (fa === fb) return true;
  const harm = (f: string) =>
    f === 'violence' || f === 'remote' || f === 'battle' || f === 'disaster' || f === 'accident';
  // Bodies recovered after a quake or a capsizing are its dead.
  const bodies = (k: IncidentKind, f: string) =>
    k === 'bodies-found' && (f === 'disaster' || f === 'accident');
  if (bodies(a, fb) || bodies(b, fa)) return true;
  return (fa === 'harm' && harm(fb)) || (fb === 'harm' && harm(fa));
}

export function kindSpecificity(kind: IncidentKind): number {
  return SPECIFICITY[kind];
}

const PLACE_RANK: Record<PlacePrecision, number> = { exact: 0, town: 1, near: 2, region: 3, country: 4 };
const DATE_RANK: Record<DatePrecision, number> = { day: 0, week: 1, month: 2, year: 3 };

/** Lower is more precise. */
export function placeRank(p: PlacePrecision): number {
  return PLACE_RANK[p];
}

export function dateRank(p: DatePrecision): number {
  return DATE_RANK[p];
}

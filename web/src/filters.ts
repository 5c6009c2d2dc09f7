import type { LedgerEvent } from '../../src/core/types.js';

/** The filters of the Events view, as they stand in the URL (`#/events?type=…&min=2`). */
export interface EventFilters {
  q: string;
  from: string;
  to: string;
  type: string;
  place: string;
  actor: string;
  outlet: string;
  min: number;
  conflicts: boolean;
}

/**
 * The places the place filter offers: each event place's city level, once ("Westport (Old
 * Harbour)" and "Westport (Fernwick)" are listed as Westport, which the filter finds them by; see
 * docs/ledger.md, "Two-level place names").
 */
export function placeChoices(events: readonly LedgerEvent[]): string[] {
  const cities = events.map((e) => e.place?.levels?.[0] ?? e.place?.name);
  return [...new Set(cities.filter((p): p is string => !!p))].sort();
}

export function readFilters(query: URLSearchParams): EventFilters {
  const min = Number(query.get('min') ?? 0);
  return {
    q: query.get('q') ?? '',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    type: query.get('type') ?? '',
    place: query.get('place') ?? '',
    actor: query.get('actor') ?? '',
    outlet: query.get('outlet') ?? '',
    min: Number.isFinite(min) && min > 0 ? Math.floor(min) : 0,
    conflicts: query.get('conflicts') === '1',
  };
}

export function writeFilters(f: EventFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ['q', 'from', 'to', 'type', 'place', 'actor', 'outlet'] as const)
    if (f[key].trim()) p.set(key, f[key].trim());
  if (f.min > 0) p.set('min', String(f.min));
  if (f.conflicts) p.set('conflicts', '1');
  return p;
}

const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean);
const hasAll = (hay: string, q: string) => words(q).every((w) => hay.includes(w));

/**
 * Whether an event passes the filters. An event's dates overlap the asked range; its place, actor
 * and outlet (of any document reporting it) contain the words asked for.
 */
export function eventMatches(
  e: LedgerEvent,
  f: EventFilters,
  outletsOf: (e: LedgerEvent) => string[],
): boolean {
  if (f.type && e.type !== f.type) return false;
  if (f.min && e.independent_sources < f.min) return false;
  if (f.conflicts && !e.conflicts.length) return false;
  if (f.from || f.to) {
    if (!e.date) return false;
    if (f.from && e.date.end < f.from) return false;
    if (f.to && e.date.start > f.to) return false;
  }
  if (f.place) {
    const p = e.place;
    if (!p || !hasAll([p.name, p.admin1, p.country].join(' ').toLowerCase(), f.place)) return false;
  }
  if (
    f.actor &&
    !hasAll(
      e.actors
        .map((a) => a.name)
        .join(' ')
        .toLowerCase(),
      f.actor,
    )
  )
    return false;
  if (f.outlet && !outletsOf(e).some((o) => o === f.outlet)) return false;
  if (f.q) {
    const hay = [
      e.type,
      e.subtype,
      e.summary,
      e.place?.name,
      e.place?.admin1,
      e.place?.country,
      ...e.actors.map((a) => a.name),
      ...e.origins,
    ]
      .join(' ')
      .toLowerCase();
    if (!hasAll(hay, f.q)) return false;
  }
  return true;
}

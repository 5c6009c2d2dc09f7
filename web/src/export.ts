/**
 * Exports of the events the user filtered: CSV (one row per event), GeoJSON (located events as
 * points) and JSON (the ledger records as they are). Pure functions; the view turns them into
 * downloads.
 */
import type { LedgerEvent } from '../../src/core/types.js';

const CSV_COLUMNS = [
  'id',
  'summary',
  'type',
  'subtype',
  'date_start',
  'date_end',
  'date_precision',
  'place',
  'admin1',
  'country',
  'lat',
  'lon',
  'place_precision',
  'killed_low',
  'killed_best',
  'killed_high',
  'injured_low',
  'injured_best',
  'injured_high',
  'disputed',
  'actors',
  'documents',
  'independent_sources',
  'origins',
] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts defused. */
export function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  // A spreadsheet would run a cell starting with = + - @ as a formula; a leading quote keeps it text.
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function eventsToCsv(events: LedgerEvent[]): string {
  const rows = events.map((e) => [
    e.id,
    e.summary,
    e.type,
    e.subtype,
    e.date?.start,
    e.date?.end,
    e.date?.precision,
    e.place?.name,
    e.place?.admin1,
    e.place?.country,
    e.place?.lat,
    e.place?.lon,
    e.place?.precision,
    e.killed?.low,
    e.killed?.best,
    e.killed?.high,
    e.injured?.low,
    e.injured?.best,
    e.injured?.high,
    e.conflicts.map((c) => `${c.field}: ${c.values.map((v) => v.value).join(' vs ')}`).join('; '),
    e.actors.map((a) => `${a.name} (${a.role})`).join('; '),
    e.sources,
    e.independent_sources,
    e.origins.join('; '),
  ]);
  return `${[CSV_COLUMNS as readonly string[], ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export interface GeoJsonCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: string;
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: Record<string, unknown>;
  }[];
}

/** Located events as GeoJSON points ([lon, lat]); events without coordinates are left out. */
export function eventsToGeoJson(events: LedgerEvent[]): GeoJsonCollection {
  return {
    type: 'FeatureCollection',
    features: events
      .filter((e) => e.place?.lat != null && e.place?.lon != null)
      .map((e) => ({
        type: 'Feature' as const,
        id: e.id,
        geometry: { type: 'Point' as const, coordinates: [e.place?.lon ?? 0, e.place?.lat ?? 0] },
        properties: {
          summary: e.summary,
          type: e.type,
          subtype: e.subtype,
          date: e.date,
          place: e.place?.name,
          place_precision: e.place?.precision,
          killed: e.killed,
          injured: e.injured,
          documents: e.sources,
          independent_sources: e.independent_sources,
          conflicts: e.conflicts,
        },
      })),
  };
}

/** A file download of `text` (a blob URL on a temporary link). */
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

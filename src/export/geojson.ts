import type { Ledger } from '../core/types.js';

/** Events with coordinates as a GeoJSON FeatureCollection (lon, lat order); events without are left out. */
export function toGeoJson(ledger: Ledger): string {
  const features = ledger.events
    .filter((e) => e.place?.lat != null && e.place.lon != null)
    .map((e) => ({
      type: 'Feature',
      id: e.id,
      geometry: { type: 'Point', coordinates: [e.place?.lon, e.place?.lat] },
      properties: {
        id: e.id,
        type: e.type,
        subtype: e.subtype,
        date_start: e.date?.start ?? null,
        date_end: e.date?.end ?? null,
        date_precision: e.date?.precision ?? null,
        place: e.place?.name ?? null,
        admin1: e.place?.admin1 ?? null,
        country: e.place?.country ?? null,
        geo_precision: e.place?.precision ?? null,
        killed_low: e.killed?.low ?? null,
        killed_best: e.killed?.best ?? null,
        killed_high: e.killed?.high ?? null,
        injured_low: e.injured?.low ?? null,
        injured_best: e.injured?.best ?? null,
        injured_high: e.injured?.high ?? null,
        sources: e.sources,
        independent_sources: e.independent_sources,
        conflicts: e.conflicts.map((c) => c.field),
        summary: e.summary,
      },
    }));
  return `${JSON.stringify({ type: 'FeatureCollection', features }, null, 2)}\n`;
}

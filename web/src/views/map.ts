import { geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopo from 'world-atlas/countries-110m.json';
import type { LedgerEvent } from '../../../src/core/types.js';
import { fmtNumber, s } from '../dom.js';

const WIDTH = 640;
const HEIGHT = 420;
/** Markers closer than this (in map pixels) are drawn as one cluster. */
const CLUSTER_PX = 22;

export interface EventMap {
  el: SVGSVGElement;
  /** Highlight the marker holding this event (or none). */
  highlight(id: string | null): void;
  setEvents(events: LedgerEvent[]): void;
}

interface Marker {
  x: number;
  y: number;
  events: LedgerEvent[];
  killed: number;
}

const topo = countriesTopo as unknown as Topology<{ countries: GeometryCollection }>;
const land = feature(topo, topo.objects.countries);
const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b);

function casualties(e: LedgerEvent): number {
  return e.killed?.best ?? e.killed?.low ?? 0;
}

/**
 * The events on bundled world outlines (Natural Earth 1:110m via world-atlas), projected with
 * d3-geo and fitted to the events' extent. Markers are sized by deaths and clustered when they
 * would overlap. No tiles, no requests.
 */
export function createEventMap(onSelect: (events: LedgerEvent[]) => void): EventMap {
  const svg = s('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'map', role: 'group', 'aria-label': 'Map of events' });
  const base = s('g', { class: 'base', 'aria-hidden': 'true' });
  const markersG = s('g', { class: 'markers' });
  svg.append(base, markersG);
  let markerEls: { el: SVGGElement; marker: Marker }[] = [];

  function setEvents(events: LedgerEvent[]): void {
    const located = events.filter((e) => e.place?.lat != null && e.place?.lon != null);
    let lon0 = -170;
    let lon1 = 170;
    let lat0 = -55;
    let lat1 = 75;
    if (located.length) {
      lon0 = Math.min(...located.map((e) => e.place!.lon!));
      lon1 = Math.max(...located.map((e) => e.place!.lon!));
      lat0 = Math.min(...located.map((e) => e.place!.lat!));
      lat1 = Math.max(...located.map((e) => e.place!.lat!));
      const padLon = Math.max(3, (lon1 - lon0) * 0.2);
      const padLat = Math.max(2, (lat1 - lat0) * 0.2);
      lon0 = Math.max(-179, lon0 - padLon);
      lon1 = Math.min(179, lon1 + padLon);
      lat0 = Math.max(-80, lat0 - padLat);
      lat1 = Math.min(84, lat1 + padLat);
    }
    const extent: GeoPermissibleObjects = {
      type: 'MultiPoint',
      coordinates: [
        [lon0, lat0],
        [lon1, lat1],
        [lon0, lat1],
        [lon1, lat0],
      ],
    };
    const projection = geoMercator().fitExtent(
      [
        [8, 8],
        [WIDTH - 8, HEIGHT - 8],
      ],
      extent,
    );
    const path = geoPath(projection);
    base.replaceChildren(
      s('rect', { class: 'sea', x: 0, y: 0, width: WIDTH, height: HEIGHT }),
      s('path', { class: 'land', d: path(land) ?? '' }),
      s('path', { class: 'borders', d: path(borders) ?? '' }),
    );

    // Greedy clustering in screen space, biggest first so that clusters centre on the big ones.
    const points = located
      .map((e) => {
        const p = projection([e.place!.lon!, e.place!.lat!]) ?? [0, 0];
        return { e, x: p[0], y: p[1] };
      })
      .sort((a, b) => casualties(b.e) - casualties(a.e) || a.e.id.localeCompare(b.e.id));
    const markers: Marker[] = [];
    for (const p of points) {
      const near = markers.find((m) => Math.hypot(m.x - p.x, m.y - p.y) < CLUSTER_PX);
      if (near) {
        near.events.push(p.e);
        near.killed += casualties(p.e);
      } else markers.push({ x: p.x, y: p.y, events: [p.e], killed: casualties(p.e) });
    }

    markerEls = markers.map((m) => {
      const r = Math.min(26, 5 + Math.sqrt(m.killed) * 1.6);
      const n = m.events.length;
      const first = m.events[0]!;
      const label =
        n === 1
          ? `${first.place?.name ?? 'Unknown place'}: ${first.summary || first.type}, ${fmtNumber(casualties(first))} killed`
          : `Cluster of ${n} events near ${first.place?.name ?? 'unknown place'}, ${fmtNumber(m.killed)} killed`;
      const g = s(
        'g',
        {
          class: n > 1 ? 'marker cluster' : 'marker',
          tabindex: 0,
          role: 'button',
          'aria-label': label,
          'data-events': m.events.map((e) => e.id).join(' '),
          transform: `translate(${m.x.toFixed(1)},${m.y.toFixed(1)})`,
          onclick: () => onSelect(m.events),
          onkeydown: (ev: Event) => {
            const k = (ev as KeyboardEvent).key;
            if (k === 'Enter' || k === ' ') {
              ev.preventDefault();
              onSelect(m.events);
            }
          },
        },
        s('title', {}, label),
        s('circle', { r: r.toFixed(1) }),
        n > 1 ? s('text', { 'text-anchor': 'middle', dy: '0.35em' }, String(n)) : null,
      );
      return { el: g, marker: m };
    });
    markersG.replaceChildren(...markerEls.map((m) => m.el));
  }

  return {
    el: svg,
    setEvents,
    highlight(id) {
      for (const { el, marker } of markerEls) {
        el.classList.toggle('active', id !== null && marker.events.some((e) => e.id === id));
      }
    },
  };
}

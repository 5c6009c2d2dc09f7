import { type GeoPermissibleObjects, geoMercator, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopo from 'world-atlas/countries-110m.json';
import type { LedgerEvent } from '../../../src/core/types.js';
import { fmtNumber, s } from '../dom.js';

const WIDTH = 640;
const HEIGHT = 420;
/** Markers closer than this (in map pixels) are drawn as one cluster. */
const CLUSTER_PX = 22;
/** Markers with a visible text label (the largest ones). */
const MAX_LABELS = 10;

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
  const svg = s('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: 'map',
    role: 'group',
    'aria-label': 'Map of events',
  });
  const base = s('g', { class: 'base', 'aria-hidden': 'true' });
  const markersG = s('g', { class: 'markers' });
  svg.append(base, markersG);
  let markerEls: { el: SVGGElement; marker: Marker }[] = [];

  let whole = false;
  let current: LedgerEvent[] = [];
  /** Events a cluster click zoomed to; null shows the usual extent. */
  let focus: LedgerEvent[] | null = null;
  const note = s('text', { class: 'outside', x: 10, y: HEIGHT - 12 });
  const toggle = s(
    'g',
    {
      class: 'map-toggle',
      role: 'button',
      tabindex: 0,
      'aria-label': 'Show all events or zoom to where most are',
      onclick: () => flip(),
      onkeydown: (ev: Event) => {
        const k = (ev as KeyboardEvent).key;
        if (k === 'Enter' || k === ' ') {
          ev.preventDefault();
          flip();
        }
      },
    },
    s('rect', { x: WIDTH - 104, y: 8, width: 96, height: 24, rx: 4 }),
    s('text', { x: WIDTH - 56, y: 24, 'text-anchor': 'middle' }, 'zoom'),
  );

  function flip(): void {
    if (focus) focus = null;
    else whole = !whole;
    setEvents(current);
  }

  /** Bounds of the events: all of them, or the middle 90% so that a stray place does not shrink the rest. */
  function bounds(located: LedgerEvent[]): [number, number, number, number] {
    const lons = located.map((e) => e.place!.lon!).sort((a, b) => a - b);
    const lats = located.map((e) => e.place!.lat!).sort((a, b) => a - b);
    const q = (xs: number[], f: number) =>
      xs[Math.min(xs.length - 1, Math.max(0, Math.round(f * (xs.length - 1))))] as number;
    const trim = whole || located.length < 8 ? 0 : 0.05;
    return [q(lons, trim), q(lons, 1 - trim), q(lats, trim), q(lats, 1 - trim)];
  }

  function setEvents(events: LedgerEvent[]): void {
    current = events;
    const located = events.filter((e) => e.place?.lat != null && e.place?.lon != null);
    let lon0 = -170;
    let lon1 = 170;
    let lat0 = -55;
    let lat1 = 75;
    if (located.length) {
      const inFocus = focus?.filter((e) => located.includes(e));
      [lon0, lon1, lat0, lat1] = bounds(inFocus?.length ? inFocus : located);
      const padLon = Math.max(1.5, (lon1 - lon0) * 0.2);
      const padLat = Math.max(1, (lat1 - lat0) * 0.2);
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

    // The largest markers carry a visible label: the place, its precision and the deaths.
    const labelled = new Set(
      [...markers]
        .sort((a, b) => b.killed - a.killed || b.events.length - a.events.length)
        .slice(0, MAX_LABELS),
    );
    markerEls = markers.map((m) => {
      const r = Math.min(26, 5 + Math.sqrt(m.killed) * 1.6);
      const n = m.events.length;
      const first = m.events[0]!;
      const precision = first.place?.precision ?? '';
      const label =
        n === 1
          ? `${first.place?.name ?? 'Unknown place'} (${precision}): ${first.summary || first.type}, ${fmtNumber(casualties(first))} killed`
          : `Cluster of ${n} events near ${first.place?.name ?? 'unknown place'}, ${fmtNumber(m.killed)} killed`;
      const g = s(
        'g',
        {
          class: n > 1 ? 'marker cluster' : 'marker',
          tabindex: 0,
          role: 'button',
          'data-events': m.events.map((e) => e.id).join(' '),
          transform: `translate(${m.x.toFixed(1)},${m.y.toFixed(1)})`,
          onclick: () => pick(m.events),
          onkeydown: (ev: Event) => {
            const k = (ev as KeyboardEvent).key;
            if (k === 'Enter' || k === ' ') {
              ev.preventDefault();
              pick(m.events);
            }
          },
        },
        s('title', {}, label),
        s('circle', { r: r.toFixed(1) }),
        n > 1 ? s('text', { 'text-anchor': 'middle', dy: '0.35em' }, String(n)) : null,
        labelled.has(m)
          ? s(
              'text',
              { class: 'label', x: (r + 3).toFixed(1), dy: '0.35em', 'aria-hidden': 'true' },
              `${first.place?.name ?? '?'}${precision && precision !== 'town' && precision !== 'exact' ? ` (${precision})` : ''}${n > 1 ? ` · ${n} events` : m.killed ? ` · ${fmtNumber(m.killed)} killed` : ''}`,
            )
          : null,
      );
      return { el: g, marker: m };
    });
    markersG.replaceChildren(...markerEls.map((m) => m.el));
    const outside = points.filter((p) => p.x < 0 || p.y < 0 || p.x > WIDTH || p.y > HEIGHT).length;
    note.textContent = outside ? `${outside} event(s) outside this view` : '';
    const canZoom = outside > 0 || whole || focus !== null;
    toggle.style.display = canZoom ? '' : 'none';
    const label = toggle.querySelector('text');
    if (label) label.textContent = focus ? 'zoom out' : whole ? 'zoom in' : 'show all';
  }

  /** Selecting a cluster also zooms to it, so that its events separate. */
  function pick(events: LedgerEvent[]): void {
    if (events.length > 1) focus = events;
    onSelect(events);
  }

  svg.append(note, toggle);
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

import type { LedgerEvent } from '../../../src/core/types.js';
import { route, type ViewContext } from '../app.js';
import type { Model } from '../data.js';
import { h } from '../dom.js';
import { download, eventsToCsv, eventsToGeoJson } from '../export.js';
import { dateRange, disputed, placeLabel, rangeText } from '../facts.js';
import { type EventFilters, eventMatches, placeChoices, readFilters, writeFilters } from '../filters.js';
import { createVirtualTable } from '../virtual-table.js';
import { createEventMap } from './map.js';
import { createTimeline } from './timeline.js';

function outletIndex(model: Model): (e: LedgerEvent) => string[] {
  const cache = new Map<string, string[]>();
  return (e) => {
    let list = cache.get(e.id);
    if (!list) {
      list = [
        ...new Set(e.mentions.map((m) => model.docs.get(m.document)?.outlet).filter((o): o is string => !!o)),
      ];
      cache.set(e.id, list);
    }
    return list;
  };
}

function figure(e: LedgerEvent, field: 'killed' | 'injured'): HTMLElement | string {
  const c = disputed(e, field);
  const text = rangeText(e[field]);
  if (!c) return text;
  const values = c.values.map((v) => String(v.value)).join(' vs ');
  return h(
    'span',
    { class: 'disputed', title: `Disputed: ${values}` },
    text,
    h('span', { class: 'dispute-mark', 'aria-label': `disputed: ${values}` }, ' ⚠'),
  );
}

export function eventsView(ctx: ViewContext): HTMLElement {
  const { model, query } = ctx;
  const all = model.data.ledger.events;
  const outletsOf = outletIndex(model);
  const types = [...new Set(all.map((e) => e.type))].sort();
  const outlets = [
    ...new Set(model.data.documents.map((d) => d.outlet).filter((o): o is string => !!o)),
  ].sort();
  const f = readFilters(query);

  const field = (id: string, label: string, input: HTMLInputElement | HTMLSelectElement) =>
    h('label', { class: 'field', for: id }, h('span', {}, label), input);
  const text = (id: string, value: string, placeholder: string, list?: string) =>
    h('input', { type: 'search', id, value, placeholder, autocomplete: 'off', list });
  const search = text('event-filter', f.q, 'words in what happened, place, actors');
  const from = h('input', { type: 'date', id: 'f-from', value: f.from });
  const to = h('input', { type: 'date', id: 'f-to', value: f.to });
  const typeSel = h(
    'select',
    { id: 'f-type' },
    h('option', { value: '' }, 'All types'),
    types.map((t) => h('option', { value: t }, t)),
  );
  typeSel.value = f.type;
  const place = text('f-place', f.place, 'town, region or country', 'f-places');
  const placeList = h(
    'datalist',
    { id: 'f-places' },
    placeChoices(all)
      .slice(0, 500)
      .map((p) => h('option', { value: p })),
  );
  const actor = text('f-actor', f.actor, 'who did it, or to whom', 'f-actors');
  const actorList = h(
    'datalist',
    { id: 'f-actors' },
    [...new Set(all.flatMap((e) => e.actors.map((a) => a.name)))]
      .sort()
      .slice(0, 500)
      .map((a) => h('option', { value: a })),
  );
  const outletSel = h(
    'select',
    { id: 'f-outlet' },
    h('option', { value: '' }, 'All outlets'),
    outlets.map((o) => h('option', { value: o }, o)),
  );
  outletSel.value = f.outlet;
  const min = h('input', { type: 'number', id: 'f-min', min: 0, step: 1, value: f.min || '' });
  const conflictsOnly = h('input', { type: 'checkbox', id: 'conflicts-only' });
  conflictsOnly.checked = f.conflicts;
  const reset = h(
    'button',
    {
      type: 'button',
      class: 'link',
      onclick: () => {
        for (const i of [search, from, to, place, actor, min]) i.value = '';
        typeSel.value = '';
        outletSel.value = '';
        conflictsOnly.checked = false;
        selected = null;
        apply();
      },
    },
    'Clear filters',
  );

  let selected: Set<string> | null = query.get('ids') ? new Set((query.get('ids') ?? '').split(',')) : null;
  let shown: LedgerEvent[] = [];
  const selection = h('p', { class: 'selection', 'aria-live': 'polite' });

  const table = createVirtualTable<LedgerEvent>({
    label: 'Events',
    rowId: (e) => e.id,
    rowHeight: 52,
    onOpen: (e) => {
      location.hash = route(`event/${e.id}`);
    },
    onActive: (e) => map.highlight(e?.id ?? null),
    initialSort: { key: 'independent', dir: -1 },
    columns: [
      {
        key: 'what',
        label: 'What happened',
        width: '22%',
        sort: (e) => e.summary,
        cell: (e) => h('a', { href: route(`event/${e.id}`), class: 'clamp' }, e.summary || `${e.type} event`),
      },
      {
        key: 'type',
        label: 'Type',
        width: '18%',
        sort: (e) => `${e.type} ${e.subtype}`,
        cell: (e) =>
          h(
            'span',
            { class: 'clamp small', title: `${e.type} — ${e.subtype}` },
            e.type,
            h('br'),
            h('span', { class: 'muted' }, e.subtype),
          ),
      },
      {
        key: 'place',
        label: 'Place',
        width: '13%',
        sort: (e) => e.place?.name ?? null,
        cell: (e) => {
          const p = placeLabel(e.place);
          return h(
            'span',
            { class: 'clamp small', title: p.name },
            e.place?.name ?? 'unknown',
            p.precision ? [h('br'), h('span', { class: 'muted' }, p.precision)] : null,
          );
        },
      },
      {
        key: 'date',
        label: 'Date',
        width: '12%',
        sort: (e) => e.date?.start ?? null,
        cell: (e) =>
          h(
            'span',
            { class: 'clamp small' },
            dateRange(e.date),
            e.date && e.date.precision !== 'day'
              ? [h('br'), h('span', { class: 'muted' }, e.date.precision)]
              : null,
          ),
      },
      {
        key: 'killed',
        label: 'Killed',
        width: '8%',
        numeric: true,
        sort: (e) => e.killed?.best ?? e.killed?.low ?? null,
        cell: (e) => figure(e, 'killed'),
      },
      {
        key: 'injured',
        label: 'Injured',
        width: '8%',
        numeric: true,
        sort: (e) => e.injured?.best ?? e.injured?.low ?? null,
        cell: (e) => figure(e, 'injured'),
      },
      {
        key: 'sources',
        label: 'Documents',
        width: '10%',
        numeric: true,
        sort: (e) => e.sources,
        cell: (e) => String(e.sources),
      },
      {
        key: 'independent',
        label: 'Independent sources',
        width: '11%',
        numeric: true,
        sort: (e) => e.independent_sources,
        cell: (e) => h('strong', {}, String(e.independent_sources)),
      },
    ],
  });

  const map = createEventMap((events) => {
    selected = new Set(events.map((e) => e.id));
    apply();
    if (events.length === 1 && events[0]) table.activate(events[0].id);
  });

  const timeline = createTimeline((start, end) => {
    from.value = start;
    to.value = end;
    selected = null;
    apply();
  });

  function current(): EventFilters {
    const n = Number(min.value);
    return {
      q: search.value,
      from: from.value,
      to: to.value,
      type: typeSel.value,
      place: place.value,
      actor: actor.value,
      outlet: outletSel.value,
      min: Number.isFinite(n) && n > 0 ? Math.floor(n) : 0,
      conflicts: conflictsOnly.checked,
    };
  }

  function apply(): void {
    const filters = current();
    const rows = all.filter((e) => eventMatches(e, filters, outletsOf));
    map.setEvents(rows);
    timeline.setEvents(rows);
    shown = selected ? rows.filter((e) => selected?.has(e.id)) : rows;
    table.setRows(shown);
    table.mark(selected ?? new Set());
    selection.replaceChildren(
      selected
        ? h(
            'span',
            {},
            `Showing ${shown.length} event(s) selected on the map. `,
            h(
              'button',
              {
                type: 'button',
                class: 'link',
                onclick: () => {
                  selected = null;
                  apply();
                },
              },
              'Show all',
            ),
          )
        : '',
    );
    const params = writeFilters(filters);
    if (selected) params.set('ids', [...selected].join(','));
    ctx.setQuery(params);
  }

  for (const input of [search, place, actor, min])
    input.addEventListener('input', () => {
      selected = null;
      apply();
    });
  for (const input of [from, to, typeSel, outletSel, conflictsOnly])
    input.addEventListener('change', () => {
      selected = null;
      apply();
    });
  apply();
  ctx.setList(table);

  const exportButton = (label: string, run: () => void) =>
    h('button', { type: 'button', class: 'export', onclick: run }, label);
  const exports = h(
    'div',
    { class: 'exports', role: 'group', 'aria-label': 'Download the events shown' },
    h('span', { class: 'muted' }, 'Download the events shown: '),
    exportButton('CSV', () => download('events.csv', 'text/csv', eventsToCsv(table.rows()))),
    exportButton('GeoJSON', () =>
      download(
        'events.geojson',
        'application/geo+json',
        `${JSON.stringify(eventsToGeoJson(table.rows()), null, 2)}\n`,
      ),
    ),
    exportButton('JSON', () =>
      download('events.json', 'application/json', `${JSON.stringify(table.rows(), null, 2)}\n`),
    ),
  );

  return h(
    'div',
    { class: 'events' },
    h('h1', {}, 'Events'),
    h(
      'form',
      {
        class: 'filters',
        role: 'search',
        'aria-label': 'Filter events',
        onsubmit: (e: Event) => e.preventDefault(),
      },
      field('event-filter', 'Search', search),
      field('f-from', 'From', from),
      field('f-to', 'To', to),
      field('f-type', 'Type', typeSel),
      field('f-place', 'Place', place),
      field('f-actor', 'Actor', actor),
      field('f-outlet', 'Outlet', outletSel),
      field('f-min', 'Min. independent sources', min),
      h('label', { class: 'check', for: 'conflicts-only' }, conflictsOnly, ' disputed figures only'),
      reset,
      placeList,
      actorList,
    ),
    timeline.el,
    selection,
    exports,
    h(
      'div',
      { class: 'events-split' },
      table.el,
      h(
        'figure',
        { class: 'map-wrap' },
        map.el,
        h(
          'figcaption',
          {},
          'Markers sized by deaths, labelled with the place and its precision; numbers are clusters. Click a marker to list its events.',
        ),
      ),
    ),
  );
}

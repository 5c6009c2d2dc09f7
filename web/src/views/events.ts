import type { LedgerEvent } from '../../../src/core/types.js';
import { route, type ViewContext } from '../app.js';
import { fmtNumber, h } from '../dom.js';
import { createVirtualTable } from '../virtual-table.js';
import { createEventMap } from './map.js';

export function eventsView(ctx: ViewContext): HTMLElement {
  const { model, query } = ctx;
  const all = model.data.ledger.events;
  const types = [...new Set(all.map((e) => e.type))].sort();

  const filter = h('input', {
    type: 'search',
    id: 'event-filter',
    placeholder: 'Filter: place, type, actor, summary',
    'aria-label': 'Filter events',
    value: query.get('q') ?? '',
  });
  const typeSel = h(
    'select',
    { 'aria-label': 'Event type' },
    h('option', { value: '' }, 'All types'),
    types.map((t) => h('option', { value: t }, t)),
  );
  typeSel.value = query.get('type') ?? '';
  const conflictsOnly = h('input', { type: 'checkbox', id: 'conflicts-only' });
  conflictsOnly.checked = query.get('conflicts') === '1';
  let selected: Set<string> | null = query.get('ids') ? new Set((query.get('ids') ?? '').split(',')) : null;
  const selection = h('p', { class: 'selection', 'aria-live': 'polite' });

  const table = createVirtualTable<LedgerEvent>({
    label: 'Events',
    rowId: (e) => e.id,
    onOpen: (e) => {
      location.hash = route(`event/${e.id}`);
    },
    onActive: (e) => map.highlight(e?.id ?? null),
    initialSort: { key: 'date', dir: 1 },
    columns: [
      {
        key: 'type',
        label: 'Type',
        width: '13%',
        sort: (e) => e.type,
        cell: (e) => h('span', { title: e.subtype }, e.type),
      },
      {
        key: 'place',
        label: 'Place',
        width: '15%',
        sort: (e) => e.place?.name ?? null,
        cell: (e) => h('a', { href: route(`event/${e.id}`) }, e.place?.name ?? 'unknown place'),
      },
      {
        key: 'date',
        label: 'Date',
        width: '15%',
        sort: (e) => e.date?.start ?? null,
        cell: (e) =>
          h(
            'span',
            { title: e.date ? `${e.date.start} – ${e.date.end} (${e.date.precision})` : 'no date' },
            fmtEventDate(e.date),
          ),
      },
      {
        key: 'killed',
        label: 'Killed',
        width: '11%',
        numeric: true,
        sort: (e) => e.killed?.best ?? e.killed?.low ?? null,
        cell: (e) => range(e.killed),
      },
      {
        key: 'injured',
        label: 'Injured',
        width: '11%',
        numeric: true,
        sort: (e) => e.injured?.best ?? e.injured?.low ?? null,
        cell: (e) => range(e.injured),
      },
      {
        key: 'sources',
        label: 'Sources',
        width: '10%',
        numeric: true,
        sort: (e) => e.sources,
        cell: (e) => String(e.sources),
      },
      {
        key: 'independent',
        label: 'Independent',
        width: '14%',
        numeric: true,
        sort: (e) => e.independent_sources,
        cell: (e) => String(e.independent_sources),
      },
      {
        key: 'conflicts',
        label: 'Conflicts',
        width: '11%',
        numeric: true,
        sort: (e) => e.conflicts.length,
        cell: (e) =>
          e.conflicts.length ? h('span', { class: 'warn' }, e.conflicts.map((c) => c.field).join(', ')) : '',
      },
    ],
  });

  const map = createEventMap((events) => {
    selected = new Set(events.map((e) => e.id));
    apply();
    if (events.length === 1) table.activate(events[0]!.id);
  });

  function matches(e: LedgerEvent, q: string): boolean {
    if (!q) return true;
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
    return q
      .toLowerCase()
      .split(/\s+/)
      .every((w) => hay.includes(w));
  }

  function apply(): void {
    const q = filter.value.trim();
    const rows = all.filter(
      (e) =>
        (!typeSel.value || e.type === typeSel.value) &&
        (!conflictsOnly.checked || e.conflicts.length > 0) &&
        matches(e, q),
    );
    map.setEvents(rows);
    const shown = selected ? rows.filter((e) => selected?.has(e.id)) : rows;
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
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (typeSel.value) params.set('type', typeSel.value);
    if (conflictsOnly.checked) params.set('conflicts', '1');
    if (selected) params.set('ids', [...selected].join(','));
    ctx.setQuery(params);
  }

  filter.addEventListener('input', () => {
    selected = null;
    apply();
  });
  typeSel.addEventListener('change', apply);
  conflictsOnly.addEventListener('change', apply);
  apply();
  ctx.setList(table);

  return h(
    'div',
    { class: 'events' },
    h('h1', {}, 'Events'),
    h(
      'div',
      { class: 'toolbar' },
      filter,
      typeSel,
      h('label', { for: 'conflicts-only' }, conflictsOnly, ' conflicts only'),
    ),
    selection,
    h(
      'div',
      { class: 'events-split' },
      h(
        'figure',
        { class: 'map-wrap' },
        map.el,
        h(
          'figcaption',
          {},
          'Markers sized by deaths; numbers are clusters. Click a marker to select its events.',
        ),
      ),
      table.el,
    ),
  );
}

/** A date as precise as it is known: `2022-04-03`, `week of 2022-03-28`, `2022-03`, `2022`. */
export function fmtEventDate(d: LedgerEvent['date']): string {
  if (!d) return '–';
  switch (d.precision) {
    case 'day':
      return d.start === d.end ? d.start : `${d.start}…`;
    case 'week':
      return `wk ${d.start}`;
    case 'month':
      return d.start.slice(0, 7);
    case 'year':
      return d.start.slice(0, 4);
  }
}

export function range(r: { low: number | null; best: number | null; high: number | null } | null): string {
  if (!r) return '–';
  const best = r.best ?? r.low ?? r.high;
  if (r.low !== null && r.high !== null && r.low !== r.high)
    return `${fmtNumber(best)} (${fmtNumber(r.low)}–${fmtNumber(r.high)})`;
  return fmtNumber(best);
}

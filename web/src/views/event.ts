import type { Range } from '../../../src/core/types.js';
import { route, type ViewContext } from '../app.js';
import { docLabel } from '../data.js';
import { fmtNumber, h } from '../dom.js';
import { snippet } from '../highlight.js';

export async function eventView({ model, params }: ViewContext): Promise<HTMLElement> {
  const id = params[0] ?? '';
  const e = model.events.get(id);
  if (!e) return h('p', { class: 'error', role: 'alert' }, `No event with id ${id}.`);

  const figure = (label: string, r: Range | null) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, label),
      h('td', { class: 'num' }, fmtNumber(r?.low)),
      h('td', { class: 'num' }, fmtNumber(r?.best)),
      h('td', { class: 'num' }, fmtNumber(r?.high)),
    );

  const mentions = await Promise.all(
    e.mentions.map(async (m) => {
      let body: HTMLElement;
      try {
        const page = await model.source.page(m.document);
        body = snippet(page.document.text, m.span, 'hl incident');
      } catch {
        body = h('blockquote', { class: 'snippet' }, h('mark', { class: 'hl incident' }, m.text));
      }
      return h(
        'li',
        { class: 'mention' },
        h(
          'a',
          { href: route(`document/${m.document}`, { at: String(m.span[0]) }) },
          docLabel(model, m.document),
        ),
        body,
      );
    }),
  );

  const place = e.place
    ? [e.place.name, e.place.admin1, e.place.country].filter(Boolean).join(', ') +
      ` (${e.place.precision}${e.place.lat !== null ? `, ${e.place.lat.toFixed(3)}, ${e.place.lon?.toFixed(3)}` : ''})`
    : 'unknown';

  return h(
    'article',
    { class: 'event-page' },
    h('p', {}, h('a', { href: '#/events' }, '← Events')),
    h('h1', {}, e.summary || `${e.type} event`),
    h(
      'dl',
      { class: 'meta' },
      h('dt', {}, 'Type'),
      h('dd', {}, `${e.type} — ${e.subtype}`),
      h('dt', {}, 'Date'),
      h(
        'dd',
        {},
        e.date
          ? `${e.date.start}${e.date.end !== e.date.start ? ` – ${e.date.end}` : ''} (${e.date.precision})`
          : 'unknown',
      ),
      h('dt', {}, 'Place'),
      h('dd', {}, place),
      h('dt', {}, 'Actors'),
      h('dd', {}, e.actors.length ? e.actors.map((a) => `${a.name} (${a.role})`).join('; ') : '–'),
      h('dt', {}, 'Sources'),
      h('dd', {}, `${e.sources} documents, ${e.independent_sources} independent`),
      h('dt', {}, 'Origins'),
      h('dd', {}, e.origins.length ? e.origins.join('; ') : '–'),
    ),
    h(
      'table',
      { class: 'figures', 'aria-label': 'Figures' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, ''),
          h('th', { scope: 'col' }, 'low'),
          h('th', { scope: 'col' }, 'best'),
          h('th', { scope: 'col' }, 'high'),
        ),
      ),
      h('tbody', {}, figure('Killed', e.killed), figure('Injured', e.injured)),
    ),
    h('h2', {}, 'Conflicts'),
    e.conflicts.length
      ? h(
          'ul',
          { class: 'conflicts' },
          e.conflicts.map((c) =>
            h(
              'li',
              {},
              h('strong', {}, c.field),
              ': ',
              c.values.map((v, i) => [
                i ? ' vs ' : '',
                h('span', { class: 'value' }, String(v.value)),
                ' (',
                v.documents.map((d, j) => [
                  j ? ', ' : '',
                  h('a', { href: route(`document/${d}`) }, docLabel(model, d)),
                ]),
                ')',
              ]),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'The sources agree.'),
    h('h2', {}, `Mentions (${e.mentions.length})`),
    h('ol', { class: 'mentions' }, mentions),
  );
}

import type { ReportDocument } from '../../../src/report/types.js';
import { route, type ViewContext } from '../app.js';
import { docShort } from '../data.js';
import { fmtDate, fmtNumber, h, shortHash } from '../dom.js';
import { type Mark, renderMarked } from '../highlight.js';
import { createVirtualTable } from '../virtual-table.js';

export function documentsView(ctx: ViewContext): HTMLElement {
  const { model, query } = ctx;
  const all = model.data.documents;
  const filter = h('input', {
    type: 'search',
    placeholder: 'Filter by title, outlet or source',
    'aria-label': 'Filter documents',
    value: query.get('q') ?? '',
  });
  const table = createVirtualTable<ReportDocument>({
    label: 'Documents',
    rowId: (d) => d.id,
    onOpen: (d) => (location.hash = route(`document/${d.id}`)),
    initialSort: { key: 'published', dir: 1 },
    columns: [
      {
        key: 'title',
        label: 'Title',
        sort: (d) => d.title ?? '',
        cell: (d) => h('a', { href: route(`document/${d.id}`) }, d.title ?? d.source),
      },
      { key: 'outlet', label: 'Outlet', sort: (d) => d.outlet ?? '', cell: (d) => d.outlet ?? '–' },
      {
        key: 'published',
        label: 'Published',
        sort: (d) => d.published ?? null,
        cell: (d) => fmtDate(d.published),
      },
      { key: 'family', label: 'Family', sort: (d) => d.family ?? '', cell: (d) => d.family ?? '–' },
      {
        key: 'length',
        label: 'Characters',
        numeric: true,
        sort: (d) => d.length,
        cell: (d) => fmtNumber(d.length),
      },
    ],
  });
  const apply = () => {
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    table.setRows(
      words.length
        ? all.filter((d) =>
            words.every((w) => [d.title, d.outlet, d.source, d.id].join(' ').toLowerCase().includes(w)),
          )
        : all,
    );
    const p = new URLSearchParams();
    if (filter.value.trim()) p.set('q', filter.value.trim());
    ctx.setQuery(p);
  };
  filter.addEventListener('input', apply);
  apply();
  ctx.setList(table);
  return h(
    'div',
    { class: 'documents' },
    h('h1', {}, 'Documents'),
    h('div', { class: 'toolbar' }, filter),
    table.el,
  );
}

export async function documentView(ctx: ViewContext): Promise<HTMLElement> {
  const { model, params, query } = ctx;
  const id = params[0] ?? '';
  const page = await model.source.page(id);
  const d = page.document;

  // Extraction highlights from the store when present, plus what the ledger says about this text.
  const marks: Mark[] = page.highlights.map((hl) => ({
    span: hl.span,
    cls: `hl ${hl.kind}`,
    label: hl.label,
  }));
  const { ledger } = model.data;
  for (const e of ledger.events)
    for (const m of e.mentions)
      if (m.document === id)
        marks.push({ span: m.span, cls: 'hl incident', label: `event: ${e.summary || e.type}` });
  for (const q of ledger.quotes)
    for (const m of q.mentions)
      if (m.document === id)
        marks.push({ span: m.span, cls: 'hl quote', label: `quote by ${q.speaker ?? 'unknown'}` });
  for (const c of ledger.claims)
    for (const m of c.mentions)
      if (m.document === id)
        marks.push({
          span: m.span,
          cls: `hl claim ${c.stance}`,
          label: `${c.stance} by ${c.claimant ?? 'unknown'}`,
        });
  const at = Number(query.get('at') ?? NaN);
  if (Number.isFinite(at)) {
    const target = marks.find((m) => m.span[0] === at);
    if (target) target.attrs = { id: 'target' };
  }

  const reuse = model.reuseByDoc.get(id) ?? [];
  const meta: [string, string | HTMLElement][] = [
    ['Outlet', d.outlet ?? '–'],
    ['Title', d.title ?? '–'],
    ['Published', fmtDate(d.published)],
    ['Byline', d.byline ?? '–'],
    ['Credits', d.credits.length ? d.credits.join(', ') : '–'],
    [
      'URL',
      d.url
        ? /^https?:\/\//i.test(d.url)
          ? h('a', { href: d.url, rel: 'noopener noreferrer nofollow', target: '_blank' }, d.url)
          : d.url
        : '–',
    ],
    ['Source', d.source],
    ['Reader', d.reader ?? '–'],
    ['Captured', fmtDate(d.capturedAt)],
    ['SHA-256', h('code', { class: 'hash' }, d.sha256)],
    ['Family', d.family ? h('a', { href: route('graph', { family: d.family }) }, d.family) : '–'],
  ];

  const text = h(
    'div',
    { class: 'doc-text', tabindex: 0, 'aria-label': 'Document text' },
    renderMarked(d.text, marks),
  );
  if (Number.isFinite(at))
    queueMicrotask(() => document.getElementById('target')?.scrollIntoView({ block: 'center' }));

  return h(
    'article',
    { class: 'document-page' },
    h('p', {}, h('a', { href: '#/documents' }, '← Documents')),
    h('h1', {}, d.title ?? d.source.split(/[\\/]/).pop() ?? d.source),
    h(
      'div',
      { class: 'doc-split' },
      h(
        'div',
        {},
        h(
          'ul',
          { class: 'legend', 'aria-label': 'Highlight legend' },
          ['incident', 'quantity', 'date', 'place', 'actor', 'quote', 'claim'].map((k) =>
            h('li', {}, h('mark', { class: `hl ${k}` }, k)),
          ),
        ),
        text,
      ),
      h(
        'aside',
        {},
        h('h2', {}, 'Metadata'),
        h(
          'dl',
          { class: 'meta' },
          meta.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
        ),
        h('h2', {}, 'Reuse'),
        reuse.length
          ? h(
              'ul',
              {},
              reuse.map((p) => {
                const other = p.a === id ? p.b : p.a;
                return h(
                  'li',
                  {},
                  h(
                    'a',
                    { href: route(`compare/${id}/${other}`) },
                    `${p.relation} with ${docShort(model, other)}`,
                  ),
                  ` (${p.passages.length} passages)`,
                );
              }),
            )
          : h('p', { class: 'muted' }, 'No reuse detected.'),
        h('h2', {}, 'Custody'),
        page.custody.length
          ? h(
              'table',
              { class: 'small custody-entries', 'aria-label': 'Custody entries' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ['#', 'action', 'sha256', 'captured', 'source'].map((c) => h('th', { scope: 'col' }, c)),
                ),
              ),
              h(
                'tbody',
                {},
                page.custody.map((c) =>
                  h(
                    'tr',
                    {},
                    h('td', { class: 'num' }, String(c.seq)),
                    h('td', {}, c.action),
                    h('td', {}, h('code', { title: c.sha256 ?? '' }, shortHash(c.sha256))),
                    h('td', {}, fmtDate(c.at)),
                    h('td', { class: 'wrap' }, c.source ?? '–'),
                  ),
                ),
              ),
            )
          : h('p', { class: 'muted' }, 'No custody entry names this document.'),
      ),
    ),
  );
}

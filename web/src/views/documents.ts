import type { HighlightKind, ReportDocument } from '../../../src/report/types.js';
import { route, type ViewContext } from '../app.js';
import { docShort, fileName } from '../data.js';
import { fmtDate, fmtPercent, h, shortHash } from '../dom.js';
import { copiedShare } from '../facts.js';
import { type Mark, renderMarked } from '../highlight.js';
import { createVirtualTable } from '../virtual-table.js';

/** Layers of the Document view's text, each a kind of highlight the reader can switch on and off. */
const LAYERS = {
  reuse: 'copied passages',
  figures: 'events, figures and dates',
  places: 'places and actors',
  quotes: 'quotes',
  claims: 'claims and denials',
} as const;
type Layer = keyof typeof LAYERS;
const DEFAULT_LAYERS: Layer[] = ['figures'];
const LAYER_OF: Record<HighlightKind, Layer> = {
  incident: 'figures',
  quantity: 'figures',
  date: 'figures',
  place: 'places',
  actor: 'places',
  quote: 'quotes',
  claim: 'claims',
};

export function documentsView(ctx: ViewContext): HTMLElement {
  const { model, query } = ctx;
  const all = model.data.documents;
  const shares = new Map<string, number>();
  const copied = (id: string) => {
    let v = shares.get(id);
    if (v === undefined) {
      v = copiedShare(model.reuseByDoc.get(id), id);
      shares.set(id, v);
    }
    return v;
  };
  const familySize = (id: string | null) => (id ? (model.families.get(id)?.documents.length ?? 1) : 0);
  const familyCell = (d: ReportDocument) => {
    const f = d.family ? model.families.get(d.family) : undefined;
    if (!f || f.documents.length < 2) return h('span', { class: 'muted' }, 'independent');
    return h(
      'a',
      { href: route('graph', { family: f.id }) },
      f.origin === d.id ? `origin of ${f.documents.length - 1}` : `1 of ${f.documents.length}`,
    );
  };
  const filter = h('input', {
    type: 'search',
    placeholder: 'Filter by title, outlet or file name',
    'aria-label': 'Filter documents',
    value: query.get('q') ?? '',
  });
  const table = createVirtualTable<ReportDocument>({
    label: 'Documents',
    rowId: (d) => d.id,
    onOpen: (d) => (location.hash = route(`document/${d.id}`)),
    rowHeight: 48,
    initialSort: { key: 'published', dir: 1 },
    columns: [
      {
        key: 'title',
        label: 'Title',
        width: '34%',
        sort: (d) => d.title ?? fileName(d.source),
        cell: (d) =>
          h(
            'span',
            { class: 'clamp' },
            h('a', { href: route(`document/${d.id}`) }, d.title ?? fileName(d.source)),
            h('br'),
            h('span', { class: 'muted small' }, fileName(d.source)),
          ),
      },
      {
        key: 'outlet',
        label: 'Outlet',
        width: '16%',
        sort: (d) => d.outlet ?? '',
        cell: (d) => d.outlet ?? '–',
      },
      {
        key: 'published',
        label: 'Published',
        width: '16%',
        sort: (d) => d.published ?? null,
        cell: (d) => fmtDate(d.published),
      },
      {
        key: 'family',
        label: 'Family',
        width: '18%',
        sort: (d) => familySize(d.family),
        cell: (d) => familyCell(d),
      },
      {
        key: 'copied',
        label: 'Share copied',
        width: '16%',
        numeric: true,
        sort: (d) => copied(d.id),
        cell: (d) => {
          const c = copied(d.id);
          return c > 0 ? fmtPercent(c) : '–';
        },
      },
    ],
  });
  const apply = () => {
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    table.setRows(
      words.length
        ? all.filter((d) =>
            words.every((w) =>
              [d.title, d.outlet, fileName(d.source), d.id].join(' ').toLowerCase().includes(w),
            ),
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

  // Extraction highlights from the store when present, plus what the ledger says about this text,
  // sorted into layers that the reader switches on and off.
  const layered: { layer: Layer; mark: Mark }[] = page.highlights.map((hl) => ({
    layer: LAYER_OF[hl.kind],
    mark: { span: hl.span, cls: `hl ${hl.kind}`, label: hl.label },
  }));
  const { ledger } = model.data;
  for (const e of ledger.events)
    for (const m of e.mentions)
      if (m.document === id)
        layered.push({
          layer: 'figures',
          mark: { span: m.span, cls: 'hl incident', label: `event: ${e.summary || e.type}` },
        });
  for (const q of ledger.quotes)
    for (const m of q.mentions)
      if (m.document === id)
        layered.push({
          layer: 'quotes',
          mark: { span: m.span, cls: 'hl quote', label: `quote by ${q.speaker ?? 'unknown'}` },
        });
  for (const c of ledger.claims)
    for (const m of c.mentions)
      if (m.document === id)
        layered.push({
          layer: 'claims',
          mark: {
            span: m.span,
            cls: `hl claim ${c.stance}`,
            label: `${c.stance} by ${c.claimant ?? 'unknown'}`,
          },
        });
  for (const p of model.reuseByDoc.get(id) ?? []) {
    const other = p.a === id ? p.b : p.a;
    for (const passage of p.passages)
      layered.push({
        layer: 'reuse',
        mark: {
          span: p.a === id ? passage.a : passage.b,
          cls: `passage ${passage.kind}`,
          label: `${passage.kind} passage shared with ${docShort(model, other)}`,
        },
      });
  }
  const at = Number(query.get('at') ?? NaN);
  if (Number.isFinite(at)) {
    const target = layered.find((m) => m.mark.span[0] === at);
    if (target) target.mark.attrs = { id: 'target' };
  }
  const asked = query.get('layers');
  const on = new Set<Layer>(
    asked !== null ? (asked.split(',').filter((l) => l in LAYERS) as Layer[]) : DEFAULT_LAYERS,
  );
  // A jump to a span shows the layer that holds it.
  const targetLayer = layered.find((m) => m.mark.attrs?.id === 'target')?.layer;
  if (targetLayer) on.add(targetLayer);

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
    ['File', fileName(d.source)],
    ['Share copied', fmtPercent(copiedShare(model.reuseByDoc.get(id), id))],
    ['Reader', d.reader ?? '–'],
    ['Captured', fmtDate(d.capturedAt)],
    ['SHA-256', h('code', { class: 'hash' }, d.sha256)],
    ['Family', d.family ? h('a', { href: route('graph', { family: d.family }) }, d.family) : '–'],
  ];

  const text = h('div', { class: 'doc-text', tabindex: 0, 'aria-label': 'Document text' });
  const draw = () =>
    text.replaceChildren(
      renderMarked(
        d.text,
        layered.filter((m) => on.has(m.layer)).map((m) => m.mark),
      ),
    );
  draw();
  const toggles = h(
    'fieldset',
    { class: 'layers' },
    h('legend', {}, 'Show in the text'),
    (Object.keys(LAYERS) as Layer[]).map((layer) => {
      const box = h('input', {
        type: 'checkbox',
        id: `layer-${layer}`,
        'data-layer': layer,
        onchange: (ev: Event) => {
          if ((ev.target as HTMLInputElement).checked) on.add(layer);
          else on.delete(layer);
          draw();
          const p = new URLSearchParams(query);
          p.set('layers', [...on].join(','));
          p.delete('at');
          ctx.setQuery(p);
        },
      });
      box.checked = on.has(layer);
      const count = layered.filter((m) => m.layer === layer).length;
      return h(
        'label',
        { for: `layer-${layer}`, class: `layer ${layer}` },
        box,
        ` ${LAYERS[layer]} `,
        h('span', { class: 'muted' }, `(${count})`),
      );
    }),
  );
  if (Number.isFinite(at))
    queueMicrotask(() => document.getElementById('target')?.scrollIntoView({ block: 'center' }));

  return h(
    'article',
    { class: 'document-page' },
    h('p', {}, h('a', { href: '#/documents' }, '← Documents')),
    h('h1', {}, d.title ?? fileName(d.source)),
    h(
      'div',
      { class: 'doc-split' },
      h('div', {}, toggles, text),
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
                  ['#', 'action', 'sha256', 'captured', 'file'].map((c) => h('th', { scope: 'col' }, c)),
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
                    h('td', { class: 'wrap' }, c.source ? fileName(c.source) : '–'),
                  ),
                ),
              ),
            )
          : h('p', { class: 'muted' }, 'No custody entry names this document.'),
      ),
    ),
  );
}

import type { ReusePair } from '../../../src/core/types.js';
import { route, type ViewContext } from '../app.js';
import { docLabel, docShort, fileName } from '../data.js';
import { fmtPercent, h, s } from '../dom.js';

const NODE_W = 200;
const NODE_H = 42;
const COL_GAP = 70;
const ROW_GAP = 14;
const PAD = 16;
const HEAD = 24;
const MAX_NODES = 300;
const MAX_WIDTH = 1180;

interface Box {
  id: string;
  x: number;
  y: number;
}

const clip = (t: string, n: number) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

/** Source → target of a pair (copied from → copied into); unknown keeps a → b for layout only. */
function ends(p: ReusePair): [string, string] {
  return p.direction === 'b>a' ? [p.b, p.a] : [p.a, p.b];
}

export function describePair(label: (id: string) => string, p: ReusePair): string {
  const [from, to] = ends(p);
  const arrow =
    p.direction === 'unknown'
      ? `${label(p.a)} — ${label(p.b)} (direction unknown)`
      : `${label(from)} → ${label(to)}`;
  return `${arrow}: ${p.relation}, ${p.passages.length} passage(s), shares ${fmtPercent(p.shared_a)} of ${label(p.a)} and ${fmtPercent(p.shared_b)} of ${label(p.b)}. Why: ${p.reason}`;
}

/**
 * Who copied whom as a layered graph laid out here: one box per family, documents in columns by
 * depth from the family's origin (longest path over directed reuse), edges from copied to copier.
 */
export function graphView(ctx: ViewContext): HTMLElement {
  const { model, query } = ctx;
  const only = query.get('family');
  const pairs = model.data.ledger.reuse;
  const inPairs = new Set(pairs.flatMap((p) => [p.a, p.b]));
  const familyOf = (id: string) => model.docs.get(id)?.family ?? `solo:${id}`;

  const groups = new Map<string, string[]>();
  for (const id of [...inPairs].sort()) {
    const f = familyOf(id);
    if (only && f !== only) continue;
    const list = groups.get(f) ?? [];
    list.push(id);
    groups.set(f, list);
  }
  const ordered = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const kept: [string, string[]][] = [];
  let count = 0;
  for (const g of ordered) {
    if (count + g[1].length > MAX_NODES && kept.length) break;
    kept.push(g);
    count += g[1].length;
  }
  const shown = new Set(kept.flatMap(([, ids]) => ids));
  const showUnknown = query.get('unknown') === '1';
  const unknownCount = pairs.filter(
    (p) => p.direction === 'unknown' && shown.has(p.a) && shown.has(p.b),
  ).length;
  const edges = pairs.filter(
    (p) => shown.has(p.a) && shown.has(p.b) && (showUnknown || p.direction !== 'unknown'),
  );

  // Longest-path layering over directed edges; capped so that a cycle cannot loop forever.
  const layer = new Map<string, number>([...shown].map((id) => [id, 0]));
  for (let round = 0; round < shown.size; round++) {
    let changed = false;
    for (const p of edges) {
      if (p.direction === 'unknown') continue;
      const [from, to] = ends(p);
      const want = (layer.get(from) ?? 0) + 1;
      if (want > (layer.get(to) ?? 0) && want < shown.size) {
        layer.set(to, want);
        changed = true;
      }
    }
    if (!changed) break;
  }

  const boxes = new Map<string, Box>();
  const familyRects: {
    id: string;
    x: number;
    y: number;
    w: number;
    hgt: number;
    size: number;
    origin: string | null;
  }[] = [];
  let cx = 0;
  let cy = 0;
  let shelf = 0;
  for (const [fid, ids] of kept) {
    const cols = new Map<number, string[]>();
    for (const id of ids) {
      const l = layer.get(id) ?? 0;
      const col = cols.get(l) ?? [];
      col.push(id);
      cols.set(l, col);
    }
    const layers = [...cols.keys()].sort((a, b) => a - b);
    const rows = Math.max(...[...cols.values()].map((c) => c.length));
    // Room on the right for arcs between documents of the same column (direction unknown).
    const w = PAD * 2 + layers.length * NODE_W + (layers.length - 1) * COL_GAP + 50;
    const hgt = HEAD + PAD * 2 + rows * NODE_H + (rows - 1) * ROW_GAP;
    if (cx > 0 && cx + w > MAX_WIDTH) {
      cx = 0;
      cy += shelf + 20;
      shelf = 0;
    }
    layers.forEach((l, ci) => {
      (cols.get(l) ?? []).forEach((id, ri) => {
        boxes.set(id, {
          id,
          x: cx + PAD + ci * (NODE_W + COL_GAP),
          y: cy + HEAD + PAD + ri * (NODE_H + ROW_GAP),
        });
      });
    });
    familyRects.push({
      id: fid,
      x: cx,
      y: cy,
      w,
      hgt,
      size: ids.length,
      origin: model.families.get(fid)?.origin ?? null,
    });
    cx += w + 20;
    shelf = Math.max(shelf, hgt);
  }
  const width = Math.max(400, ...familyRects.map((f) => f.x + f.w)) + 2;
  const height = cy + shelf + 2;

  const info = h(
    'p',
    { class: 'edge-info', 'aria-live': 'polite' },
    'Hover or focus an edge to see why it points that way; press Enter to compare the two texts.',
  );
  const svg = s('svg', {
    class: 'graph',
    viewBox: `0 0 ${width} ${height}`,
    role: 'group',
    'aria-label': 'Who copied whom',
  });
  svg.style.maxWidth = `${width}px`;
  const defs = s('defs', {});
  for (const kind of ['verbatim', 'paraphrase', 'mixed', 'duplicate', 'unknown']) {
    defs.appendChild(
      s(
        'marker',
        {
          id: `arrow-${kind}`,
          viewBox: '0 0 10 10',
          refX: 9,
          refY: 5,
          markerUnits: 'userSpaceOnUse',
          markerWidth: 11,
          markerHeight: 11,
          orient: 'auto-start-reverse',
          class: `arrow ${kind}`,
        },
        s('path', { d: 'M0,0 L10,5 L0,10 z' }),
      ),
    );
  }
  svg.appendChild(defs);

  for (const f of familyRects) {
    const name = f.id.startsWith('solo:') ? 'No family' : `Family ${f.id}`;
    svg.appendChild(
      s(
        'g',
        { class: 'family', 'aria-label': `${name}: ${f.size} documents` },
        s('rect', { x: f.x + 0.5, y: f.y + 0.5, width: f.w, height: f.hgt, rx: 8 }),
        s(
          'text',
          { x: f.x + 10, y: f.y + 17 },
          `${name} · ${f.size} docs${f.origin ? ` · origin ${docShort(model, f.origin)}` : ''}`,
        ),
      ),
    );
  }

  const edgeEls: SVGGElement[] = [];
  for (const p of edges) {
    const [from, to] = ends(p);
    const a = boxes.get(from);
    const b = boxes.get(to);
    if (!a || !b) continue;
    let d: string;
    if (b.x > a.x) {
      const x1 = a.x + NODE_W;
      const y1 = a.y + NODE_H / 2;
      const x2 = b.x - 2;
      const y2 = b.y + NODE_H / 2;
      const mx = (x1 + x2) / 2;
      d = `M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}`;
    } else {
      const x1 = a.x + NODE_W;
      const y1 = a.y + NODE_H / 2;
      const x2 = b.x + NODE_W + 2;
      const y2 = b.y + NODE_H / 2;
      const bulge = 30 + Math.abs(y2 - y1) / 3;
      d = `M${x1},${y1} C${x1 + bulge},${y1} ${x2 + bulge},${y2} ${x2},${y2}`;
    }
    const kind = p.direction === 'unknown' ? 'unknown' : p.relation;
    const desc = describePair((id) => docShort(model, id), p);
    const g = s(
      'g',
      {
        class: `edge ${p.relation}${p.direction === 'unknown' ? ' undirected' : ''}`,
        tabindex: 0,
        role: 'link',
        'aria-label': desc,
        'data-a': p.a,
        'data-b': p.b,
        onmouseenter: () => (info.textContent = desc),
        onfocus: () => (info.textContent = desc),
        onclick: () => (location.hash = route(`compare/${p.a}/${p.b}`)),
        onkeydown: (ev: Event) => {
          if ((ev as KeyboardEvent).key === 'Enter') location.hash = route(`compare/${p.a}/${p.b}`);
        },
      },
      s('title', {}, desc),
      s('path', { class: 'hit', d }),
      s('path', {
        class: 'line',
        d,
        'stroke-width': (1.5 + 7 * Math.max(p.shared_a, p.shared_b)).toFixed(1),
        'marker-end': p.direction === 'unknown' ? null : `url(#arrow-${kind})`,
      }),
    );
    edgeEls.push(g);
    svg.appendChild(g);
  }

  for (const b of boxes.values()) {
    const doc = model.docs.get(b.id);
    // Line one: outlet and date (or the date alone); line two: the title, or the file name.
    const date = doc?.published?.slice(0, 10) ?? '';
    const label = doc?.outlet ? `${doc.outlet}${date ? ` · ${date}` : ''}` : date || 'no date';
    const title = doc?.title ?? fileName(doc?.source ?? b.id);
    const isOrigin = model.families.get(doc?.family ?? '')?.origin === b.id;
    svg.appendChild(
      s(
        'a',
        {
          href: route(`document/${b.id}`),
          class: isOrigin ? 'node origin' : 'node',
        },
        s('title', {}, `${docLabel(model, b.id)}${isOrigin ? ' (family origin)' : ''}`),
        s('rect', { x: b.x, y: b.y, width: NODE_W, height: NODE_H, rx: 5 }),
        s('text', { x: b.x + 8, y: b.y + 17, class: 'who' }, clip(label, 28)),
        s('text', { x: b.x + 8, y: b.y + 34, class: 'title' }, clip(title, 32)),
      ),
    );
  }

  let active = -1;
  ctx.setList({
    move(delta) {
      if (!edgeEls.length) return;
      active = Math.max(0, Math.min(edgeEls.length - 1, active + delta));
      edgeEls[active]?.focus();
    },
    open() {
      edgeEls[active]?.dispatchEvent(new MouseEvent('click'));
    },
  });

  const unrelated = model.data.ledger.documents.length - inPairs.size;
  const toggle = h('input', {
    type: 'checkbox',
    id: 'show-unknown',
    onchange: (ev: Event) => {
      const p = new URLSearchParams(query);
      if ((ev.target as HTMLInputElement).checked) p.set('unknown', '1');
      else p.delete('unknown');
      const qs = p.toString();
      location.hash = `#/graph${qs ? `?${qs}` : ''}`;
    },
  });
  toggle.checked = showUnknown;
  const long = (id: string) => {
    const d = model.docs.get(id);
    return `${docShort(model, id)}${d?.published ? `, ${d.published.slice(0, 10)}` : ''}${d?.title && d.outlet ? `: ${d.title}` : ''}`;
  };
  const list = h(
    'div',
    { class: 'graph-list' },
    h('h2', {}, 'The same as a list'),
    kept.map(([fid, ids]) => {
      const fam = model.families.get(fid);
      const famPairs = edges.filter((p) => ids.includes(p.a));
      if (!famPairs.length) return null;
      return h(
        'section',
        { class: 'card', 'aria-label': fid.startsWith('solo:') ? 'No family' : `Family ${fid}` },
        h(
          'h3',
          {},
          `${ids.length} documents`,
          fam?.origin ? ` · origin: ${docShort(model, fam.origin)}` : '',
        ),
        h(
          'ul',
          {},
          famPairs.map((p) => {
            const [from, to] = ends(p);
            return h(
              'li',
              { class: 'pair' },
              h(
                'a',
                { href: route(`compare/${p.a}/${p.b}`) },
                p.direction === 'unknown'
                  ? `${long(p.a)} — ${long(p.b)}`
                  : `${long(to)} copies ${long(from)}`,
              ),
              h(
                'span',
                { class: 'muted' },
                ` (${p.relation}, ${fmtPercent(Math.max(p.shared_a, p.shared_b))} shared${p.direction === 'unknown' ? ', direction unknown' : ''})`,
              ),
            );
          }),
        ),
      );
    }),
  );
  return h(
    'div',
    { class: 'graph-view' },
    h('h1', {}, 'Who copied whom'),
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Legend' },
      h('li', {}, h('span', { class: 'key verbatim' }), 'verbatim'),
      h('li', {}, h('span', { class: 'key paraphrase' }), 'paraphrase (dashed)'),
      h('li', {}, h('span', { class: 'key mixed' }), 'mixed'),
      h('li', {}, h('span', { class: 'key duplicate' }), 'duplicate'),
      h('li', {}, h('span', { class: 'key unknown' }), 'direction unknown'),
      h('li', {}, 'width = shared fraction; arrow points from the source to the copy'),
    ),
    only ? h('p', {}, `Showing family ${only}. `, h('a', { href: '#/graph' }, 'Show all families')) : null,
    h(
      'p',
      { class: 'toolbar' },
      h(
        'label',
        { for: 'show-unknown' },
        toggle,
        ` Show the ${unknownCount} pair(s) whose direction is unknown`,
      ),
    ),
    info,
    edges.length
      ? h('div', { class: 'graph-scroll' }, svg)
      : h(
          'p',
          { class: 'muted' },
          unknownCount
            ? 'Every pair here has an unknown direction; show them with the switch above.'
            : 'No reuse was detected between documents.',
        ),
    edges.length ? list : null,
    shown.size < inPairs.size && !only
      ? h(
          'p',
          { class: 'muted' },
          `Showing the ${kept.length} largest families (${shown.size} documents); pick a family on the Overview to see the others.`,
        )
      : null,
    h('p', { class: 'muted' }, `${unrelated} document(s) share no passage with another and are not drawn.`),
  );
}

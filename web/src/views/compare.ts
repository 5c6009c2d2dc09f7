import type { Passage, ReusePair } from '../../../src/core/types.js';
import { route, type ViewContext } from '../app.js';
import { docLabel, docShort } from '../data.js';
import { fmtPercent, h } from '../dom.js';
import { renderMarked } from '../highlight.js';
import { describePair } from './graph.js';

/** The pair between two documents with passages oriented left/right, or null. */
function orient(
  pairs: ReusePair[],
  left: string,
  right: string,
): {
  pair: ReusePair;
  passages: { l: Passage['a']; r: Passage['b']; kind: Passage['kind']; score: number }[];
} | null {
  const pair = pairs.find((p) => (p.a === left && p.b === right) || (p.a === right && p.b === left));
  if (!pair) return null;
  const flip = pair.a !== left;
  const passages = pair.passages
    .map((p) => ({ l: flip ? p.b : p.a, r: flip ? p.a : p.b, kind: p.kind, score: p.score }))
    .sort((x, y) => x.l[0] - y.l[0] || x.r[0] - y.r[0]);
  return { pair, passages };
}

export async function compareView(ctx: ViewContext): Promise<HTMLElement> {
  const { model, params } = ctx;
  const pairs = model.data.ledger.reuse;
  let [left, right] = params;
  if (!left || !right) {
    const best = [...pairs].sort(
      (a, b) =>
        b.passages.length - a.passages.length ||
        Math.max(b.shared_a, b.shared_b) - Math.max(a.shared_a, a.shared_b),
    )[0];
    if (!best)
      return h(
        'div',
        {},
        h('h1', {}, 'Compare'),
        h('p', { class: 'muted' }, 'No reuse was detected, so there is nothing to compare.'),
      );
    [left, right] = best.direction === 'b>a' ? [best.b, best.a] : [best.a, best.b];
  }
  const l = left as string;
  const r = right as string;

  const options = (selected: string, label: string, onChange: (id: string) => void) => {
    const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))].sort((a, b) =>
      docLabel(model, a).localeCompare(docLabel(model, b)),
    );
    const sel = h(
      'select',
      { 'aria-label': label },
      ids.map((id) => h('option', { value: id }, docLabel(model, id))),
    );
    sel.value = selected;
    sel.addEventListener('change', () => onChange(sel.value));
    return sel;
  };

  const [pageL, pageR] = await Promise.all([model.source.page(l), model.source.page(r)]);
  const oriented = orient(pairs, l, r);
  const passages = oriented?.passages ?? [];

  const paneL = h('div', { class: 'pane', tabindex: 0, 'aria-label': `Text of ${docLabel(model, l)}` });
  const paneR = h('div', { class: 'pane', tabindex: 0, 'aria-label': `Text of ${docLabel(model, r)}` });
  const markAttrs = (i: number, kind: string) => ({
    'data-passage': String(i),
    'aria-label': `passage ${i + 1}, ${kind}`,
  });
  paneL.appendChild(
    h(
      'div',
      { class: 'text' },
      renderMarked(
        pageL.document.text,
        passages.map((p, i) => ({
          span: p.l,
          cls: `passage ${p.kind}`,
          label: `passage ${i + 1}: ${p.kind} (score ${p.score.toFixed(2)})`,
          attrs: markAttrs(i, p.kind),
        })),
      ),
    ),
  );
  paneR.appendChild(
    h(
      'div',
      { class: 'text' },
      renderMarked(
        pageR.document.text,
        passages.map((p, i) => ({
          span: p.r,
          cls: `passage ${p.kind}`,
          label: `passage ${i + 1}: ${p.kind} (score ${p.score.toFixed(2)})`,
          attrs: markAttrs(i, p.kind),
        })),
      ),
    ),
  );

  const firstMark = (pane: HTMLElement, i: number) =>
    pane.querySelector<HTMLElement>(`mark[data-passage~="${i}"]`);
  const topIn = (pane: HTMLElement, el: HTMLElement) =>
    el.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;

  // Scroll together: piecewise-linear map between the two panes through the passages' tops and
  // bottoms, keeping only anchors that increase on both sides.
  function anchors(): [number, number][] {
    const pts: [number, number][] = [[0, 0]];
    passages.forEach((_, i) => {
      const a = firstMark(paneL, i);
      const b = firstMark(paneR, i);
      if (!a || !b) return;
      const last = pts[pts.length - 1]!;
      const ta = topIn(paneL, a) - 40;
      const tb = topIn(paneR, b) - 40;
      if (ta > last[0] && tb > last[1]) pts.push([ta, tb]);
    });
    pts.push([
      Math.max(1, paneL.scrollHeight - paneL.clientHeight),
      Math.max(1, paneR.scrollHeight - paneR.clientHeight),
    ]);
    return pts;
  }
  function mapScroll(y: number, pts: [number, number][], from: 0 | 1): number {
    const to = from === 0 ? 1 : 0;
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1]!;
      const b = pts[i]!;
      if (y <= b[from] || i === pts.length - 1) {
        const t = b[from] === a[from] ? 0 : (y - a[from]) / (b[from] - a[from]);
        return a[to] + Math.max(0, Math.min(1, t)) * (b[to] - a[to]);
      }
    }
    return y;
  }
  let syncing: HTMLElement | null = null;
  const sync = (src: HTMLElement, dst: HTMLElement, from: 0 | 1) => () => {
    if (syncing === dst) {
      syncing = null;
      return;
    }
    syncing = src;
    dst.scrollTop = mapScroll(src.scrollTop, anchors(), from);
  };
  paneL.addEventListener('scroll', sync(paneL, paneR, 0));
  paneR.addEventListener('scroll', sync(paneR, paneL, 1));

  let current = -1;
  const counter = h(
    'span',
    { class: 'counter', 'aria-live': 'polite' },
    passages.length ? `${passages.length} aligned passages` : 'No aligned passages',
  );
  function jump(i: number): void {
    if (!passages.length) return;
    current = (i + passages.length) % passages.length;
    for (const m of document.querySelectorAll('mark.current')) m.classList.remove('current');
    for (const pane of [paneL, paneR]) {
      for (const m of pane.querySelectorAll(`mark[data-passage~="${current}"]`)) m.classList.add('current');
      const m = firstMark(pane, current);
      if (m) {
        syncing = pane === paneL ? paneR : paneL;
        pane.scrollTop = Math.max(0, topIn(pane, m) - 40);
      }
    }
    const p = passages[current]!;
    counter.textContent = `Passage ${current + 1} of ${passages.length}: ${p.kind}, score ${p.score.toFixed(2)}`;
  }
  for (const pane of [paneL, paneR]) {
    pane.addEventListener('click', (e) => {
      const m = (e.target as HTMLElement).closest('mark[data-passage]');
      if (m) jump(Number((m.getAttribute('data-passage') ?? '').split(' ')[0]));
    });
  }
  ctx.setList({ move: (d) => jump(current + d), open: () => undefined });

  const pair = oriented?.pair;
  const head = (id: string, page: typeof pageL, side: string) =>
    h(
      'div',
      { class: 'pane-head' },
      h('h2', {}, h('a', { href: route(`document/${id}`) }, docShort(model, id))),
      h(
        'p',
        { class: 'muted' },
        page.document.title ?? '',
        page.document.published ? ` · ${page.document.published}` : '',
      ),
      pair
        ? h(
            'p',
            {},
            `${fmtPercent(pair.a === id ? pair.shared_a : pair.shared_b)} of this text is reused (${side})`,
          )
        : null,
    );

  return h(
    'div',
    { class: 'compare' },
    h('h1', {}, 'Compare'),
    h(
      'div',
      { class: 'toolbar' },
      options(l, 'Left document', (id) => (location.hash = route(`compare/${id}/${r}`))),
      h(
        'button',
        {
          type: 'button',
          'aria-label': 'Swap sides',
          onclick: () => (location.hash = route(`compare/${r}/${l}`)),
        },
        '⇄',
      ),
      options(r, 'Right document', (id) => (location.hash = route(`compare/${l}/${id}`))),
      h(
        'button',
        { type: 'button', onclick: () => jump(current - 1) },
        h('span', { 'aria-hidden': 'true' }, '↑ '),
        'Previous passage',
      ),
      h(
        'button',
        { type: 'button', onclick: () => jump(current + 1) },
        h('span', { 'aria-hidden': 'true' }, '↓ '),
        'Next passage',
      ),
      counter,
    ),
    pair
      ? h(
          'p',
          { class: 'pair-info' },
          describePair((id) => docShort(model, id), pair),
        )
      : h('p', { class: 'muted' }, 'These two documents share no detected passage.'),
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Legend' },
      h('li', {}, h('mark', { class: 'passage verbatim' }, 'verbatim')),
      h('li', {}, h('mark', { class: 'passage paraphrase' }, 'paraphrase')),
    ),
    h(
      'div',
      { class: 'panes' },
      h('section', { class: 'side' }, head(l, pageL, 'left'), paneL),
      h('section', { class: 'side' }, head(r, pageR, 'right'), paneR),
    ),
  );
}

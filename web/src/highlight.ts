import type { Span } from '../../src/core/types.js';
import { h } from './dom.js';

export interface Mark {
  span: Span;
  /** CSS classes of the mark. */
  cls: string;
  label?: string;
  attrs?: Record<string, string>;
}

/**
 * The text as text nodes with `<mark>` elements over the spans. Overlapping spans are split at
 * every boundary; a piece covered by several marks takes the shortest (innermost) one's style and
 * all of their labels. Nothing in `text` is ever parsed as markup.
 */
export function renderMarked(text: string, marks: Mark[], offset = 0): DocumentFragment {
  const frag = document.createDocumentFragment();
  const valid = marks
    .map((m) => ({ ...m, s: Math.max(0, m.span[0] - offset), e: Math.min(text.length, m.span[1] - offset) }))
    .filter((m) => m.e > m.s);
  const cuts = new Set<number>([0, text.length]);
  for (const m of valid) {
    cuts.add(m.s);
    cuts.add(m.e);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const started = new Set<Mark>();
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const piece = text.slice(a, b);
    const covering = valid.filter((m) => m.s <= a && m.e >= b).sort((x, y) => x.e - x.s - (y.e - y.s));
    const inner = covering[0];
    if (!inner) {
      frag.appendChild(document.createTextNode(piece));
      continue;
    }
    const labels = [...new Set(covering.map((m) => m.label).filter(Boolean))].join(' · ');
    const first = !started.has(inner);
    started.add(inner);
    const attrs: Record<string, string> = { class: inner.cls };
    if (labels) attrs.title = labels;
    if (first && inner.attrs) Object.assign(attrs, inner.attrs);
    // A piece inside several passages belongs to each of them (matched with [data-passage~="i"]).
    const passages = [
      ...new Set(covering.map((m) => m.attrs?.['data-passage']).filter((p): p is string => p !== undefined)),
    ];
    if (passages.length) attrs['data-passage'] = passages.join(' ');
    frag.appendChild(h('mark', attrs, piece));
  }
  return frag;
}

/** The sentence(s) around a span, at most `max` characters either side. */
export function contextOf(text: string, span: Span, max = 220): { start: number; end: number } {
  let start = span[0];
  const lo = Math.max(0, span[0] - max);
  while (start > lo && !/[.!?\n]/.test(text[start - 1] ?? '')) start--;
  while (start < span[0] && /\s/.test(text[start] ?? '')) start++;
  let end = span[1];
  const hi = Math.min(text.length, span[1] + max);
  while (end < hi && !/[.!?\n]/.test(text[end] ?? '')) end++;
  if (end < text.length && /[.!?]/.test(text[end] ?? '')) end++;
  return { start, end };
}

/** A snippet element: the context of `span` in `text` with the span marked. */
export function snippet(text: string, span: Span, cls = 'hl'): HTMLElement {
  const { start, end } = contextOf(text, span);
  const body = renderMarked(text.slice(start, end), [{ span, cls }], start);
  return h('blockquote', { class: 'snippet' }, start > 0 ? '… ' : '', body, end < text.length ? ' …' : '');
}

import type { LedgerEvent } from '../../../src/core/types.js';
import { h, s } from '../dom.js';

const WIDTH = 900;
const HEIGHT = 110;
const AXIS = 18;
/** Types drawn in their own colour; the rest are "other". */
const MAX_TYPES = 6;

export interface Timeline {
  el: HTMLElement;
  setEvents(events: LedgerEvent[]): void;
}

/** The period an event starts in, at the given grain: `2022-04-03`, `2022-04`, `2022`. */
export function periodOf(start: string, grain: 'day' | 'month' | 'year'): string {
  return grain === 'day' ? start.slice(0, 10) : grain === 'month' ? start.slice(0, 7) : start.slice(0, 4);
}

/** First and last day of a period, for the date filters. */
export function periodRange(period: string): [string, string] {
  if (period.length === 10) return [period, period];
  if (period.length === 7) {
    const [y, m] = period.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return [`${period}-01`, `${period}-${String(last).padStart(2, '0')}`];
  }
  return [`${period}-01-01`, `${period}-12-31`];
}

/** Day grain for up to four months, month grain for up to six years, years beyond. */
export function grainFor(first: string, last: string): 'day' | 'month' | 'year' {
  const days = (Date.parse(last.slice(0, 10)) - Date.parse(first.slice(0, 10))) / 86_400_000;
  return days <= 120 ? 'day' : days <= 6 * 366 ? 'month' : 'year';
}

/**
 * Events over time, one stacked bar per period coloured by type. A click (or Enter) on a bar
 * narrows the date filters to its period.
 */
export function createTimeline(onPick: (from: string, to: string) => void): Timeline {
  const svg = s('svg', {
    class: 'timeline',
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'group',
    'aria-label': 'Events over time',
  });
  const legend = h('ul', { class: 'legend timeline-legend', 'aria-label': 'Event types' });
  const el = h('figure', { class: 'timeline-wrap' }, svg, h('figcaption', {}, legend));

  function setEvents(events: LedgerEvent[]): void {
    const dated = events.filter((e) => e.date);
    svg.replaceChildren();
    legend.replaceChildren();
    if (!dated.length) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const starts = dated.map((e) => e.date?.start ?? '').sort();
    const grain = grainFor(starts[0] ?? '', starts[starts.length - 1] ?? '');
    const typeCounts = new Map<string, number>();
    for (const e of dated) typeCounts.set(e.type, (typeCounts.get(e.type) ?? 0) + 1);
    const types = [...typeCounts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_TYPES)
      .map(([t]) => t);
    const colour = (t: string) => {
      const i = types.indexOf(t);
      return i < 0 ? 'other' : `t${i}`;
    };
    const periods = new Map<string, Map<string, number>>();
    for (const e of dated) {
      const p = periodOf(e.date?.start ?? '', grain);
      const byType = periods.get(p) ?? new Map<string, number>();
      const c = colour(e.type);
      byType.set(c, (byType.get(c) ?? 0) + 1);
      periods.set(p, byType);
    }
    const keys = [...periods.keys()].sort();
    const max = Math.max(...[...periods.values()].map((m) => [...m.values()].reduce((a, b) => a + b, 0)));
    const slot = WIDTH / keys.length;
    const barW = Math.max(2, Math.min(40, slot * 0.8));
    const plotH = HEIGHT - AXIS - 4;
    keys.forEach((key, i) => {
      const byType = periods.get(key) ?? new Map<string, number>();
      const total = [...byType.values()].reduce((a, b) => a + b, 0);
      const x = i * slot + (slot - barW) / 2;
      let y = HEIGHT - AXIS;
      const rects = [...types.map((_, j) => `t${j}`), 'other'].flatMap((c) => {
        const n = byType.get(c) ?? 0;
        if (!n) return [];
        const hgt = (n / max) * plotH;
        y -= hgt;
        return [
          s('rect', {
            class: c,
            x: x.toFixed(1),
            y: y.toFixed(1),
            width: barW.toFixed(1),
            height: hgt.toFixed(1),
          }),
        ];
      });
      const [from, to] = periodRange(key);
      const label = `${key}: ${total} event(s); show only these`;
      svg.appendChild(
        s(
          'g',
          {
            class: 'bar',
            tabindex: 0,
            role: 'button',
            'aria-label': label,
            onclick: () => onPick(from, to),
            onkeydown: (ev: Event) => {
              const k = (ev as KeyboardEvent).key;
              if (k === 'Enter' || k === ' ') {
                ev.preventDefault();
                onPick(from, to);
              }
            },
          },
          s('title', {}, label),
          s('rect', {
            class: 'hit',
            x: (i * slot).toFixed(1),
            y: 0,
            width: slot.toFixed(1),
            height: HEIGHT - AXIS,
          }),
          rects,
        ),
      );
    });
    // Axis labels: first, last and a few between.
    const every = Math.max(1, Math.ceil(keys.length / 8));
    keys.forEach((key, i) => {
      if (i % every && i !== keys.length - 1) return;
      svg.appendChild(
        s(
          'text',
          {
            class: 'tick',
            x: (i * slot + slot / 2).toFixed(1),
            y: HEIGHT - 4,
            'text-anchor': 'middle',
            'aria-hidden': 'true',
          },
          key,
        ),
      );
    });
    legend.append(
      ...types.map((t, j) => h('li', {}, h('span', { class: `swatch t${j}` }), t)),
      typeCounts.size > types.length ? h('li', {}, h('span', { class: 'swatch other' }), 'other types') : '',
      h('li', { class: 'muted' }, `per ${grain}; click a bar to show its events`),
    );
  }

  return { el, setEvents };
}

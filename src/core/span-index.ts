import type { Span } from './types.js';

/**
 * Spans of one document's records, sorted by start, so that the records lying in, overlapping or
 * touching a window are found without scanning the whole document: work per look-up grows with
 * the records near the window (and the longest record), not with the document's size.
 *
 * Results keep the records' original order, so a look-up returns exactly what
 * `items.filter(...)` over the whole array would.
 *
 * @example
 * const places = spanIndex(extraction.places);
 * places.inside([120, 240]); // the places lying within characters 120–240
 */
export interface SpanIndex<T> {
  /** Records with `window[0] <= start` and `end <= window[1]`. */
  inside(window: Span): T[];
  /** Records with `start < window[1]` and `end > window[0]`. */
  overlapping(window: Span): T[];
  /** Records with `start <= window[0]` and `end >= window[1]`. */
  containing(window: Span): T[];
  /** Position (in the original array) of the first record with `start <= at <= end`, or -1. */
  firstTouching(at: number): number;
  /** Position (in the original array) of the first record starting at `at`, or -1. */
  firstStartingAt(at: number): number;
}

interface Table {
  /** Positions in the original array, by start then position. */
  order: number[];
  starts: number[];
  longest: number;
}

const tables = new WeakMap<readonly { span: Span }[], SpanIndex<unknown>>();

/** The span index of an array of records, built once per array (arrays are not changed after extraction). */
export function spanIndex<T extends { span: Span }>(items: readonly T[]): SpanIndex<T> {
  // A short list is scanned: cheaper than sorting it, and most reports are short.
  if (items.length <= SHORT) return new ScannedList(items);
  const known = tables.get(items);
  if (known) return known as SpanIndex<T>;
  const made = buildIndex(items);
  tables.set(items, made as SpanIndex<unknown>);
  return made;
}

/** Lists up to this long are scanned rather than indexed. */
const SHORT = 48;

class ScannedList<T extends { span: Span }> implements SpanIndex<T> {
  constructor(private readonly items: readonly T[]) {}
  inside(w: Span): T[] {
    return this.items.filter((x) => x.span[0] >= w[0] && x.span[1] <= w[1]);
  }
  overlapping(w: Span): T[] {
    return this.items.filter((x) => x.span[0] < w[1] && x.span[1] > w[0]);
  }
  containing(w: Span): T[] {
    return this.items.filter((x) => x.span[0] <= w[0] && x.span[1] >= w[1]);
  }
  firstTouching(at: number): number {
    return this.items.findIndex((x) => x.span[0] <= at && x.span[1] >= at);
  }
  firstStartingAt(at: number): number {
    return this.items.findIndex((x) => x.span[0] === at);
  }
}

function buildIndex<T extends { span: Span }>(items: readonly T[]): SpanIndex<T> {
  const spans = items.map((x) => x.span);
  const order = spans.map((_, i) => i).sort((a, b) => (spans[a] as Span)[0] - (spans[b] as Span)[0] || a - b);
  const table: Table = {
    order,
    starts: order.map((i) => (spans[i] as Span)[0]),
    longest: spans.reduce((m, s) => Math.max(m, s[1] - s[0]), 0),
  };
  // Positions of the records starting in [from, to], in the original order, that pass `keep`.
  const select = (from: number, to: number, keep: (s: Span) => boolean): number[] => {
    const out: number[] = [];
    for (let k = firstAtLeast(table.starts, from); k < table.order.length; k++) {
      if ((table.starts[k] as number) > to) break;
      const i = table.order[k] as number;
      if (keep(spans[i] as Span)) out.push(i);
    }
    return out.sort((a, b) => a - b);
  };
  const pick = (positions: number[]) => positions.map((i) => items[i] as T);
  return {
    inside: (w) => pick(select(w[0], w[1], (s) => s[0] >= w[0] && s[1] <= w[1])),
    overlapping: (w) => pick(select(w[0] - table.longest, w[1], (s) => s[0] < w[1] && s[1] > w[0])),
    containing: (w) => pick(select(w[1] - table.longest, w[0], (s) => s[0] <= w[0] && s[1] >= w[1])),
    firstTouching: (at) => select(at - table.longest, at, (s) => s[0] <= at && s[1] >= at)[0] ?? -1,
    firstStartingAt: (at) => select(at, at, (s) => s[0] === at)[0] ?? -1,
  };
}

const positions = new WeakMap<readonly object[], Map<object, number>>();

/** `items.indexOf(item)` from a table built once per array. */
export function positionOf<T extends object>(items: readonly T[], item: T): number {
  if (items.length <= SHORT) return items.indexOf(item);
  let table = positions.get(items);
  if (!table) {
    table = new Map();
    for (let i = items.length - 1; i >= 0; i--) table.set(items[i] as T, i);
    positions.set(items, table);
  }
  return table.get(item) ?? -1;
}

/**
 * The first index in `0..length` at which `reached(i)` holds, for a predicate false up to some
 * index and true from there on (a binary search: a sorted list's first entry at or past a value).
 */
export function firstReached(length: number, reached: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reached(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The first position in an ascending list holding a value ≥ `value`. */
function firstAtLeast(sorted: readonly number[], value: number): number {
  return firstReached(sorted.length, (i) => (sorted[i] as number) >= value);
}

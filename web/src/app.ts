import type { Model } from './data.js';

/** What the keyboard drives in the current view: a list with an active item. */
export interface ListNav {
  move(delta: number): void;
  open(): void;
}

export interface ViewContext {
  model: Model;
  /** Path segments after the view name: `#/event/e1` → `['e1']`. */
  params: string[];
  query: URLSearchParams;
  setList(list: ListNav | null): void;
  /** Replace the query part of the current route without re-rendering. */
  setQuery(query: URLSearchParams): void;
}

export type View = (ctx: ViewContext) => HTMLElement | Promise<HTMLElement>;

export function route(path: string, query?: Record<string, string>): string {
  const q = query ? new URLSearchParams(Object.entries(query).filter(([, v]) => v !== '')).toString() : '';
  return `#/${path}${q ? `?${q}` : ''}`;
}

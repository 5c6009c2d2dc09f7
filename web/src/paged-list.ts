import { clear, h } from './dom.js';

export interface PagedList<T> {
  el: HTMLElement;
  setItems(items: T[]): void;
  move(delta: number): void;
  open(): void;
}

const PAGE = 50;

/**
 * A list of variable-height cards rendered a page at a time ("show more"), with one active card
 * for the keyboard. Used where rows cannot have a fixed height (quotes, claims).
 */
export function pagedList<T>(opts: {
  label: string;
  render: (item: T) => HTMLElement;
  id: (item: T) => string;
  onOpen?: (item: T) => void;
}): PagedList<T> {
  let items: T[] = [];
  let shown = 0;
  let active = -1;
  const listEl = h('div', { class: 'cards', role: 'list', 'aria-label': opts.label });
  const more = h('button', { type: 'button', class: 'more', onclick: () => grow() }, 'Show more');
  const status = h('p', { class: 'vstatus', 'aria-live': 'polite' });
  const el = h('div', {}, status, listEl, more);

  function grow(): void {
    const next = Math.min(items.length, shown + PAGE);
    for (let i = shown; i < next; i++) {
      const card = opts.render(items[i] as T);
      card.setAttribute('role', 'listitem');
      card.setAttribute('tabindex', '-1');
      listEl.appendChild(card);
    }
    shown = next;
    more.hidden = shown >= items.length;
    status.textContent = `${items.length.toLocaleString('en-US')} item(s)${shown < items.length ? `, showing ${shown}` : ''}`;
  }

  function setActive(i: number): void {
    if (!items.length) return;
    active = Math.max(0, Math.min(items.length - 1, i));
    while (active >= shown) grow();
    const cards = listEl.children;
    for (const c of Array.from(cards)) c.classList.remove('active');
    const card = cards[active] as HTMLElement | undefined;
    if (card) {
      card.classList.add('active');
      card.focus();
      card.scrollIntoView({ block: 'nearest' });
    }
  }

  return {
    el,
    setItems(next) {
      items = next;
      shown = 0;
      active = -1;
      clear(listEl);
      grow();
    },
    move: (d) => setActive(active + d),
    open() {
      const item = items[active];
      if (item && opts.onOpen) opts.onOpen(item);
    },
  };
}

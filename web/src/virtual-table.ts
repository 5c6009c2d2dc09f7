import { type Child, clear, h } from './dom.js';

export interface Column<T> {
  key: string;
  label: string;
  /** Sort key; columns without it cannot be sorted. */
  sort?: (row: T) => string | number | null;
  cell: (row: T) => Child;
  numeric?: boolean;
  width?: string;
}

export interface VirtualTableOptions<T> {
  label: string;
  columns: Column<T>[];
  rowId: (row: T) => string;
  onOpen: (row: T) => void;
  onActive?: (row: T | null) => void;
  rowHeight?: number;
  initialSort?: { key: string; dir: 1 | -1 };
}

export interface VirtualTable<T> {
  el: HTMLElement;
  setRows(rows: T[]): void;
  rows(): T[];
  move(delta: number): void;
  open(): void;
  /** Make the row with this id active and scroll it into view. */
  activate(id: string): void;
  /** Mark rows (e.g. those under a map marker) without moving. */
  mark(ids: Set<string>): void;
}

const OVERSCAN = 8;

/**
 * A table that renders only the rows in view (plus a few), with spacer rows above and below: 10,000
 * rows cost the same as 30. Rows have a fixed height; headers sort; one row is "active" for the
 * keyboard (j/k, arrows, Enter).
 */
export function createVirtualTable<T>(opts: VirtualTableOptions<T>): VirtualTable<T> {
  const rowHeight = opts.rowHeight ?? 34;
  let all: T[] = [];
  let sorted: T[] = [];
  let active = -1;
  let marked = new Set<string>();
  let sortKey = opts.initialSort?.key ?? '';
  let sortDir: 1 | -1 = opts.initialSort?.dir ?? 1;

  const headCells = opts.columns.map((col) => {
    const th = h('th', { scope: 'col', class: col.numeric ? 'num' : undefined });
    if (col.width) th.style.width = col.width;
    if (col.sort) {
      th.appendChild(
        h('button', { type: 'button', class: 'sort', onclick: () => sortBy(col.key) }, col.label),
      );
    } else th.textContent = col.label;
    return th;
  });
  const tbody = h('tbody');
  const table = h(
    'table',
    { class: 'vtable', 'aria-label': opts.label, 'aria-rowcount': 0 },
    h('thead', {}, h('tr', {}, headCells)),
    tbody,
  );
  const scroller = h(
    'div',
    { class: 'vscroll', tabindex: 0, 'aria-label': `${opts.label} (scrollable)` },
    table,
  );
  const status = h('p', { class: 'vstatus', 'aria-live': 'polite' });
  const el = h('div', { class: 'vtable-wrap' }, scroller, status);

  function sortBy(key: string): void {
    if (sortKey === key) sortDir = sortDir === 1 ? -1 : 1;
    else {
      sortKey = key;
      sortDir = opts.columns.find((c) => c.key === key)?.numeric ? -1 : 1;
    }
    applySort();
  }

  function applySort(): void {
    const col = opts.columns.find((c) => c.key === sortKey);
    sorted = all.slice();
    if (col?.sort) {
      const key = col.sort;
      const decorated = sorted.map((row, i) => ({ row, k: key(row), i }));
      decorated.sort((x, y) => {
        if (x.k === y.k) return x.i - y.i;
        if (x.k === null) return 1;
        if (y.k === null) return -1;
        return (x.k < y.k ? -1 : 1) * sortDir;
      });
      sorted = decorated.map((d) => d.row);
    }
    opts.columns.forEach((c, i) => {
      const th = headCells[i];
      if (!th) return;
      if (c.key === sortKey) th.setAttribute('aria-sort', sortDir === 1 ? 'ascending' : 'descending');
      else th.removeAttribute('aria-sort');
    });
    active = sorted.length ? Math.min(Math.max(active, 0), sorted.length - 1) : -1;
    render();
  }

  function render(): void {
    const top = scroller.scrollTop;
    const viewport = scroller.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
    const last = Math.min(sorted.length, Math.ceil((top + viewport) / rowHeight) + OVERSCAN);
    clear(tbody);
    const before = h('tr', { class: 'spacer', 'aria-hidden': 'true' });
    before.style.height = `${first * rowHeight}px`;
    tbody.appendChild(before);
    for (let i = first; i < last; i++) {
      const row = sorted[i] as T;
      const id = opts.rowId(row);
      const tr = h(
        'tr',
        {
          class: [i === active ? 'active' : '', marked.has(id) ? 'marked' : ''].join(' ').trim() || undefined,
          'data-id': id,
          'aria-rowindex': i + 2,
          'aria-selected': i === active ? 'true' : 'false',
          onclick: () => {
            setActive(i, false);
            opts.onOpen(row);
          },
          onmouseenter: () => opts.onActive?.(row),
        },
        opts.columns.map((c) => h('td', { class: c.numeric ? 'num' : undefined }, c.cell(row))),
      );
      tr.style.height = `${rowHeight}px`;
      tbody.appendChild(tr);
    }
    const after = h('tr', { class: 'spacer', 'aria-hidden': 'true' });
    after.style.height = `${(sorted.length - last) * rowHeight}px`;
    tbody.appendChild(after);
    table.setAttribute('aria-rowcount', String(sorted.length + 1));
    status.textContent = `${sorted.length.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')} rows`;
  }

  function setActive(i: number, scroll: boolean): void {
    if (!sorted.length) return;
    active = Math.max(0, Math.min(sorted.length - 1, i));
    if (scroll) {
      const y = active * rowHeight;
      const head = rowHeight;
      if (y < scroller.scrollTop) scroller.scrollTop = y;
      else if (y + 2 * rowHeight + head > scroller.scrollTop + scroller.clientHeight)
        scroller.scrollTop = y + 2 * rowHeight + head - scroller.clientHeight;
    }
    render();
    opts.onActive?.(sorted[active] ?? null);
  }

  let frame = 0;
  scroller.addEventListener('scroll', () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  });

  return {
    el,
    setRows(rows) {
      all = rows;
      applySort();
    },
    rows: () => sorted,
    move(delta) {
      setActive(active < 0 ? 0 : active + delta, true);
    },
    open() {
      const row = sorted[active];
      if (row) opts.onOpen(row);
    },
    activate(id) {
      const i = sorted.findIndex((r) => opts.rowId(r) === id);
      if (i >= 0) setActive(i, true);
    },
    mark(ids) {
      marked = ids;
      render();
    },
  };
}

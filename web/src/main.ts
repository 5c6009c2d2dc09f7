import './style.css';
import { type ListNav, route, type View, type ViewContext } from './app.js';
import {
  buildModel,
  DATA_ELEMENT_ID,
  embeddedSource,
  liveSource,
  type Model,
  TEXTS_ELEMENT_ID,
} from './data.js';
import { clear, h } from './dom.js';
import { claimsView } from './views/claims.js';
import { compareView } from './views/compare.js';
import { custodyView } from './views/custody.js';
import { documentsView, documentView } from './views/documents.js';
import { eventView } from './views/event.js';
import { eventsView } from './views/events.js';
import { graphView } from './views/graph.js';
import { overviewView } from './views/overview.js';
import { quotesView } from './views/quotes.js';
import { searchView } from './views/search.js';
import { uploadView } from './views/upload.js';

const views: Record<string, { view: View; nav?: string; title: string }> = {
  '': { view: overviewView, nav: 'Overview', title: 'Overview' },
  events: { view: eventsView, nav: 'Events', title: 'Events' },
  event: { view: eventView, title: 'Event' },
  graph: { view: graphView, nav: 'Who copied whom', title: 'Who copied whom' },
  compare: { view: compareView, nav: 'Compare', title: 'Compare' },
  quotes: { view: quotesView, nav: 'Quotes', title: 'Quotes' },
  claims: { view: claimsView, nav: 'Claims', title: 'Claims' },
  documents: { view: documentsView, nav: 'Documents', title: 'Documents' },
  document: { view: documentView, title: 'Document' },
  custody: { view: custodyView, nav: 'Custody', title: 'Chain of custody' },
  upload: { view: uploadView, nav: 'Add documents', title: 'Add documents' },
  search: { view: searchView, title: 'Search' },
};

const HELP: [string, string][] = [
  ['j / ↓', 'next item in the list'],
  ['k / ↑', 'previous item in the list'],
  ['Enter', 'open the active item'],
  ['/', 'search'],
  ['?', 'show or hide this help'],
  ['Esc', 'close help, leave the search box'],
  [
    'g then o/e/w/c/q/l/d/u',
    'go to Overview, Events, Who copied whom, Compare, Quotes, Claims, Documents, Custody',
  ],
];

async function boot(): Promise<void> {
  const root = document.getElementById('app') as HTMLElement;
  const dataEl = document.getElementById(DATA_ELEMENT_ID);
  const source = dataEl ? embeddedSource(dataEl, document.getElementById(TEXTS_ELEMENT_ID)) : liveSource();
  let model: Model;
  try {
    model = buildModel(source, await source.load());
  } catch (err) {
    root.appendChild(
      h('p', { class: 'error', role: 'alert' }, `Could not load the data: ${(err as Error).message}`),
    );
    return;
  }

  let list: ListNav | null = null;
  const search = h('input', {
    type: 'search',
    id: 'search',
    placeholder: 'Search  ( / )',
    'aria-label': 'Search events, quotes, claims and documents',
    autocomplete: 'off',
  });
  const searchForm = h(
    'form',
    {
      role: 'search',
      class: 'search',
      onsubmit: (e: Event) => {
        e.preventDefault();
        location.hash = route('search', { q: search.value.trim() });
      },
    },
    search,
  );
  const navLinks = Object.entries(views)
    .filter(([, v]) => v.nav)
    .map(([key, v]) =>
      h(
        'a',
        { href: `#/${key}`, 'data-view': key },
        key === 'upload' && source.mode === 'report' ? 'Downloads' : (v.nav ?? ''),
      ),
    );
  const helpButton = h(
    'button',
    { type: 'button', class: 'help-button', 'aria-label': 'Keyboard shortcuts', onclick: () => toggleHelp() },
    '?',
  );
  const header = h(
    'header',
    { class: 'top' },
    h('a', { class: 'brand', href: '#/' }, 'Corroborate'),
    h(
      'span',
      { class: 'mode', title: source.mode === 'report' ? 'Single-file report' : 'Live over the store' },
      source.mode === 'report' ? 'report' : 'live',
    ),
    h('nav', { 'aria-label': 'Views' }, navLinks),
    searchForm,
    helpButton,
  );
  const main = h('main', { id: 'view', tabindex: -1 });
  const help = h(
    'dialog',
    { id: 'help', 'aria-label': 'Keyboard shortcuts' },
    h('h2', {}, 'Keyboard shortcuts'),
    h(
      'dl',
      {},
      HELP.map(([k, v]) => [h('dt', {}, h('kbd', {}, k)), h('dd', {}, v)]),
    ),
    h('button', { type: 'button', onclick: () => help.close() }, 'Close'),
  );
  root.append(header, main, help);

  function toggleHelp(): void {
    if (help.open) help.close();
    else help.showModal();
  }

  let renderSeq = 0;
  async function render(): Promise<void> {
    const seq = ++renderSeq;
    const hash = location.hash.replace(/^#\/?/, '');
    const [pathPart = '', queryPart = ''] = hash.split('?');
    const [name = '', ...params] = pathPart.split('/').map((p) => decodeURIComponent(p));
    const entry = views[name] ?? views['']!;
    for (const a of navLinks) {
      const key = a.getAttribute('data-view');
      const current =
        key === name ||
        (key === 'events' && name === 'event') ||
        (key === 'documents' && name === 'document');
      if (current) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    list = null;
    const ctx: ViewContext = {
      model,
      params,
      query: new URLSearchParams(queryPart),
      setList: (l) => {
        list = l;
      },
      setQuery: (q) => {
        const s = q.toString();
        history.replaceState(null, '', `#/${pathPart}${s ? `?${s}` : ''}`);
      },
    };
    let content: HTMLElement;
    // Marks for profiling (bench/report): view built vs painted.
    performance.mark('view:start');
    try {
      content = await entry.view(ctx);
      performance.mark('view:built');
    } catch (err) {
      content = h('p', { class: 'error', role: 'alert' }, (err as Error).message);
    }
    if (seq !== renderSeq) return;
    clear(main);
    main.appendChild(content);
    document.title = `${entry.title} · Corroborate`;
    if (name === 'search') search.value = ctx.query.get('q') ?? '';
    main.dispatchEvent(new CustomEvent('view-rendered'));
    document.body.setAttribute('data-view', name || 'overview');
  }

  let pendingG = false;
  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    const typing = target.closest('input, textarea, select, [contenteditable]') !== null;
    if (e.key === 'Escape') {
      if (typing) (target as HTMLElement).blur();
      return;
    }
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (help.open && e.key !== '?') return;
    if (pendingG) {
      pendingG = false;
      const to: Record<string, string> = {
        o: '',
        e: 'events',
        w: 'graph',
        c: 'compare',
        q: 'quotes',
        l: 'claims',
        d: 'documents',
        u: 'custody',
      };
      if (e.key in to) {
        location.hash = `#/${to[e.key]}`;
        e.preventDefault();
        return;
      }
    }
    switch (e.key) {
      case '/':
        e.preventDefault();
        search.focus();
        search.select();
        return;
      case '?':
        e.preventDefault();
        toggleHelp();
        return;
      case 'g':
        pendingG = true;
        return;
      case 'j':
      case 'ArrowDown':
        if (list) {
          e.preventDefault();
          list.move(1);
        }
        return;
      case 'k':
      case 'ArrowUp':
        if (list) {
          e.preventDefault();
          list.move(-1);
        }
        return;
      case 'Enter':
        if (list && (target === document.body || target === main || target.classList.contains('vscroll'))) {
          e.preventDefault();
          list.open();
        }
        return;
    }
  });

  window.addEventListener('hashchange', () => void render());
  await render();
  document.body.setAttribute('data-ready', 'true');
  // For bench/report: the first view is drawn and the main thread is free for input.
  requestAnimationFrame(() => setTimeout(() => performance.mark('corroborate:usable'), 0));
}

void boot();

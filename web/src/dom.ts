/**
 * The only way the front end creates DOM. Every string child becomes a text node, attributes are
 * set one by one (never `innerHTML`), and links take only `#` routes or http(s) URLs, so that text
 * from documents can never become markup or script.
 */
export type Child = Node | string | number | null | undefined | false | Child[];
type Handler = (event: Event) => void;
export type Attrs = Record<string, string | number | boolean | null | undefined | Handler>;

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el: Element, attrs: Attrs | undefined): void {
  if (!attrs) return;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') {
      el.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
      continue;
    }
    if (name === 'style' || /^on/i.test(name)) throw new Error(`dom: attribute ${name} is not allowed`);
    if (name === 'href') {
      const href = safeHref(String(value));
      if (href !== null) el.setAttribute('href', href);
      continue;
    }
    el.setAttribute(name, value === true ? '' : String(value));
  }
}

/** A route (`#/...`) or an absolute http(s) URL; anything else (javascript:, data:) is refused. */
export function safeHref(href: string): string | null {
  if (href.startsWith('#')) return href;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else if (child instanceof Node) parent.appendChild(child);
    else parent.appendChild(document.createTextNode(String(child)));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Attrs,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

export function fmtNumber(n: number | null | undefined): string {
  return n === null || n === undefined ? '–' : n.toLocaleString('en-US');
}

export function fmtPercent(f: number): string {
  return `${Math.round(f * 100)}%`;
}

export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  return iso.length > 10 ? iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC') : iso;
}

export function shortHash(hash: string | null | undefined, n = 12): string {
  return hash ? hash.slice(0, n) : '–';
}

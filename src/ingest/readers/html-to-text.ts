import { parseHTML } from 'linkedom';

/**
 * Plain text of an HTML element: one paragraph per block element (`<p>`, `<div>`, headings, list
 * items, table rows, …), paragraphs separated by a blank line, `<br>` as a line break, runs of
 * white space collapsed as a browser renders them, `<pre>` kept as written. Scripts, styles and
 * other non-text elements are skipped. The walk is iterative, so it cannot overflow the stack (the
 * caller still caps depth with `markupDepth` before parsing).
 */
const blocks = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);
const skipped = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'select',
  'button',
  'input',
  'textarea',
  'audio',
  'video',
]);
const cells = new Set(['td', 'th']);
// HTML parsers turn NUL into U+FFFD, so NUL cannot occur in text nodes and can mark a <br>.
const LINE_BREAK = '\u0000';

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
  parentNode: DomNode | null;
}

export function elementToText(root: unknown): string {
  const paragraphs: string[] = [];
  let inline = '';
  let preDepth = 0;
  const flush = () => {
    const text = preDepth > 0 ? inline.replace(/^\n+|\s+$/g, '') : collapse(inline);
    if (text !== '') paragraphs.push(text);
    inline = '';
  };
  const enter = (node: DomNode): boolean => {
    if (node.nodeType === 3) {
      inline += node.textContent ?? '';
      return false;
    }
    if (node.nodeType !== 1) return false;
    const name = node.nodeName.toLowerCase();
    if (skipped.has(name)) return false;
    if (name === 'br') {
      inline += preDepth > 0 ? '\n' : LINE_BREAK;
      return false;
    }
    if (blocks.has(name)) flush();
    else if (cells.has(name)) inline += ' ';
    if (name === 'pre') preDepth++;
    return node.firstChild !== null;
  };
  const leave = (node: DomNode) => {
    if (node.nodeType !== 1) return;
    const name = node.nodeName.toLowerCase();
    if (blocks.has(name)) flush();
    if (name === 'pre') preDepth--;
  };

  const top = root as DomNode;
  let node: DomNode | null = top.firstChild;
  while (node) {
    if (enter(node)) {
      node = node.firstChild as DomNode;
      continue;
    }
    leave(node);
    while (node && !node.nextSibling) {
      node = node.parentNode;
      if (!node || node === top) {
        node = null;
        break;
      }
      leave(node);
    }
    node = node ? node.nextSibling : null;
  }
  flush();
  return paragraphs.join('\n\n');
}

function collapse(text: string): string {
  return text
    .replace(/[ \t\n\r\f]+/g, ' ')
    .split(LINE_BREAK)
    .map((line) => line.trim())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

/** Text of an HTML fragment (a feed item's description or content). Depth must be checked first. */
export function htmlFragmentToText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  return elementToText(document.body);
}

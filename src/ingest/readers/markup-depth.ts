/**
 * A cheap, linear pre-scan of HTML or XML nesting depth, run before any parser builds a tree.
 * Parsers and tree walkers slow down or overflow the stack on hostile nesting (100,000 nested
 * `<div>`s); this scan needs no tree and stops as soon as the limit is passed.
 *
 * For HTML it does not count void elements (`<br>`) nor elements whose end tag is optional
 * (`<p>`, `<li>`, `<td>` …), so pages with unclosed paragraphs are not mistaken for deep ones.
 */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const optionalEnd = new Set([
  'html',
  'head',
  'body',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'option',
  'optgroup',
  'rp',
  'rt',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
]);
const rawText = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript', 'template']);

/** Deepest nesting found, scanning until `limit` is passed (then the result is `limit + 1`). */
export function markupDepth(markup: string, mode: 'html' | 'xml', limit: number): number {
  return scanMarkup(markup, mode, limit).depth;
}

/** Deepest nesting (up to `limit + 1`) and the number of start tags seen. */
export function scanMarkup(
  markup: string,
  mode: 'html' | 'xml',
  limit: number,
): { depth: number; elements: number } {
  let depth = 0;
  let max = 0;
  let elements = 0;
  let i = markup.indexOf('<');
  while (i >= 0 && i < markup.length) {
    if (markup.startsWith('<!--', i)) {
      const end = markup.indexOf('-->', i + 4);
      if (end < 0) break;
      i = markup.indexOf('<', end + 3);
      continue;
    }
    if (markup.startsWith('<![CDATA[', i)) {
      const end = markup.indexOf(']]>', i + 9);
      if (end < 0) break;
      i = markup.indexOf('<', end + 3);
      continue;
    }
    const close = markup.charCodeAt(i + 1) === 47; // '/'
    const nameStart = close ? i + 2 : i + 1;
    let nameEnd = nameStart;
    while (nameEnd < markup.length && isNameChar(markup.charCodeAt(nameEnd))) nameEnd++;
    if (nameEnd === nameStart) {
      i = markup.indexOf('<', i + 1);
      continue;
    }
    const tagEnd = markup.indexOf('>', nameEnd);
    if (tagEnd < 0) break;
    const name = markup.slice(nameStart, nameEnd);
    const key = mode === 'html' ? name.toLowerCase() : name;
    const selfClosing = markup.charCodeAt(tagEnd - 1) === 47;
    if (close) {
      if (!(mode === 'html' && (voidElements.has(key) || optionalEnd.has(key))) && depth > 0) depth--;
      i = markup.indexOf('<', tagEnd + 1);
      continue;
    }
    elements++;
    if (mode === 'html' && rawText.has(key) && !selfClosing) {
      const endTag = new RegExp(`</${key}`, 'gi');
      endTag.lastIndex = tagEnd + 1;
      i = endTag.exec(markup)?.index ?? -1;
      continue;
    }
    if (!selfClosing && !(mode === 'html' && (voidElements.has(key) || optionalEnd.has(key)))) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return { depth: max, elements };
      }
    }
    i = markup.indexOf('<', tagEnd + 1);
  }
  return { depth: max, elements };
}

function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 58 ||
    c === 45 ||
    c === 95 ||
    c === 46
  );
}

/**
 * A cheap, linear pre-scan of HTML or XML nesting depth, run before any parser builds a tree.
 * Parsers and tree walkers slow down or overflow the stack on hostile nesting (100,000 nested
 * `<div>`s); this scan needs no tree and stops as soon as the limit is passed.
 *
 * For HTML it follows the rules of the parser that builds the tree (htmlparser2, under linkedom),
 * so that it neither under- nor over-counts: a `/` before `>` closes only void elements and
 * elements inside `<svg>`/`<math>` (`<div/>` opens a `<div>`); an end tag closes the innermost
 * open element of its name and everything inside it, and is ignored when no such element is open
 * (`</x>` closes nothing); a start tag implicitly closes the elements its name implies
 * (`<li>` an open `<li>`, `<p>` or a block an open `<p>`, `<tr>` an open `<tr>`/`<td>`…). The
 * open elements are kept on a stack no deeper than the limit, so the scan stays linear.
 */
const voidElements = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const pTag = new Set(['p']);
const formTags = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const tableSectionTags = new Set(['thead', 'tbody']);
const ddtTags = new Set(['dd', 'dt']);
const rtpTags = new Set(['rt', 'rp']);
/** Start tags that close open elements first (innermost first, while they are of these names). */
const openImpliesClose = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', ddtTags],
  ['dt', ddtTags],
  ['rt', rtpTags],
  ['rp', rtpTags],
  ['tbody', tableSectionTags],
  ['tfoot', tableSectionTags],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map(
    (t) => [t, formTags] as [string, Set<string>],
  ),
  ...[
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((t) => [t, pTag] as [string, Set<string>]),
]);
const foreignElements = new Set(['math', 'svg']);
const integrationElements = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);
/** Elements whose content the tokenizer reads as text up to their end tag. */
const rawText = new Set(['script', 'style', 'textarea', 'title', 'xmp']);

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
  const html = mode === 'html';
  // Open elements, innermost last; `foreign` says, per svg/math/integration element, whether a
  // self-closing slash counts inside it.
  const stack: string[] = [];
  const foreign: boolean[] = [];
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
    const key = html ? name.toLowerCase() : name;
    const slash = markup.charCodeAt(tagEnd - 1) === 47;
    i = markup.indexOf('<', tagEnd + 1);
    if (close) {
      if (html && (foreignElements.has(key) || integrationElements.has(key))) foreign.pop();
      if (html && voidElements.has(key)) continue;
      // The innermost open element of that name closes with everything inside it; none: ignored.
      const at = stack.lastIndexOf(key);
      if (at >= 0) stack.length = at;
      continue;
    }
    elements++;
    if (html) {
      const implied = openImpliesClose.get(key);
      if (implied) while (stack.length > 0 && implied.has(stack[stack.length - 1] as string)) stack.pop();
      if (voidElements.has(key)) continue;
      if (foreignElements.has(key)) foreign.push(true);
      else if (integrationElements.has(key)) foreign.push(false);
      if (slash && foreign[foreign.length - 1] === true) continue;
      if (rawText.has(key) && !slash) {
        const endTag = new RegExp(`</${key}`, 'gi');
        endTag.lastIndex = tagEnd + 1;
        // Its end tag (read next) closes it, and ends its foreign context (`title`).
        i = endTag.exec(markup)?.index ?? -1;
        continue;
      }
    } else if (slash) continue;
    stack.push(key);
    if (stack.length > max) {
      max = stack.length;
      if (max > limit) return { depth: max, elements };
    }
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

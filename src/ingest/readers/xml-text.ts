/**
 * Text values from fast-xml-parser output, parsed with entity processing OFF: only the five
 * predefined XML entities and numeric character references are decoded, here, in one pass, so
 * nothing can expand recursively. CDATA sections (kept apart by `cdataPropName: '#cdata'`, or left
 * raw inside stop nodes) are taken as written.
 */
export function xmlDecode(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, name: string) => {
    switch (name) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  });
}

/** The raw inner XML of a stop node with CDATA sections unwrapped and entities decoded outside them. */
export function rawInnerText(raw: string): string {
  let out = '';
  let off = 0;
  for (;;) {
    const start = raw.indexOf('<![CDATA[', off);
    if (start < 0) return out + xmlDecode(raw.slice(off));
    const end = raw.indexOf(']]>', start + 9);
    out += xmlDecode(raw.slice(off, start)) + raw.slice(start + 9, end < 0 ? raw.length : end);
    if (end < 0) return out;
    off = end + 3;
  }
}

/** The text of a parsed element: a string, `{ '#text', '#cdata' }`, or the first of a list. */
export function textOf(node: unknown): string {
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === 'string') return xmlDecode(node).trim();
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (node && typeof node === 'object') {
    const obj = node as Record<string, unknown>;
    const text = typeof obj['#text'] === 'string' ? xmlDecode(obj['#text']) : '';
    const cdata = Array.isArray(obj['#cdata'])
      ? obj['#cdata'].join('')
      : typeof obj['#cdata'] === 'string'
        ? obj['#cdata']
        : '';
    return (text + cdata).trim();
  }
  return '';
}

/** An attribute of a parsed element (`@_name`), or undefined. */
export function attributeOf(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const value = (node as Record<string, unknown>)[`@_${name}`];
  return typeof value === 'string' ? xmlDecode(value) : undefined;
}

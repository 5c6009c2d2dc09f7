/**
 * Chooses the reader for an input from its name and its first bytes.
 *
 * Order: strong content signatures (gzip magic, `WARC/1.x`) win over the extension; then the
 * extension; then content sniffing (`<rss`, `<feed`, `<rdf:RDF`, TREC/DUC `<DOC><DOCNO>`,
 * `<html`/`<!doctype html`, JSON and JSON Lines); plain text otherwise. A `.txt` file that opens
 * with `<DOC><DOCNO>` is TREC SGML: collections are often saved with that extension.
 */
export type InputFormat = 'text' | 'markdown' | 'html' | 'json' | 'jsonl' | 'warc' | 'rss' | 'atom' | 'trec';

const byExtension: Record<string, InputFormat> = {
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  json: 'json',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
  warc: 'warc',
  rss: 'rss',
  atom: 'atom',
  sgml: 'trec',
  sgm: 'trec',
};

export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The extension of the last path segment, lower-cased, with a trailing `.gz` removed. */
export function extensionOf(source: string): string {
  const name = (source.split(/[\\/]/).pop() ?? '').toLowerCase().replace(/\.gz$/, '');
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
}

function fromExtension(source: string): InputFormat | undefined {
  const ext = extensionOf(source);
  if (ext === 'xml') return undefined;
  return byExtension[ext];
}

/**
 * Format of uncompressed bytes, by signature, extension, then content. `source` is the path or URL;
 * only its extension is used (`.gz` removed). Gzip is unwrapped first by `readInput`.
 */
export function detectFormat(bytes: Uint8Array, source: string): InputFormat {
  // The common case, a file whose extension names a format other than a feed and whose content
  // starts with an ASCII character that cannot open a WARC header, is settled from the bytes
  // alone; anything else decodes the head and sniffs it below.
  const ext = fromExtension(source);
  if (ext && ext !== 'rss' && ext !== 'atom') {
    const first = bytes[firstContentByte(bytes)];
    if (first === 0x3c /* < */ && ext === 'text')
      return sniffFormat(bytes, undefined) === 'trec' ? 'trec' : ext;
    if (first === undefined || (first < 0x80 && first !== 0x57) /* W */) return ext;
  }
  return sniffFormat(bytes, ext);
}

/** Index of the first byte after a UTF-8 byte-order mark and ASCII white space. */
function firstContentByte(bytes: Uint8Array): number {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b !== 0x20 && (b < 0x09 || b > 0x0d)) break;
    i++;
  }
  return i;
}

function sniffFormat(bytes: Uint8Array, ext: InputFormat | undefined): InputFormat {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const start = head.trimStart();
  if (/^WARC\/1\.\d\r?\n/.test(start)) return 'warc';
  if (ext) return ext === 'rss' || ext === 'atom' ? (feedKind(start) ?? ext) : ext;
  if (start.startsWith('<')) {
    const feed = feedKind(start);
    if (feed) return feed;
    if (looksLikeTrec(start)) return 'trec';
    if (/<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(start)) return 'html';
    if (/^<(p|div|article|section|h[1-6])[\s>]/i.test(start)) return 'html';
    return 'text';
  }
  if (start.startsWith('[')) return 'json';
  if (start.startsWith('{')) {
    const firstLineEnd = start.indexOf('\n');
    if (firstLineEnd < 0) return 'json';
    const rest = start.slice(firstLineEnd + 1).trimStart();
    const firstLine = start.slice(0, firstLineEnd).trimEnd();
    return rest.startsWith('{') && firstLine.endsWith('}') ? 'jsonl' : 'json';
  }
  return 'text';
}

function feedKind(start: string): 'rss' | 'atom' | undefined {
  const head = start.replace(/^<\?xml[^>]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '');
  const root = /<([A-Za-z][\w:.-]*)[\s>]/.exec(head.replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, ''));
  const name = root?.[1]?.toLowerCase();
  if (name === 'rss' || name === 'rdf:rdf') return 'rss';
  if (name === 'feed') return 'atom';
  return undefined;
}

/**
 * True when text opens (after comments) with a TREC/DUC/LDC `<DOC>` element (Gigaword's
 * `<DOC id="…">` included) whose first child is one of the collections' elements.
 */
export function looksLikeTrec(head: string): boolean {
  return /^(?:<!--[\s\S]*?-->\s*)*<DOC(?:\s[^<>]*)?>\s*(?:<(?:DOCNO|DOCID|DOCTYPE|HEADLINE|DATE_TIME|TEXT)[\s>]|$)/i.test(
    head,
  );
}

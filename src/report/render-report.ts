import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { StoreError } from '../core/errors.js';
import type { ReportData } from './types.js';

/** The id of the `<script type="application/json">` element holding the data (without texts). */
export const DATA_ELEMENT_ID = 'corroborate-data';
/** The id of the element holding texts and custody: base64 of gzip of JSON `{ texts, custody }`. */
export const TEXTS_ELEMENT_ID = 'corroborate-texts';
/** Custody entries kept in the plain JSON for the Overview; the full log is in the packed part. */
const CUSTODY_TAIL = 10;

/**
 * Splits the bulky parts off the data so that large reports open quickly: the document texts and
 * the full custody log go gzipped into a second element that the page decodes only when a view
 * needs them; `ledger.documents` (a copy of the document metadata) is rebuilt by the page.
 * What remains is plain JSON.
 */
export function packTexts(data: ReportData): { data: ReportData; texts: string } {
  const texts = data.documents.map((d) => d.text ?? '');
  const documents = data.documents.map(({ text: _text, ...d }) => d);
  const extras = JSON.stringify({ texts, custody: data.custody });
  const packed = gzipSync(Buffer.from(extras, 'utf8'), { level: 6 }).toString('base64');
  return {
    data: {
      ...data,
      packed: true,
      ledger: { ...data.ledger, documents: [] },
      documents,
      custody: data.custody.slice(-CUSTODY_TAIL),
    },
    texts: packed,
  };
}

/** Undoes `packTexts` (tests and tools). */
export function unpackReport(data: ReportData, packed: string): ReportData {
  const extras = JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8')) as {
    texts: string[];
    custody: ReportData['custody'];
  };
  const documents = data.documents.map((d, i) => ({ ...d, text: extras.texts[i] ?? '' }));
  const ledgerDocuments = documents.map(({ id, sha256, source, url, outlet, title, published, family }) => ({
    id,
    sha256,
    source,
    url,
    outlet,
    title,
    published,
    family,
  }));
  const { packed: _packed, ...rest } = data;
  return {
    ...rest,
    ledger: { ...data.ledger, documents: ledgerDocuments },
    documents,
    custody: extras.custody,
  };
}

export interface WebBundle {
  js: string;
  css: string;
}

/**
 * Where the built front end lives: `dist/web` beside the compiled code, or the repository's
 * `dist/web` when running from source.
 */
export function webBundleDir(): string {
  const candidates = [new URL('../web/', import.meta.url), new URL('../../dist/web/', import.meta.url)];
  for (const c of candidates) {
    const dir = fileURLToPath(c);
    if (existsSync(`${dir}app.js`)) return dir;
  }
  throw new StoreError(
    `The web front end is not built: expected app.js in ${candidates.map((c) => fileURLToPath(c)).join(' or ')}.`,
    'Run `npm run build` (or `npm run build:web`) in the Corroborate folder.',
  );
}

let cached: { dir: string; bundle: WebBundle } | null = null;

export function loadWebBundle(dir = webBundleDir()): WebBundle {
  if (cached?.dir === dir) return cached.bundle;
  const bundle = { js: readFileSync(`${dir}app.js`, 'utf8'), css: readFileSync(`${dir}app.css`, 'utf8') };
  cached = { dir, bundle };
  return bundle;
}

/** JSON safe inside `<script type="application/json">`: no `<`, and no raw U+2028/U+2029. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Script text that cannot close its own `<script>` element or open an HTML comment. */
function inlineScript(js: string): string {
  return js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function inlineStyle(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The Content-Security-Policy of the report: only the inline bundle, by hash; nothing from outside. */
export function reportCsp(js: string, css: string): string {
  return [
    "default-src 'none'",
    `script-src ${sha256Source(js)}`,
    `style-src ${sha256Source(css)}`,
    'img-src data:',
    "connect-src 'none'",
    "font-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * One self-contained HTML file: the front end's script and stylesheet inlined, the data embedded as
 * JSON (texts gzipped apart, see `packTexts`), and a strict Content-Security-Policy allowing only those two inline blocks by hash. It
 * opens from a file or an e-mail attachment and makes no request.
 *
 * @example
 * writeFileSync('report.html', renderReport(loadReportData(store)));
 */
export function renderReport(data: ReportData, bundle: WebBundle = loadWebBundle()): string {
  const js = inlineScript(bundle.js);
  const css = inlineStyle(bundle.css);
  const packed = packTexts(data);
  const title = 'Corroborate report';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${reportCsp(js, css)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="corroborate">`,
    `<title>${title}</title>`,
    `<style>${css}</style>`,
    '</head>',
    '<body>',
    '<div id="app"></div>',
    `<script type="application/json" id="${DATA_ELEMENT_ID}">${embedJson(packed.data)}</script>`,
    `<script type="application/octet-stream" id="${TEXTS_ELEMENT_ID}">${packed.texts}</script>`,
    `<script type="module">${js}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

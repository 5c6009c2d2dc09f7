import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Diagnostic } from '../../core/types.js';
import { canonicalText, decodeText } from '../canonical-text.js';
import type { Reader, ReadLimits, ReadRecord, ReadResult } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';
import { pageMeta } from './html-meta.js';
import { elementToText } from './html-to-text.js';
import { scanMarkup } from './markup-depth.js';

/**
 * Readability scores every element in several passes; past this many elements (news pages have
 * 1,000–5,000) it takes seconds per page, so the whole body's text is used instead.
 */
export const maxReadabilityElements = 20_000;

import { checkTextLength } from './text-length.js';

/**
 * HTML page → one record: main text by @mozilla/readability over a linkedom DOM (the whole
 * `<body>` when Readability finds no article), metadata from the page (see `pageMeta`).
 * Encoding: byte-order mark, then the charset the transport declared (HTTP, for WARC), then
 * `<meta charset>`; UTF-8 otherwise, strictly.
 */
export const readHtml: Reader = (bytes, { source, limits }) => readHtmlBytes(bytes, { source }, limits, null);

/** `readHtml` with the charset a transport declared (WARC HTTP headers) and a record key. */
export function readHtmlBytes(
  bytes: Uint8Array,
  place: Place,
  limits: ReadLimits,
  declaredCharset: string | null,
): ReadResult {
  const decoded = decodeText(bytes, place, declaredCharset ?? metaCharset(bytes));
  if (!decoded.ok) return { reader: 'html', records: [], diagnostics: [decoded.diagnostic] };
  const { record, diagnostics } = htmlToRecord(decoded.text, place, limits);
  return { reader: 'html', records: record ? [record] : [], diagnostics };
}

/** Main text and metadata of an HTML page given as a string. */
export function htmlToRecord(
  html: string,
  place: Place,
  limits: ReadLimits,
): { record: ReadRecord | null; diagnostics: Diagnostic[] } {
  const { depth, elements } = scanMarkup(html, 'html', limits.maxDepth);
  if (depth > limits.maxDepth) {
    return {
      record: null,
      diagnostics: [
        diagnostic(
          place,
          'too-deep',
          'error',
          `Rejected: HTML elements are nested more than ${limits.maxDepth} levels deep (maxDepth); no real page needs that, and browsers stop at 512.`,
          'If the page is genuine, raise --max-depth.',
        ),
      ],
    };
  }
  let text: string;
  let meta: ReadRecord['meta'];
  const diagnostics: Diagnostic[] = [];
  try {
    // linkedom builds a broken tree for markup without <html> (a fragment): give it one.
    const page = /<html[\s>]/i.test(html)
      ? html
      : `<!doctype html><html><head></head><body>${html}</body></html>`;
    const { document } = parseHTML(page);
    meta = pageMeta(document as never, limits.maxDepth);
    const article =
      elements > maxReadabilityElements
        ? null
        : new Readability(document as never, { serializer: (el: unknown) => el }).parse();
    if (!article && elements > maxReadabilityElements) {
      diagnostics.push(
        diagnostic(
          place,
          'html-large',
          'info',
          `The page has ${elements} elements (more than ${maxReadabilityElements}); its whole body text was kept instead of running main-text extraction.`,
        ),
      );
    }
    text = article?.content ? elementToText(article.content) : '';
    if (text.trim() === '') text = document.body ? elementToText(document.body) : '';
    if (!meta.byline && article?.byline?.trim()) meta.byline = article.byline.trim();
    if (!meta.title && article?.title?.trim()) meta.title = article.title.trim();
  } catch (error) {
    return {
      record: null,
      diagnostics: [
        diagnostic(
          place,
          'html-unreadable',
          'error',
          `The HTML could not be parsed: ${(error as Error).message}.`,
        ),
      ],
    };
  }
  text = canonicalText(text);
  if (text.trim() === '') {
    return {
      record: null,
      diagnostics: [diagnostic(place, 'no-text', 'error', 'The HTML page has no readable text.')],
    };
  }
  const tooLong = checkTextLength(text, place, limits);
  if (tooLong) return { record: null, diagnostics: [tooLong] };
  return { record: { recordKey: place.record ?? '', text, meta }, diagnostics };
}

/** The charset an HTML page declares in its first 1024 bytes (`<meta charset>` or http-equiv). */
export function metaCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const m =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head);
  return m?.[1] ?? null;
}

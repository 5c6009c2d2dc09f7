import type { Diagnostic, DocumentMeta } from '../../core/types.js';
import { canonicalText } from '../canonical-text.js';
import type { ReadLimits, ReadRecord } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';
import { normalizeDate } from './normalize-date.js';
import { htmlToRecord } from './read-html.js';
import { checkTextLength } from './text-length.js';

/**
 * Which JSON fields are read (first present wins), shared by the JSON and JSON Lines readers:
 * - text: `text`, `body`, `content` (a string); failing those, `html` (an HTML page or fragment,
 *   read like an HTML file)
 * - title: `title`, `headline`; url: `url`, `link`; published: `published`, `date`,
 *   `datePublished`, `pubDate`; outlet: `outlet`, `source`, `publisher`, `site` (a string or
 *   `{ name }`); byline: `byline`, `author`, `authors` (string, `{ name }`, or a list of those)
 * - passim: `id` → externalId, `series` → series
 */
export const jsonFields = {
  text: ['text', 'body', 'content'],
  title: ['title', 'headline'],
  url: ['url', 'link'],
  published: ['published', 'date', 'datePublished', 'pubDate'],
  outlet: ['outlet', 'source', 'publisher', 'site'],
  byline: ['byline', 'author', 'authors'],
} as const;

export function recordFromJson(
  value: unknown,
  place: Place,
  limits: ReadLimits,
): { record: ReadRecord | null; diagnostics: Diagnostic[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    const found = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return {
      record: null,
      diagnostics: [
        diagnostic(place, 'json-not-object', 'error', `Expected a JSON object (one report), found ${found}.`),
      ],
    };
  }
  const obj = value as Record<string, unknown>;
  const diagnostics: Diagnostic[] = [];
  const meta: Partial<DocumentMeta> = {};
  const str = (keys: readonly string[]) => {
    for (const key of keys) {
      const v = obj[key];
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
    }
    return undefined;
  };
  const title = str(jsonFields.title);
  if (title) meta.title = title;
  const url = str(jsonFields.url);
  if (url) meta.url = url;
  const published = str(jsonFields.published);
  if (published) {
    const date = normalizeDate(published);
    if (date) meta.published = date;
    else {
      diagnostics.push(
        diagnostic(
          place,
          'unparsed-date',
          'warning',
          `The date "${published.slice(0, 80)}" is not ISO 8601 or RFC 822; it was not used.`,
          'Give dates as ISO 8601, e.g. 2022-04-03 or 2022-04-03T10:15:00Z.',
        ),
      );
    }
  }
  const outlet = names(jsonFields.outlet.map((k) => obj[k]).find((v) => v !== undefined));
  if (outlet) meta.outlet = outlet;
  const byline = names(jsonFields.byline.map((k) => obj[k]).find((v) => v !== undefined));
  if (byline) meta.byline = byline;
  if (typeof obj.id === 'string' || typeof obj.id === 'number') meta.externalId = String(obj.id);
  if (typeof obj.series === 'string' && obj.series.trim() !== '') meta.series = obj.series.trim();

  let text: string | undefined;
  for (const key of jsonFields.text) {
    const v = obj[key];
    if (typeof v === 'string') {
      text = v;
      break;
    }
  }
  if (text === undefined && typeof obj.html === 'string') {
    const html = htmlToRecord(obj.html, place, limits);
    if (!html.record) return { record: null, diagnostics: [...diagnostics, ...html.diagnostics] };
    return {
      record: { ...html.record, meta: { ...html.record.meta, ...meta } },
      diagnostics: [...diagnostics, ...html.diagnostics],
    };
  }
  if (text === undefined || text.trim() === '') {
    diagnostics.push(
      diagnostic(
        place,
        'no-text',
        'error',
        text === undefined
          ? `Expected a text field (${jsonFields.text.join(', ')} or html), found none (fields: ${Object.keys(obj).slice(0, 12).join(', ') || 'none'}).`
          : "The record's text field is empty.",
      ),
    );
    return { record: null, diagnostics };
  }
  const canonical = canonicalText(text);
  const tooLong = checkTextLength(canonical, place, limits);
  if (tooLong) return { record: null, diagnostics: [...diagnostics, tooLong] };
  return { record: { recordKey: place.record ?? '', text: canonical, meta }, diagnostics };
}

function names(value: unknown): string | undefined {
  const list = (Array.isArray(value) ? value : [value])
    .map((v) =>
      typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { name?: unknown }).name : undefined,
    )
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim());
  return list.length > 0 ? list.join(', ') : undefined;
}

import { XMLParser } from 'fast-xml-parser';
import type { Diagnostic, DocumentMeta } from '../../core/types.js';
import { canonicalText, decodeText } from '../canonical-text.js';
import type { Reader, ReadLimits, ReadRecord, ReadResult } from '../reader.js';
import { diagnostic, type Place } from './diagnostic.js';
import { htmlFragmentToText } from './html-to-text.js';
import { tooManyRecords } from './json-parse.js';
import { markupDepth } from './markup-depth.js';
import { normalizeDate } from './normalize-date.js';
import { outletFromFeedTitle } from './outlet-name.js';
import { checkTextLength } from './text-length.js';
import { attributeOf, rawInnerText, textOf } from './xml-text.js';

const contentTags = ['content:encoded', 'content', 'description', 'summary'];

/**
 * RSS (2.0, 0.9x, 1.0/RDF) and Atom → one record per item/entry (record key `item N`, 1-based).
 *
 * Hostile XML: a DOCTYPE with an internal subset (`<!DOCTYPE x [ … ]>`, where entities are declared)
 * or any `<!ENTITY` rejects the file before parsing, so an entity bomb ("billion laughs") costs one
 * regular-expression scan. fast-xml-parser runs with entity processing off; `xmlDecode` decodes
 * only the predefined entities and character references. Nesting is capped by `maxDepth`.
 *
 * Fields: text from `content:encoded`, `content`, `description`, `summary` (HTML read as text; Atom
 * `type="text"` kept as text); url from `link` (Atom: `rel="alternate"` or no rel); published from
 * `pubDate`, `dc:date`, `published`, `updated`; title; byline from `author`/`dc:creator`
 * (RSS `email (Name)` gives Name); outlet from the channel/feed title without a generic section
 * name (`outletFromFeedTitle`); externalId from `guid`/`id`.
 */
export const readFeed: Reader = (bytes, { source, limits }) => {
  const place = { source };
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1] ?? null;
  const decoded = decodeText(bytes, place, declared);
  if (!decoded.ok) return fail('rss', decoded.diagnostic);
  const xml = decoded.text;
  if (/<!DOCTYPE[^>[]*\[/i.test(xml) || /<!ENTITY/i.test(xml)) {
    return fail(
      'rss',
      diagnostic(
        place,
        'xml-entity-declaration',
        'error',
        'Rejected: the feed declares XML entities in a DOCTYPE (the shape of an entity-expansion "billion laughs" bomb); feeds never need them.',
        'Remove the DOCTYPE internal subset and the entity declarations.',
      ),
    );
  }
  if (markupDepth(xml, 'xml', limits.maxDepth) > limits.maxDepth) {
    return fail(
      'rss',
      diagnostic(
        place,
        'too-deep',
        'error',
        `Rejected: XML elements are nested more than ${limits.maxDepth} levels deep (maxDepth).`,
        'If the feed is genuine, raise --max-depth.',
      ),
    );
  }
  let doc: Record<string, unknown>;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      processEntities: false,
      htmlEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
      cdataPropName: '#cdata',
      stopNodes: contentTags.map((tag) => `*.${tag}`),
      isArray: (name) => name === 'item' || name === 'entry' || name === 'link' || name === 'author',
    }).parse(xml) as Record<string, unknown>;
  } catch (error) {
    return fail(
      'rss',
      diagnostic(
        place,
        'xml-malformed',
        'error',
        `Expected well-formed XML, found: ${(error as Error).message}.`,
      ),
    );
  }
  const rss = doc.rss as Record<string, unknown> | undefined;
  const rdf = doc['rdf:RDF'] as Record<string, unknown> | undefined;
  const feed = doc.feed as Record<string, unknown> | undefined;
  if (feed && typeof feed === 'object') return readItems('atom', feed, asList(feed.entry), place, limits);
  const channel = (rss?.channel ?? rdf?.channel) as Record<string, unknown> | undefined;
  if (channel && typeof channel === 'object') {
    const items = asList(channel.item ?? rdf?.item);
    return readItems('rss', channel, items, place, limits);
  }
  return fail(
    'rss',
    diagnostic(
      place,
      'feed-unknown',
      'error',
      'Expected an RSS <rss>/<rdf:RDF> or Atom <feed> document, found another XML root.',
    ),
  );
};

function fail(reader: 'rss' | 'atom', d: Diagnostic): ReadResult {
  return { reader, records: [], diagnostics: [d] };
}

function asList(value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object');
}

function readItems(
  reader: 'rss' | 'atom',
  channel: Record<string, unknown>,
  items: Record<string, unknown>[],
  place: Place,
  limits: ReadLimits,
): ReadResult {
  const channelTitle = textOf(channel.title);
  const outlet = channelTitle ? outletFromFeedTitle(channelTitle) : null;
  const records: ReadRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  for (let i = 0; i < items.length; i++) {
    if (records.length >= limits.maxRecords) {
      diagnostics.push(tooManyRecords(place, limits, items.length - i));
      break;
    }
    const item = items[i] as Record<string, unknown>;
    const itemPlace = { ...place, record: `item ${i + 1}` };
    const meta: Partial<DocumentMeta> = {};
    const title = textOf(item.title);
    if (title) meta.title = title;
    if (outlet) meta.outlet = outlet;
    const url = reader === 'atom' ? atomLink(item.link) : textOf(item.link) || permalink(item.guid);
    if (url) meta.url = url;
    const published =
      normalizeDate(textOf(item.pubDate)) ??
      normalizeDate(textOf(item['dc:date'])) ??
      normalizeDate(textOf(item.published)) ??
      normalizeDate(textOf(item.updated));
    if (published) meta.published = published;
    const byline = authorOf(item);
    if (byline) meta.byline = byline;
    const id = textOf(item.guid) || textOf(item.id);
    if (id) meta.externalId = id;

    const content = contentTags
      .map((tag) => item[tag])
      .find((v) => v !== undefined && rawOf(v).trim() !== '');
    if (content === undefined) {
      diagnostics.push(
        diagnostic(
          itemPlace,
          'no-text',
          'warning',
          'The feed item has no content, content:encoded, description or summary; skipped.',
        ),
      );
      continue;
    }
    const text = contentText(content, limits);
    if (text === null) {
      diagnostics.push(
        diagnostic(
          itemPlace,
          'too-deep',
          'error',
          `The item's HTML is nested more than ${limits.maxDepth} levels deep (maxDepth); skipped.`,
        ),
      );
      continue;
    }
    const canonical = canonicalText(text);
    if (canonical.trim() === '') {
      diagnostics.push(
        diagnostic(itemPlace, 'no-text', 'warning', "The feed item's content has no text; skipped."),
      );
      continue;
    }
    const tooLong = checkTextLength(canonical, itemPlace, limits);
    if (tooLong) {
      diagnostics.push(tooLong);
      continue;
    }
    const record: ReadRecord = { recordKey: itemPlace.record, text: canonical, meta };
    if (url) record.sourceUrl = url;
    records.push(record);
  }
  return { reader, records, diagnostics };
}

/** Raw inner XML of a stop node (a string, or `#text` beside attributes). */
function rawOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && typeof (node as Record<string, unknown>)['#text'] === 'string') {
    return (node as Record<string, string>)['#text'] as string;
  }
  return '';
}

/** Text of a content element; null when its HTML is too deep. */
function contentText(node: unknown, limits: ReadLimits): string | null {
  const raw = rawOf(node);
  const type = (attributeOf(node, 'type') ?? 'html').toLowerCase();
  if (type === 'text' || type === 'text/plain') return rawInnerText(raw).trim();
  const html = type === 'xhtml' ? raw : rawInnerText(raw);
  if (markupDepth(html, 'html', limits.maxDepth) > limits.maxDepth) return null;
  return htmlFragmentToText(html);
}

function atomLink(links: unknown): string | undefined {
  const list = asList(links);
  const chosen =
    list.find((l) => attributeOf(l, 'rel') === 'alternate') ??
    list.find((l) => attributeOf(l, 'rel') === undefined);
  return chosen ? attributeOf(chosen, 'href') : undefined;
}

function permalink(guid: unknown): string | undefined {
  const text = textOf(guid);
  return /^https?:\/\//i.test(text) && attributeOf(guid, 'isPermaLink') !== 'false' ? text : undefined;
}

function authorOf(item: Record<string, unknown>): string | undefined {
  const names = asList(item.author)
    .map((a) => textOf(a.name))
    .filter((n) => n !== '');
  if (names.length > 0) return names.join(', ');
  const raw = textOf(item.author) || textOf(item['dc:creator']);
  if (!raw) return undefined;
  return /^\S+@\S+\s*\((.+)\)$/.exec(raw)?.[1] ?? raw;
}

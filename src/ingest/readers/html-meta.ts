import type { DocumentMeta } from '../../core/types.js';
import { jsonDepth } from './json-depth.js';
import { normalizeDate } from './normalize-date.js';
import { titleWithoutOutlet } from './outlet-name.js';

interface MetaDocument {
  title: string;
  querySelectorAll(selector: string): Iterable<{
    getAttribute(name: string): string | null;
    textContent: string | null;
  }>;
}

/**
 * Metadata a page states about itself, read before main-text extraction:
 * - title: `og:title`, `twitter:title`, JSON-LD `headline`, then `<title>` (without a
 *   ` | Outlet` part naming the outlet)
 * - byline: `<meta name=author>`, `article:author` (unless a URL), JSON-LD `author.name`
 * - outlet: `og:site_name`, JSON-LD `publisher.name`
 * - url: `<link rel=canonical>`, `og:url`, JSON-LD `url`
 * - published: `article:published_time`, JSON-LD `datePublished`, `<meta name=date|pubdate|…>`,
 *   then the first `<time datetime>` (one marked `pubdate` or `itemprop=datePublished` first)
 */
export function pageMeta(document: MetaDocument, maxDepth: number): Partial<DocumentMeta> {
  const metas = new Map<string, string>();
  for (const el of document.querySelectorAll('meta')) {
    const key = (el.getAttribute('property') ?? el.getAttribute('name') ?? el.getAttribute('itemprop') ?? '')
      .trim()
      .toLowerCase();
    const content = el.getAttribute('content')?.trim();
    if (key && content && !metas.has(key)) metas.set(key, content);
  }
  const ld = jsonLdArticle(document, maxDepth);
  const first = (...values: unknown[]): string | null => {
    for (const v of values)
      if (typeof v === 'string' && v.trim() !== '') return v.trim().replace(/\s+/g, ' ');
    return null;
  };
  const notUrl = (v: string | undefined) => (v && !/^https?:\/\//i.test(v) ? v : undefined);
  let canonical: string | undefined;
  for (const link of document.querySelectorAll('link[rel]')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const href = link.getAttribute('href')?.trim();
    if (rel.includes('canonical') && href) {
      canonical = href;
      break;
    }
  }
  const meta: Partial<DocumentMeta> = {};
  const stated = first(metas.get('og:title'), metas.get('twitter:title'), ld.headline);
  const outletName = first(metas.get('og:site_name'), nameOf(ld.publisher));
  const pageTitle = first(document.title);
  // A <title> usually carries the site's name too ("Headline | Outlet"): drop it when it is the outlet.
  const title = stated ?? (pageTitle ? titleWithoutOutlet(pageTitle, outletName ?? undefined) : null);
  const byline = first(
    metas.get('author'),
    notUrl(metas.get('article:author')),
    nameOf(ld.author),
    metas.get('dc.creator'),
  );
  const outlet = outletName;
  const url = first(canonical, metas.get('og:url'), ld.url);
  const published =
    normalizeDate(metas.get('article:published_time')) ??
    normalizeDate(ld.datePublished) ??
    firstDate(metas, [
      'date',
      'pubdate',
      'publishdate',
      'publish-date',
      'dc.date.issued',
      'dcterms.created',
      'dc.date',
    ]) ??
    timeElementDate(document);
  if (title) meta.title = title;
  if (byline) meta.byline = byline;
  if (outlet) meta.outlet = outlet;
  if (url) meta.url = url;
  if (published) meta.published = published;
  return meta;
}

function firstDate(metas: Map<string, string>, keys: string[]): string | null {
  for (const key of keys) {
    const date = normalizeDate(metas.get(key));
    if (date) return date;
  }
  return null;
}

function timeElementDate(document: MetaDocument): string | null {
  let fallback: string | null = null;
  for (const el of document.querySelectorAll('time[datetime]')) {
    const date = normalizeDate(el.getAttribute('datetime'));
    if (!date) continue;
    if (el.getAttribute('pubdate') !== null || el.getAttribute('itemprop') === 'datePublished') return date;
    fallback ??= date;
  }
  return fallback;
}

/** `"Name"`, `{ name }`, or a list of those, as one string (`"A, B"`). */
function nameOf(value: unknown): string | undefined {
  const names = (Array.isArray(value) ? value : [value])
    .map((v) =>
      typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { name?: unknown }).name : undefined,
    )
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return names.length > 0 ? names.join(', ') : undefined;
}

interface LdArticle {
  headline?: unknown;
  author?: unknown;
  publisher?: unknown;
  url?: unknown;
  datePublished?: unknown;
}

/** The first JSON-LD object that looks like an article (has a headline or datePublished). */
function jsonLdArticle(document: MetaDocument, maxDepth: number): LdArticle {
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    const text = script.textContent ?? '';
    if (jsonDepth(text, maxDepth) > maxDepth) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    const queue: unknown[] = [value];
    for (let i = 0; i < queue.length && i < 1000; i++) {
      const item = queue[i];
      if (Array.isArray(item)) queue.push(...item);
      else if (item && typeof item === 'object') {
        const obj = item as Record<string, unknown>;
        if (Array.isArray(obj['@graph'])) queue.push(...obj['@graph']);
        if (obj.headline !== undefined || obj.datePublished !== undefined) return obj as LdArticle;
      }
    }
  }
  return {};
}

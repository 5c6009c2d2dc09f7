/**
 * Keeps the example corpus and its ground truth (examples/expected.json) consistent: every key names a
 * real report, every quoted snippet occurs in the report it is attributed to, the manifest points at
 * existing files, and the committed WARC is exactly what scripts/make-example-warc.ts builds.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { base32, buildExampleWarc, sha1Digest } from './make-example-warc.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = join(root, 'examples', 'corpus');

interface Snippet {
  document: string;
  text: string;
}
interface Expected {
  documents: Array<{ key: string; file: string; record: number | null; url: string | null; title: string }>;
  families: Array<{ documents: string[]; origin: string }>;
  not_in_any_family_with_others: string[];
  reuse: { required: Array<{ a: string; b: string }>; forbidden: { documents: string[] } };
  events: Array<{ id: string; mentions: Snippet[]; sources: number; independent_sources: number }>;
  quotes: Array<{
    text: string;
    documents?: string[];
    variants?: Array<{ text: string; documents: string[]; change: string; flag: boolean }>;
  }>;
  claims: Array<{ id: string; answers: string | null; mentions: Snippet[] }>;
  dates: Snippet[];
  attributions: Snippet[];
  quantities: Snippet[];
}

const expected = JSON.parse(readFileSync(join(root, 'examples', 'expected.json'), 'utf8')) as Expected;

/** Visible text of an HTML fragment, good enough to look snippets up (not the product's reader). */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

/** Text of every report in the corpus, by document key. */
function reportTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const doc of expected.documents) {
    const bytes = readFileSync(join(corpus, doc.file));
    const raw = doc.file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
    const index = (doc.record ?? 1) - 1;
    let text: string | undefined;
    if (doc.file.endsWith('.jsonl')) {
      const line = raw.split('\n').filter((l) => l.trim() !== '')[index];
      text = line === undefined ? undefined : (JSON.parse(line) as { text: string }).text;
    } else if (doc.file.endsWith('.rss')) {
      const items = [...raw.matchAll(/<content:encoded><!\[CDATA\[([\s\S]*?)\]\]>/g)];
      text = items[index]?.[1] === undefined ? undefined : htmlText(items[index]?.[1] as string);
    } else if (doc.file.endsWith('.html') || doc.file.endsWith('.warc.gz')) {
      text = htmlText(raw);
    } else {
      text = raw.replace(/\s+/g, ' ');
    }
    if (text === undefined) throw new Error(`examples/expected.json: ${doc.key} names no report`);
    texts.set(doc.key, text.replace(/\s+/g, ' '));
  }
  return texts;
}

describe('example corpus ground truth', () => {
  const texts = reportTexts();
  const keys = new Set(expected.documents.map((d) => d.key));

  it('has 8 to 10 reports with unique keys, URLs and titles', () => {
    expect(expected.documents.length).toBeGreaterThanOrEqual(8);
    expect(expected.documents.length).toBeLessThanOrEqual(10);
    expect(keys.size).toBe(expected.documents.length);
    const urls = expected.documents.map((d) => d.url).filter((u) => u !== null);
    expect(new Set(urls).size).toBe(urls.length);
    expect(new Set(expected.documents.map((d) => d.title)).size).toBe(expected.documents.length);
  });

  it('refers only to documents that exist', () => {
    const referenced = [
      ...expected.families.flatMap((f) => [...f.documents, f.origin]),
      ...expected.not_in_any_family_with_others,
      ...expected.reuse.required.flatMap((p) => [p.a, p.b]),
      ...expected.reuse.forbidden.documents,
      ...expected.events.flatMap((e) => e.mentions.map((m) => m.document)),
      ...expected.claims.flatMap((c) => c.mentions.map((m) => m.document)),
      ...expected.quotes.flatMap((q) => [
        ...(q.documents ?? []),
        ...(q.variants ?? []).flatMap((v) => v.documents),
      ]),
    ];
    for (const key of referenced) expect(keys, key).toContain(key);
    const ids = new Set([...expected.events.map((e) => e.id), ...expected.claims.map((c) => c.id)]);
    for (const claim of expected.claims) if (claim.answers !== null) expect(ids).toContain(claim.answers);
  });

  it('finds every snippet in the report it is attributed to', () => {
    const snippets: Snippet[] = [
      ...expected.events.flatMap((e) => e.mentions),
      ...expected.claims.flatMap((c) => c.mentions),
      ...expected.dates,
      ...expected.attributions,
      ...expected.quantities,
      ...expected.quotes.flatMap((q) => [
        ...(q.documents ?? []).map((document) => ({ document, text: q.text })),
        ...(q.variants ?? []).flatMap((v) => v.documents.map((document) => ({ document, text: v.text }))),
      ]),
    ];
    expect(snippets.length).toBeGreaterThan(100);
    for (const s of snippets) expect(texts.get(s.document), `${s.document}: ${s.text}`).toContain(s.text);
  });

  it('keeps the flagged misquote out of the reports that quote correctly', () => {
    const flagged = expected.quotes.flatMap((q) => (q.variants ?? []).filter((v) => v.flag));
    expect(flagged.length).toBeGreaterThan(0);
    for (const variant of flagged) {
      for (const [key, text] of texts) {
        if (!variant.documents.includes(key)) expect(text, key).not.toContain(variant.text);
      }
    }
  });

  it('counts sources as the number of documents with a mention', () => {
    for (const event of expected.events) {
      expect(new Set(event.mentions.map((m) => m.document)).size, event.id).toBe(event.sources);
      expect(event.independent_sources).toBeLessThanOrEqual(event.sources);
    }
  });

  it('has a manifest whose paths exist', () => {
    const lines = readFileSync(join(corpus, 'manifest.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const entry = JSON.parse(line) as { path: string; published?: string };
      expect(existsSync(join(corpus, entry.path)), entry.path).toBe(true);
      if (entry.published) expect(Number.isNaN(Date.parse(entry.published))).toBe(false);
    }
  });
});

/** Number of gzip members: the shortest prefixes (ending where a new gzip header starts) that decompress alone. */
function gzipMembers(bytes: Buffer): number {
  const starts: number[] = [];
  for (let i = 1; i + 1 < bytes.length; i++) if (bytes[i] === 0x1f && bytes[i + 1] === 0x8b) starts.push(i);
  starts.push(bytes.length);
  let members = 0;
  let from = 0;
  for (const end of starts) {
    try {
      gunzipSync(bytes.subarray(from, end));
    } catch {
      continue;
    }
    members++;
    from = end;
  }
  return from === bytes.length ? members : -1;
}

describe('example WARC', () => {
  const committed = readFileSync(join(corpus, 'congodispatch-archive.warc.gz'));

  it('is exactly what scripts/make-example-warc.ts builds', () => {
    const built = buildExampleWarc(
      readFileSync(join(root, 'examples', 'warc-source', 'congodispatch-toll.html')),
    );
    expect(built.equals(committed)).toBe(true);
  });

  it('holds one gzip member per record with matching SHA-1 base32 digests', () => {
    expect(gzipMembers(committed)).toBe(3);
    const warc = gunzipSync(committed);
    let offset = 0;
    const types: string[] = [];
    while (offset < warc.length) {
      const headEnd = warc.indexOf('\r\n\r\n', offset);
      const head = warc.subarray(offset, headEnd).toString('utf8').split('\r\n');
      const fields = new Map(
        head.slice(1).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      const length = Number(fields.get('Content-Length'));
      const block = warc.subarray(headEnd + 4, headEnd + 4 + length);
      types.push(fields.get('WARC-Type') ?? '');
      expect(fields.get('WARC-Block-Digest')).toBe(sha1Digest(block));
      const payloadDigest = fields.get('WARC-Payload-Digest');
      if (payloadDigest)
        expect(payloadDigest).toBe(sha1Digest(block.subarray(block.indexOf('\r\n\r\n') + 4)));
      offset = headEnd + 4 + length + 4;
    }
    expect(types).toEqual(['warcinfo', 'request', 'response']);
  });

  it('encodes base32 as RFC 4648 does', () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI======');
    expect(base32(createHash('sha1').update('').digest())).toBe('3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ');
  });
});

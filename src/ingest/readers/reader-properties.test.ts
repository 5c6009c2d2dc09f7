import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../core/errors.js';
import { inferMeta } from '../infer-meta.js';
import { resolveLimits } from '../limits.js';
import { readManifest } from '../manifest.js';
import { prescanInput } from '../prescan-input.js';
import type { ReadResult } from '../reader.js';
import { createJsonStringMeter } from './json-string-meter.js';
import { readInput } from './read-input.js';

/**
 * Property tests (fast-check, fixed seed) of every reader and of the manifest parser: whatever the
 * bytes, a reader returns diagnostics and never fails (`ingest/reader-failed` is how `readInput`
 * reports an exception), every diagnostic names its input, record texts are canonical, spans of
 * inferred metadata slice to their value, and the streaming prescan refuses only what the readers
 * refuse, for the same reason. A failing seed becomes a fixed test.
 */
const seed = 20261202;
const runs = (n: number) => ({ seed, numRuns: n });
const limits = resolveLimits({
  maxDepth: 64,
  maxTextChars: 400,
  maxLineBytes: 200,
  maxDecompressedBytes: 8192,
});

function expectWellFormed(result: ReadResult, source: string): void {
  expect(result.diagnostics.filter((d) => d.rule === 'ingest/reader-failed')).toEqual([]);
  for (const d of result.diagnostics) {
    expect(d.source).toBe(source);
    expect(d.rule).toMatch(/^ingest\/[a-z0-9-]+$/);
  }
  for (const r of result.records) {
    expect(r.text).not.toMatch(/\r/);
    expect(r.text.normalize('NFC')).toBe(r.text);
    expect(r.text.length).toBeLessThanOrEqual(limits.maxTextChars);
  }
}

const words = fc.constantFrom(
  'The',
  'river',
  'rose',
  'on Monday',
  'officials said',
  '"we are safe,"',
  'KYIV, April 3 (AP) —',
  'By Ann Lee',
  '12',
  'café',
  'cafe\u0301',
  '\u00a0',
  '\r\n',
  '\n\n',
  '\t',
  '\u0000',
  '\u200b',
  '\ufeff',
  '\ud83d\ude00',
);
const prose = fc
  .array(fc.oneof(words, fc.string({ unit: 'binary', maxLength: 12 })), { maxLength: 60 })
  .map((p) => p.join(' '));

const tags = fc.constantFrom(
  '<div>',
  '</div>',
  '<div/>',
  '</span>',
  '<p>',
  '</p>',
  '<table>',
  '<caption>',
  '<colgroup>',
  '<br>',
  '<li>',
  '<script>',
  '</script>',
  '<!--',
  '-->',
  '<svg/>',
  '&amp;',
  '&#0;',
  '<meta charset="latin1">',
  '<title>',
  '</title>',
);
const markup = fc
  .array(fc.oneof(tags, words), { maxLength: 120 })
  .map((parts) => `<html><body>${parts.join('')}</body></html>`);

describe('readers under fast-check (seed 20261202)', () => {
  it('plain text: canonical records, exact spans of inferred metadata', () => {
    fc.assert(
      fc.property(prose, (text) => {
        const result = readInput(Buffer.from(text), { source: 'a.txt', limits });
        expectWellFormed(result, 'a.txt');
        for (const r of result.records) {
          const meta = inferMeta(r.text);
          for (const found of [meta.title, meta.byline]) {
            if (found) expect(r.text.slice(...found.span)).toContain(found.value);
          }
          if (meta.dateline) expect(r.text.slice(...meta.dateline.span)).toBe(meta.dateline.text);
          for (const c of meta.creditMentions) expect(r.text.slice(...c.span)).toBe(c.text);
        }
      }),
      runs(150),
    );
  });

  it('arbitrary bytes under any name: diagnostics, never a failure', () => {
    const names = fc.constantFrom(
      'a.txt',
      'a.md',
      'a.html',
      'a.json',
      'a.jsonl',
      'a.warc',
      'a.rss',
      'a.sgml',
      'a',
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), names, (bytes, source) => {
        expectWellFormed(readInput(bytes, { source, limits }), source);
      }),
      runs(300),
    );
  });

  it('HTML tag soup (self-closing, unmatched and optional-end tags)', () => {
    fc.assert(
      fc.property(markup, (html) => {
        expectWellFormed(readInput(Buffer.from(html), { source: 'a.html', limits }), 'a.html');
      }),
      runs(120),
    );
  });

  it('JSON and JSON Lines of any values', () => {
    const report = fc.record({ text: prose, title: fc.option(prose), date: fc.option(fc.string()) });
    const value = fc.oneof(fc.jsonValue({ maxDepth: 4 }), report, fc.array(report, { maxLength: 4 }));
    fc.assert(
      fc.property(value, fc.array(value, { maxLength: 6 }), (one, lines) => {
        expectWellFormed(readInput(Buffer.from(JSON.stringify(one)), { source: 'a.json', limits }), 'a.json');
        const jsonl = lines.map((l) => JSON.stringify(l)).join('\n');
        expectWellFormed(readInput(Buffer.from(jsonl), { source: 'a.jsonl', limits }), 'a.jsonl');
      }),
      runs(150),
    );
  });

  it('the JSON string meter measures strings as JSON.parse returns them, in any chunks', () => {
    const longest = (v: unknown): number => {
      if (typeof v === 'string') return v.length;
      if (Array.isArray(v)) return Math.max(0, ...v.map(longest));
      if (v && typeof v === 'object')
        return Math.max(0, ...Object.entries(v).map(([k, x]) => Math.max(k.length, longest(x))));
      return 0;
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.integer({ min: 1, max: 13 }), (value, chunk) => {
        const bytes = Buffer.from(JSON.stringify(value));
        const meter = createJsonStringMeter();
        for (let i = 0; i < bytes.length; i += chunk) meter.push(bytes.subarray(i, i + chunk));
        expect(meter.longest.length).toBe(longest(value));
      }),
      runs(300),
    );
  });

  it('TREC/SGML with damaged markup', () => {
    const field = fc.constantFrom(
      '<DOCNO>',
      '</DOCNO>',
      '<HEADLINE>',
      '</HEADLINE>',
      '<TEXT>',
      '</TEXT>',
      '<P>',
      '</DOC>',
      '<DOC>',
    );
    const sgml = fc
      .array(fc.oneof(field, words), { maxLength: 60 })
      .map((parts) => `<DOC><DOCNO> APW19980101.0001 </DOCNO>${parts.join(' ')}`);
    fc.assert(
      fc.property(sgml, (text) => {
        expectWellFormed(readInput(Buffer.from(text), { source: 'a.sgml', limits }), 'a.sgml');
      }),
      runs(120),
    );
  });

  it('WARC records with wrong lengths, missing separators, bad digests and any HTTP body', () => {
    const header = fc.constantFrom(
      'WARC-Type: response',
      'WARC-Type: resource',
      'WARC-Type: warcinfo',
      'Content-Type: application/http; msgtype=response',
      'Content-Type: text/html',
      'WARC-Target-URI: https://news.example.org/a',
      'WARC-Date: 2026-05-01T10:00:00Z',
      'WARC-Block-Digest: sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'WARC-Payload-Digest: sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ',
      'WARC-Record-ID: <urn:uuid:1>',
    );
    const http = fc
      .tuple(
        fc.constantFrom('HTTP/1.1 200 OK', 'HTTP/1.1 404 Not Found', 'HTTP/1.0 200', 'garbage'),
        fc.constantFrom(
          'Content-Type: text/html; charset=utf-8',
          'Content-Type: text/plain',
          'Transfer-Encoding: chunked',
          'Content-Encoding: gzip',
          '',
        ),
        markup,
      )
      .map(([status, head, body]) => `${status}\r\n${head}\r\n\r\n${body}`);
    const record = fc
      .tuple(fc.array(header, { maxLength: 6 }), http, fc.integer({ min: -3, max: 3 }), fc.boolean())
      .map(([headers, block, skew, separated]) => {
        const length = Math.max(0, Buffer.byteLength(block) + skew);
        return `WARC/1.1\r\n${headers.join('\r\n')}\r\nContent-Length: ${length}\r\n\r\n${block}${separated ? '\r\n\r\n' : ''}`;
      });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 5 }), fc.boolean(), (records, gzip) => {
        const bytes = Buffer.from(records.join(''));
        const input = gzip ? gzipSync(bytes) : bytes;
        const source = gzip ? 'a.warc.gz' : 'a.warc';
        expectWellFormed(readInput(input, { source, limits }), source);
      }),
      runs(150),
    );
  });

  it('RSS and Atom feeds with damaged items, entities and markup in their content', () => {
    const field = fc.constantFrom(
      '<item>',
      '</item>',
      '<entry>',
      '</entry>',
      '<title>',
      '</title>',
      '<description>',
      '</description>',
      '<content:encoded><![CDATA[',
      ']]></content:encoded>',
      '<link>https://news.example.org/b</link>',
      '<pubDate>Mon, 04 May 2026 08:00:00 GMT</pubDate>',
      '<updated>2026-05-04T08:00:00Z</updated>',
      '&lt;p&gt;',
      '&amp;',
      '&nbsp;',
      '&#x1F600;',
      '<!ENTITY x "y">',
    );
    const body = fc.array(fc.oneof(field, words, tags), { maxLength: 80 }).map((p) => p.join(' '));
    const feed = fc
      .tuple(fc.boolean(), body)
      .map(([atom, inner]) =>
        atom
          ? `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Desk</title>${inner}</feed>`
          : `<?xml version="1.0"?><rss version="2.0"><channel><title>Desk</title>${inner}</channel></rss>`,
      );
    fc.assert(
      fc.property(feed, (xml) => {
        expectWellFormed(readInput(Buffer.from(xml), { source: 'a.xml', limits }), 'a.xml');
      }),
      runs(150),
    );
  });

  it('Markdown with any markup, links and code', () => {
    const md = fc.constantFrom(
      '# ',
      '## ',
      '* ',
      '1. ',
      '> ',
      '```\n',
      '`',
      '[a](http://x)',
      '![i](x.png)',
      '**',
      '_',
      '---\n',
      '<div>',
      '|a|b|\n',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(md, words), { maxLength: 80 }), (parts) => {
        expectWellFormed(readInput(Buffer.from(parts.join(' ')), { source: 'a.md', limits }), 'a.md');
      }),
      runs(150),
    );
  });

  it('gzip, whole, truncated or with a flipped byte', () => {
    fc.assert(
      fc.property(prose, fc.nat(), fc.nat(), fc.boolean(), (text, cut, flip, damage) => {
        const gz = gzipSync(Buffer.from(text));
        if (damage) gz[flip % gz.length] = (gz[flip % gz.length] ?? 0) ^ 0x5a;
        const bytes = damage ? gz : gz.subarray(0, 2 + (cut % (gz.length - 1)));
        expectWellFormed(readInput(bytes, { source: 'a.txt.gz', limits }), 'a.txt.gz');
      }),
      runs(150),
    );
  });

  it('the streaming prescan refuses only what the readers refuse, for the same reason', async () => {
    const input = fc.oneof(
      prose.map((t) => ({ source: 'a.txt', bytes: Buffer.from(t.repeat(1 + (t.length % 9))) })),
      prose.map((t) => ({ source: 'a.txt.gz', bytes: gzipSync(Buffer.from(t.repeat(40))) })),
      prose.map((t) => ({ source: 'a.json', bytes: Buffer.from(JSON.stringify({ text: t.repeat(3) })) })),
      fc.uint8Array({ maxLength: 300 }).map((b) => ({ source: 'a.txt', bytes: Buffer.from(b) })),
    );
    await fc.assert(
      fc.asyncProperty(input, fc.integer({ min: 1, max: 97 }), async ({ source, bytes }, chunk) => {
        const pieces: Buffer[] = [];
        for (let i = 0; i < bytes.length; i += chunk) pieces.push(bytes.subarray(i, i + chunk));
        const scan = await prescanInput(pieces, { source, size: bytes.length, limits });
        if (!scan.rejection) return;
        const read = readInput(bytes, { source, limits });
        expect(read.records).toEqual([]);
        expect(read.diagnostics.map((d) => d.rule)).toContain(scan.rejection.rule);
      }),
      runs(200),
    );
  });
});

describe('manifest parser under fast-check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-manifest-fuzz-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const cell = fc.oneof(
    fc.constantFrom(
      'a.txt',
      '../b.txt',
      '',
      'x/y.html',
      '"',
      ',',
      '\n',
      'https://example.org/a',
      '2031-05-01',
      'latin1',
      'nope',
    ),
    fc.string({ maxLength: 10 }),
  );

  it('reads a manifest or refuses it with a UsageError, never anything else', () => {
    const jsonl = fc
      .array(
        fc.oneof(
          fc
            .record({
              path: cell,
              outlet: fc.option(cell),
              url: fc.option(cell),
              published: fc.option(cell),
              encoding: fc.option(cell),
            })
            .map((r) => JSON.stringify(r)),
          fc.string({ maxLength: 30 }),
        ),
        { maxLength: 6 },
      )
      .map((lines) => ({ name: 'manifest.jsonl', content: lines.join('\n') }));
    const csv = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 6 }).map((rows) => ({
      name: 'manifest.csv',
      content: ['path,outlet,url,published,encoding', ...rows.map((r) => r.join(','))].join('\n'),
    }));
    fc.assert(
      fc.property(fc.oneof(jsonl, csv), ({ name, content }) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, content);
        let manifest: ReturnType<typeof readManifest>;
        try {
          manifest = readManifest(file);
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
          return;
        }
        for (const entry of manifest.entries) {
          expect(entry.absolute).toBe(path.resolve(dir, entry.path));
          expect(manifest.byPath.get(entry.absolute)).toBe(entry);
        }
      }),
      runs(200),
    );
  });
});

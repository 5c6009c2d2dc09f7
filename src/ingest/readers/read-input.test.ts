import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectFormat, type InputFormat } from '../detect-format.js';
import { defaultLimits, resolveLimits } from '../limits.js';
import type { ReadLimits } from '../reader.js';
import { pageRecord, warcinfo } from './__fixtures__/warc-builder.js';
import { readInput } from './read-input.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('readInput on the fixtures', () => {
  const cases: { file: string; reader: string; records: number; first: Record<string, unknown> }[] = [
    { file: 'report.txt', reader: 'text', records: 1, first: { recordKey: '' } },
    { file: 'report.md', reader: 'markdown', records: 1, first: { title: 'Night market fire contained' } },
    { file: 'article.html', reader: 'html', records: 1, first: { outlet: 'The Meridian Ledger' } },
    { file: 'reports.json', reader: 'json', records: 2, first: { title: 'Storm knocks out power' } },
    { file: 'reports.jsonl', reader: 'jsonl', records: 3, first: { externalId: 'tl-001' } },
    {
      file: 'capture.warc',
      reader: 'warc',
      records: 2,
      first: { url: 'https://meridian-ledger.example/ferry-fog' },
    },
    { file: 'feed.rss', reader: 'rss', records: 2, first: { outlet: 'The Valley Bulletin' } },
    { file: 'feed.atom', reader: 'atom', records: 3, first: { outlet: 'North Fjord Times' } },
  ];
  it.each(cases)('$file → $reader, $records record(s)', ({ file, reader, records, first }) => {
    const result = readInput(fixture(file), { source: file });
    expect(result.reader).toBe(reader);
    expect(result.records).toHaveLength(records);
    const record = result.records[0];
    for (const [key, value] of Object.entries(first)) {
      expect(key === 'recordKey' ? record?.recordKey : record?.meta[key as keyof typeof record.meta]).toEqual(
        value,
      );
    }
    for (const r of result.records) {
      expect(r.text).toBe(r.text.normalize('NFC'));
      expect(r.text).not.toMatch(/\r/);
    }
  });

  it('reads gzip-compressed inputs by the name without .gz', () => {
    const result = readInput(gzipSync(fixture('reports.jsonl')), { source: 'reports.jsonl.gz' });
    expect(result.reader).toBe('jsonl');
    expect(result.records).toHaveLength(3);
  });

  it('lets the caller force a format', () => {
    const result = readInput(utf8('# Heading\n\nBody *text*.'), { source: '-', format: 'markdown' });
    expect(result.records[0]?.text).toBe('Heading\n\nBody text.');
  });
});

describe('detectFormat', () => {
  const cases: [string, string, InputFormat][] = [
    ['a.txt', 'plain', 'text'],
    ['a.md', '# x', 'markdown'],
    ['a', '<!DOCTYPE html><html>', 'html'],
    ['page', '  <html lang="en">', 'html'],
    ['a.html', 'no markup at all', 'html'],
    ['x.xml', '<?xml version="1.0"?>\n<rss version="2.0">', 'rss'],
    ['x.xml', '<?xml version="1.0"?><!-- c --><feed xmlns="http://www.w3.org/2005/Atom">', 'atom'],
    ['x', '<rdf:RDF xmlns:rdf="x">', 'rss'],
    ['a.rss', '<feed xmlns="http://www.w3.org/2005/Atom">', 'atom'],
    ['data', '[{"text":"a"}]', 'json'],
    ['data', '{\n  "text": "a"\n}', 'json'],
    ['data', '{"text":"a"}\n{"text":"b"}\n', 'jsonl'],
    ['a.txt', 'WARC/1.1\r\nWARC-Type: warcinfo\r\n', 'warc'],
    ['stdin', 'Just words.', 'text'],
  ];
  it.each(cases)('%s %j → %s', (name, content, format) => {
    expect(detectFormat(utf8(content), name)).toBe(format);
  });
});

/** Hostile inputs from the issue: each gives diagnostics naming the source (and record), never throws. */
describe('hostile inputs', () => {
  const warcGz = () =>
    Buffer.concat([
      gzipSync(warcinfo()),
      gzipSync(
        pageRecord(
          '<urn:uuid:a>',
          'https://x.example/a',
          '<html><body><p>First page text.</p></body></html>',
        ),
      ),
      gzipSync(
        pageRecord(
          '<urn:uuid:b>',
          'https://x.example/b',
          `<html><body><p>${'Second page. '.repeat(500)}</p></body></html>`,
        ),
      ),
    ]);
  const cases: {
    name: string;
    source: string;
    bytes: () => Uint8Array;
    limits?: Partial<ReadLimits>;
    rule: string;
    record?: string;
    records: number;
  }[] = [
    {
      name: 'empty file',
      source: 'empty.txt',
      bytes: () => new Uint8Array(0),
      rule: 'ingest/empty',
      records: 0,
    },
    {
      name: 'white space only',
      source: 'blank.txt',
      bytes: () => utf8(' \n\n \t\n'),
      rule: 'ingest/empty',
      records: 0,
    },
    {
      name: 'binary junk',
      source: 'junk.txt',
      bytes: () => Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256),
      rule: 'ingest/binary',
      records: 0,
    },
    {
      name: 'invalid UTF-8',
      source: 'latin1.txt',
      bytes: () => Uint8Array.from([...utf8('Caf'), 0xe9, ...utf8(' au lait\n')]),
      rule: 'ingest/invalid-utf8',
      records: 0,
    },
    {
      name: 'truncated gzip (complete records kept)',
      source: 'crawl.warc.gz',
      bytes: () => {
        const all = warcGz();
        return all.subarray(0, all.length - 40);
      },
      rule: 'ingest/gzip-truncated',
      records: 1,
    },
    {
      name: 'truncated gzip of a single document (rejected, not read in part)',
      source: 'story.txt.gz',
      bytes: () => {
        const gz = gzipSync(Buffer.from('Story text. '.repeat(5000)));
        return gz.subarray(0, gz.length - 30);
      },
      rule: 'ingest/gzip-truncated',
      records: 0,
    },
    {
      name: 'malformed JSON lines (others go through)',
      source: 'reports.jsonl',
      bytes: () => fixture('reports.jsonl'),
      rule: 'ingest/json-malformed',
      record: 'line 3',
      records: 3,
    },
    {
      name: 'broken WARC record (bad Content-Length)',
      source: 'broken.warc',
      bytes: () =>
        Buffer.concat([
          Buffer.from(
            'WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:bad>\r\nContent-Length: lots\r\n\r\nHTTP/1.1 200 OK\r\n\r\n',
          ),
          pageRecord('<urn:uuid:good>', 'https://x.example/g', '<html><body><p>Good page.</p></body></html>'),
        ]),
      rule: 'ingest/warc-bad-record',
      record: 'record <urn:uuid:bad>',
      records: 1,
    },
    {
      name: 'decompression bomb (ratio)',
      source: 'bomb.jsonl.gz',
      bytes: () => gzipSync(Buffer.alloc(16 * 1024 * 1024)),
      rule: 'ingest/decompression-bomb',
      records: 0,
    },
    {
      name: 'decompression bomb (size, lowered limit)',
      source: 'bomb.warc.gz',
      bytes: () => gzipSync(Buffer.alloc(3 * 1024 * 1024, 'a')),
      limits: { maxDecompressedBytes: 1024 * 1024, maxCompressionRatio: 1e9 },
      rule: 'ingest/decompression-bomb',
      records: 0,
    },
    {
      name: 'a 3 MiB single line against a 1 MiB line limit',
      source: 'long.jsonl',
      bytes: () =>
        Buffer.concat([
          Buffer.from('{"text":"short one"}\n{"text":"'),
          Buffer.alloc(3 * 1024 * 1024, 'x'),
          Buffer.from('"}\n{"text":"short two"}\n'),
        ]),
      limits: { maxLineBytes: 1024 * 1024 },
      rule: 'ingest/line-too-long',
      record: 'line 2',
      records: 2,
    },
    {
      name: '100,000 nested divs',
      source: 'deep.html',
      bytes: () =>
        utf8(`<html><body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}</body></html>`),
      rule: 'ingest/too-deep',
      records: 0,
    },
    {
      name: 'deeply nested JSON',
      source: 'deep.json',
      bytes: () => utf8(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
      rule: 'ingest/too-deep',
      records: 0,
    },
    {
      name: 'XML entity bomb in a feed',
      source: 'lol.rss',
      bytes: () =>
        utf8(
          `<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY a "lollollollollollollollollollol">\n${Array.from(
            { length: 9 },
            (_, i) =>
              `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`,
          ).join(
            '\n',
          )}\n]>\n<rss version="2.0"><channel><title>&j;</title><item><description>&j;</description></item></channel></rss>`,
        ),
      rule: 'ingest/xml-entity-declaration',
      records: 0,
    },
    {
      name: 'file over maxFileBytes',
      source: 'big.txt',
      bytes: () => Buffer.alloc(2048, 'a'),
      limits: { maxFileBytes: 1024 },
      rule: 'ingest/too-large',
      records: 0,
    },
  ];

  it.each(cases)('$name → $rule', ({ source, bytes, limits, rule, record, records }) => {
    const result = readInput(bytes(), { source, limits: resolveLimits(limits) });
    expect(result.records).toHaveLength(records);
    const found = result.diagnostics.find((d) => d.rule === rule);
    expect(found, JSON.stringify(result.diagnostics)).toBeDefined();
    expect(found?.message.length).toBeGreaterThan(20);
    if (record) expect(found?.record).toBe(record);
    for (const d of result.diagnostics) expect(d.source).toBe(source);
  });

  it('keeps the complete lines of a truncated JSON Lines gzip', () => {
    const gz = gzipSync(
      Buffer.from(
        Array.from({ length: 2000 }, (_, i) => JSON.stringify({ text: `Report ${i}.` })).join('\n'),
      ),
    );
    const result = readInput(gz.subarray(0, gz.length - 30), { source: 'lines.jsonl.gz' });
    expect(result.records.length).toBeGreaterThan(1900);
    expect(result.records.length).toBeLessThan(2000);
    expect(result.records.map((r) => r.text)).toEqual(result.records.map((_, i) => `Report ${i}.`));
    expect(result.diagnostics[0]).toMatchObject({
      rule: 'ingest/gzip-truncated',
      severity: 'warning',
      source: 'lines.jsonl.gz',
    });
  });

  it('names the offset of invalid UTF-8', () => {
    const result = readInput(Uint8Array.from([...utf8('Caf'), 0xe9, 0x20]), { source: 'x.txt' });
    expect(result.diagnostics[0]?.message).toContain('byte 3');
  });

  it('rejects a 200 MB single line at the default limits without decoding it', () => {
    const tail = Buffer.from('\n{"text":"the line after"}\n');
    const lineLength = 200 * 1000 * 1000;
    // One allocation (no concat copy), so the test holds 200 MB, not 400 MB.
    const bytes = Buffer.alloc(lineLength + tail.length, 0x61);
    bytes[0] = 0x7b; // '{' so that it is sniffed as JSON Lines with the next line
    tail.copy(bytes, lineLength);
    expect(bytes.length).toBeLessThan(defaultLimits.maxFileBytes);
    const result = readInput(bytes, { source: 'huge.jsonl' });
    expect(result.records.map((r) => r.text)).toEqual(['the line after']);
    expect(result.diagnostics).toMatchObject([
      { rule: 'ingest/line-too-long', record: 'line 1', source: 'huge.jsonl' },
    ]);
    const line = bytes.subarray(0, lineLength).fill(0x61, 0, 1);
    const text = readInput(line, { source: 'huge.txt' });
    expect(text.records).toHaveLength(0);
    expect(text.diagnostics[0]?.rule).toBe('ingest/line-too-long');
  });
});

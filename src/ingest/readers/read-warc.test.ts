import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../limits.js';
import {
  chunked,
  httpResponse,
  pageRecord,
  sha1Base32,
  warcinfo,
  warcRecord,
} from './__fixtures__/warc-builder.js';
import { readInput } from './read-input.js';
import { readWarc } from './read-warc.js';
import { base32, checkDigest } from './warc-digest.js';

const ctx = { source: 'test.warc', limits: defaultLimits };
const page = (body: string, head = '') =>
  `<!doctype html><html><head>${head}</head><body><article>${body}</article></body></html>`;

describe('readWarc', () => {
  it('reads the committed capture with matching digests', () => {
    const result = readWarc(readFileSync(new URL('./__fixtures__/capture.warc', import.meta.url)), ctx);
    expect(result.records.map((r) => [r.recordKey, r.sourceUrl, r.digestMatched, r.capturedAt])).toEqual([
      [
        '<urn:uuid:11111111-1111-4111-8111-111111111111>',
        'https://meridian-ledger.example/ferry-fog',
        true,
        '2031-02-14T10:00:00Z',
      ],
      [
        '<urn:uuid:22222222-2222-4222-8222-222222222222>',
        'https://meridian-ledger.example/tug-crews',
        true,
        '2031-02-14T10:00:00Z',
      ],
    ]);
    // The page's own publication time, not the capture time.
    expect(result.records[0]?.meta.published).toBe('2031-02-14T09:30:00+01:00');
    expect(result.diagnostics).toMatchObject([{ rule: 'ingest/warc-skipped', severity: 'info' }]);
  });

  it('reads WARC.gz with one gzip member per record', () => {
    const members = Buffer.concat([
      gzipSync(warcinfo()),
      gzipSync(pageRecord('<urn:uuid:1>', 'https://a.example/1', page('<p>One.</p>'))),
      gzipSync(pageRecord('<urn:uuid:2>', 'https://a.example/2', page('<p>Two.</p>'))),
    ]);
    const result = readInput(members, { source: 'crawl.warc.gz' });
    expect(result.reader).toBe('warc');
    expect(result.records.map((r) => r.text)).toEqual(['One.', 'Two.']);
  });

  it('skips a damaged gzip member and reads the other records', () => {
    const second = gzipSync(
      pageRecord('<urn:uuid:2>', 'https://a.example/2', page(`<p>${'Two. '.repeat(200)}</p>`)),
    );
    for (let i = 20; i < 60; i++) second[i] = (second[i] ?? 0) ^ 0x55;
    const members = Buffer.concat([
      gzipSync(pageRecord('<urn:uuid:1>', 'https://a.example/1', page('<p>One.</p>'))),
      second,
      gzipSync(pageRecord('<urn:uuid:3>', 'https://a.example/3', page('<p>Three.</p>'))),
    ]);
    const result = readInput(members, { source: 'crawl.warc.gz' });
    expect(result.records.map((r) => r.text)).toEqual(['One.', 'Three.']);
    expect(result.diagnostics).toMatchObject([
      { rule: 'ingest/gzip-corrupt', severity: 'warning', source: 'crawl.warc.gz' },
    ]);
  });

  it('undoes chunked transfer coding and gzip content coding, and uses the HTTP charset', () => {
    const html = Buffer.from(page('<p>Caf\u00e9 \u2013 na\u00efve</p>'), 'latin1');
    const windows1252 = Buffer.from(html);
    windows1252[windows1252.indexOf(0x13)] = 0x96; // U+2013 → 0x96 in windows-1252
    const body = chunked(gzipSync(windows1252), 50);
    const block = httpResponse(body, [
      'Content-Type: text/html; charset=windows-1252',
      'Transfer-Encoding: chunked',
      'Content-Encoding: gzip',
    ]);
    const record = warcRecord({
      type: 'response',
      id: '<urn:uuid:c>',
      targetUri: 'https://c.example/',
      contentType: 'application/http; msgtype=response',
      block,
      payload: body,
    });
    const result = readWarc(record, ctx);
    expect(result.records[0]?.text).toBe('Café – naïve');
    expect(result.records[0]?.digestMatched).toBe(true);
  });

  it('records digest mismatches and missing digests', () => {
    const block = httpResponse(Buffer.from(page('<p>Altered.</p>')));
    const wrong = warcRecord({
      type: 'response',
      id: '<urn:uuid:w>',
      targetUri: 'https://w.example/',
      contentType: 'application/http; msgtype=response',
      block,
      blockDigest: 'wrong',
    });
    const none = warcRecord({
      type: 'response',
      id: '<urn:uuid:n>',
      targetUri: 'https://n.example/',
      contentType: 'application/http; msgtype=response',
      block,
      blockDigest: 'none',
    });
    const result = readWarc(Buffer.concat([wrong, none]), ctx);
    expect(result.records.map((r) => r.digestMatched)).toEqual([false, null]);
    expect(result.diagnostics).toMatchObject([
      { rule: 'ingest/warc-digest-mismatch', record: 'record <urn:uuid:w>', source: 'test.warc' },
    ]);
  });

  it('skips requests, non-HTML responses, redirects and revisits, counting them', () => {
    const png = httpResponse(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), ['Content-Type: image/png']);
    const redirect = Buffer.from(
      'HTTP/1.1 301 Moved\r\nLocation: /x\r\nContent-Type: text/html\r\n\r\n<html>moved</html>',
    );
    const input = Buffer.concat([
      warcRecord({
        type: 'request',
        id: '<urn:uuid:r>',
        contentType: 'application/http; msgtype=request',
        block: Buffer.from('GET / HTTP/1.1\r\n\r\n'),
      }),
      warcRecord({
        type: 'response',
        id: '<urn:uuid:p>',
        contentType: 'application/http; msgtype=response',
        block: png,
      }),
      warcRecord({
        type: 'response',
        id: '<urn:uuid:m>',
        contentType: 'application/http; msgtype=response',
        block: redirect,
      }),
      warcRecord({
        type: 'revisit',
        id: '<urn:uuid:v>',
        contentType: 'application/http; msgtype=response',
        block: Buffer.from(''),
      }),
      warcRecord({
        type: 'resource',
        id: '<urn:uuid:s>',
        targetUri: 'file:///s.html',
        contentType: 'text/html',
        block: Buffer.from(page('<p>Resource page.</p>')),
      }),
    ]);
    const result = readWarc(input, ctx);
    expect(result.records.map((r) => r.text)).toEqual(['Resource page.']);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.message).toMatch(/1 request, 1 image\/png, 1 HTTP status 301, 1 revisit/);
  });

  const good = () => pageRecord('<urn:uuid:good>', 'https://g.example/', page('<p>Good.</p>'));
  const broken: { name: string; bytes: () => Buffer; rule: string; records: number }[] = [
    {
      name: 'garbage before a record',
      bytes: () => Buffer.concat([Buffer.from('garbage\r\n'), good()]),
      rule: 'ingest/warc-bad-record',
      records: 1,
    },
    {
      name: 'Content-Length too short',
      bytes: () =>
        Buffer.concat([
          warcRecord({
            type: 'resource',
            id: '<urn:uuid:short>',
            contentType: 'text/html',
            block: Buffer.from(page('<p>x</p>')),
            contentLength: '10',
          }),
          good(),
        ]),
      rule: 'ingest/warc-bad-record',
      records: 1,
    },
    {
      name: 'Content-Length too long',
      bytes: () =>
        Buffer.concat([
          warcRecord({
            type: 'resource',
            id: '<urn:uuid:long>',
            contentType: 'text/html',
            block: Buffer.from(page('<p>x</p>')),
            contentLength: '90',
          }),
          good(),
        ]),
      rule: 'ingest/warc-bad-record',
      records: 1,
    },
    {
      name: 'truncated last record',
      bytes: () => Buffer.concat([good(), good().subarray(0, 200)]),
      rule: 'ingest/warc-truncated',
      records: 1,
    },
    {
      name: 'header that never ends',
      bytes: () => Buffer.concat([good(), Buffer.from('WARC/1.1\r\nWARC-Type: response')]),
      rule: 'ingest/warc-truncated',
      records: 1,
    },
    {
      name: 'malformed chunked body',
      bytes: () =>
        Buffer.concat([
          warcRecord({
            type: 'response',
            id: '<urn:uuid:ch>',
            contentType: 'application/http; msgtype=response',
            block: httpResponse(Buffer.from('zz\r\nnope'), [
              'Content-Type: text/html',
              'Transfer-Encoding: chunked',
            ]),
          }),
          good(),
        ]),
      rule: 'ingest/warc-bad-http',
      records: 1,
    },
  ];
  it.each(broken)('$name → $rule, the rest goes through', ({ bytes, rule, records }) => {
    const result = readWarc(bytes(), ctx);
    expect(result.records).toHaveLength(records);
    expect(result.records[0]?.text).toBe('Good.');
    expect(result.diagnostics.map((d) => d.rule)).toContain(rule);
    for (const d of result.diagnostics) expect(d.source).toBe('test.warc');
  });
});

describe('checkDigest', () => {
  const bytes = Buffer.from('abc');
  it.each([
    [sha1Base32(bytes), true],
    ['sha1:a9993e364706816aba3e25717850c26c9cd0d89d', true],
    ['sha256:ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=', true],
    ['sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', false],
    ['crc32:1234', null],
  ])('%s → %s', (field, expected) => {
    expect(checkDigest(field, bytes)).toBe(expected);
  });
  it('encodes base32 as RFC 4648', () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });
});

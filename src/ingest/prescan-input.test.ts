import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../store/document-id.js';
import { resolveLimits } from './limits.js';
import { prescanInput } from './prescan-input.js';
import { readInput } from './readers/read-input.js';

/** Small limits, so that every case is a few hundred bytes. */
const limits = resolveLimits({
  maxTextChars: 120,
  maxLineBytes: 80,
  maxDecompressedBytes: 4096,
  maxCompressionRatio: 100,
});

const sentence = 'The storm closed two roads near the river.\n';
const gz = (text: string | Buffer) => gzipSync(Buffer.from(text));

const cases: [string, string, Buffer, string | null][] = [
  ['text within the limits', 'a.txt', Buffer.from(sentence.repeat(2)), null],
  ['text over maxTextChars', 'a.txt', Buffer.from(sentence.repeat(4)), 'ingest/text-too-long'],
  [
    'a line over maxLineBytes',
    'a.txt',
    Buffer.from(`${sentence}${'word '.repeat(30)}\n`),
    'ingest/line-too-long',
  ],
  [
    'a long line after the text limit is passed',
    'a.txt',
    Buffer.from(`${sentence.repeat(4)}${'word '.repeat(30)}`),
    'ingest/line-too-long',
  ],
  [
    'invalid UTF-8',
    'a.txt',
    Buffer.concat([Buffer.from(sentence), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]),
    'ingest/invalid-utf8',
  ],
  ['only white space', 'a.txt', Buffer.from('   \n\n  \t\n'), 'ingest/empty'],
  // 124 characters as written, 104 once NFC composes each e + combining acute: within the limit.
  [
    'decomposed accents that NFC composes',
    'a.txt',
    Buffer.from(`${'cafe\u0301 '.repeat(5)}\n`.repeat(4)),
    null,
  ],
  [
    'decomposed accents over the limit',
    'a.txt',
    Buffer.from(`${'cafe\u0301 '.repeat(5)}\n`.repeat(5)),
    'ingest/text-too-long',
  ],
  [
    'CRLF line endings within the limit',
    'a.txt',
    Buffer.from(sentence.replace('\n', '\r\n').repeat(2)),
    null,
  ],
  ['a byte-order mark', 'a.txt', Buffer.from(`\ufeff${sentence}`), null],
  ['JSON within the limits', 'a.json', Buffer.from(JSON.stringify({ text: sentence })), null],
  [
    'a JSON string over maxTextChars',
    'a.json',
    Buffer.from(JSON.stringify({ text: 'short', note: 'x'.repeat(130) })),
    'ingest/text-too-long',
  ],
  [
    'a JSON string of escapes within the limit',
    'a.json',
    Buffer.from(`{"text":"${'\\u00e9'.repeat(100)}"}`),
    null,
  ],
  ['binary data', 'a.txt', Buffer.from([0x00, 0x01, 0x02, 0x41, 0x00, 0x42]), 'ingest/binary'],
  ['gzip of text over the limit', 'a.txt.gz', gz(sentence.repeat(4)), 'ingest/text-too-long'],
  ['gzip within the limits', 'a.txt.gz', gz(sentence.repeat(2)), null],
  ['gzip over maxDecompressedBytes', 'a.txt.gz', gz(sentence.repeat(200)), 'ingest/decompression-bomb'],
  ['gzip inside gzip', 'a.txt.gz', gz(gz(sentence)), 'ingest/nested-gzip'],
  [
    'truncated gzip of a page',
    'a.html.gz',
    gz(`<html><body><p>${sentence.repeat(2)}</p></body></html>`).subarray(0, 40),
    'ingest/gzip-truncated',
  ],
];

/** The rule `readInput` refuses the input with, or null when it reads a record. */
function readerVerdict(bytes: Buffer, source: string): string | null {
  const result = readInput(bytes, { source, limits });
  if (result.records.length > 0) return null;
  return result.diagnostics.find((d) => d.severity === 'error')?.rule ?? 'no-records';
}

function chunked(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe('prescanInput', () => {
  it.each(cases)('%s: refused for the reason the readers give', async (_name, source, bytes, expected) => {
    expect(readerVerdict(bytes, source)).toBe(expected);
    for (const size of [1, 7, 64, bytes.length]) {
      const scan = await prescanInput(chunked(bytes, size), { source, size: bytes.length, limits });
      expect(scan.rejection?.rule ?? null).toBe(expected);
      expect(scan.sha256).toBe(sha256Hex(bytes));
      expect(scan.size).toBe(bytes.length);
      if (scan.rejection) expect(scan.rejection.source).toBe(source);
    }
  });

  it('names the same line and byte as the text reader', async () => {
    for (const bytes of [
      Buffer.from(`${sentence}${sentence}${'word '.repeat(30)}\n${sentence}`),
      Buffer.concat([Buffer.from(sentence.repeat(2)), Buffer.from([0xe2, 0x28, 0xa1])]),
    ]) {
      const read = readInput(bytes, { source: 'a.txt', limits }).diagnostics[0];
      const scan = await prescanInput(chunked(bytes, 5), { source: 'a.txt', size: bytes.length, limits });
      expect(scan.rejection?.message).toBe(read?.message);
      expect(scan.rejection?.record).toBe(read?.record);
    }
  });
});

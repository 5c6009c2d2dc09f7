/**
 * Builds `examples/corpus/congodispatch-archive.warc.gz` from `examples/warc-source/congodispatch-toll.html`.
 *
 * The archive is a WARC/1.1 file with three records (warcinfo, request, response), each compressed as
 * its own gzip member, as web crawlers write them. Block and payload digests are SHA-1 in base32
 * (`sha1:...`), so a reader can check that each record's bytes are intact. Everything is fixed
 * (dates, record ids derived from content, gzip header without a timestamp): running the script again
 * gives byte-identical output.
 *
 * Usage: npx tsx scripts/make-example-warc.ts [--out FILE]
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourcePath = join(repoRoot, 'examples', 'warc-source', 'congodispatch-toll.html');
const defaultOut = join(repoRoot, 'examples', 'corpus', 'congodispatch-archive.warc.gz');

const targetUri = 'https://www.congodispatch.example/news/2025/03/10/bunia-market-toll-rises-militia-denies';
const captureDate = '2025-03-10T16:02:11Z';
const httpDate = 'Mon, 10 Mar 2025 16:02:11 GMT';
const lastModified = 'Mon, 10 Mar 2025 15:45:00 GMT';
const CRLF = '\r\n';

/** RFC 4648 base32 (upper case, no padding is needed for 20-byte SHA-1 digests). */
export function base32(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  while (out.length % 8 !== 0) out += '=';
  return out;
}

/** `sha1:<base32>` as WARC-Block-Digest and WARC-Payload-Digest expect. */
export function sha1Digest(bytes: Uint8Array): string {
  return `sha1:${base32(createHash('sha1').update(bytes).digest())}`;
}

/** A stable urn:uuid built from the record's content, so ids do not change between runs. */
function recordId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `<urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}>`;
}

interface WarcRecord {
  headers: Array<[string, string]>;
  block: Buffer;
}

function serialise(record: WarcRecord): Buffer {
  const head = [
    'WARC/1.1',
    ...record.headers.map(([k, v]) => `${k}: ${v}`),
    `Content-Length: ${record.block.length}`,
  ]
    .join(CRLF)
    .concat(CRLF, CRLF);
  return Buffer.concat([Buffer.from(head, 'utf8'), record.block, Buffer.from(CRLF + CRLF, 'utf8')]);
}

/** Returns the gzip-per-record WARC bytes for the example page. */
export function buildExampleWarc(html: Buffer): Buffer {
  const info = Buffer.from(
    [
      'software: corroborate scripts/make-example-warc.ts',
      'format: WARC File Format 1.1',
      'conformsTo: https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/',
      'description: Fictional example page for the Corroborate example corpus',
      '',
    ].join(CRLF),
    'utf8',
  );
  const warcinfoId = recordId(`warcinfo ${info.toString('utf8')}`);

  const request = Buffer.from(
    [
      'GET /news/2025/03/10/bunia-market-toll-rises-militia-denies HTTP/1.1',
      'Host: www.congodispatch.example',
      'User-Agent: corroborate-example-crawler/1.0',
      'Accept: text/html',
      '',
      '',
    ].join(CRLF),
    'utf8',
  );
  const requestId = recordId(`request ${targetUri} ${request.toString('utf8')}`);

  const httpHead = Buffer.from(
    [
      'HTTP/1.1 200 OK',
      `Date: ${httpDate}`,
      `Last-Modified: ${lastModified}`,
      'Content-Type: text/html; charset=utf-8',
      `Content-Length: ${html.length}`,
      '',
      '',
    ].join(CRLF),
    'utf8',
  );
  const responseBlock = Buffer.concat([httpHead, html]);
  const responseId = recordId(`response ${targetUri} ${sha1Digest(responseBlock)}`);

  const records: WarcRecord[] = [
    {
      headers: [
        ['WARC-Type', 'warcinfo'],
        ['WARC-Date', captureDate],
        ['WARC-Filename', 'congodispatch-archive.warc.gz'],
        ['WARC-Record-ID', warcinfoId],
        ['Content-Type', 'application/warc-fields'],
        ['WARC-Block-Digest', sha1Digest(info)],
      ],
      block: info,
    },
    {
      headers: [
        ['WARC-Type', 'request'],
        ['WARC-Target-URI', targetUri],
        ['WARC-Date', captureDate],
        ['WARC-Record-ID', requestId],
        ['WARC-Warcinfo-ID', warcinfoId],
        ['WARC-Concurrent-To', responseId],
        ['Content-Type', 'application/http; msgtype=request'],
        ['WARC-Block-Digest', sha1Digest(request)],
      ],
      block: request,
    },
    {
      headers: [
        ['WARC-Type', 'response'],
        ['WARC-Target-URI', targetUri],
        ['WARC-Date', captureDate],
        ['WARC-Record-ID', responseId],
        ['WARC-Warcinfo-ID', warcinfoId],
        ['Content-Type', 'application/http; msgtype=response'],
        ['WARC-Block-Digest', sha1Digest(responseBlock)],
        ['WARC-Payload-Digest', sha1Digest(html)],
        ['WARC-Identified-Payload-Type', 'text/html'],
      ],
      block: responseBlock,
    },
  ];
  // One gzip member per record; Node writes a zero mtime, so the output is reproducible.
  return Buffer.concat(records.map((r) => gzipSync(serialise(r), { level: 9 })));
}

function main(argv: string[]): void {
  const outIndex = argv.indexOf('--out');
  const out = outIndex >= 0 && argv[outIndex + 1] ? resolve(argv[outIndex + 1] as string) : defaultOut;
  const warc = buildExampleWarc(readFileSync(sourcePath));
  writeFileSync(out, warc);
  process.stdout.write(`wrote ${out} (${warc.length} bytes)\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}

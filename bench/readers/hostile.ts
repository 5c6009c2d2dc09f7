/**
 * Time and peak memory to ingest (or refuse) each hostile input at the default limits, through
 * the same path as `corroborate ingest` (streaming checks, readers, store), and for text that is
 * accepted, to extract it. Each input runs alone in a child process (`hostile-case.ts`), so its
 * peak resident memory is its own. Every input must finish within 10 s and 512 MiB (a large input
 * that is accepted, within 1 s per 10 MB); one that does not is named as FAILED and the run exits 1.
 * Run: `npx tsx bench/readers/hostile.ts [NAME-FILTER]`
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

const BUDGET_MS = 10_000;
const BUDGET_MIB = 512;
/** Inputs marked "(accepted)" are read, stored and fsynced whole: at least 10 MB/s, so 50 s for 500 MB. */
const ACCEPTED_BYTES_PER_S = 10e6;
/** A child still running after this is killed and reported as over budget. */
const HARD_STOP_MS = 300_000;

type Make = (file: string) => Promise<void> | void;

/** Writes `count` copies of `piece` to `file` without holding them together. */
async function repeatTo(file: string, piece: Buffer, count: number, gzip?: number): Promise<void> {
  async function* pieces() {
    for (let i = 0; i < count; i++) yield piece;
  }
  if (gzip === undefined) await pipeline(pieces(), fs.createWriteStream(file));
  else await pipeline(pieces(), createGzip({ level: gzip }), fs.createWriteStream(file));
}

/** One JSON object on one line of `bytes` bytes, its text a run of `a`, written 1 MB at a time. */
async function jsonLine(file: string, bytes: number): Promise<void> {
  const body = Buffer.alloc(1e6, 0x61);
  const count = Math.floor((bytes - 11) / body.length);
  async function* pieces() {
    yield Buffer.from('{"text":"');
    for (let i = 0; i < count; i++) yield body;
    yield Buffer.from('"}');
  }
  await pipeline(pieces(), fs.createWriteStream(file));
}

/** Seeded words: repeated in blocks of 8,000 bytes, gzip at level 2 compresses them about 58 times. */
function wordsBlock(bytes: number, seed: number): Buffer {
  const words =
    'the report said people were in town after a storm on Monday and officials counted damage'.split(' ');
  const out: string[] = [];
  let s = seed;
  let n = 0;
  while (n < bytes) {
    s = (s * 1103515245 + 12345) >>> 0;
    const w = words[s % words.length] as string;
    out.push(w);
    n += w.length + 1;
  }
  return Buffer.from(`${out.join(' ')}\n`);
}

/** About `bytes` of JSON Lines: one report a line, each about 3 KB of seeded words (all distinct). */
async function reportLines(file: string, bytes: number): Promise<void> {
  const block = wordsBlock(64_000, 3).toString().trim().split(' ');
  let written = 0;
  let i = 0;
  async function* pieces() {
    while (written < bytes) {
      const start = (i * 7919) % (block.length - 500);
      const text = `Report ${i}: ${block.slice(start, start + 480).join(' ')}.`;
      const line = Buffer.from(`${JSON.stringify({ title: `Report ${i}`, outlet: 'Example Wire', text })}\n`);
      written += line.length;
      i++;
      yield line;
    }
  }
  await pipeline(pieces(), fs.createWriteStream(file));
}

/**
 * About `bytes` of WARC as a crawl holds it: for each HTML page of a report, a 1 MB non-HTML
 * response (an image), so that most of the bytes are records the reader skips.
 */
async function crawlWarc(file: string, bytes: number): Promise<void> {
  const image = Buffer.alloc(1e6, 0xab);
  const record = (type: string, contentType: string, uri: string, block: Buffer): Buffer =>
    Buffer.concat([
      Buffer.from(
        `WARC/1.1\r\nWARC-Type: ${type}\r\nWARC-Target-URI: ${uri}\r\nWARC-Date: 2026-05-01T10:00:00Z\r\nWARC-Record-ID: <urn:uuid:${uri.slice(-12)}>\r\nContent-Type: ${contentType}\r\nContent-Length: ${block.length}\r\n\r\n`,
      ),
      block,
      Buffer.from('\r\n\r\n'),
    ]);
  const block = wordsBlock(3000, 5).toString().trim();
  let written = 0;
  let i = 0;
  async function* pieces() {
    while (written < bytes) {
      const page = Buffer.from(
        `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><head><title>Report ${i}</title></head><body><article><h1>Report ${i}</h1><p>Report ${i}: ${block}</p></article></body></html>`,
      );
      const jpeg = Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n\r\n'), image]);
      for (const r of [
        record(
          'response',
          'application/http; msgtype=response',
          `https://news.example.org/${String(i).padStart(12, '0')}`,
          page,
        ),
        record(
          'response',
          'application/http; msgtype=response',
          `https://img.example.org/${String(i).padStart(12, '0')}`,
          jpeg,
        ),
      ]) {
        written += r.length;
        yield r;
      }
      i++;
    }
  }
  await pipeline(pieces(), fs.createWriteStream(file));
}

/**
 * About `bytes` of one report made of short news paragraphs, each an incident with a figure, a
 * street, a town, a day and a speaker, all varied: every paragraph gives the extraction an
 * incident, a place, a date and a claim, so per-incident work over the whole report shows.
 */
function newsParagraphs(file: string, bytes: number): void {
  const numbers = ['Two', 'Three', 'Four', 'Five', 'Six'];
  const streets = ['Alder', 'Hazel', 'Juniper', 'Larch', 'Rowan', 'Sorrel', 'Tamarack', 'Quince'];
  const towns = ['Springfield', 'Riverside', 'Georgetown', 'Franklin', 'Clinton'];
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const verbs = ['shot', 'wounded', 'killed', 'stabbed'];
  const paragraphs: string[] = [];
  let written = 0;
  for (let i = 0; written < bytes; i++) {
    const p =
      `${numbers[i % 5]} men were ${verbs[i % 4]} on ${streets[(i * 3) % 8]} Street in ${towns[(i * 7) % 5]} on ${days[i % 7]}, police said. ` +
      `A ${18 + ((i * 13) % 50)}-year-old woman was taken to hospital, officer ${streets[i % 8]} told reporters.`;
    paragraphs.push(p);
    written += p.length + 2;
  }
  fs.writeFileSync(file, paragraphs.join('\n\n'));
}

/**
 * A report whose lead names towns, then one line of about `bytes` written wholly in lower case
 * (a caption feed or transcript) that names them again and again: each lower-case mention was once
 * checked by reading its whole line.
 */
function lowerCaseTranscript(file: string, bytes: number): void {
  const words = ['the', 'springfield', 'bridge', 'man', 'was', 'shot', 'near', 'riverside', 'hall', 'mobile'];
  const line: string[] = [];
  let written = 0;
  for (let i = 0; written < bytes; i++) {
    const word = words[(i * 7) % words.length] as string;
    line.push(word);
    written += word.length + 1;
  }
  fs.writeFileSync(
    file,
    `Two men were shot in Springfield and Mobile on Friday, police said.\n${line.join(' ')}\n`,
  );
}

const cases: [string, string, Make][] = [
  [
    '100k nested divs',
    'deep.html',
    (f) =>
      fs.writeFileSync(f, `<html><body>${'<div>'.repeat(100000)}x${'</div>'.repeat(100000)}</body></html>`),
  ],
  [
    '300k <div/> (1.8 MB)',
    'self-closing.html',
    (f) => fs.writeFileSync(f, `<html><body>${'<div/>'.repeat(300_000)}x</body></html>`),
  ],
  [
    '100k <div> with unmatched end tags',
    'unmatched.html',
    (f) => fs.writeFileSync(f, `<html><body>${'<div></span>'.repeat(100_000)}x</body></html>`),
  ],
  [
    '100k <caption> in a table',
    'caption.html',
    (f) => fs.writeFileSync(f, `<html><body><table>${'<caption>'.repeat(100_000)}x</table></body></html>`),
  ],
  [
    '100k <colgroup><div> in a table',
    'colgroup.html',
    (f) =>
      fs.writeFileSync(f, `<html><body><table>${'<colgroup><div>'.repeat(100_000)}x</table></body></html>`),
  ],
  [
    '3.2 MB of short paragraphs (text, extracted)',
    'lines.txt',
    (f) => fs.writeFileSync(f, 'word word word\n\n'.repeat(200_000)),
  ],
  ['800 KB of short news paragraphs (text, extracted)', 'news.txt', (f) => newsParagraphs(f, 800_000)],
  [
    '1.6 MB lower-case transcript line (text, extracted)',
    'transcript.txt',
    (f) => lowerCaseTranscript(f, 1_600_000),
  ],
  ['200 MB single line (JSONL)', 'huge.jsonl', (f) => jsonLine(f, 200e6)],
  ['200 MB JSON line (.json)', 'huge.json', (f) => jsonLine(f, 200e6)],
  ['400 MB of text (.txt)', 'big.txt', (f) => repeatTo(f, wordsBlock(4_000_000, 1), 100)],
  [
    '7 MB gzip at ratio ~58 (418 MB of text)',
    'ratio.txt.gz',
    (f) => repeatTo(f, wordsBlock(8000, 7), Math.ceil(418e6 / 8001), 2),
  ],
  ['500 MB of JSON Lines, 3 KB reports (accepted)', 'reports.jsonl', (f) => reportLines(f, 500e6)],
  ['500 MB WARC crawl, 470 pages and 1 MB images (accepted)', 'crawl.warc', (f) => crawlWarc(f, 500e6)],
  ['1 GiB of zeros gzipped', 'bomb.warc.gz', (f) => repeatTo(f, Buffer.alloc(1024 * 1024), 1024, 9)],
  [
    'billion laughs feed',
    'lol.rss',
    (f) =>
      fs.writeFileSync(
        f,
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><rss><channel><title>&lol9;</title></channel></rss>`,
      ),
  ],
];

const filter = process.argv[2];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-hostile-'));
const child = path.join(path.dirname(new URL(import.meta.url).pathname), 'hostile-case.ts');
let failed = 0;
console.log(`| input | size | time | peak RSS | within 10 s / 512 MiB | outcome |`);
console.log(`|---|---:|---:|---:|---|---|`);
try {
  for (const [name, fileName, make] of cases) {
    if (filter && !name.includes(filter)) continue;
    const file = path.join(dir, fileName);
    await make(file);
    const size = fs.statSync(file).size;
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        child,
        file,
        path.join(dir, `store-${fileName}`),
        ...(/extracted/.test(name) ? ['extract'] : []),
      ],
      {
        encoding: 'utf8',
        timeout: HARD_STOP_MS,
      },
    );
    fs.rmSync(file, { force: true });
    fs.rmSync(path.join(dir, `store-${fileName}`), { recursive: true, force: true });
    let result: { ms: number; peakMiB: number; baselineMiB: number; outcome: string };
    try {
      result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
    } catch {
      failed++;
      console.log(
        `| ${name} | ${(size / 1e6).toFixed(2)} MB | — | — | FAILED | ${run.signal ? `killed after ${HARD_STOP_MS / 1000} s` : (run.stderr.trim().split('\n').at(-1) ?? 'no result')} |`,
      );
      continue;
    }
    // A large input that is accepted is stored whole: its time budget grows with its size.
    const budgetMs = /\(accepted\)/.test(name)
      ? Math.max(BUDGET_MS, (size / ACCEPTED_BYTES_PER_S) * 1000)
      : BUDGET_MS;
    const ok = result.ms <= budgetMs && result.peakMiB <= BUDGET_MIB;
    if (!ok) failed++;
    console.log(
      `| ${name} | ${(size / 1e6).toFixed(2)} MB | ${(result.ms / 1000).toFixed(2)} s | ${result.peakMiB} MiB (process at start ${result.baselineMiB}) | ${ok ? 'yes' : 'FAILED'} | ${result.outcome} |`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nnode ${process.version}; ${os.cpus().length} cores; load average ${os.loadavg()[0]?.toFixed(1)}; ${new Date().toISOString().slice(0, 10)}`,
);
if (failed > 0) {
  console.log(`${failed} input(s) FAILED their budget of ${BUDGET_MS / 1000} s and ${BUDGET_MIB} MiB.`);
  process.exitCode = 1;
}

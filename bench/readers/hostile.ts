/**
 * Time and memory to read (or reject) each hostile input at the default limits, and for text that
 * is accepted, to extract it. Run: `npx tsx bench/readers/hostile.ts`.
 */
import { gzipSync } from 'node:zlib';
import type { StoredDocument } from '../../src/core/types.js';
import { createExtractor } from '../../src/extract/index.js';
import { readInput } from '../../src/ingest/readers/index.js';

const cases: [string, string, () => Buffer][] = [
  [
    '100k nested divs',
    'deep.html',
    () => Buffer.from(`<html><body>${'<div>'.repeat(100000)}x${'</div>'.repeat(100000)}</body></html>`),
  ],
  [
    '300k <div/> (1.8 MB)',
    'self-closing.html',
    () => Buffer.from(`<html><body>${'<div/>'.repeat(300_000)}x</body></html>`),
  ],
  [
    '100k <div> with unmatched end tags',
    'unmatched.html',
    () => Buffer.from(`<html><body>${'<div></span>'.repeat(100_000)}x</body></html>`),
  ],
  [
    '100k <caption> in a table',
    'caption.html',
    () => Buffer.from(`<html><body><table>${'<caption>'.repeat(100_000)}x</table></body></html>`),
  ],
  [
    '100k <colgroup><div> in a table',
    'colgroup.html',
    () => Buffer.from(`<html><body><table>${'<colgroup><div>'.repeat(100_000)}x</table></body></html>`),
  ],
  [
    '3.2 MB of short paragraphs (text, extracted)',
    'lines.txt',
    () => Buffer.from('word word word\n\n'.repeat(200_000)),
  ],
  [
    '200 MB single line (JSONL)',
    'huge.jsonl',
    () => {
      const b = Buffer.alloc(200e6, 0x61);
      b[0] = 0x7b;
      return b;
    },
  ],
  ['1 GiB of zeros gzipped', 'bomb.warc.gz', () => gzipSync(Buffer.alloc(1024 * 1024 * 1024))],
  [
    'billion laughs feed',
    'lol.rss',
    () =>
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><rss><channel><title>&lol9;</title></channel></rss>`,
      ),
  ],
];
const extract = createExtractor();
for (const [name, source, make] of cases) {
  const bytes = make();
  const before = process.memoryUsage().rss;
  const t = performance.now();
  const r = readInput(bytes, { source });
  let extracted = '';
  for (const record of r.records.slice(0, 1)) {
    const doc = {
      id: 'd0',
      sha256: '',
      source,
      recordKey: '',
      reader: r.reader,
      capturedAt: '',
      text: record.text,
      title: null,
      outlet: null,
      url: null,
      published: null,
      byline: null,
      dateline: null,
      credits: [],
      series: null,
      externalId: null,
      inferred: [],
    } as StoredDocument;
    const e = extract(doc);
    extracted = `, extracted ${e.sentences.length} sentences`;
  }
  console.log(
    `${name}: input ${(bytes.length / 1e6).toFixed(2)} MB, ${(performance.now() - t).toFixed(0)} ms, rss +${((process.memoryUsage().rss - before) / 1e6).toFixed(0)} MB, ${r.diagnostics.map((d) => d.rule).join(',') || 'accepted'}${extracted}`,
  );
}

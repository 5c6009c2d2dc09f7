/** Time and memory to reject each hostile input at the default limits. Run: `npx tsx bench/readers/hostile.ts`. */
import { gzipSync } from 'node:zlib';
import { readInput } from '../../src/ingest/readers/index.js';

const cases: [string, string, () => Buffer][] = [
  [
    '100k nested divs',
    'deep.html',
    () => Buffer.from(`<html><body>${'<div>'.repeat(100000)}x${'</div>'.repeat(100000)}</body></html>`),
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
for (const [name, source, make] of cases) {
  const bytes = make();
  const before = process.memoryUsage().rss;
  const t = performance.now();
  const r = readInput(bytes, { source });
  console.log(
    `${name}: input ${(bytes.length / 1e6).toFixed(2)} MB, ${(performance.now() - t).toFixed(0)} ms, rss +${((process.memoryUsage().rss - before) / 1e6).toFixed(0)} MB, ${r.diagnostics.map((d) => d.rule).join(',')}`,
  );
}

/**
 * Throughput of the format readers alone (no store): documents/s and MB/s per format, on seeded
 * synthetic news-like inputs. Run: `npx tsx bench/readers/run.ts`. Prints a Markdown table.
 */
import { gzipSync } from 'node:zlib';
import { applyInferredMeta } from '../../src/ingest/infer-meta.js';
import { pageRecord } from '../../src/ingest/readers/__fixtures__/warc-builder.js';
import { readInput } from '../../src/ingest/readers/read-input.js';

let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const words =
  'the a police said on officials two city of in and were killed injured near after village forces residents reported at least hospital mayor statement bodies found Sunday Monday spokesman told reporters by with from council'.split(
    ' ',
  );
const sentence = () => {
  const n = 12 + Math.floor(random() * 18);
  const w = Array.from({ length: n }, () => words[Math.floor(random() * words.length)]);
  return `${w.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
};
const article = () =>
  Array.from({ length: 8 }, () => Array.from({ length: 3 }, sentence).join(' ')).join('\n\n');
const enc = (s: string) => Buffer.from(s);

function measure(name: string, inputs: { bytes: Uint8Array; source: string }[], infer: boolean) {
  const start = process.hrtime.bigint();
  let docs = 0;
  let bytes = 0;
  for (const input of inputs) {
    const result = readInput(input.bytes, { source: input.source });
    for (const r of result.records) if (infer) applyInferredMeta(r.meta, r.text);
    docs += result.records.length;
    bytes += input.bytes.length;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return {
    name,
    docs,
    mb: bytes / 1e6,
    seconds,
    docsPerSecond: docs / seconds,
    mbPerSecond: bytes / 1e6 / seconds,
  };
}

const texts = Array.from({ length: 5000 }, (_, i) => ({
  bytes: enc(`Title Number ${i}\n\nKYIV, April 3 (AP) — ${article()}`),
  source: `t${i}.txt`,
}));
const htmls = Array.from({ length: 500 }, (_, i) => ({
  bytes: enc(
    `<!doctype html><html><head><title>Page ${i}</title><meta property="og:site_name" content="Bench"></head><body><nav>Home News Sport</nav><article>${article()
      .split('\n\n')
      .map((p) => `<p>${p}</p>`)
      .join('')}</article><footer>footer</footer></body></html>`,
  ),
  source: `p${i}.html`,
}));
const jsonl = [
  {
    bytes: enc(
      Array.from({ length: 5000 }, () =>
        JSON.stringify({ title: 'T', published: '2031-01-01', text: article() }),
      ).join('\n'),
    ),
    source: 'b.jsonl',
  },
];
const warcGz = [
  {
    bytes: Buffer.concat(
      htmls
        .slice(0, 300)
        .map((h, i) => gzipSync(pageRecord(`<urn:uuid:${i}>`, `https://b.example/${i}`, h.bytes.toString()))),
    ),
    source: 'b.warc.gz',
  },
];
const rss = [
  {
    bytes: enc(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Bench</title>${Array.from(
        { length: 1000 },
        (_, i) =>
          `<item><title>Item ${i}</title><link>https://b.example/${i}</link><pubDate>Sat, 12 Apr 2031 16:45:00 +0200</pubDate><description><![CDATA[${article()
            .split('\n\n')
            .map((p) => `<p>${p}</p>`)
            .join('')}]]></description></item>`,
      ).join('')}</channel></rss>`,
    ),
    source: 'b.rss',
  },
];

const rows = [
  measure('plain text (+ inferMeta)', texts, true),
  measure('HTML page (Readability)', htmls, false),
  measure('JSON Lines', jsonl, false),
  measure('WARC.gz (HTML responses)', warcGz, false),
  measure('RSS (HTML descriptions)', rss, false),
];
console.log('| format | documents | MB | seconds | documents/s | MB/s |\n|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.docs} | ${r.mb.toFixed(1)} | ${r.seconds.toFixed(2)} | ${Math.round(r.docsPerSecond)} | ${r.mbPerSecond.toFixed(1)} |`,
  );
}
console.log(
  `\npeak RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB; node ${process.version}; ${new Date().toISOString().slice(0, 10)}`,
);

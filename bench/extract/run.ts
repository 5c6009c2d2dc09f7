/**
 * Throughput of the whole extraction (sentences, quantities, dates, places, actors, incidents,
 * quotes, attributions, claims) on a seeded corpus of ~800-word news-like reports, one worker
 * thread per core. Usage: `npx tsx bench/extract/run.ts [documents=100000] [workers=2]`.
 * Documents are generated inside the workers; generation time is excluded from the rates.
 */
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createExtractor } from '../../src/extract/index.js';
import { generateReport } from './generate.js';

interface Result {
  index: number;
  docs: number;
  sentences: number;
  incidents: number;
  places: number;
  ms: number;
  setupMs: number;
  heapMB: number;
}

const documents = Number(process.argv[2] ?? 100_000);
const workers = Number(process.argv[3] ?? Math.min(2, cpus().length));

// Calibration on the main thread, before the measured run: CPU per generated document and CPU of
// one extractor setup (gazetteer load and index), so they can be taken out of the per-core rate.
const cpuOf = (f: () => void): number => {
  const c = process.cpuUsage();
  f();
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1e6;
};
const calibrationDocs = 2000;
const genCpuPerDoc =
  cpuOf(() => {
    for (let n = 0; n < calibrationDocs; n++) generateReport(n);
  }) / calibrationDocs;
const setupCpu = cpuOf(() => createExtractor());

const started = performance.now();
const cpuStart = process.cpuUsage();
const results = await Promise.all(
  Array.from(
    { length: workers },
    (_, index) =>
      new Promise<Result>((resolve, reject) => {
        const w = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
          workerData: { index, workers, documents },
          resourceLimits: { maxOldGenerationSizeMb: 1024 },
        });
        w.once('message', resolve);
        w.once('error', reject);
      }),
  ),
);
const wall = (performance.now() - started) / 1000;
// CPU time of the whole process (all threads): on a shared machine, documents per CPU-second is
// the rate one idle core would reach.
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const rss = process.resourceUsage().maxRSS / 1024;
const rows = results.map((r) => ({
  worker: r.index,
  docs: r.docs,
  'setup s': (r.setupMs / 1000).toFixed(1),
  'extract s': (r.ms / 1000).toFixed(1),
  'docs/s': (r.docs / (r.ms / 1000)).toFixed(0),
  'sentences/s': (r.sentences / (r.ms / 1000)).toFixed(0),
  'incidents/doc': (r.incidents / r.docs).toFixed(1),
  'places/doc': (r.places / r.docs).toFixed(1),
  'heap MB': r.heapMB.toFixed(0),
}));
console.table(rows);
const total = results.reduce((a, r) => a + r.docs, 0);
const totalSentences = results.reduce((a, r) => a + r.sentences, 0);
console.log(
  `${total} documents (${totalSentences} sentences), ${workers} workers: ${(total / wall).toFixed(0)} docs/s and ` +
    `${(totalSentences / wall).toFixed(0)} sentences/s overall (wall ${wall.toFixed(1)} s incl. setup and generation), ` +
    `peak RSS ${rss.toFixed(0)} MB (all threads, main thread included)`,
);
const genCpu = genCpuPerDoc * total;
const extractCpu = cpuSeconds - genCpu - setupCpu * workers;
console.log(
  `CPU ${cpuSeconds.toFixed(1)} s over all threads: ${(total / cpuSeconds).toFixed(0)} docs and ` +
    `${(totalSentences / cpuSeconds).toFixed(0)} sentences per CPU-second, everything included`,
);
console.log(
  `of which generation ≈ ${genCpu.toFixed(1)} s (${(genCpuPerDoc * 1000).toFixed(3)} ms/doc) and setup ≈ ` +
    `${(setupCpu * workers).toFixed(1)} s (${setupCpu.toFixed(2)} s per worker); extraction alone: ` +
    `${(total / extractCpu).toFixed(0)} docs and ${(totalSentences / extractCpu).toFixed(0)} sentences per CPU-second ` +
    `(${((extractCpu / total) * 1000).toFixed(3)} ms/doc)`,
);

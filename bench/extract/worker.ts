import { parentPort, workerData } from 'node:worker_threads';
import { createExtractor } from '../../src/extract/index.js';
import { generateReport } from './generate.js';

const { index, workers, documents } = workerData as { index: number; workers: number; documents: number };
const t0 = performance.now();
const extract = createExtractor();
const setupMs = performance.now() - t0;
let docs = 0;
let sentences = 0;
let incidents = 0;
let places = 0;
let genMs = 0;
const start = performance.now();
for (let n = index; n < documents; n += workers) {
  const g0 = performance.now();
  const doc = generateReport(n);
  genMs += performance.now() - g0;
  const x = extract({ id: doc.id, text: doc.text, published: doc.published, dateline: null });
  docs++;
  sentences += x.sentences.length;
  incidents += x.incidents.length;
  places += x.places.length;
}
const ms = performance.now() - start - genMs;
parentPort?.postMessage({
  index,
  docs,
  sentences,
  incidents,
  places,
  ms,
  setupMs,
  heapMB: process.memoryUsage().heapUsed / 1e6,
});

/** Worker thread of bench/reuse: sketches, verifies and brute-forces ranges of generated documents. */
import { parentPort, threadId } from 'node:worker_threads';
import { comparePrepared } from '../../src/reuse/compare-texts.js';
import { type PreparedText, prepareText } from '../../src/reuse/prepare.js';
import { exactJaccard, shingleHashes } from '../../src/reuse/shingles.js';
import { createSketcher, type SketchOptions } from '../../src/reuse/sketch.js';
import { Growable, pairsFromRuns, SHIFT } from './code-pairs.js';
import { createGenerator } from './generate.js';

export { SHIFT } from './code-pairs.js';

export type Job =
  | { type: 'sketch'; seed: number; from: number; to: number; sketch: SketchOptions }
  | { type: 'verify'; seed: number; pairs: Float64Array }
  | {
      type: 'pairs';
      bands: Float64Array;
      sentences: Float64Array;
      bandRange: [number, number];
      sentenceRange: [number, number];
      cap: number;
    }
  | {
      type: 'brute';
      seed: number;
      n: number;
      from: number;
      to: number;
      threshold: number;
      shingleSize: number;
      every: number;
    };

// Prepared texts kept between verification jobs of this worker.
const cache = new Map<number, PreparedText>();

const generators = new Map<number, ReturnType<typeof createGenerator>>();
const generator = (seed: number) => {
  let g = generators.get(seed);
  if (!g) {
    g = createGenerator(seed);
    generators.set(seed, g);
  }
  return g;
};

function contentShingles(p: PreparedText, k: number): Uint32Array {
  const content: number[] = [];
  for (let i = 0; i < p.terms.length; i++)
    if (p.terms[i]?.kind !== 'stop') content.push(p.termHash[i] as number);
  return shingleHashes(Uint32Array.from(content), k);
}

// Progress lines of a sketch job, sent back with its result: a worker's stderr writes after the
// first wait for its event loop, which a synchronous job does not reach until it ends.
const PROGRESS = 100_000;

parentPort?.on('message', (job: Job) => {
  if (job.type === 'pairs') {
    const bandPairs = pairsFromRuns(job.bands.subarray(...job.bandRange), job.cap);
    const sentencePairs = pairsFromRuns(job.sentences.subarray(...job.sentenceRange), job.cap);
    parentPort?.postMessage({ bandPairs, sentencePairs }, [
      bandPairs.buffer as ArrayBuffer,
      sentencePairs.buffer as ArrayBuffer,
    ]);
    return;
  }
  const g = generator(job.seed);
  if (job.type === 'sketch') {
    const sketch = createSketcher(job.sketch);
    const bands = new Growable();
    const sentences = new Growable();
    let words = 0;
    const t0 = performance.now();
    let mark = t0;
    const log: string[] = [];
    for (let i = job.from; i < job.to; i++) {
      if (i > job.from && (i - job.from) % PROGRESS === 0) {
        const now = performance.now();
        log.push(
          `worker ${threadId}: ${i - job.from} sketched, last ${PROGRESS} in ${((now - mark) / 1000).toFixed(1)} s; heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB`,
        );
        mark = now;
      }
      const p = prepareText(g.doc(i).text);
      words += p.tokens.length;
      const s = sketch(p);
      for (const k of s.bandKeys) bands.push(k * SHIFT + i);
      for (const k of s.sentenceKeys) sentences.push(k * SHIFT + i);
    }
    // Sorted here, on both workers at once, rather than on the main thread afterwards.
    const ts = performance.now();
    const b = bands.result().sort();
    const s = sentences.result().sort();
    if (job.to - job.from >= PROGRESS)
      log.push(
        `worker ${threadId}: sketched ${job.to - job.from} in ${((ts - t0) / 1000).toFixed(1)} s, sorted ${b.length + s.length} codes in ${((performance.now() - ts) / 1000).toFixed(1)} s`,
      );
    parentPort?.postMessage({ bands: b, sentences: s, words, log }, [
      b.buffer as ArrayBuffer,
      s.buffer as ArrayBuffer,
    ]);
  } else if (job.type === 'verify') {
    // Least recently used out first: derived documents follow their sources closely, so a
    // window of recent texts serves most pairs (a Map iterates in insertion order).
    const prepared = (i: number) => {
      let p = cache.get(i);
      if (p) {
        cache.delete(i);
        cache.set(i, p);
        return p;
      }
      if (cache.size >= 4000) cache.delete(cache.keys().next().value as number);
      p = prepareText(g.doc(i).text);
      cache.set(i, p);
      preparedCount++;
      return p;
    };
    let preparedCount = 0;
    const accepted = new Growable();
    for (const code of job.pairs) {
      const lo = Math.floor(code / SHIFT);
      const hi = code - lo * SHIFT;
      const r = comparePrepared(prepared(lo), prepared(hi));
      if (r.relation !== 'none') accepted.push(code);
    }
    const a = accepted.result();
    parentPort?.postMessage({ accepted: a, prepared: preparedCount }, [a.buffer as ArrayBuffer]);
  } else {
    const sets: Uint32Array[] = [];
    for (let i = 0; i < job.n; i++) sets.push(contentShingles(prepareText(g.doc(i).text), job.shingleSize));
    const found = new Growable();
    let comparisons = 0;
    for (let i = job.from; i < job.to; i++) {
      if (i % job.every !== 0) continue;
      const a = sets[i] as Uint32Array;
      for (let j = i + 1; j < job.n; j++) {
        comparisons++;
        if (exactJaccard(a, sets[j] as Uint32Array) >= job.threshold) found.push(i * SHIFT + j);
      }
    }
    const f = found.result();
    parentPort?.postMessage({ found: f, comparisons }, [f.buffer as ArrayBuffer]);
  }
});

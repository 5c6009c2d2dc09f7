/**
 * Reuse benchmark: seeded corpora with planted reuse, indexed with the library's MinHash + sentence
 * LSH sketches on two worker threads, candidates verified by alignment (compareTexts), scored
 * against the planted truth. See bench/reuse/RESULTS.md.
 *
 *   npx tsx bench/reuse/run.ts [--sizes 10000,100000,1000000] [--seed 42] [--out bench/reuse/results.json]
 *
 * Each size runs in its own child process so that its peak memory is its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAX_DOCUMENTS_PER_KEY, MIN_SENTENCE_KEYS } from '../../src/reuse/candidates.js';
import { type SketchOptions, sketchDefaults } from '../../src/reuse/sketch.js';
import { flag } from '../flags.js';
import { Growable, SHIFT } from './code-pairs.js';
import { createGenerator, KINDS, type PlantKind } from './generate.js';
import type { Job } from './worker.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const seed = Number(flag('seed', '42'));
const WORKERS = 2;
const INCREMENT = 1000;

interface SizeResult {
  size: number;
  words: number;
  indexSeconds: number;
  candidates: number;
  verifySeconds: number;
  totalSeconds: number;
  docsPerSecondIndex: number;
  docsPerSecondTotal: number;
  peakRssMiB: number;
  /** CPU seconds of the whole process (all threads): meaningful when other work shares the cores. */
  cpuSeconds?: number;
  found: number;
  recall: Record<PlantKind, number>;
  planted: Record<PlantKind, number>;
  precision: number;
  falsePositives: number;
  addSeconds?: number;
  addFound?: number;
  brute?: {
    seconds: number;
    comparisons: number;
    pairs: number;
    lshCandidateRecall: number;
    ratio: number;
    threshold: number;
    every: number;
    fullSeconds: number;
    fullComparisons: number;
  };
  sketch: SketchOptions;
  /** 1-minute load average of the machine when the size started and when it ended. */
  loadStart?: number;
  loadEnd?: number;
  addCandidates?: number;
  /** Process CPU seconds (all threads) of indexing, verification and the 1,000-document add. */
  indexCpuSeconds?: number;
  verifyCpuSeconds?: number;
  /** Texts prepared again by verification (not in a worker's cache of recent texts). */
  textsPrepared?: number;
  /** Distinct documents among the candidate pairs: the fewest texts verification can prepare. */
  candidateDocuments?: number;
  /**
   * CPU milliseconds the bench's generator takes per document (measured on a sample after the
   * run): indexing generates every document once and verification once per text prepared again,
   * work that a store of real documents replaces by reading the text.
   */
  generationMsPerDoc?: number;
  addCpuSeconds?: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// ---------------------------------------------------------------------------------------------
// Worker pool

function startWorkers(): Worker[] {
  return Array.from(
    { length: WORKERS },
    () =>
      new Worker(new URL('./worker-boot.mjs', import.meta.url), {
        resourceLimits: { maxOldGenerationSizeMb: 3072 },
      }),
  );
}

function run<T>(w: Worker, job: Job, transfer: ArrayBuffer[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    w.once('message', (message: T) => {
      w.off('error', fail);
      resolve(message);
    });
    w.once('error', fail);
    w.postMessage(job, transfer);
  });
}

// ---------------------------------------------------------------------------------------------
// Candidate generation over sorted (key, doc) codes

function sortCodes(parts: Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  return all.sort();
}

function candidatesFrom(bandPairs: Float64Array, sentencePairs: Float64Array): Float64Array {
  const out = new Growable();
  let i = 0;
  let j = 0;
  // Band pairs count once; sentence pairs need MIN_SENTENCE_KEYS shared keys.
  const nextSentence = (): [number, number] => {
    const v = sentencePairs[j] as number;
    let e = j + 1;
    while (e < sentencePairs.length && sentencePairs[e] === v) e++;
    const count = e - j;
    j = e;
    return [v, count];
  };
  let pendingSentence: [number, number] | null = j < sentencePairs.length ? nextSentence() : null;
  let last = -1;
  const emit = (v: number) => {
    if (v !== last) out.push(v);
    last = v;
  };
  while (i < bandPairs.length || pendingSentence) {
    const b = i < bandPairs.length ? (bandPairs[i] as number) : Number.POSITIVE_INFINITY;
    const sv = pendingSentence ? pendingSentence[0] : Number.POSITIVE_INFINITY;
    if (b <= sv) {
      emit(b);
      i++;
      if (b === sv) pendingSentence = j < sentencePairs.length ? nextSentence() : null;
    } else {
      if ((pendingSentence as [number, number])[1] >= MIN_SENTENCE_KEYS) emit(sv);
      pendingSentence = j < sentencePairs.length ? nextSentence() : null;
    }
  }
  return out.data.slice(0, out.length);
}

/**
 * Verifies all candidates on the workers with work stealing: worker k starts at the front of its
 * own contiguous share of the sorted pairs (so that the texts of nearby pairs stay in its cache)
 * and takes jobs of `JOB` pairs; a worker whose share is done takes jobs from the back of the
 * share with the most work left. Logs progress (a long run stopped early still shows its rate).
 */
async function verifyInChunks(workers: Worker[], candidates: Float64Array, n: number): Promise<Float64Array> {
  const JOB = Number(flag('verify-job', '2000'));
  const share = Math.ceil(candidates.length / workers.length);
  const ranges = workers.map((_, k) => ({
    front: Math.min(candidates.length, k * share),
    back: Math.min(candidates.length, (k + 1) * share),
  }));
  const parts: Float64Array[] = [];
  const t0 = performance.now();
  const c0 = cpuNow();
  let done = 0;
  let logged = 0;
  const next = (k: number): Float64Array | null => {
    const own = ranges[k] as { front: number; back: number };
    if (own.front < own.back) {
      const end = Math.min(own.back, own.front + JOB);
      const job = candidates.subarray(own.front, end);
      own.front = end;
      return job;
    }
    const other = ranges.reduce((best, r) => (r.back - r.front > best.back - best.front ? r : best));
    if (other.front >= other.back) return null;
    const begin = Math.max(other.front, other.back - JOB);
    const job = candidates.subarray(begin, other.back);
    other.back = begin;
    return job;
  };
  await Promise.all(
    workers.map(async (w, k) => {
      for (let job = next(k); job; job = next(k)) {
        const r = await run<{ accepted: Float64Array; prepared: number }>(w, {
          type: 'verify',
          seed,
          pairs: job.slice(),
        });
        textsPrepared += r.prepared;
        parts.push(r.accepted);
        done += job.length;
        if (done - logged >= 50000) {
          logged = done;
          process.stderr.write(
            `  ${new Date().toISOString()} load ${loadavg()[0]?.toFixed(1)} ${n}: verified ${done}/${candidates.length} candidates in ${((performance.now() - t0) / 1000).toFixed(1)} s (CPU ${(cpuNow() - c0).toFixed(0)} s), peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB\n`,
          );
        }
      }
    }),
  );
  return sortCodes(parts);
}

/** Texts (re)prepared by verification: the cost that is not the comparison itself. */
let textsPrepared = 0;

async function verify(workers: Worker[], candidates: Float64Array): Promise<Float64Array> {
  const half = Math.ceil(candidates.length / workers.length);
  const parts = await Promise.all(
    workers.map((w, k) =>
      run<{ accepted: Float64Array; prepared: number }>(w, {
        type: 'verify',
        seed,
        pairs: candidates.slice(k * half, (k + 1) * half),
      }),
    ),
  );
  textsPrepared += parts.reduce((s, p) => s + p.prepared, 0);
  return sortCodes(parts.map((p) => p.accepted));
}

// ---------------------------------------------------------------------------------------------
// Truth

function truth(n: number): { planted: Map<number, PlantKind>; implied: Set<number> } {
  const g = createGenerator(seed);
  const planted = new Map<number, PlantKind>();
  const bySource = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const slot = i % 20;
    if (slot < 1 || slot > 4) continue;
    const d = g.doc(i);
    if (d.source === i) continue;
    planted.set(Math.min(d.source, i) * SHIFT + Math.max(d.source, i), d.kind as PlantKind);
    bySource.set(d.source, [...(bySource.get(d.source) ?? []), i]);
  }
  // Two documents derived from one source share its text: a link between them is correct too.
  const implied = new Set<number>();
  for (const kids of bySource.values())
    for (let x = 0; x < kids.length; x++)
      for (let y = x + 1; y < kids.length; y++)
        implied.add(
          Math.min(kids[x] as number, kids[y] as number) * SHIFT +
            Math.max(kids[x] as number, kids[y] as number),
        );
  return { planted, implied };
}

// ---------------------------------------------------------------------------------------------
// One size

async function runSize(n: number, sketch: SketchOptions): Promise<SizeResult> {
  const workers = startWorkers();
  try {
    const c0 = cpuNow();
    const t0 = performance.now();
    // The two indexes grow when documents are added.
    let { bandIndex, sentenceIndex, words, sketchedAt: tm0 } = await sketchAll(workers, n, sketch);
    const tm1 = performance.now();
    const candidates = await listCandidates(workers, bandIndex, sentenceIndex);
    process.stderr.write(
      `  sketched in ${((tm0 - t0) / 1000).toFixed(1)} s; ${bandIndex.length + sentenceIndex.length} key codes merged in ${((tm1 - tm0) / 1000).toFixed(1)} s, candidate pairs listed in ${((performance.now() - tm1) / 1000).toFixed(1)} s\n`,
    );
    const t1 = performance.now();
    const c1 = cpuNow();
    process.stderr.write(
      `  ${new Date().toISOString()} load ${loadavg()[0]?.toFixed(1)} ${n}: indexed in ${((t1 - t0) / 1000).toFixed(1)} s (CPU ${(c1 - c0).toFixed(0)} s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB), ${candidates.length} candidates\n`,
    );
    // Add 1,000 new documents to the built index (before verifying the index's own candidates, so
    // that a run stopped during that long verification still has this figure): sketch them, look
    // their keys up in the sorted key arrays, verify their candidates, merge their keys in.
    const add = { seconds: -1, cpuSeconds: 0, found: 0, candidates: 0 };
    if (n >= 1_000_000 || args.includes('--add')) {
      const a0 = performance.now();
      const ac0 = cpuNow();
      const fresh = await Promise.all(
        workers.map((w, k) =>
          run<{ bands: Float64Array; sentences: Float64Array }>(w, {
            type: 'sketch',
            seed,
            from: n + (k * INCREMENT) / WORKERS,
            to: n + ((k + 1) * INCREMENT) / WORKERS,
            sketch,
          }),
        ),
      );
      const newBands = sortCodes(fresh.map((p) => p.bands));
      const newSentences = sortCodes(fresh.map((p) => p.sentences));
      const bandPairs = lookupPairs(bandIndex, newBands);
      const sentencePairs = lookupPairs(sentenceIndex, newSentences);
      const addCandidates = candidatesFrom(bandPairs, sentencePairs);
      const addAccepted = await verify(workers, addCandidates);
      bandIndex = mergeSorted(bandIndex, newBands);
      sentenceIndex = mergeSorted(sentenceIndex, newSentences);
      add.seconds = (performance.now() - a0) / 1000;
      add.cpuSeconds = cpuNow() - ac0;
      add.found = addAccepted.length;
      add.candidates = addCandidates.length;
      process.stderr.write(
        `  +${INCREMENT}: ${add.seconds.toFixed(2)} s (CPU ${add.cpuSeconds.toFixed(1)} s), ${addCandidates.length} candidates, ${addAccepted.length} pairs\n`,
      );
    }

    const v0 = performance.now();
    const vc0 = cpuNow();
    const accepted = await verifyInChunks(workers, candidates, n);
    const t2 = performance.now();
    const c2 = cpuNow();
    const verifySeconds = (t2 - v0) / 1000;
    const verifyCpu = c2 - vc0;
    process.stderr.write(
      `  ${new Date().toISOString()} load ${loadavg()[0]?.toFixed(1)} ${n}: verified in ${verifySeconds.toFixed(1)} s (CPU ${verifyCpu.toFixed(0)} s), ${accepted.length} pairs, ${textsPrepared} texts prepared (${distinctDocuments(candidates, n)} documents in the candidates)\n`,
    );

    const { planted, implied } = truth(n);
    const found = new Set(accepted);
    const recall = {} as Record<PlantKind, number>;
    const count = {} as Record<PlantKind, number>;
    for (const k of KINDS) {
      let all = 0;
      let hit = 0;
      for (const [code, kind] of planted) {
        if (kind !== k) continue;
        all++;
        if (found.has(code)) hit++;
      }
      count[k] = all;
      recall[k] = all ? hit / all : 1;
    }
    let correct = 0;
    for (const code of found) if (planted.has(code) || implied.has(code)) correct++;
    const result: SizeResult = {
      size: n,
      words,
      indexSeconds: (t1 - t0) / 1000,
      candidates: candidates.length,
      verifySeconds,
      totalSeconds: (t1 - t0) / 1000 + verifySeconds,
      docsPerSecondIndex: n / ((t1 - t0) / 1000),
      docsPerSecondTotal: n / ((t1 - t0) / 1000 + verifySeconds),
      peakRssMiB: 0,
      found: found.size,
      recall,
      planted: count,
      precision: found.size ? correct / found.size : 1,
      falsePositives: found.size - correct,
      sketch,
      indexCpuSeconds: c1 - c0,
      verifyCpuSeconds: verifyCpu,
    };
    result.textsPrepared = textsPrepared;
    result.candidateDocuments = distinctDocuments(candidates, n);
    {
      const g = createGenerator(seed);
      const sample = 5000;
      const gc0 = cpuNow();
      for (let i = 0; i < sample; i++) g.doc(n - sample + i);
      result.generationMsPerDoc = ((cpuNow() - gc0) * 1000) / sample;
    }
    if (add.seconds >= 0) {
      result.addSeconds = add.seconds;
      result.addCpuSeconds = add.cpuSeconds;
      result.addFound = add.found;
      result.addCandidates = add.candidates;
    }

    if (args.includes('--brute') && n <= 20_000) {
      const threshold = 0.3;
      // Every `every`-th row of the all-pairs triangle (a uniform sample) when the machine is too
      // busy for the whole triangle; the full time is extrapolated from the comparisons made.
      const every = Number(flag('brute-every', '1'));
      const b0 = performance.now();
      const split = Math.round(n * (1 - Math.SQRT1_2));
      const ranges = [
        [0, split],
        [split, n],
      ];
      const bruteParts = await Promise.all(
        workers.map((w, k) =>
          run<{ found: Float64Array; comparisons: number }>(w, {
            type: 'brute',
            seed,
            n,
            from: ranges[k]?.[0] as number,
            to: ranges[k]?.[1] as number,
            threshold,
            every,
            shingleSize: sketch.shingleSize ?? sketchDefaults.shingleSize,
          }),
        ),
      );
      const seconds = (performance.now() - b0) / 1000;
      const brutePairs = sortCodes(bruteParts.map((p) => p.found));
      const candidateSet = new Set(candidates);
      let caught = 0;
      for (const c of brutePairs) if (candidateSet.has(c)) caught++;
      const comparisons = bruteParts.reduce((s, p) => s + p.comparisons, 0);
      const fullComparisons = (n * (n - 1)) / 2;
      result.brute = {
        seconds,
        every,
        fullComparisons,
        fullSeconds: (seconds * fullComparisons) / comparisons,
        comparisons,
        pairs: brutePairs.length,
        lshCandidateRecall: brutePairs.length ? caught / brutePairs.length : 1,
        ratio: (seconds * fullComparisons) / comparisons / result.indexSeconds,
        threshold,
      };
      process.stderr.write(
        `  brute force: ${seconds.toFixed(1)} s, ${brutePairs.length} pairs with J ≥ ${threshold}\n`,
      );
    }
    return result;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * Sketches documents [0, n) on the workers (each sorts its own codes) and merges their codes into
 * shared memory, where both workers read them without a copy. In a function of its own so that
 * the workers' halves are garbage once merged.
 */
async function sketchAll(
  workers: Worker[],
  n: number,
  sketch: SketchOptions,
): Promise<{ bandIndex: Float64Array; sentenceIndex: Float64Array; words: number; sketchedAt: number }> {
  const chunk = Math.ceil(n / WORKERS);
  const parts = await Promise.all(
    workers.map((w, k) =>
      run<{ bands: Float64Array; sentences: Float64Array; words: number; log: string[] }>(w, {
        type: 'sketch',
        seed,
        from: k * chunk,
        to: Math.min(n, (k + 1) * chunk),
        sketch,
      }),
    ),
  );
  const sketchedAt = performance.now();
  for (const line of parts.flatMap((p) => p.log)) process.stderr.write(`    ${line}\n`);
  return {
    bandIndex: mergeAll(
      parts.map((p) => p.bands),
      true,
    ),
    sentenceIndex: mergeAll(
      parts.map((p) => p.sentences),
      true,
    ),
    words: parts.reduce((s, p) => s + p.words, 0),
    sketchedAt,
  };
}

/**
 * Candidate pairs of the index: each worker lists the pairs of half of the keys (band and sentence
 * keys), split at a key boundary so that every key's documents are on one worker; the halves'
 * sorted pair lists are merged here (a pair listed on both workers counts its keys from both).
 */
async function listCandidates(
  workers: Worker[],
  bandIndex: Float64Array,
  sentenceIndex: Float64Array,
): Promise<Float64Array> {
  const bandSplit = keyBoundary(bandIndex);
  const sentenceSplit = keyBoundary(sentenceIndex);
  const halves = await Promise.all(
    workers.map((w, k) =>
      run<{ bandPairs: Float64Array; sentencePairs: Float64Array }>(w, {
        type: 'pairs',
        bands: bandIndex,
        sentences: sentenceIndex,
        bandRange: k === 0 ? [0, bandSplit] : [bandSplit, bandIndex.length],
        sentenceRange: k === 0 ? [0, sentenceSplit] : [sentenceSplit, sentenceIndex.length],
        cap: MAX_DOCUMENTS_PER_KEY,
      }),
    ),
  );
  return candidatesFrom(
    mergeAll(halves.map((h) => h.bandPairs)),
    mergeAll(halves.map((h) => h.sentencePairs)),
  );
}

function distinctDocuments(pairs: Float64Array, n: number): number {
  const seen = new Uint8Array(n);
  let count = 0;
  for (const code of pairs) {
    const lo = Math.floor(code / SHIFT);
    for (const d of [lo, code - lo * SHIFT]) {
      if (seen[d] === 0) count++;
      seen[d] = 1;
    }
  }
  return count;
}

/** Merges sorted code arrays (into shared memory when `shared`). */
function mergeAll(parts: Float64Array[], shared = false): Float64Array {
  let out = parts[0] ?? new Float64Array(0);
  for (const p of parts.slice(1)) out = mergeSorted(out, p, shared);
  return out;
}

/** An index near the middle of sorted codes where a new key starts. */
function keyBoundary(codes: Float64Array): number {
  let k = codes.length >>> 1;
  if (k === 0) return 0;
  const key = Math.floor((codes[k - 1] as number) / SHIFT);
  while (k < codes.length && Math.floor((codes[k] as number) / SHIFT) === key) k++;
  return k;
}

/** Pairs between new codes and indexed codes (same key), plus pairs among the new codes. */
function lookupPairs(index: Float64Array, fresh: Float64Array): Float64Array {
  const out = new Growable();
  let s = 0;
  while (s < fresh.length) {
    const key = Math.floor((fresh[s] as number) / SHIFT);
    let e = s + 1;
    while (e < fresh.length && Math.floor((fresh[e] as number) / SHIFT) === key) e++;
    let lo = lowerBound(index, key * SHIFT);
    const hiBound = lowerBound(index, (key + 1) * SHIFT);
    const indexed: number[] = [];
    for (; lo < hiBound; lo++) indexed.push((index[lo] as number) - key * SHIFT);
    const added: number[] = [];
    for (let x = s; x < e; x++) added.push((fresh[x] as number) - key * SHIFT);
    if (indexed.length + added.length <= MAX_DOCUMENTS_PER_KEY) {
      for (const d of added) {
        for (const m of indexed) if (m !== d) out.push(Math.min(m, d) * SHIFT + Math.max(m, d));
        // A pair of two new documents once, from its larger member.
        for (const m of added) if (m < d) out.push(m * SHIFT + d);
      }
    }
    s = e;
  }
  return out.data.slice(0, out.length).sort();
}

function lowerBound(a: Float64Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function mergeSorted(a: Float64Array, b: Float64Array, shared = false): Float64Array {
  const n = a.length + b.length;
  const out = shared ? new Float64Array(new SharedArrayBuffer(n * 8)) : new Float64Array(n);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < a.length && j < b.length)
    out[o++] = (a[i] as number) <= (b[j] as number) ? (a[i++] as number) : (b[j++] as number);
  while (i < a.length) out[o++] = a[i++] as number;
  while (j < b.length) out[o++] = b[j++] as number;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Driver

function sketchFromArgs(): SketchOptions {
  const bands = Number(flag('bands', String(sketchDefaults.banding.bands)));
  const rows = Number(flag('rows', String(sketchDefaults.banding.rows)));
  const shingleSize = Number(flag('shingle', String(sketchDefaults.shingleSize)));
  return { ...sketchDefaults, banding: { bands, rows }, shingleSize };
}

async function main(): Promise<void> {
  const one = flag('one', '');
  if (one) {
    const loadStart = loadavg()[0] as number;
    const result = await runSize(Number(one), sketchFromArgs());
    result.loadStart = loadStart;
    result.loadEnd = loadavg()[0] as number;
    result.peakRssMiB = process.resourceUsage().maxRSS / 1024;
    const cpu = process.cpuUsage();
    result.cpuSeconds = (cpu.user + cpu.system) / 1e6;
    writeFileSync(flag('result', ''), JSON.stringify(result));
    return;
  }
  const sizes = flag('sizes', '10000,100000,1000000').split(',').map(Number);
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-reuse-'));
  const results: SizeResult[] = [];
  try {
    for (const n of sizes) {
      const file = path.join(tmp, `${n}.json`);
      const extra = args.filter(
        (a, k) => !['--sizes', '--out'].includes(a) && !['--sizes', '--out'].includes(args[k - 1] ?? ''),
      );
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(here, 'run.ts'),
          '--one',
          String(n),
          '--result',
          file,
          ...(n <= 10_000 && !args.includes('--no-brute') ? ['--brute'] : []),
          ...extra,
        ],
        {
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      if (child.status !== 0) throw new Error(`size ${n} failed with status ${child.status}`);
      results.push(JSON.parse(readFileSync(file, 'utf8')) as SizeResult);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const out = flag('out', path.join(here, 'results.json'));
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, seed, results }, null, 2)}\n`,
  );
  console.log(table(results));
  console.log(`\nmachine: ${machine}; seed ${seed}; written to ${out}`);
}

function table(results: SizeResult[]): string {
  const rows = [
    '| docs | words | index s | candidates | verify s | total s | docs/s (index) | docs/s (total) | CPU s | peak RSS MiB | R verbatim | R light-edit | R splice | R paraphrase | precision | false pos. | add 1,000 s | index CPU s | verify CPU s | texts prepared again | generation ms/doc |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    rows.push(
      `| ${r.size.toLocaleString('en')} | ${r.words.toLocaleString('en')} | ${r.indexSeconds.toFixed(1)} | ${r.candidates.toLocaleString('en')} | ${r.verifySeconds.toFixed(1)} | ${r.totalSeconds.toFixed(1)} | ${Math.round(r.docsPerSecondIndex).toLocaleString('en')} | ${Math.round(r.docsPerSecondTotal).toLocaleString('en')} | ${r.cpuSeconds !== undefined ? r.cpuSeconds.toFixed(0) : '-'} | ${Math.round(r.peakRssMiB)} | ${r.recall.verbatim.toFixed(4)} | ${r.recall['light-edit'].toFixed(4)} | ${r.recall.splice.toFixed(4)} | ${r.recall.paraphrase.toFixed(4)} | ${r.precision.toFixed(4)} | ${r.falsePositives} | ${r.addSeconds !== undefined ? r.addSeconds.toFixed(2) : '-'} | ${r.indexCpuSeconds?.toFixed(0) ?? '-'} | ${r.verifyCpuSeconds?.toFixed(0) ?? '-'} | ${r.textsPrepared ?? '-'} | ${r.generationMsPerDoc?.toFixed(3) ?? '-'} |`,
    );
  }
  for (const r of results) {
    if (r.brute)
      rows.push(
        '',
        `Brute force on ${r.size.toLocaleString('en')} docs: ${r.brute.comparisons.toLocaleString('en')} exact Jaccard comparisons (every ${r.brute.every}. row of ${r.brute.fullComparisons.toLocaleString('en')}) in ${r.brute.seconds.toFixed(1)} s, all pairs ≈ ${r.brute.fullSeconds.toFixed(0)} s = ${r.brute.ratio.toFixed(1)}× the LSH indexing time; ${r.brute.pairs} pairs with J ≥ ${r.brute.threshold}, of which ${(r.brute.lshCandidateRecall * 100).toFixed(2)}% are LSH candidates.`,
      );
  }
  return rows.join('\n');
}

await main();

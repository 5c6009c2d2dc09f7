/**
 * The reuse stage's jobs on other machines (`corroborate worker`), through the job queue of a
 * shared store: sketching documents and verifying candidate pairs. `updateReuse` itself runs
 * unchanged in the analysing process over its working copy; it is given a runner
 * (`startRemoteReuseRunner`) that sends its sketching and verification jobs to the queue by
 * document ids and hands back the results the workers stored. Candidate pairs are found in the
 * analysing process (they depend on its index and its order), between the two.
 *
 * Results are stored per document (a sketch) and per candidate pair (the verified pair, or none),
 * under the computation that made them (`reuseWork`: the reuse index version and the options),
 * once: a job run again (its worker died) finds its results stored or stores the same bytes.
 * Results are pure functions of the documents, so they serve every later run and every machine.
 */
import { createHash } from 'node:crypto';
import type { ReusePair } from '../core/types.js';
import type { CompareOptions } from '../reuse/compare-texts.js';
import { type PairDocument, pairDocument } from '../reuse/pair.js';
import type { JobRunner } from '../reuse/pool.js';
import { type SketchOptions, sketchDefaults } from '../reuse/sketch.js';
import { REUSE_INDEX_VERSION } from '../reuse/update-reuse.js';
import {
  createWorkState,
  type ReuseJobResult,
  runJob,
  type SketchBatch,
  type ReuseJob as ThreadJob,
  type WorkState,
} from '../reuse/work.js';
import type { AsyncStore } from '../store/async-store.js';
import { canonicalJson } from '../store/canonical-json.js';
import type { JobQueue, ReuseJob, WorkResult } from '../store/job-queue.js';
import type { JsonValue } from '../store/store.js';
import { startBlockingPool, workerModule } from '../workers/pool.js';

/** Names a reuse computation: its kind, the index version of this code and the options. */
export function reuseWork(kind: 'sketch' | 'verify', options: unknown): string {
  const hash = createHash('sha256')
    .update(canonicalJson(options as JsonValue))
    .digest('hex')
    .slice(0, 16);
  return `${kind}:${REUSE_INDEX_VERSION}:${hash}`;
}

/** The result key of a candidate pair (document ids hold no space). */
const pairKey = (x: string, y: string) => `${x} ${y}`;

// ---------------------------------------------------------------------------------------------
// Sketches stored per document

/** One document's sketch as little-endian 32-bit words: sizes, duplicate hash, its words, then the arrays. */
export function packSketch(batch: SketchBatch, k: number): Buffer {
  const n = batch.duplicate.length;
  const width = batch.signatures.length / n;
  const bands = batch.bandKeys.length / n;
  const s0 = batch.sentenceStart[k] as number;
  const s1 = batch.sentenceStart[k + 1] as number;
  const a0 = batch.anchorStart[k] as number;
  const a1 = batch.anchorStart[k + 1] as number;
  const words = [
    width,
    bands,
    s1 - s0,
    a1 - a0,
    batch.duplicate[k] as number,
    batch.words[k] as number,
    ...batch.signatures.subarray(k * width, (k + 1) * width),
    ...batch.bandKeys.subarray(k * bands, (k + 1) * bands),
    ...batch.sentenceKeys.subarray(s0, s1),
    ...batch.anchorKeys.subarray(a0, a1),
  ];
  const out = Buffer.alloc(words.length * 4);
  words.forEach((w, i) => {
    out.writeUInt32LE(w, i * 4);
  });
  return out;
}

/** The batch of several packed sketches, in order: what sketching their texts together gives. */
export function unpackSketches(packed: readonly Buffer[]): SketchBatch {
  const parts = packed.map((b) => {
    const words = new Uint32Array(b.length / 4);
    for (let i = 0; i < words.length; i++) words[i] = b.readUInt32LE(i * 4);
    const [width, bands, ns, na] = words as unknown as [number, number, number, number];
    let at = 6;
    const take = (len: number) => {
      const part = words.subarray(at, at + len);
      at += len;
      return part;
    };
    return {
      width,
      bands,
      duplicate: words[4] as number,
      words: words[5] as number,
      signature: take(width),
      bandKeys: take(bands),
      sentenceKeys: take(ns),
      anchorKeys: take(na),
    };
  });
  const n = parts.length;
  const width = parts[0]?.width ?? 0;
  const bands = parts[0]?.bands ?? 0;
  const duplicate = new Uint32Array(n);
  const words = new Uint32Array(n);
  const signatures = new Uint32Array(n * width);
  const bandKeys = new Uint32Array(n * bands);
  const sentenceStart = new Int32Array(n + 1);
  const anchorStart = new Int32Array(n + 1);
  parts.forEach((p, k) => {
    duplicate[k] = p.duplicate;
    words[k] = p.words;
    signatures.set(p.signature, k * width);
    bandKeys.set(p.bandKeys, k * bands);
    sentenceStart[k + 1] = (sentenceStart[k] as number) + p.sentenceKeys.length;
    anchorStart[k + 1] = (anchorStart[k] as number) + p.anchorKeys.length;
  });
  const sentenceKeys = new Uint32Array(sentenceStart[n] as number);
  const anchorKeys = new Uint32Array(anchorStart[n] as number);
  parts.forEach((p, k) => {
    sentenceKeys.set(p.sentenceKeys, sentenceStart[k] as number);
    anchorKeys.set(p.anchorKeys, anchorStart[k] as number);
  });
  return { duplicate, signatures, bandKeys, sentenceKeys, sentenceStart, anchorKeys, anchorStart, words };
}

// ---------------------------------------------------------------------------------------------
// In `corroborate worker`

/**
 * Runs one reuse job (in `corroborate worker`): reads its documents from the shared store,
 * sketches them or verifies the pairs with the same code as the analysing process, and stores
 * the results. Returns the results stored.
 */
export async function runReuseJob(
  shared: AsyncStore,
  queue: JobQueue,
  job: ReuseJob,
  state: WorkState = createWorkState(),
): Promise<number> {
  if (reuseWork(job.kind, job.options) !== job.work) {
    throw new Error(
      `This worker computes reuse as ${reuseWork(job.kind, job.options)}; the job asks for ${job.work}. Run the same Corroborate version on every machine.`,
    );
  }
  const ids = job.kind === 'sketch' ? job.ids : [...new Set(job.pairs.flat())];
  const docs = await shared.documents.getMany(ids);
  const missing = ids.filter((id) => !docs.has(id));
  if (missing.length > 0) {
    throw new Error(
      `The job names ${missing.length} document(s) the store does not hold (first: ${missing[0]}); the store was changed or replaced while the job was queued. Run analyze again.`,
    );
  }
  const doc = (id: string) => pairDocument(docs.get(id) as PairDocument);
  let rows: WorkResult[];
  if (job.kind === 'sketch') {
    const sketch = job.options as SketchOptions;
    const batch = runJob({ type: 'sketch', sketch, texts: job.ids.map((id) => doc(id).text) }, state);
    rows = job.ids.map((id, k) => ({ key: id, value: packSketch(batch as SketchBatch, k) }));
  } else {
    const list = ids.map(doc);
    const at = new Map(ids.map((id, k) => [id, k]));
    const pairs = Int32Array.from(job.pairs.flatMap(([x, y]) => [at.get(x) as number, at.get(y) as number]));
    const verdicts = runJob(
      { type: 'verify', compare: job.options as Omit<CompareOptions, 'meta'>, docs: list, pairs },
      state,
    ) as (ReusePair | null)[];
    rows = job.pairs.map(([x, y], k) => ({
      key: pairKey(x, y),
      value: Buffer.from(JSON.stringify(verdicts[k] ?? null)),
    }));
  }
  await queue.putResults(job.work, rows);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// In the analysing process

export interface WaitOptions {
  /** Milliseconds between checks of what is done (default 250). */
  pollMs?: number;
  onProgress?: (done: number, total: number) => void;
  /** Stops the waiting (an ingest that failed meanwhile): `waitForResults` throws its reason. */
  signal?: AbortSignal;
  /** What the jobs do, in the message of a job that failed for good (default `reuse`). */
  label?: string;
}

/**
 * Waits until `work` has a result for every key (the jobs `ids` make them); throws when one of
 * those jobs failed for good.
 */
export async function waitForResults(
  queue: JobQueue,
  work: string,
  keys: readonly string[],
  ids: readonly string[],
  options: WaitOptions = {},
): Promise<void> {
  let waiting = [...keys];
  const signal = options.signal;
  for (let round = 0; ; round++) {
    signal?.throwIfAborted();
    const have = await queue.known(work, waiting);
    waiting = waiting.filter((k) => !have.has(k));
    options.onProgress?.(keys.length - waiting.length, keys.length);
    if (waiting.length === 0) return;
    if (round % 8 === 7) {
      const failed = await queue.failures(ids);
      if (failed.length > 0) {
        throw new Error(
          `${failed.length} ${options.label ?? 'reuse'} job(s) failed for good; the first: ${failed[0]?.message}`,
        );
      }
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, options.pollMs ?? 250);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

/**
 * Sketches every stored document that has no stored sketch of these options yet, through the
 * job queue (one job per `batch` documents), and waits for the sketches. `updateReuse` then finds
 * them stored (`startRemoteReuseRunner`). Needs no lock: the results are idempotent.
 */
export async function sketchRemotely(
  shared: AsyncStore,
  queue: JobQueue,
  options: { sketch?: SketchOptions; batch?: number } & WaitOptions = {},
): Promise<{ queued: number; jobs: number }> {
  const sketch = { ...sketchDefaults, ...options.sketch };
  const work = reuseWork('sketch', sketch);
  const all = (await shared.documents.listing()).map((d) => d.id);
  const have = await queue.known(work, all);
  const pending = all.filter((id) => !have.has(id));
  if (pending.length === 0) return { queued: 0, jobs: 0 };
  const batch = Math.max(1, options.batch ?? 200);
  const jobs: ReuseJob[] = [];
  for (let i = 0; i < pending.length; i += batch) {
    jobs.push({ kind: 'sketch', work, options: sketch, ids: pending.slice(i, i + batch) });
  }
  const ids = await queue.send(jobs);
  await waitForResults(queue, work, pending, ids, options);
  return { queued: pending.length, jobs: ids.length };
}

/** What the runner's thread is given. */
export interface RemoteReuseInit {
  location: string;
  jobTimeoutSeconds?: number;
  pollMs?: number;
}

/** Jobs the runner keeps on the queue at once (workers on many machines take them in parallel). */
const IN_FLIGHT = 32;

/**
 * A runner for `updateReuse` that sends its jobs to the job queue of the shared store at
 * `location` and waits for the workers' results (a thread of this process does the waiting, so
 * that `updateReuse` stays synchronous). A job whose results are stored already (e.g. sketches
 * made by `sketchRemotely`) is not sent again. Close it when done.
 */
export function startRemoteReuseRunner(init: RemoteReuseInit): JobRunner {
  const pool = startBlockingPool<ThreadJob, ReuseJobResult>(
    {
      module: workerModule(import.meta.url, './remote-reuse-worker'),
      name: 'remote reuse',
      init,
      describe: (job) =>
        job.type === 'sketch'
          ? `a sketching job of ${job.texts.length} documents`
          : `a verification job of ${job.pairs.length / 2} pairs`,
    },
    1,
    // Jobs wait for workers as long as it takes (as extraction jobs do): no stall limit.
    { inFlight: IN_FLIGHT, stallTimeoutMs: Number.POSITIVE_INFINITY },
  );
  if (!pool) throw new Error('The thread that waits for the reuse jobs of the job queue did not start.');
  return pool;
}

/**
 * The runner thread's side of one `updateReuse` job: its results from the store when they are
 * there, else from a job sent to the queue, once the workers have stored them.
 */
export async function runThreadJob(
  queue: JobQueue,
  job: ThreadJob,
  options: WaitOptions = {},
): Promise<ReuseJobResult> {
  if (job.type === 'sketch') {
    if (!job.ids) throw new Error('A remote sketching job needs its document ids.');
    const work = reuseWork('sketch', job.sketch);
    const ids = job.ids;
    const have = await queue.known(work, ids);
    const missing = ids.filter((id) => !have.has(id));
    if (missing.length > 0) {
      const sent = await queue.send([{ kind: 'sketch', work, options: job.sketch, ids: missing }]);
      await waitForResults(queue, work, missing, sent, { pollMs: options.pollMs });
    }
    const stored = await queue.results(work, ids);
    return unpackSketches(ids.map((id) => stored.get(id) as Buffer));
  }
  const work = reuseWork('verify', job.compare);
  const pairs: [string, string][] = [];
  for (let k = 0; k < job.pairs.length; k += 2) {
    pairs.push([
      (job.docs[job.pairs[k] as number] as PairDocument).id,
      (job.docs[job.pairs[k + 1] as number] as PairDocument).id,
    ]);
  }
  const keys = pairs.map(([x, y]) => pairKey(x, y));
  const have = await queue.known(work, keys);
  const missing = pairs.filter((_, k) => !have.has(keys[k] as string));
  if (missing.length > 0) {
    const sent = await queue.send([{ kind: 'verify', work, options: job.compare, pairs: missing }]);
    await waitForResults(
      queue,
      work,
      missing.map(([x, y]) => pairKey(x, y)),
      sent,
      { pollMs: options.pollMs },
    );
  }
  const stored = await queue.results(work, keys);
  return keys.map((key) => JSON.parse((stored.get(key) as Buffer).toString('utf8')) as ReusePair | null);
}

/**
 * Worker threads for every stage that uses them (reuse, extraction, the ledger file's writing
 * threads): a fixed number of workers running one worker module (`serveJobs`, `serve.ts`), typed
 * jobs and results, results in the order the jobs were given, a failing job reported with the
 * input named, and a clean shutdown.
 *
 * Two ways to wait for results:
 * - `startPool`: asynchronous, one promise per job (extraction, whose caller awaits anyway);
 * - `startBlockingPool`: the calling thread blocks (`Atomics.wait` on a counter each worker bumps
 *   after answering, answers read with `receiveMessageOnPort`), for computations that stay
 *   synchronous (reuse, the ledger writer).
 *
 * The worker module is `x-worker.js` beside the caller in the built product (`dist/`). When the
 * caller runs as TypeScript source (tests, `tsx`), the worker registers tsx's loader first: on
 * Node 20 worker threads do not inherit it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { ANSWERS, type Boot, ENDED, type Reply, SIGNAL_LENGTH, type WireError } from './protocol.js';

export type { JobHandler } from './serve.js';

/** What a pool runs. */
export interface PoolSpec<J> {
  /** The worker module: `workerModule(import.meta.url, './x-worker')` from the caller. */
  module: URL;
  /** What the workers do, in thread names and messages: "reuse", "extraction". */
  name: string;
  /** Given to each worker's setup (structured-cloned; shared memory is shared). */
  init?: unknown;
  /** Names a job's input in the error when it fails (default "a job"). */
  describe?: (job: J) => string;
  /** Checks what a worker reports once set up; throws to refuse it (the pool does not start). */
  accept?: (ready: unknown) => void;
}

/** The worker module `relative` (without extension) beside the module at `from`, as it runs. */
export function workerModule(from: string, relative: string): URL {
  return new URL(`${relative}${from.endsWith('.ts') ? '.ts' : '.js'}`, from);
}

/** A job that threw in a worker: the message names the job; a system error keeps its code. */
export class WorkerJobError extends Error {
  readonly code: string | undefined;
  readonly errno: number | undefined;
  constructor(spec: PoolSpec<never>, job: unknown, wire: WireError) {
    const what = spec.describe ? spec.describe(job as never) : 'a job';
    super(`${capital(spec.name)} failed in a worker thread on ${what}: ${wire.stack ?? wire.message}`);
    this.name = 'WorkerJobError';
    this.code = wire.code;
    this.errno = wire.errno;
  }
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;
const article = (s: string) => (/^[aeiou]/i.test(s) ? 'an' : 'a');
const threadName = (spec: PoolSpec<never>, k: number) =>
  `corroborate-${spec.name.replace(/\W+/g, '-')}-${k + 1}`;
const newSignal = () => new Int32Array(new SharedArrayBuffer(SIGNAL_LENGTH * 4));

function spawn(spec: PoolSpec<never>, k: number, boot: Boot): Worker {
  const options = { workerData: boot, transferList: [boot.port], name: threadName(spec, k) };
  if (!spec.module.href.endsWith('.ts')) return new Worker(spec.module, options);
  // TypeScript source: register tsx in the worker, then load the worker module. A failure to load
  // is reported at once, as a setup that failed.
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const source = [
    `const { workerData } = require('node:worker_threads');`,
    `import(${JSON.stringify(tsx)})`,
    `.then((m) => { m.register(); return import(${JSON.stringify(spec.module.href)}); })`,
    '.catch((e) => {',
    '  workerData.port.postMessage({ failed: { message: String((e && e.stack) || e) } });',
    `  Atomics.add(workerData.signal, ${ANSWERS}, 1);`,
    `  Atomics.notify(workerData.signal, ${ANSWERS});`,
    '});',
  ].join('\n');
  return new Worker(source, { ...options, eval: true });
}

/** Path of tsx's ESM API (`tsx/esm/api`, import condition), found through its package exports. */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const entry = pkg.exports['./esm/api']?.import?.default;
  if (!entry) throw new Error('tsx has no ESM API');
  return path.join(path.dirname(manifest), entry);
}

// ---------------------------------------------------------------------------------------------
// Asynchronous pool

export interface Pool<J, R> {
  /** Workers started. */
  readonly size: number;
  /** Starts `n` more workers and resolves once they are ready. */
  grow(n: number): Promise<void>;
  /** Runs `job` on the least busy worker. */
  run(job: J, transfer?: ArrayBuffer[]): Promise<R>;
  /** Stops every worker (jobs not answered yet are rejected). */
  close(): Promise<void>;
}

interface Member<J, R> {
  worker: Worker;
  port: MessagePort;
  pending: Map<number, { job: J; resolve: (r: R) => void; reject: (e: Error) => void }>;
}

/**
 * Starts `size` workers and resolves once all are set up. Rejects when one fails to start or is
 * refused by `spec.accept` (the others are stopped).
 */
export async function startPool<J, R>(spec: PoolSpec<J>, size: number): Promise<Pool<J, R>> {
  const members: Member<J, R>[] = [];
  const s = spec as PoolSpec<never>;
  let nextId = 0;
  let closing = false;

  const fail = (m: Member<J, R>, err: Error) => {
    for (const p of m.pending.values()) p.reject(err);
    m.pending.clear();
  };

  const spawnOne = () =>
    new Promise<void>((resolve, reject) => {
      const { port1, port2 } = new MessageChannel();
      const worker = spawn(s, members.length, { port: port2, signal: newSignal(), init: spec.init });
      const m: Member<J, R> = { worker, port: port1, pending: new Map() };
      members.push(m);
      port1.on('message', (reply: Reply) => {
        if ('ready' in reply) {
          try {
            spec.accept?.(reply.ready);
            resolve();
          } catch (err) {
            reject(err);
          }
        } else if ('failed' in reply) {
          const why = reply.failed.stack ?? reply.failed.message;
          reject(new Error(`${capital(article(spec.name))} ${spec.name} worker did not start: ${why}`));
        } else {
          const p = m.pending.get(reply.id);
          if (!p) return;
          m.pending.delete(reply.id);
          if ('error' in reply) p.reject(new WorkerJobError(s, p.job, reply.error));
          else p.resolve(reply.result as R);
        }
      });
      worker.on('error', (err) => {
        reject(err);
        fail(m, err);
      });
      worker.on('exit', (code) => {
        const err = new Error(
          `${capital(article(spec.name))} ${spec.name} worker stopped (exit code ${code}).`,
        );
        reject(err);
        if (!closing) fail(m, err);
      });
    });

  const close = async () => {
    closing = true;
    for (const m of members) fail(m, new Error(`The ${spec.name} pool was closed.`));
    await Promise.all(members.map((m) => m.worker.terminate()));
    for (const m of members) m.port.close();
  };

  const grow = async (n: number) => {
    try {
      await Promise.all(Array.from({ length: n }, spawnOne));
    } catch (err) {
      await close();
      throw err;
    }
  };
  await grow(size);

  return {
    get size() {
      return members.length;
    },
    grow,
    run(job, transfer = []) {
      const m = members.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise<R>((resolve, reject) => {
        m.pending.set(id, { job, resolve, reject });
        m.port.postMessage({ id, job }, transfer);
      });
    },
    close,
  };
}

// ---------------------------------------------------------------------------------------------
// Blocking pool

export interface BlockingPool<J, R> {
  /** Threads that run the jobs. */
  readonly size: number;
  /**
   * Posts `job` to the least busy worker, first waiting (and handing out results) while every
   * worker has its full number of jobs in flight. `done` gets the result, in the order the jobs
   * were submitted, during a later `submit` or `drain`.
   */
  submit(job: J, done?: (result: R) => void): void;
  /** Waits until every job submitted has answered and its `done` has run. */
  drain(): void;
  /** Runs every job; `done` gets each result with its job's index, in the jobs' order. */
  run(jobs: Iterable<J>, done: (result: R, index: number) => void): void;
  /** Stops the workers. */
  close(): void;
}

export interface BlockingOptions {
  /** Jobs in flight per worker (default 2: one running, one queued, so a worker never waits). */
  inFlight?: number;
  /** How long the workers may take to set up before the pool gives up on threads (default 60 s). */
  startTimeoutMs?: number;
  /** A wait this long without any answer means a dead worker: fail rather than hang (default 30 min). */
  stallTimeoutMs?: number;
}

/** Blocking workers being started: `ready()` waits for them. */
export interface StartingPool<J, R> {
  /** The pool once every worker is set up; null when one failed, was refused or timed out. */
  ready(): BlockingPool<J, R> | null;
  close(): void;
}

/** The same jobs run in the calling thread (no threads; the same results). */
export function inThreadPool<J, R>(run: (job: J) => R): BlockingPool<J, R> {
  return {
    size: 1,
    submit(job, done) {
      const result = run(job);
      done?.(result);
    },
    drain() {},
    run(jobs, done) {
      let index = 0;
      for (const job of jobs) done(run(job), index++);
    },
    close() {},
  };
}

/** `spawnBlockingPool(...).ready()`: null when the workers cannot start (use `inThreadPool`). */
export function startBlockingPool<J, R>(
  spec: PoolSpec<J>,
  size: number,
  options: BlockingOptions = {},
): BlockingPool<J, R> | null {
  return spawnBlockingPool<J, R>(spec, size, options).ready();
}

interface Slot {
  worker: Worker;
  port: MessagePort;
  busy: number;
}

interface Entry<J, R> {
  job: J;
  done: ((result: R) => void) | undefined;
  settled: boolean;
  result: R | undefined;
  error?: WorkerJobError;
}

/**
 * Spawns `size` workers without waiting for them, so that they set up while the caller does
 * something else. The workers do not keep the process alive.
 */
export function spawnBlockingPool<J, R>(
  spec: PoolSpec<J>,
  size: number,
  options: BlockingOptions = {},
): StartingPool<J, R> {
  const s = spec as PoolSpec<never>;
  const inFlight = options.inFlight ?? 2;
  const startTimeout = options.startTimeoutMs ?? 60_000;
  const stallTimeout = options.stallTimeoutMs ?? 30 * 60_000;
  const spawnedAt = Date.now();
  const signal = newSignal();
  const slots: Slot[] = [];
  let closed = false;
  const close = () => {
    closed = true;
    for (const slot of slots) {
      slot.port.close();
      void slot.worker.terminate();
    }
  };
  try {
    for (let k = 0; k < size; k++) {
      const { port1, port2 } = new MessageChannel();
      const worker = spawn(s, k, { port: port2, signal, init: spec.init });
      worker.unref();
      // Failures are reported through `signal` and the replies; an 'error' listener keeps them
      // from becoming uncaught exceptions of the process.
      worker.on('error', () => {});
      slots.push({ worker, port: port1, busy: 0 });
    }
  } catch {
    close();
  }

  const waitReady = (): boolean => {
    if (closed) return false;
    const ready = new Set<number>();
    while (ready.size < size) {
      const seen = Atomics.load(signal, ANSWERS);
      for (const [k, slot] of slots.entries()) {
        const reply = receiveMessageOnPort(slot.port)?.message as Reply | undefined;
        if (reply === undefined) continue;
        if (!('ready' in reply)) return false;
        try {
          spec.accept?.(reply.ready);
        } catch {
          return false;
        }
        ready.add(k);
      }
      if (ready.size === size) break;
      const left = spawnedAt + startTimeout - Date.now();
      if (left <= 0 || Atomics.load(signal, ENDED) > 0) return false;
      Atomics.wait(signal, ANSWERS, seen, Math.min(left, 1000));
    }
    return true;
  };

  const ready = (): BlockingPool<J, R> | null => {
    if (!waitReady()) {
      close();
      return null;
    }
    const entries = new Map<number, Entry<J, R>>();
    /** The first job that failed: no job is posted after it, and it is thrown at its turn. */
    let failure: WorkerJobError | null = null;
    /** Jobs submitted and not yet handed out, oldest first: ids `[head, nextId)`. */
    let head = 0;
    let nextId = 0;

    /** Waits for answers and reads every one there is (a job's failure is thrown at its turn). */
    const receive = () => {
      const since = Date.now();
      for (;;) {
        const seen = Atomics.load(signal, ANSWERS);
        let got = false;
        for (const slot of slots) {
          for (let m = receiveMessageOnPort(slot.port); m; m = receiveMessageOnPort(slot.port)) {
            got = true;
            const reply = m.message as Reply;
            if (!('id' in reply)) continue;
            const entry = entries.get(reply.id);
            if (!entry || entry.settled) continue;
            slot.busy--;
            entry.settled = true;
            if ('error' in reply) {
              entry.error = new WorkerJobError(s, entry.job, reply.error);
              failure ??= entry.error;
            } else entry.result = reply.result as R;
          }
        }
        if (got) return;
        if (Atomics.load(signal, ENDED) > 0) {
          const what = spec.describe ? spec.describe(entries.get(head)?.job as never) : 'a job';
          throw new Error(
            `${capital(article(spec.name))} ${spec.name} worker stopped before answering (the oldest job waiting: ${what}).`,
          );
        }
        if (Date.now() - since > stallTimeout) throw new Error(`The ${spec.name} workers stopped answering.`);
        Atomics.wait(signal, ANSWERS, seen, 1000);
      }
    };

    /** Hands out the settled results at the head, in submission order, up to a failed job. */
    const deliver = () => {
      for (let entry = entries.get(head); entry?.settled; entry = entries.get(head)) {
        if (entry.error) throw entry.error;
        entries.delete(head++);
        entry.done?.(entry.result as R);
      }
    };

    const pool: BlockingPool<J, R> = {
      size,
      submit(job, done) {
        if (failure) throw failure;
        let slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
        while (slot.busy >= inFlight) {
          receive();
          deliver();
          slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
        }
        const id = nextId++;
        entries.set(id, { job, done, settled: false, result: undefined });
        slot.busy++;
        slot.port.postMessage({ id, job });
      },
      drain() {
        // Every job answers before a failure is thrown: nothing runs once the caller goes on.
        while (slots.some((slot) => slot.busy > 0)) receive();
        deliver();
      },
      run(jobs, done) {
        let index = 0;
        for (const job of jobs) {
          const k = index++;
          pool.submit(job, (result) => done(result, k));
        }
        pool.drain();
      },
      close,
    };
    return pool;
  };

  return { ready, close };
}

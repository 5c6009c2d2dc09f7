import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { createWorkState, type ReuseJob, type ReuseJobResult, runJob } from './work.js';

/**
 * Runs reuse jobs on worker threads while keeping `updateReuse` synchronous: the calling thread
 * posts jobs, then sleeps on a shared counter (`Atomics.wait`) that each worker bumps when it has
 * posted an answer, and reads the answers with `receiveMessageOnPort`. The calling thread does no
 * job itself, so `n` workers keep `n` cores busy.
 *
 * Workers run `reuse-worker.js` beside this file (the compiled `dist/`). When this module runs as
 * TypeScript source (tests, `tsx`), the worker first registers tsx's loader; when that is not
 * possible, `createPool` returns null and the caller works in its own thread.
 */
export interface JobRunner {
  readonly threads: number;
  /** Runs every job and calls `done` with each result, in completion order. */
  run(jobs: Iterable<ReuseJob>, done: (result: ReuseJobResult, index: number) => void): void;
  close(): void;
}

/** Default number of worker threads: the cores available, at most 2 (the target machine). */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** A runner in the calling thread (same results, no threads). */
export function inThreadRunner(): JobRunner {
  const state = createWorkState();
  return {
    threads: 1,
    run(jobs, done) {
      let index = 0;
      for (const job of jobs) done(runJob(job, state), index++);
    },
    close() {},
  };
}

/** Seconds a worker may take to start (load its modules) before the pool gives up on threads. */
const START_TIMEOUT_MS = 60_000;
/** A job that has not answered after this long means a dead worker: fail rather than hang. */
const STALL_TIMEOUT_MS = 30 * 60_000;
/** Jobs in flight per worker: one running, one queued, so a worker never waits for the caller. */
const IN_FLIGHT = 2;

interface Slot {
  worker: Worker;
  port: MessagePort;
  busy: number;
}

/**
 * Starts `size` workers. Null when they cannot start (no loader for TypeScript source, or a
 * worker that does not report ready in time): the caller then uses `inThreadRunner()`.
 */
export function createPool(size: number): JobRunner | null {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const slots: Slot[] = [];
  const close = () => {
    for (const s of slots) {
      s.port.close();
      void s.worker.terminate();
    }
  };
  try {
    for (let k = 0; k < size; k++) {
      const { port1, port2 } = new MessageChannel();
      const worker = spawn({ port: port2, signal }, [port2]);
      worker.unref();
      // Errors are reported through the stall timeout; an 'error' listener keeps them from
      // becoming uncaught exceptions of the process.
      worker.on('error', () => {});
      slots.push({ worker, port: port1, busy: 0 });
    }
    const deadline = Date.now() + START_TIMEOUT_MS;
    const ready = new Set<number>();
    while (ready.size < size) {
      const seen = Atomics.load(signal, 0);
      slots.forEach((s, k) => {
        const m = receiveMessageOnPort(s.port);
        const message = m?.message as { ready?: boolean; failed?: string } | undefined;
        if (message?.failed !== undefined) throw new Error(`reuse worker did not load: ${message.failed}`);
        if (message?.ready) ready.add(k);
      });
      if (ready.size === size) break;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('reuse workers did not start');
      Atomics.wait(signal, 0, seen, Math.min(left, 1000));
    }
  } catch {
    close();
    return null;
  }

  return {
    threads: size,
    run(jobs, done) {
      const queue = jobs[Symbol.iterator]();
      let next = queue.next();
      let index = 0;
      let pending = 0;
      const owner = new Map<number, number>();
      const post = (s: Slot) => {
        while (s.busy < IN_FLIGHT && !next.done) {
          const id = index++;
          s.worker.postMessage({ id, job: next.value });
          s.busy++;
          pending++;
          owner.set(id, slots.indexOf(s));
          next = queue.next();
        }
      };
      for (const s of slots) post(s);
      let lastProgress = Date.now();
      while (pending > 0) {
        const seen = Atomics.load(signal, 0);
        let received = false;
        for (const s of slots) {
          for (let m = receiveMessageOnPort(s.port); m; m = receiveMessageOnPort(s.port)) {
            const answer = m.message as { id: number; result?: ReuseJobResult; error?: string };
            received = true;
            s.busy--;
            pending--;
            owner.delete(answer.id);
            if (answer.error !== undefined) throw new Error(`reuse worker failed: ${answer.error}`);
            done(answer.result as ReuseJobResult, answer.id);
            post(s);
          }
        }
        if (received) {
          lastProgress = Date.now();
          continue;
        }
        if (Date.now() - lastProgress > STALL_TIMEOUT_MS) throw new Error('reuse workers stopped answering');
        Atomics.wait(signal, 0, seen, 1000);
      }
    },
    close,
  };
}

function spawn(workerData: unknown, transferList: MessagePort[]): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    return new Worker(new URL('./reuse-worker.js', here), { workerData, transferList });
  }
  // TypeScript source (tests, tsx): register tsx in the worker, then load the worker module.
  const tsx = pathToFileURL(tsxEsmApi(here)).href;
  const file = new URL('./reuse-worker.ts', here).href;
  // A failure to load is reported at once (instead of waiting for the start timeout).
  const boot = [
    `const { workerData } = require('node:worker_threads');`,
    `import(${JSON.stringify(tsx)})`,
    `.then((m) => { m.register(); return import(${JSON.stringify(file)}); })`,
    `.catch((e) => { workerData.port.postMessage({ failed: String(e) }); Atomics.add(workerData.signal, 0, 1); Atomics.notify(workerData.signal, 0); });`,
  ].join('\n');
  return new Worker(boot, { eval: true, workerData, transferList });
}

/** Path of tsx's ESM API (`tsx/esm/api`, import condition), found through its package exports. */
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const entry = pkg.exports['./esm/api']?.import?.default;
  if (!entry) throw new Error('tsx has no ESM API');
  return path.join(path.dirname(manifest), entry);
}

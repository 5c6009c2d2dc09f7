/**
 * The worker side of a pool (`pool.ts`): a worker module calls `serveJobs` once with how to set
 * itself up; it then answers every job the pool sends, in the order sent.
 */
import { workerData } from 'node:worker_threads';
import { ANSWERS, type Boot, bump, ENDED, type Reply, toWire } from './protocol.js';

/** What a worker does with each job. */
export interface JobHandler<J, R> {
  /** A job's result, or a promise of it (answered when it settles; other jobs may answer first). */
  run(job: J): R | Promise<R>;
  /** Buffers of a result to move to the calling thread rather than copy. */
  transfer?(result: R): ArrayBuffer[];
  /** Reported to the pool once set up (the pool's `accept` may refuse it, e.g. another version). */
  ready?: unknown;
}

/**
 * Sets the worker up with the pool's `init` and serves jobs. A job that throws is answered with
 * its error (the pool names the job); the worker goes on with the next one. A setup that throws
 * is reported, and the pool does not start.
 */
export async function serveJobs<J, R, I = undefined>(
  setup: (init: I) => JobHandler<J, R> | Promise<JobHandler<J, R>>,
): Promise<void> {
  const { port, signal, init } = workerData as Boot;
  const answer = (reply: Reply, transfer: ArrayBuffer[] = []) => {
    port.postMessage(reply, transfer);
    bump(signal, ANSWERS);
  };
  // A worker that ends while the pool waits for it (a crash, an exit) wakes the pool up.
  process.on('exit', () => bump(signal, ENDED));
  let handler: JobHandler<J, R>;
  try {
    handler = await setup(init as I);
  } catch (err) {
    answer({ failed: toWire(err) });
    return;
  }
  const settle = (id: number, result: R) => answer({ id, result }, handler.transfer?.(result) ?? []);
  port.on('message', ({ id, job }: { id: number; job: J }) => {
    let result: R | Promise<R>;
    try {
      result = handler.run(job);
    } catch (err) {
      answer({ id, error: toWire(err) });
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (r) => settle(id, r),
        (err: unknown) => answer({ id, error: toWire(err) }),
      );
    } else settle(id, result);
  });
  answer({ ready: handler.ready ?? true });
}

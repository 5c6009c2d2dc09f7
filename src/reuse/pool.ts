import { availableParallelism } from 'node:os';
import { type BlockingPool, inThreadPool, startBlockingPool, workerModule } from '../workers/pool.js';
import { createWorkState, type ReuseJob, type ReuseJobResult, runJob } from './work.js';

/**
 * Runs reuse jobs on worker threads (`src/workers/pool.ts`, blocking, so that `updateReuse`
 * stays synchronous): the calling thread posts jobs and waits for the answers; it does no job
 * itself, so `n` workers keep `n` cores busy. The workers run `reuse-worker`.
 */
export type JobRunner = BlockingPool<ReuseJob, ReuseJobResult>;

/** Default number of worker threads: the cores available, at most 2 (the target machine). */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** A runner in the calling thread (same results, no threads). */
export function inThreadRunner(): JobRunner {
  const state = createWorkState();
  return inThreadPool((job: ReuseJob) => runJob(job, state));
}

/** A reuse job in an error message. */
function describe(job: ReuseJob): string {
  if (job.type === 'sketch') return `a sketching job of ${job.texts.length} texts`;
  const ids = job.docs.map((d) => d.id);
  return `a verification job of ${job.pairs.length / 2} pairs (documents ${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''})`;
}

/**
 * Starts `size` workers. Null when they cannot start (no loader for TypeScript source, or a
 * worker that does not report ready in time): the caller then uses `inThreadRunner()`.
 */
export function createPool(size: number): JobRunner | null {
  return startBlockingPool<ReuseJob, ReuseJobResult>(
    { module: workerModule(import.meta.url, './reuse-worker'), name: 'reuse', describe },
    size,
  );
}

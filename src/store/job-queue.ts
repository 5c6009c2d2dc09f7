import { StoreError } from '../core/errors.js';
import { isPostgresUrl } from './location.js';

/** One extraction job: documents to extract with one extractor version. */
export interface ExtractJob {
  version: string;
  ids: string[];
}

export interface JobQueueOptions {
  /**
   * Seconds a worker may hold a job; after that the job is put back on the queue (its worker is
   * taken to be dead, e.g. killed with SIGKILL) and another worker runs it. Default 600.
   */
  jobTimeoutSeconds?: number;
  /** Seconds between the queue's checks for expired jobs (one process checks for all). Default 5. */
  checkSeconds?: number;
}

/**
 * The job queue of a shared store (PostgreSQL, through pg-boss; see docs/scale.md): `analyze`
 * queues extraction jobs, `corroborate worker` processes on any number of machines run them.
 * A job whose worker fails or dies is retried; the jobs' writes are idempotent (an extraction is
 * stored under its document and extractor version, replacing the row a dead worker may have
 * written), so running a job twice changes nothing.
 */
export interface JobQueue {
  /** Queues extraction jobs; returns their ids. */
  queueExtraction(jobs: readonly ExtractJob[]): Promise<string[]>;
  /** The jobs among `ids` that failed for good (after their retries), with the last error. */
  failures(ids: readonly string[]): Promise<{ id: string; message: string }[]>;
  /**
   * Runs extraction jobs as they come, one at a time, until `close`: a job whose `handler`
   * throws is retried (by this or another worker).
   */
  work(handler: (job: ExtractJob, id: string) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the job queue of the shared store at `location` (a `postgres://` URL; its jobs live in
 * the schema `<store schema>_jobs`). The embedded store has no job queue.
 *
 * @example
 * const queue = await openJobQueue('postgres://db.example/corroborate');
 * await queue.work(async (job) => { ... });
 */
export async function openJobQueue(location: string, options: JobQueueOptions = {}): Promise<JobQueue> {
  if (!isPostgresUrl(location)) {
    throw new StoreError(
      'Workers and remote jobs need a PostgreSQL store (a postgres:// URL).',
      'Pass --store postgres://…, or run `corroborate analyze` without --workers-remote on the embedded store.',
    );
  }
  const { openPgBossQueue } = await import('./postgres/job-queue.js');
  return openPgBossQueue(location, options);
}

import { StoreError } from '../core/errors.js';
import { isPostgresUrl } from './location.js';

/** One extraction job: documents to extract with one extractor version. */
export interface ExtractJob {
  kind: 'extract';
  version: string;
  ids: string[];
  /**
   * Seconds extracting one of the documents may take (`--max-extract-seconds`); absent in jobs
   * queued by an earlier release, which get the default.
   */
  seconds?: number;
  /**
   * The most items (incident mentions, quotes, claims) one of the documents may bring
   * (`--max-report-items`): a document over it is stored as its refusal. Absent: none, every
   * extraction stored whole (as in jobs queued by an earlier release).
   */
  maxItems?: number;
}

/**
 * One reuse job: sketch documents, or verify candidate pairs (`[a, b]` as the candidate list gives
 * them). `work` names the computation (reuse index version and options; see `reuseWork` in
 * src/analyze/remote-reuse.ts): results are stored under it, and a worker whose code computes
 * another refuses the job.
 */
export type ReuseJob =
  | { kind: 'sketch'; work: string; options: unknown; ids: string[] }
  | { kind: 'verify'; work: string; options: unknown; pairs: [string, string][] };

/**
 * One ingest job: read inputs whose bytes the ingesting process staged in the queue's results
 * (under `stage`, keyed by SHA-256) into records, and store each input's outcome under `work` and
 * its `key`. `version` is the ingest version (`INGEST_VERSION`) of the process that sent it.
 */
export interface ReadJob {
  kind: 'read';
  version: string;
  stage: string;
  work: string;
  limits: unknown;
  inputs: { key: string; sha256: string; source: string; encoding?: string }[];
}

export type Job = ExtractJob | ReuseJob | ReadJob;

/** A stored result of a job: a key (a document id, a pair) and its bytes. */
export interface WorkResult {
  key: string;
  value: Buffer;
}

/** How long a worker holds the job it runs: past `expiresAt` the queue gives it to another worker. */
export interface JobLease {
  /** When the job expires, in milliseconds since the epoch (`Date.now()`). */
  expiresAt: number;
}

export interface JobQueueOptions {
  /**
   * Seconds a worker may hold a job; after that the job is put back on the queue (its worker is
   * taken to be dead, e.g. killed with SIGKILL) and another worker runs it. Default 600.
   */
  jobTimeoutSeconds?: number;
  /** Seconds between the queue's checks for expired jobs (one process checks for all). Default 5. */
  checkSeconds?: number;
  /**
   * Told when a worker's loop cannot reach the queue (a dropped connection): the loop waits and
   * tries again, from 1 s doubling up to 30 s, and never stops by itself.
   */
  onQueueError?: (error: Error, retryInSeconds: number) => void;
}

/**
 * The job queue of a shared store (PostgreSQL, through pg-boss; see docs/scale.md): `analyze`
 * queues extraction and reuse jobs, `corroborate worker` processes on any number of machines run
 * them. A job whose worker fails or dies is retried; the jobs' writes are idempotent (an
 * extraction is stored under its document and extractor version; a reuse result under its
 * computation and key, once), so running a job twice changes nothing.
 */
export interface JobQueue {
  /** Queues jobs (reuse jobs before extraction jobs when both wait); returns their ids. */
  send(jobs: readonly Job[]): Promise<string[]>;
  /** The jobs among `ids` that failed for good (after their retries), with the last error. */
  failures(ids: readonly string[]): Promise<{ id: string; message: string }[]>;
  /**
   * Runs jobs as they come, one at a time, until `close`: a job whose `handler` throws is retried
   * (by this or another worker).
   */
  work(handler: (job: Job, id: string, lease: JobLease) => Promise<void>): Promise<void>;
  /**
   * Stores results of the computation `work` (a job's output). A key stored already keeps its
   * value: results depend only on their inputs, so a job run again writes nothing new.
   */
  putResults(work: string, rows: readonly WorkResult[]): Promise<void>;
  /** The keys among `keys` that have a result of `work`. */
  known(work: string, keys: readonly string[]): Promise<Set<string>>;
  /** The stored results of `work` for `keys` (absent ones left out). */
  results(work: string, keys: readonly string[]): Promise<Map<string, Buffer>>;
  /** Removes the results of `work` for `keys` (those of one run that no later run reads). */
  forget(work: string, keys: readonly string[]): Promise<void>;
  /** The computations whose name starts with `prefix` that have results. */
  works(prefix: string): Promise<string[]>;
  /** Removes every result of `work`. */
  drop(work: string): Promise<void>;
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

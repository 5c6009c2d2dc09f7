import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { type IngestSummary, ingest } from '../ingest/ingest.js';
import { updateReuse } from '../reuse/update-reuse.js';
import type { AsyncStore } from '../store/async-store.js';
import type { JobQueue } from '../store/job-queue.js';
import { openWorkingCopy } from '../store/working-copy.js';
import { type AnalyzeOptions, type AnalyzeResult, analyze, ingestOptionsOf } from './analyze.js';
import { extractRemotely } from './remote-extract.js';
import { readThroughQueue } from './remote-ingest.js';
import { sketchRemotely, startRemoteReuseRunner } from './remote-reuse.js';
import { loadStages, type Stages } from './stages.js';

/** Name of the store-wide lock one analysis (its merge and ledger) holds at a time. */
export const ANALYSIS_LOCK = 'analysis';

export interface SharedAnalyzeOptions extends AnalyzeOptions {
  /**
   * Folder of this machine's working copy of the shared store (default: `CORROBORATE_CACHE`, else
   * `~/.cache/corroborate`, plus a folder per store).
   */
  cache?: string;
  /** Called once the store-wide analysis lock is held (tests, progress). */
  onLocked?: () => void;
  /**
   * Assemble `result.ledger` before the working copy is closed (it cannot be assembled after);
   * without it, `result.ledger` throws and the ledger is read from `ledgerPath` or the store.
   */
  keepLedger?: boolean;
  /**
   * Run the jobs of reading the inputs (ingest), extraction and reuse (sketching, candidate
   * verification) through the job queue (`corroborate worker` processes on any machine run them) instead of in this process.
   * `location` is the store's URL as given (with its password): the reuse runner's thread opens
   * the queue with it.
   */
  remote?: { queue: JobQueue; location: string; batch?: number; jobTimeoutSeconds?: number };
}

export interface SharedAnalyzeResult extends AnalyzeResult {
  /** What the working copy fetched from the shared store before the run. */
  fetched: { documents: number; custody: number; extractions: number };
  /** Extractions written back to the shared store. */
  published: number;
  /**
   * Documents extracted and documents sketched through the job queue before the lock was taken,
   * and the jobs queued for them (verification jobs are queued under the lock, by the reuse stage).
   */
  remote: { queued: number; jobs: number; sketched: { queued: number; jobs: number } } | null;
}

/**
 * `analyze` over a shared store (PostgreSQL): ingests into it, then, holding the store-wide
 * analysis lock (one merge at a time, whichever machine runs it), brings this machine's working
 * copy up to date, runs the same pipeline over it and writes back the new extractions, the custody
 * entries and the latest ledger. The ledger is byte-identical to the one the embedded store gives
 * for the same documents and custody log.
 *
 * @example
 * const shared = await openSharedStore('postgres://db.example/corroborate');
 * const result = await analyzeShared(shared, ['reports/'], { out: './out' });
 */
export async function analyzeShared(
  shared: AsyncStore,
  inputs: readonly string[],
  options: SharedAnalyzeOptions = {},
): Promise<SharedAnalyzeResult> {
  const stages = options.stages ?? (await loadStages());
  const started = performance.now();
  let summary: IngestSummary | null = null;
  if (inputs.length > 0 || options.manifest !== undefined) {
    // With workers, the inputs are read into records in ingest jobs; this process commits them.
    const remoteRead = options.remote
      ? readThroughQueue(options.remote.queue, { batch: options.remote.batch ?? options.batch })
      : undefined;
    summary = await ingest(shared, inputs, { ...ingestOptionsOf(options), remoteRead });
  }
  const ingestMs = performance.now() - started;
  const version = stages.extractor.version;
  // Remote extraction and sketching need no lock: a job's writes are idempotent. Workers take
  // both kinds of jobs at once.
  let remote: SharedAnalyzeResult['remote'] = null;
  let stopped: string[] = [];
  if (options.remote) {
    const { queue, batch = options.batch } = options.remote;
    const [extracted, sketched] = await Promise.all([
      extractRemotely(shared, queue, version, {
        batch,
        seconds: options.maxExtractSeconds,
        onProgress: (done, total) => options.onProgress?.('extract', done, total),
      }),
      sketchRemotely(shared, queue, { batch }),
    ]);
    const { timedOut, ...counts } = extracted;
    remote = { ...counts, sketched };
    stopped = timedOut;
  }
  return shared.exclusive(ANALYSIS_LOCK, async () => {
    options.onLocked?.();
    const copy = await openWorkingCopy(shared, workingCopyFolder(shared, options.cache), {
      version,
      clock: options.clock,
    });
    // Under the lock, reuse finds its candidates over the working copy's index and sends their
    // verification to the workers; the sketches made above are fetched, not made again.
    const runner = options.remote
      ? startRemoteReuseRunner({
          location: options.remote.location,
          jobTimeoutSeconds: options.remote.jobTimeoutSeconds,
        })
      : null;
    const reuse: Stages['reuse'] = runner
      ? (store, documents) => updateReuse(store, { documents, runner })
      : stages.reuse;
    try {
      const result = await analyze(copy.store, [], {
        ...options,
        stages: { ...stages, reuse },
        manifest: undefined,
        workingCopy: true,
        // Stopped by their budget on a worker: not extracted again here, reported as this run's.
        timedOutElsewhere: stopped,
      });
      const published = await copy.publish(version);
      // A new object: `result.ledger` (not enumerable, not redefinable) is read from the copy.
      const out = {
        ...result,
        ingest: summary,
        diagnostics: summary ? [...result.diagnostics, ...summary.diagnostics] : result.diagnostics,
        timings: { ...result.timings, ingest: ingestMs },
        fetched: copy.fetched,
        published: published.extractions,
        remote,
      };
      const ledger = options.keepLedger ? result.ledger : null;
      Object.defineProperty(out, 'ledger', {
        get: () => {
          if (!ledger) throw new Error('The ledger of a shared analysis is kept only with keepLedger.');
          return ledger;
        },
        enumerable: false,
      });
      return out as SharedAnalyzeResult;
    } finally {
      runner?.close();
      copy.close();
    }
  });
}

/** This machine's working-copy folder for a shared store: one per store location. */
export function workingCopyFolder(shared: AsyncStore, cache?: string): string {
  const root =
    cache ??
    process.env.CORROBORATE_CACHE ??
    path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'corroborate');
  const name = createHash('sha256').update(shared.location).digest('hex').slice(0, 16);
  return path.join(root, name);
}

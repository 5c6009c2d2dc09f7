import { MAX_REPORT_ITEMS } from '../merge/bound-work.js';
import type { AsyncStore } from '../store/async-store.js';
import type { ExtractJob, JobQueue } from '../store/job-queue.js';
import type { ExtractStage } from './extract-stage.js';
import { DEFAULT_EXTRACT_SECONDS, extractWithinBudget } from './extract-within-budget.js';

/**
 * The queue's results under which workers mark the documents whose extraction ran out of time
 * (key: the document id; value: the budget in seconds), for the `analyze` that queued them.
 */
export function extractTimeoutWork(version: string): string {
  return `extract-timeout:${version}`;
}

/**
 * Runs one extraction job (in `corroborate worker`): reads the job's documents from the shared
 * store, extracts each within the job's time budget (`extractWithinBudget`) and stores the
 * extractions in one statement. A document whose extraction runs out of time is stopped, nothing
 * of it is stored, and it is marked in the queue's results (`extractTimeoutWork`) for the
 * `analyze` waiting on it. Idempotent: a job run again (its first worker died) writes the same
 * rows over the old ones.
 */
export async function runExtractJob(
  shared: AsyncStore,
  queue: Pick<JobQueue, 'putResults'>,
  stage: ExtractStage,
  job: ExtractJob,
): Promise<number> {
  if (job.version !== stage.version) {
    throw new Error(
      `This worker extracts with ${stage.version}; the job asks for ${job.version}. Run the same Corroborate version on every machine.`,
    );
  }
  const docs = await shared.documents.getMany(job.ids);
  const missing = job.ids.filter((id) => !docs.has(id));
  if (missing.length > 0) {
    // Skipping them would leave `analyze --workers-remote` waiting for them forever.
    throw new Error(
      `The job names ${missing.length} document(s) the store does not hold (first: ${missing[0]}); the store was changed or replaced while the job was queued. Run analyze again.`,
    );
  }
  const seconds = job.seconds ?? DEFAULT_EXTRACT_SECONDS;
  const inputs = job.ids.map((id) => {
    const doc = docs.get(id) as NonNullable<ReturnType<typeof docs.get>>;
    return { id, text: doc.text, published: doc.published, dateline: doc.dateline };
  });
  const { rows, timedOut } = extractWithinBudget(stage, inputs, seconds, job.maxItems ?? MAX_REPORT_ITEMS);
  if (rows.length > 0) await shared.analysis.putSerializedExtractions(job.version, rows);
  if (timedOut.length > 0) {
    const value = Buffer.from(String(seconds));
    await queue.putResults(
      extractTimeoutWork(job.version),
      timedOut.map((key) => ({ key, value })),
    );
  }
  return rows.length;
}

export interface RemoteExtractOptions {
  /** Documents per job (default 200). */
  batch?: number;
  /** Milliseconds between checks of what is done (default 500). */
  pollMs?: number;
  /** Seconds extracting one document may take (default `DEFAULT_EXTRACT_SECONDS`). */
  seconds?: number;
  /** The most items one document may bring (default `MAX_REPORT_ITEMS`; see `extractWithinBound`). */
  maxItems?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Extracts every stored document the version has not extracted yet through the job queue: one
 * job per batch, run by `corroborate worker` processes; returns once every document is extracted
 * or stopped by its time budget (`timedOut`: nothing of them is stored, and the next run queues
 * them again), or throws when a job failed for good (a job whose worker died is retried by the
 * queue).
 */
export async function extractRemotely(
  shared: AsyncStore,
  queue: JobQueue,
  version: string,
  options: RemoteExtractOptions = {},
): Promise<{ queued: number; jobs: number; timedOut: string[] }> {
  const done = await shared.analysis.extractedIds(version);
  const pending = (await shared.documents.listing()).map((d) => d.id).filter((id) => !done.has(id));
  if (pending.length === 0) return { queued: 0, jobs: 0, timedOut: [] };
  // Marks left by an earlier run are not this run's: each document pending is tried again.
  const timeouts = extractTimeoutWork(version);
  await queue.forget(timeouts, pending);
  const batch = Math.max(1, options.batch ?? 200);
  const seconds = options.seconds ?? DEFAULT_EXTRACT_SECONDS;
  const jobs: ExtractJob[] = [];
  for (let i = 0; i < pending.length; i += batch) {
    jobs.push({
      kind: 'extract',
      version,
      ids: pending.slice(i, i + batch),
      seconds,
      maxItems: options.maxItems ?? MAX_REPORT_ITEMS,
    });
  }
  const ids = await queue.send(jobs);
  const waiting = new Set(pending);
  const stopped = new Set<string>();
  options.onProgress?.(0, pending.length);
  for (let round = 0; waiting.size > 0; round++) {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
    const now = await shared.analysis.extractedIds(version);
    for (const id of waiting) if (now.has(id)) waiting.delete(id);
    for (const id of await queue.known(timeouts, [...waiting])) {
      waiting.delete(id);
      stopped.add(id);
    }
    options.onProgress?.(pending.length - waiting.size, pending.length);
    if (waiting.size > 0 && round % 4 === 3) {
      const failed = await queue.failures(ids);
      if (failed.length > 0) {
        throw new Error(
          `${failed.length} extraction job(s) failed for good; the first: ${failed[0]?.message}`,
        );
      }
    }
  }
  return {
    queued: pending.length,
    jobs: ids.length,
    timedOut: pending.filter((id) => stopped.has(id)),
  };
}

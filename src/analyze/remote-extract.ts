import { serializeExtraction } from '../store/analysis-store.js';
import type { AsyncStore } from '../store/async-store.js';
import type { ExtractJob, JobQueue } from '../store/job-queue.js';
import type { ExtractStage } from './extract-stage.js';

/**
 * Runs one extraction job (in `corroborate worker`): reads the job's documents from the shared
 * store, extracts them and stores the extractions in one statement. Idempotent: a job run again
 * (its first worker died) writes the same rows over the old ones.
 */
export async function runExtractJob(
  shared: AsyncStore,
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
  const rows = job.ids.map((id) => {
    const doc = docs.get(id) as NonNullable<ReturnType<typeof docs.get>>;
    return serializeExtraction(
      stage.extract({ id, text: doc.text, published: doc.published, dateline: doc.dateline }),
    );
  });
  await shared.analysis.putSerializedExtractions(job.version, rows);
  return rows.length;
}

export interface RemoteExtractOptions {
  /** Documents per job (default 200). */
  batch?: number;
  /** Milliseconds between checks of what is done (default 500). */
  pollMs?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Extracts every stored document the version has not extracted yet through the job queue: one
 * job per batch, run by `corroborate worker` processes; returns once every document is extracted
 * (a job whose worker died is retried by the queue), or throws when a job failed for good.
 */
export async function extractRemotely(
  shared: AsyncStore,
  queue: JobQueue,
  version: string,
  options: RemoteExtractOptions = {},
): Promise<{ queued: number; jobs: number }> {
  const done = await shared.analysis.extractedIds(version);
  const pending = (await shared.documents.listing()).map((d) => d.id).filter((id) => !done.has(id));
  if (pending.length === 0) return { queued: 0, jobs: 0 };
  const batch = Math.max(1, options.batch ?? 200);
  const jobs: ExtractJob[] = [];
  for (let i = 0; i < pending.length; i += batch) {
    jobs.push({ kind: 'extract', version, ids: pending.slice(i, i + batch) });
  }
  const ids = await queue.send(jobs);
  const waiting = new Set(pending);
  options.onProgress?.(0, pending.length);
  for (let round = 0; waiting.size > 0; round++) {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
    const now = await shared.analysis.extractedIds(version);
    for (const id of waiting) if (now.has(id)) waiting.delete(id);
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
  return { queued: pending.length, jobs: ids.length };
}

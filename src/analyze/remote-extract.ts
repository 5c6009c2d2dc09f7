import type { SerializedExtraction } from '../store/analysis-store.js';
import type { AsyncStore } from '../store/async-store.js';
import type { ExtractJob, JobLease, JobQueue } from '../store/job-queue.js';
import type { ExtractInput, ExtractStage } from './extract-stage.js';
import { DEFAULT_EXTRACT_SECONDS, extractWithinBudget } from './extract-within-budget.js';

/**
 * The queue's results under which workers mark the documents whose extraction ran out of time
 * (key: the document id; value: the budget in seconds), for the `analyze` that queued them.
 */
export function extractTimeoutWork(version: string): string {
  return `extract-timeout:${version}`;
}

/**
 * The queue's results under which a worker links a job it ended early to the job it queued with
 * the reports it did not start (key: the first job's id; value: the new job's id), so that the
 * `analyze` waiting on the first also sees the second fail.
 */
export function extractContinuedWork(version: string): string {
  return `extract-continued:${version}`;
}

/**
 * Seconds kept between a job's last report and its expiry: storing the rows of the reports done
 * and queueing the rest take well under a second on an idle database, and the queue checks for
 * expired jobs every 5 s; 30 s leaves room for a loaded database.
 */
export const EXPIRY_MARGIN_SECONDS = 30;

/** The job a worker runs: its id and when it expires (`JobLease`), and the clock to read. */
export interface ExtractLease extends JobLease {
  id: string;
  /** Milliseconds since the epoch (default `Date.now`; tests pass their own). */
  now?: () => number;
  /**
   * Called when the lease leaves room for one report only (its budget plus the margin, twice, is
   * longer than the time left): each job then queues the rest after its first report.
   */
  onShortLease?: (message: string) => void;
}

/** Texts a job under a lease reads at once (`runExtractJob`). */
const LEASED_READ = 8;

/** The extraction inputs of these documents; every one must be in the store. */
async function readInputs(shared: AsyncStore, ids: readonly string[]): Promise<ExtractInput[]> {
  const docs = await shared.documents.getMany(ids);
  const missing = ids.filter((id) => !docs.has(id));
  if (missing.length > 0) {
    // Skipping them would leave `analyze --workers-remote` waiting for them forever.
    throw new Error(
      `The job names ${missing.length} document(s) the store does not hold (first: ${missing[0]}); the store was changed or replaced while the job was queued. Run analyze again.`,
    );
  }
  return ids.map((id) => {
    const doc = docs.get(id) as NonNullable<ReturnType<typeof docs.get>>;
    return { id, text: doc.text, published: doc.published, dateline: doc.dateline };
  });
}

/**
 * Runs one extraction job (in `corroborate worker`): reads the job's documents from the shared
 * store, extracts each within the job's time budget (`extractWithinBudget`) and stores the
 * extractions in one statement. A document whose extraction runs out of time is stopped, nothing
 * of it is stored, and it is marked in the queue's results (`extractTimeoutWork`) for the
 * `analyze` waiting on it. Idempotent: a job run again (its first worker died) writes the same
 * rows over the old ones.
 *
 * With a `lease`, no report is started once less than its budget and `EXPIRY_MARGIN_SECONDS`
 * are left before the job expires (except the first, so that every job makes progress): the job
 * stores what it extracted, queues the reports it did not start as a new job and ends, so it
 * never outlives its expiry (after which another worker would run it whole again).
 */
export async function runExtractJob(
  shared: AsyncStore,
  queue: Pick<JobQueue, 'putResults' | 'send' | 'results'>,
  stage: ExtractStage,
  job: ExtractJob,
  lease?: ExtractLease,
): Promise<number> {
  if (job.version !== stage.version) {
    throw new Error(
      `This worker extracts with ${stage.version}; the job asks for ${job.version}. Run the same Corroborate version on every machine.`,
    );
  }
  const seconds = job.seconds ?? DEFAULT_EXTRACT_SECONDS;
  // A job without a bound (queued by `extractRemotely` without one, or by an earlier release)
  // keeps every extraction whole; the merge refuses a report over its bound then.
  const maxItems = job.maxItems ?? Number.POSITIVE_INFINITY;
  let started = job.ids.length;
  let rows: SerializedExtraction[];
  let timedOut: string[];
  if (!lease) {
    ({ rows, timedOut } = extractWithinBudget(stage, await readInputs(shared, job.ids), seconds, maxItems));
  } else {
    // One report at a time, each under its own budget, so the time left is checked before each.
    // The texts are read a few at a time: a job ended early queues the rest, and its texts are
    // read by the job that starts them, not by every job of the chain.
    const now = lease.now ?? Date.now;
    rows = [];
    timedOut = [];
    let inputs: ExtractInput[] = [];
    const room = (2 * seconds + EXPIRY_MARGIN_SECONDS) * 1000;
    if (lease.onShortLease && job.ids.length > 1 && lease.expiresAt - now() < room) {
      lease.onShortLease(
        `extraction jobs end after one report: a job's timeout leaves less than two reports' budget (${seconds} s each) plus ${EXPIRY_MARGIN_SECONDS} s; raise --job-timeout or lower --max-extract-seconds`,
      );
    }
    for (let k = 0; k < job.ids.length; k++) {
      if (k > 0 && now() + (seconds + EXPIRY_MARGIN_SECONDS) * 1000 > lease.expiresAt) {
        started = k;
        break;
      }
      if (k % LEASED_READ === 0) inputs = await readInputs(shared, job.ids.slice(k, k + LEASED_READ));
      const one = extractWithinBudget(stage, [inputs[k % LEASED_READ] as ExtractInput], seconds, maxItems);
      rows.push(...one.rows);
      timedOut.push(...one.timedOut);
    }
  }
  if (rows.length > 0) await shared.analysis.putSerializedExtractions(job.version, rows);
  if (timedOut.length > 0) {
    const value = Buffer.from(String(seconds));
    await queue.putResults(
      extractTimeoutWork(job.version),
      timedOut.map((key) => ({ key, value })),
    );
  }
  // Queuing the rest, linking it and completing this job are separate steps: a worker that dies
  // between them leaves the job to be run again, and that run finds the link and queues no second
  // copy of the rest.
  const linked =
    lease && started < job.ids.length
      ? (await queue.results(extractContinuedWork(job.version), [lease.id])).has(lease.id)
      : false;
  if (lease && started < job.ids.length && !linked) {
    const [next] = await queue.send([{ ...job, ids: job.ids.slice(started) }]);
    if (next) {
      await queue.putResults(extractContinuedWork(job.version), [
        { key: lease.id, value: Buffer.from(next) },
      ]);
    }
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
  /**
   * The most items one document may bring (see `extractWithinBound`): a document over it is
   * stored as its refusal. Default: none, every extraction stored whole. `analyzeShared` passes
   * none: a refusal stored in the shared store would stand after a run with a higher bound (only
   * an embedded store's `analyze` finds and extracts such refusals again).
   */
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
      ...(options.maxItems === undefined ? {} : { maxItems: options.maxItems }),
    });
  }
  const ids = await queue.send(jobs);
  // The jobs to watch for failures: those queued here, and those a worker queued in their place
  // with the reports it had no time left to start (`extractContinuedWork`).
  const watched = new Set(ids);
  const continued = extractContinuedWork(version);
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
      for (let added = watched.size; added > 0; ) {
        const before = watched.size;
        for (const next of (await queue.results(continued, [...watched])).values())
          watched.add(next.toString());
        added = watched.size - before;
      }
      const failed = await queue.failures([...watched]);
      if (failed.length > 0) {
        throw new Error(
          `${failed.length} extraction job(s) failed for good; the first: ${failed[0]?.message}`,
        );
      }
    }
  }
  // The links of this run's jobs are read by no later run.
  await queue.forget(continued, [...watched]);
  return {
    queued: pending.length,
    jobs: ids.length,
    timedOut: pending.filter((id) => stopped.has(id)),
  };
}

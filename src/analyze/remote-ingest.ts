/**
 * Ingest's reading on other machines (`corroborate worker`), through the job queue of a shared
 * store. The ingesting process walks its inputs and hashes them as always; the bytes of inputs the
 * store does not hold yet are staged in the queue's results table (so that a worker on any machine
 * reaches them), and one job per group of inputs reads them into records (format detection, main
 * text, canonical text, cleaning: the costly part) with the same code as a local ingest
 * (`readInputs`). The ingesting process then makes the captures and commits them itself, in the
 * inputs' order, so the documents' order and the custody entries are those of a local ingest; the
 * store serialises the custody appends as for any commit.
 *
 * A worker killed mid-job loses nothing: the job expires and another worker runs it; its results
 * are stored under (run, input), once, so a job run twice writes nothing new. The staged bytes and
 * the results are removed once read back.
 */
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { INGEST_VERSION, type RemoteRead } from '../ingest/ingest.js';
import { defaultLimits } from '../ingest/limits.js';
import { type ReadOutcome, readInputs } from '../ingest/read-inputs.js';
import type { ReadLimits } from '../ingest/reader.js';
import type { JobQueue, ReadJob, WorkResult } from '../store/job-queue.js';
import { type WaitOptions, waitForResults } from './remote-reuse.js';

/**
 * An outcome as stored: the records, the message of a reader that threw, a timeout, or bytes the
 * worker did not find staged (the ingesting process reads that input itself).
 */
type StoredOutcome = { value: unknown } | { error: string } | { timedOut: true } | { missing: true };

const MISSING = Buffer.from(JSON.stringify({ missing: true } satisfies StoredOutcome));

function packOutcome(outcome: ReadOutcome): Buffer {
  const stored: StoredOutcome =
    'timedOut' in outcome
      ? { timedOut: true }
      : outcome.value instanceof Error
        ? { error: outcome.value.message }
        : { value: outcome.value };
  return Buffer.from(JSON.stringify(stored));
}

/** The outcome stored, or null when the worker did not find the input's bytes. */
function unpackOutcome(bytes: Buffer): ReadOutcome | null {
  const stored = JSON.parse(bytes.toString('utf8')) as StoredOutcome;
  if ('missing' in stored) return null;
  if ('timedOut' in stored) return { timedOut: true };
  if ('error' in stored) return { value: new Error(stored.error) };
  return { value: stored.value } as ReadOutcome;
}

// ---------------------------------------------------------------------------------------------
// In `corroborate worker`

/** A job's limits: every limit of `ReadLimits`, each a positive number (none may be left out). */
const limitsSchema = z.strictObject(
  Object.fromEntries(Object.keys(defaultLimits).map((k) => [k, z.number().positive()])) as Record<
    keyof ReadLimits,
    z.ZodNumber
  >,
);

/**
 * The job's limits, checked, and its names checked to be an ingest run's (`STAGE` and `READ` with
 * the same run): a job read from the queue is not trusted to name another computation's rows.
 */
function checkJob(job: ReadJob): ReadLimits {
  const run = job.stage.startsWith(STAGE) ? job.stage.slice(STAGE.length) : '';
  if (run === '' || job.work !== `${READ}${run}`) {
    throw new Error(
      `An ingest job must name its run's staged bytes "${STAGE}<run>" and outcomes "${READ}<run>"; found "${job.stage}" and "${job.work}". The job was not made by \`corroborate ingest\`: remove it from the queue.`,
    );
  }
  const limits = limitsSchema.safeParse(job.limits);
  if (!limits.success) {
    const issue = limits.error.issues[0];
    throw new Error(
      `An ingest job's limits must give every reading limit as a positive number; ${issue?.path.join('.') || 'limits'}: ${issue?.message}. The job was not made by this Corroborate version's \`ingest\`: remove it from the queue.`,
    );
  }
  return limits.data;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Runs one ingest job (in `corroborate worker`): reads the staged bytes of its inputs into records
 * and stores each input's outcome. Inputs whose outcome is stored already are skipped (a job run
 * again). An input whose staged bytes are gone gets a `missing` outcome, so that an ingest still
 * waiting for it reads it itself instead of waiting forever (after its ingest has read its results
 * back, such rows are left until the sweep of abandoned runs). Returns the outcomes stored.
 */
export async function runReadJob(queue: JobQueue, job: ReadJob): Promise<number> {
  if (job.version !== INGEST_VERSION) {
    throw new Error(
      `This worker reads inputs with ingest ${INGEST_VERSION}; the job asks for ${job.version}. Run the same Corroborate version on every machine.`,
    );
  }
  const limits = checkJob(job);
  const done = await queue.known(
    job.work,
    job.inputs.map((i) => i.key),
  );
  const todo = job.inputs.filter((i) => !done.has(i.key));
  if (todo.length === 0) return 0;
  const staged = await queue.results(job.stage, [...new Set(todo.map((i) => i.sha256))]);
  // Bytes that are not those their sha256 names are refused (the input's outcome is an error).
  const intact = new Map<string, boolean>();
  for (const [sha, bytes] of staged) intact.set(sha, sha256Of(bytes) === sha);
  const present = todo.filter((i) => intact.get(i.sha256) === true);
  const outcomes = readInputs(
    present.map((i) => ({
      bytes: staged.get(i.sha256) as Buffer,
      source: i.source,
      ...(i.encoding ? { encoding: i.encoding } : {}),
    })),
    limits,
  );
  const read = new Map(present.map((i, k) => [i.key, packOutcome(outcomes[k] as ReadOutcome)]));
  for (const i of todo) {
    if (intact.get(i.sha256) !== false) continue;
    const message = `The bytes staged for ${i.source} in the job queue do not match its sha256 ${i.sha256}: not read. Ingest it again.`;
    read.set(i.key, packOutcome({ value: new Error(message) }));
  }
  const rows: WorkResult[] = todo.map((i) => ({ key: i.key, value: read.get(i.key) ?? MISSING }));
  await queue.putResults(job.work, rows);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// In the ingesting process

export interface RemoteReadOptions extends WaitOptions {
  /** Inputs per job (default 200). */
  batch?: number;
  /** Jobs on the queue at once, while the earliest is waited for (default 8). */
  window?: number;
  /** The clock that dates this run's staged rows and finds abandoned ones (tests). */
  now?: () => Date;
  /**
   * Told when removing rows already read back fails (default: a process warning); the ingest goes
   * on, and the sweep of abandoned runs removes them later.
   */
  onCleanupError?: (error: Error) => void;
}

/** Names of a run's staged bytes and of its outcomes: the prefix, a UTC time, a random part. */
const STAGE = 'ingest-bytes:';
const READ = 'ingest-read:';
/**
 * Staged rows of a run that started this long ago are taken as left by an ingest that was killed
 * (a run removes its own rows as it goes), and removed by the next ingest that reads in jobs.
 */
const ABANDONED_MS = 7 * 24 * 3600 * 1000;

/** `20261202T140501Z`: sorts as the time does. */
const stamp = (time: Date) => time.toISOString().replace(/[-:]|\.\d+/g, '');

/**
 * Removes the staged bytes and outcomes of runs that started more than `ABANDONED_MS` before
 * `now` (their ingest was killed; a finished run leaves none).
 */
async function dropAbandoned(queue: JobQueue, now: Date): Promise<void> {
  const before = stamp(new Date(now.getTime() - ABANDONED_MS));
  for (const prefix of [STAGE, READ]) {
    for (const work of await queue.works(prefix)) {
      const started = work.slice(prefix.length).split(':')[0] ?? '';
      if (started < before) await queue.drop(work);
    }
  }
}

/**
 * Reading through the job queue for `ingest` (`IngestOptions.remoteRead`): each group of inputs
 * becomes one job that `corroborate worker` processes run. Needs at least one worker.
 *
 * @example
 * await ingest(shared, ['reports/'], { remoteRead: readThroughQueue(queue) });
 */
export function readThroughQueue(queue: JobQueue, options: RemoteReadOptions = {}): RemoteRead {
  // One run's names: its staged bytes and results are its own, removed when read back.
  const now = options.now ?? (() => new Date());
  const run = `${stamp(now())}:${randomUUID()}`;
  const stage = `${STAGE}${run}`;
  const work = `${READ}${run}`;
  let swept: Promise<void> | null = null;
  // Staged bytes in use by groups still waiting (the same bytes may be in two groups at once).
  const uses = new Map<string, number>();
  // Removals of staged bytes under way: a group staging the same bytes waits for them first, so
  // that a removal started before it staged them cannot remove its row.
  const removing = new Map<string, Promise<void>>();
  const cleanupFailed = (error: unknown) =>
    (options.onCleanupError ?? ((e: Error) => process.emitWarning(e)))(
      new Error(
        `Could not remove rows of ingest run ${run} from the job queue (${error instanceof Error ? error.message : String(error)}); the next ingest that reads in jobs removes them after ${ABANDONED_MS / 86_400_000} days.`,
      ),
    );
  let next = 0;
  return {
    groupInputs: Math.max(1, options.batch ?? 200),
    window: Math.max(1, options.window ?? 8),
    async read(inputs, limits, signal) {
      swept ??= dropAbandoned(queue, now());
      await swept;
      const keys = inputs.map(() => String(next++));
      const shas = [...new Set(inputs.map((i) => i.sha256))];
      for (const sha of shas) uses.set(sha, (uses.get(sha) ?? 0) + 1);
      try {
        await Promise.all(shas.flatMap((sha) => removing.get(sha) ?? []));
        // Every group stages its own bytes before its job is sent (a row staged by another group
        // may not be committed yet); a row staged already is kept.
        const bytes = new Map(inputs.map((i) => [i.sha256, i.bytes]));
        await queue.putResults(
          stage,
          shas.map((sha) => {
            const b = bytes.get(sha) as Uint8Array;
            return { key: sha, value: Buffer.from(b.buffer, b.byteOffset, b.byteLength) };
          }),
        );
        const job: ReadJob = {
          kind: 'read',
          version: INGEST_VERSION,
          stage,
          work,
          limits,
          inputs: inputs.map((i, k) => ({
            key: keys[k] as string,
            sha256: i.sha256,
            source: i.source,
            ...(i.encoding ? { encoding: i.encoding } : {}),
          })),
        };
        const ids = await queue.send([job]);
        await waitForResults(queue, work, keys, ids, {
          ...options,
          label: 'ingest reading',
          ...(signal ? { signal } : {}),
        });
        const stored = await queue.results(work, keys);
        const outcomes = keys.map((key) => unpackOutcome(stored.get(key) as Buffer));
        await queue.forget(work, keys).catch(cleanupFailed);
        return outcomes;
      } finally {
        const unused: string[] = [];
        for (const sha of shas) {
          const left = (uses.get(sha) ?? 1) - 1;
          if (left > 0) uses.set(sha, left);
          else {
            uses.delete(sha);
            unused.push(sha);
          }
        }
        if (unused.length > 0) {
          const removal = queue.forget(stage, unused);
          const settled = removal.catch(() => {});
          for (const sha of unused) removing.set(sha, settled);
          try {
            await removal.catch(cleanupFailed);
          } finally {
            for (const sha of unused) if (removing.get(sha) === settled) removing.delete(sha);
          }
        }
      }
    },
  };
}

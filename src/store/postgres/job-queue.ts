import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Job, JobQueue, JobQueueOptions } from '../job-queue.js';
import { parseStoreUrl } from './postgres-store.js';

/** One queue for every kind of job, so that a worker takes whatever waits, by priority. */
const QUEUE = 'corroborate-work';
/** Tries of a job before it fails for good. */
const RETRY_LIMIT = 5;
/**
 * Higher runs first: an ingest waits for its reading jobs in order, verification jobs are queued
 * while the merge's lock is held, sketching before it, extraction meanwhile.
 */
const PRIORITY: Record<Job['kind'], number> = { read: 3, verify: 2, sketch: 1, extract: 0 };
/** Seconds a worker waits before asking again when no job waits. */
const IDLE_SECONDS = 0.25;

/**
 * The job queue on pg-boss, its tables in the schema `<store schema>_jobs`, plus the table of job
 * results (`work_result`, keyed by computation and key) in the same schema.
 */
export async function openPgBossQueue(location: string, options: JobQueueOptions): Promise<JobQueue> {
  const { connectionString, schema } = parseStoreUrl(location);
  const jobs = `${schema}_jobs`;
  const results = `"${jobs}".work_result`;
  const expireInSeconds = options.jobTimeoutSeconds ?? 600;
  const boss = new PgBoss({
    connectionString,
    schema: jobs,
    max: 2,
    // Every process may check for expired jobs; pg-boss lets one do it per interval.
    maintenanceIntervalSeconds: options.checkSeconds ?? 5,
    schedule: false,
  });
  // Errors of the background checks (a dropped connection) are retried at the next interval.
  boss.on('error', () => {});
  // Several processes may open a new queue at once. pg-boss's installation, its queue's partition
  // and the results table each take their own locks, and two processes creating them together can
  // deadlock: the whole opening is one process at a time, under a session lock of its own.
  const guard = new pg.Client({ connectionString });
  guard.on('error', () => {});
  await guard.connect();
  try {
    await guard.query('SELECT pg_advisory_lock(hashtext($1))', [`${jobs}.open`]);
    await boss.start();
    await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: RETRY_LIMIT, retryDelay: 1, expireInSeconds });
    await boss.getDb().executeSql(
      `CREATE TABLE IF NOT EXISTS ${results} (
           work text COLLATE "C" NOT NULL, key text COLLATE "C" NOT NULL, value bytea NOT NULL,
           PRIMARY KEY (work, key))`,
      [],
    );
  } catch (err) {
    // Nothing of a queue that did not open stays running (its pool and timers).
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    throw err;
  } finally {
    // Ending the session releases its lock.
    await guard.end().catch(() => {});
  }
  const db = boss.getDb();
  let stopping = false;
  let loop: Promise<void> | null = null;
  return {
    async send(list) {
      const inserts: PgBoss.JobInsert[] = list.map((job) => ({
        id: crypto.randomUUID(),
        name: QUEUE,
        data: job,
        priority: PRIORITY[job.kind],
        retryLimit: RETRY_LIMIT,
        retryDelay: 1,
        expireInSeconds,
      }));
      for (let i = 0; i < inserts.length; i += 500) await boss.insert(inserts.slice(i, i + 500));
      return inserts.map((j) => j.id as string);
    },
    async failures(ids) {
      if (ids.length === 0) return [];
      const { rows } = await db.executeSql(
        `SELECT id::text AS id, output FROM "${jobs}".job WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'failed'
         UNION ALL
         SELECT id::text AS id, output FROM "${jobs}".archive WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'failed'`,
        [QUEUE, ids],
      );
      return (rows as { id: string; output: { message?: string } | null }[]).map((r) => ({
        id: r.id,
        message: r.output?.message ?? 'failed',
      }));
    },
    async work(handler) {
      // pg-boss's own polling loop waits its interval (at least half a second) after every job;
      // fetching the next job as soon as one is done keeps short jobs from waiting.
      loop = (async () => {
        let backoff = 1;
        while (!stopping) {
          try {
            const [job] = await boss.fetch<Job>(QUEUE, { batchSize: 1 });
            if (!job) {
              await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
              continue;
            }
            try {
              // The job was started when fetched; it expires after its own timeout (set by the
              // process that queued it), which pg-boss reads back as a numeric string.
              const seconds = Number(job.expireInSeconds);
              const lease = {
                expiresAt: Date.now() + (Number.isFinite(seconds) ? seconds : expireInSeconds) * 1000,
              };
              await handler(job.data, job.id, lease);
              await boss.complete(QUEUE, job.id);
            } catch (err) {
              const message = err instanceof Error ? err.message : String(err);
              await boss.fail(QUEUE, job.id, { message });
            }
            backoff = 1;
          } catch (err) {
            // The queue itself failed (a dropped connection): a job taken but not completed
            // expires and is run again, so waiting and trying again loses nothing.
            if (stopping) break;
            options.onQueueError?.(err instanceof Error ? err : new Error(String(err)), backoff);
            await new Promise((resolve) => setTimeout(resolve, backoff * 1000));
            backoff = Math.min(backoff * 2, 30);
          }
        }
      })();
      loop.catch(() => {});
    },
    async putResults(work, rows) {
      for (let i = 0; i < rows.length; i += 1000) {
        const part = rows.slice(i, i + 1000);
        await db.executeSql(
          `INSERT INTO ${results} (work, key, value)
           SELECT $1, k, v FROM unnest($2::text[], $3::bytea[]) AS u(k, v)
           ON CONFLICT (work, key) DO NOTHING`,
          [work, part.map((r) => r.key), part.map((r) => r.value)],
        );
      }
    },
    async known(work, keys) {
      const out = new Set<string>();
      for (let i = 0; i < keys.length; i += 10_000) {
        const { rows } = await db.executeSql(
          `SELECT key FROM ${results} WHERE work = $1 AND key = ANY($2::text[])`,
          [work, keys.slice(i, i + 10_000)],
        );
        for (const r of rows as { key: string }[]) out.add(r.key);
      }
      return out;
    },
    async results(work, keys) {
      const out = new Map<string, Buffer>();
      for (let i = 0; i < keys.length; i += 2000) {
        const { rows } = await db.executeSql(
          `SELECT key, value FROM ${results} WHERE work = $1 AND key = ANY($2::text[])`,
          [work, keys.slice(i, i + 2000)],
        );
        for (const r of rows as { key: string; value: Buffer }[]) out.set(r.key, r.value);
      }
      return out;
    },
    async forget(work, keys) {
      for (let i = 0; i < keys.length; i += 10_000) {
        await db.executeSql(`DELETE FROM ${results} WHERE work = $1 AND key = ANY($2::text[])`, [
          work,
          keys.slice(i, i + 10_000),
        ]);
      }
    },
    async works(prefix) {
      // A range of the primary key (its "C" collation orders by code point): the table also holds
      // one row per document and per candidate pair.
      const end =
        prefix.slice(0, -1) + String.fromCodePoint((prefix.codePointAt(prefix.length - 1) ?? 0) + 1);
      const { rows } = await db.executeSql(
        `SELECT DISTINCT work FROM ${results} WHERE work >= $1 AND work < $2 ORDER BY work`,
        [prefix, end],
      );
      return (rows as { work: string }[]).map((r) => r.work);
    },
    async drop(work) {
      await db.executeSql(`DELETE FROM ${results} WHERE work = $1`, [work]);
    },
    async close() {
      stopping = true;
      await loop?.catch(() => {});
      await boss.stop({ graceful: false, wait: true });
    },
  };
}

import PgBoss from 'pg-boss';
import type { ExtractJob, JobQueue, JobQueueOptions } from '../job-queue.js';
import { parseStoreUrl } from './postgres-store.js';

const EXTRACT = 'corroborate-extract';
/** Tries of a job before it fails for good. */
const RETRY_LIMIT = 5;

/** The job queue on pg-boss, its tables in the schema `<store schema>_jobs`. */
export async function openPgBossQueue(location: string, options: JobQueueOptions): Promise<JobQueue> {
  const { connectionString, schema } = parseStoreUrl(location);
  const boss = new PgBoss({
    connectionString,
    schema: `${schema}_jobs`,
    max: 2,
    // Every process may check for expired jobs; pg-boss lets one do it per interval.
    maintenanceIntervalSeconds: options.checkSeconds ?? 5,
    schedule: false,
  });
  // Errors of the background checks (a dropped connection) are retried at the next interval.
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue(EXTRACT, {
    name: EXTRACT,
    retryLimit: RETRY_LIMIT,
    retryDelay: 1,
    expireInSeconds: options.jobTimeoutSeconds ?? 600,
  });
  return {
    async queueExtraction(jobs) {
      const ids: string[] = [];
      for (const job of jobs) {
        const id = await boss.send(EXTRACT, job, {
          retryLimit: RETRY_LIMIT,
          retryDelay: 1,
          expireInSeconds: options.jobTimeoutSeconds ?? 600,
        });
        if (id) ids.push(id);
      }
      return ids;
    },
    async failures(ids) {
      const out: { id: string; message: string }[] = [];
      for (const id of ids) {
        const job = await boss.getJobById<ExtractJob>(EXTRACT, id, { includeArchive: true });
        if (job?.state === 'failed') {
          const output = job.output as { message?: string } | null;
          out.push({ id, message: output?.message ?? 'failed' });
        }
      }
      return out;
    },
    async work(handler) {
      await boss.work<ExtractJob>(EXTRACT, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (job) await handler(job.data, job.id);
      });
    },
    async close() {
      await boss.stop({ graceful: false, wait: true });
    },
  };
}

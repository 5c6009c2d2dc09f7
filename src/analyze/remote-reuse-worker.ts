/**
 * The thread of `startRemoteReuseRunner` (remote-reuse.ts): opens the job queue and answers each
 * of `updateReuse`'s jobs with the results the workers store, many jobs waiting at once.
 */
import type { ReuseJob, ReuseJobResult } from '../reuse/work.js';
import { transferables } from '../reuse/work.js';
import { openJobQueue } from '../store/job-queue.js';
import { serveJobs } from '../workers/serve.js';
import { type RemoteReuseInit, runThreadJob } from './remote-reuse.js';

await serveJobs<ReuseJob, ReuseJobResult, RemoteReuseInit>(async (init) => {
  const queue = await openJobQueue(init.location, { jobTimeoutSeconds: init.jobTimeoutSeconds });
  return {
    run: (job) => runThreadJob(queue, job, { pollMs: init.pollMs }),
    transfer: transferables,
  };
});

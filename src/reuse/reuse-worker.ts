/** Worker thread of the reuse stage (see `pool.ts`): runs `ReuseJob`s with this thread's state. */
import { serveJobs } from '../workers/serve.js';
import { createWorkState, type ReuseJob, type ReuseJobResult, runJob, transferables } from './work.js';

await serveJobs<ReuseJob, ReuseJobResult>(() => {
  const state = createWorkState();
  return { run: (job) => runJob(job, state), transfer: transferables };
});

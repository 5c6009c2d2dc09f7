/** A worker module for the pool's tests: doubles numbers, slowly, failing or exiting on request. */
import { serveJobs } from '../serve.js';

export interface TestJob {
  n: number;
  /** Milliseconds to spin before answering. */
  spin?: number;
  fail?: boolean;
  exit?: boolean;
}

export interface TestInit {
  version: string;
  failSetup?: boolean;
}

await serveJobs<TestJob, number, TestInit>((init) => {
  if (init.failSetup) throw new Error('the setup failed on purpose');
  return {
    ready: init.version,
    run(job) {
      if (job.exit) process.exit(3);
      if (job.fail) throw Object.assign(new Error(`cannot take ${job.n}`), { code: 'ETEST' });
      const until = Date.now() + (job.spin ?? 0);
      while (Date.now() < until);
      return job.n * 2;
    },
  };
});

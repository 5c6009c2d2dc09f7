/** A worker module for the pool's tests: doubles numbers, slowly, failing or exiting on request. */
import { serveJobs } from '../serve.js';

export interface TestJob {
  n: number;
  /** Milliseconds to spin before answering. */
  spin?: number;
  /** Milliseconds to wait (asynchronously, the worker answering other jobs meanwhile). */
  wait?: number;
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
      if (job.wait !== undefined) {
        return new Promise<number>((resolve, reject) =>
          setTimeout(
            () => (job.fail ? reject(new Error(`cannot take ${job.n} later`)) : resolve(job.n * 2)),
            job.wait,
          ),
        );
      }
      if (job.exit) process.exit(3);
      if (job.fail) throw Object.assign(new Error(`cannot take ${job.n}`), { code: 'ETEST' });
      const until = Date.now() + (job.spin ?? 0);
      while (Date.now() < until);
      return job.n * 2;
    },
  };
});

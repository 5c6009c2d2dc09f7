import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';

export function register(program: Command): void {
  program
    .command('worker')
    .description(
      'Run the jobs `analyze --workers-remote` and `ingest --workers-remote` queue on a PostgreSQL store (any number of machines)',
    )
    .option('--job-timeout <seconds>', 'seconds a job may run before it is given to another worker', '600')
    .action(async (opts: { jobTimeout: string }, cmd: Command) => {
      const timeout = Number(opts.jobTimeout);
      if (!Number.isInteger(timeout) || timeout < 1) {
        throw new UsageError(
          `--job-timeout: expected a whole number of seconds; found "${opts.jobTimeout}".`,
        );
      }
      // The implementation is loaded on use, so that `--help` and other commands start fast.
      const [
        { openSharedStore },
        { openJobQueue },
        { loadStages },
        { runExtractJob },
        { runReuseJob },
        { runReadJob },
        { createWorkState },
      ] = await Promise.all([
        import('../../store/open-store.js'),
        import('../../store/job-queue.js'),
        import('../../analyze/stages.js'),
        import('../../analyze/remote-extract.js'),
        import('../../analyze/remote-reuse.js'),
        import('../../analyze/remote-ingest.js'),
        import('../../reuse/work.js'),
      ]);
      const location = cmd.optsWithGlobals().store as string;
      const queue = await openJobQueue(location, {
        jobTimeoutSeconds: timeout,
        onQueueError: (error, wait) =>
          process.stderr.write(
            `worker: the job queue failed (${error.message}); trying again in ${wait} s\n`,
          ),
      });
      const shared = await openSharedStore(location);
      const stages = await loadStages();
      // For tests of a worker killed mid-job: wait this long after taking each job (of the kind
      // CORROBORATE_WORKER_PAUSE_KIND names, when set: read, extract, sketch, verify).
      const pause = Number(process.env.CORROBORATE_WORKER_PAUSE_MS ?? 0);
      const pauseKind = process.env.CORROBORATE_WORKER_PAUSE_KIND || null;
      process.stderr.write(
        `corroborate: worker on ${shared.location}, extractor ${stages.extractor.version}\n`,
      );
      // Sketchers and prepared texts, kept between reuse jobs.
      const reuseState = createWorkState();
      // Said once per worker, not once per job of a chain.
      let shortLease = false;
      const onShortLease = (message: string) => {
        if (shortLease) return;
        shortLease = true;
        process.stderr.write(`worker: ${message}\n`);
      };
      await queue.work(async (job, id, lease) => {
        const size =
          job.kind === 'verify'
            ? `${job.pairs.length} pair(s)`
            : job.kind === 'read'
              ? `${job.inputs.length} input(s)`
              : `${job.ids.length} document(s)`;
        process.stderr.write(`worker: job ${id}: ${job.kind} ${size}\n`);
        if (pause > 0 && (pauseKind === null || pauseKind === job.kind)) {
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
        const n =
          job.kind === 'extract'
            ? await runExtractJob(shared, queue, stages.extractor, job, { id, ...lease, onShortLease })
            : job.kind === 'read'
              ? await runReadJob(queue, job)
              : await runReuseJob(shared, queue, job, reuseState);
        process.stderr.write(`worker: job ${id}: ${job.kind} done, ${n} result(s)\n`);
      });
      const stop = () => {
        void queue
          .close()
          .then(() => shared.close())
          .finally(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

import type { Command } from 'commander';
import { ExitCode } from '../../core/errors.js';

export function register(program: Command): void {
  program
    .command('verify')
    .description('Re-hash every original, check every document and the custody chain; print the checkpoint')
    .option('--checkpoint <line>', 'a checkpoint written down earlier: the log must still extend it')
    .option('--json', 'print the verification report as JSON on stdout')
    .action(async (opts: { json?: boolean; checkpoint?: string }, cmd: Command) => {
      const [{ formatCheckpoint, parseCheckpoint }, { openStore }] = await Promise.all([
        import('../../store/checkpoint.js'),
        import('../../store/open-store.js'),
      ]);
      const checkpoint = opts.checkpoint ? parseCheckpoint(opts.checkpoint) : undefined;
      const store = openStore(cmd.optsWithGlobals().store as string, { mustExist: true });
      try {
        const report = await store.verify(checkpoint ? { checkpoint } : {});
        if (opts.json) {
          process.stdout.write(
            `${JSON.stringify({ ...report, checkpointLine: formatCheckpoint(report.checkpoint) }, null, 2)}\n`,
          );
        } else {
          for (const p of report.problems) process.stdout.write(`FAIL ${p.kind}: ${p.message}\n`);
          const what = `${report.originals} originals re-hashed, ${report.documents} documents, custody log of ${report.checkpoint.entries} entries`;
          process.stdout.write(
            report.ok
              ? `OK: ${what}; no mismatch.\n`
              : `FAILED: ${report.problems.length} problem(s); ${what}.\n`,
          );
          if (report.unreferenced > 0) {
            process.stdout.write(
              `note: ${report.unreferenced} original file(s) no document refers to (left by an interrupted ingest; harmless).\n`,
            );
          }
          process.stdout.write(`${formatCheckpoint(report.checkpoint)}\n`);
        }
        if (!report.ok) process.exitCode = ExitCode.verifyFailed;
      } finally {
        store.close();
      }
    });
}

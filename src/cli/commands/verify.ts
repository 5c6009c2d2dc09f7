import type { Command } from 'commander';
import { ExitCode, UsageError } from '../../core/errors.js';
import { printable } from '../printable.js';

export function register(program: Command): void {
  program
    .command('verify')
    .description('Re-hash every original, check every document and the custody chain; print the checkpoint')
    .option('--checkpoint <line>', 'a checkpoint written down earlier: the log must still extend it')
    .option('--json', 'print the verification report as JSON on stdout')
    .option(
      '--deep [count]',
      "also read originals again and compare each document's stored text (all, or COUNT chosen at random)",
    )
    .action(async (opts: { json?: boolean; checkpoint?: string; deep?: boolean | string }, cmd: Command) => {
      const [{ formatCheckpoint, parseCheckpoint }, { openStore, openSharedStore }, { isPostgresUrl }] =
        await Promise.all([
          import('../../store/checkpoint.js'),
          import('../../store/open-store.js'),
          import('../../store/location.js'),
        ]);
      const checkpoint = opts.checkpoint ? parseCheckpoint(opts.checkpoint) : undefined;
      const sample = deepSample(opts.deep);
      const location = cmd.optsWithGlobals().store as string;
      // A folder opens the embedded store (it must exist); a postgres:// URL opens PostgreSQL.
      const store = isPostgresUrl(location)
        ? await openSharedStore(location)
        : openStore(location, { mustExist: true }).async;
      try {
        const report = await store.verify(checkpoint ? { checkpoint } : {});
        // A shared store's merge state lives in each analysing machine's working copy: this one's.
        let workingCopy: string | null = null;
        if (isPostgresUrl(location)) {
          const { verifyWorkingCopy } = await import('../../analyze/verify-working-copy.js');
          const copy = await verifyWorkingCopy(store);
          workingCopy = copy.folder;
          report.problems.push(...copy.problems);
          report.ok = report.problems.length === 0;
        }
        let deep: { originals: number; documents: number } | null = null;
        if (opts.deep !== undefined) {
          const { rederiveTexts } = await import('../../ingest/rederive-text.js');
          const rederived = await rederiveTexts(store, sample === null ? {} : { sample });
          deep = { originals: rederived.originals, documents: rederived.documents };
          report.problems.push(...rederived.problems);
          report.ok = report.problems.length === 0;
        }
        if (opts.json) {
          process.stdout.write(
            `${JSON.stringify({ ...report, ...(deep ? { deep } : {}), ...(workingCopy ? { workingCopy } : {}), checkpointLine: formatCheckpoint(report.checkpoint) }, null, 2)}\n`,
          );
        } else {
          for (const p of report.problems) process.stdout.write(`FAIL ${p.kind}: ${printable(p.message)}\n`);
          const reread = deep ? `, ${deep.documents} texts read again from ${deep.originals} originals` : '';
          const copy = workingCopy ? `, this machine's working copy (${printable(workingCopy)})` : '';
          const what = `${report.originals} originals re-hashed, ${report.documents} documents${reread}, custody log of ${report.checkpoint.entries} entries${copy}`;
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
          if (report.legacyDocuments > 0) {
            process.stdout.write(
              `note: ${report.legacyDocuments} document(s) were ingested before each document's text and metadata were bound into custody: only their number per original is checked; \`verify --deep\` reads their text again from the originals.\n`,
            );
          }
          process.stdout.write(`${formatCheckpoint(report.checkpoint)}\n`);
        }
        if (!report.ok) process.exitCode = ExitCode.verifyFailed;
      } finally {
        await store.close();
      }
    });
}

/** `--deep` alone: every original; `--deep N`: N originals at random. */
function deepSample(value: boolean | string | undefined): number | null {
  if (value === undefined || value === true) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new UsageError(
      `--deep expects a positive whole number of originals to read again, not ${JSON.stringify(value)}.`,
      'Use --deep alone to read every original again.',
    );
  }
  return n;
}

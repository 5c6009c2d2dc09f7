import type cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { ExitCode, UsageError } from '../../core/errors.js';
import type { IngestSummary } from '../../ingest/ingest.js';
import { addLimitFlags } from '../limit-flags.js';
import { printable, printableLines } from '../printable.js';

export function register(program: Command): void {
  const command = program
    .command('ingest')
    .description(
      'Read files, folders (recursively) and - (standard input) into the store, keeping every original',
    )
    .argument('[paths...]', 'files, folders, or - for standard input')
    .option('--manifest <file>', 'JSON Lines or CSV file with path,outlet,url,title,published per file')
    .option(
      '--encoding <label>',
      'encoding of plain-text inputs that are not UTF-8: latin1, windows-1252, utf-16le, …',
    )
    .option('--allow-outside', "read files the manifest lists outside the manifest's own folder")
    .option('--json', 'print a machine-readable summary on stdout')
    .option(
      '--batch-size <n>',
      'inputs per group commit (originals synced together, then one transaction)',
      '1000',
    )
    .option(
      '--workers-remote',
      'PostgreSQL store: read the inputs into records in jobs run by `corroborate worker` processes',
    )
    .option('--job-size <n>', 'with --workers-remote: inputs per job', '200')
    .option(
      '--job-timeout <seconds>',
      'with --workers-remote: seconds a job may run before another worker gets it',
      '600',
    );
  addLimitFlags(command);
  command.action(async (paths: string[], opts: Record<string, unknown>, cmd: Command) => {
    if (paths.length === 0 && !opts.manifest) {
      throw new UsageError(
        'Nothing to ingest: give files, folders or -, or a --manifest.',
        'Example: corroborate ingest reports/',
      );
    }
    // The implementation is loaded on use, so that `--help` and other commands start fast.
    const [{ parseLimits, countSchema }, { ingest }, { readManifest }, { openSharedStore }] =
      await Promise.all([
        import('../parse-limits.js'),
        import('../../ingest/ingest.js'),
        import('../../ingest/manifest.js'),
        import('../../store/open-store.js'),
      ]);
    const limits = parseLimits(opts);
    const batch = countSchema.safeParse(opts.batchSize);
    if (!batch.success)
      throw new UsageError(
        `--batch-size: expected a positive whole number; found "${String(opts.batchSize)}".`,
      );
    const encoding = await encodingOption(opts);
    const manifest = opts.manifest as string | undefined;
    if (manifest) readManifest(manifest); // fail fast with a usage error before opening the store
    const location = cmd.optsWithGlobals().store as string;
    const queue = opts.workersRemote === true ? await openQueue(location, opts) : null;
    let store: Awaited<ReturnType<typeof openSharedStore>> | null = null;
    let bar: cliProgress.SingleBar | null = null;
    let summary: IngestSummary;
    try {
      // A folder (embedded SQLite) or a postgres:// URL.
      store = await openSharedStore(location);
      bar = process.stderr.isTTY ? await progressBar(paths, manifest) : null;
      const remoteRead = queue
        ? (await import('../../analyze/remote-ingest.js')).readThroughQueue(queue, {
            batch: Number(opts.jobSize),
          })
        : undefined;
      summary = await ingest(store, paths, {
        remoteRead,
        manifest,
        allowOutside: opts.allowOutside === true,
        limits,
        encoding,
        batchInputs: batch.data,
        onProgress: (p) => bar?.update(p.inputs, { docs: p.newDocuments, rejected: p.rejected }),
      });
    } finally {
      bar?.stop();
      try {
        await store?.close();
      } finally {
        await queue?.close();
      }
    }
    if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else await printSummary(summary);
    if (summary.rejected > 0 || summary.partial > 0) process.exitCode = ExitCode.someRejected;
  });
}

/** The job queue of the PostgreSQL store at `location`, for `--workers-remote`. */
async function openQueue(location: string, opts: Record<string, unknown>) {
  const { isPostgresUrl } = await import('../../store/location.js');
  if (!isPostgresUrl(location)) {
    throw new UsageError(
      '--workers-remote needs a PostgreSQL store (--store postgres://…): workers reach the store over the network.',
      'Without it, ingest reads the inputs in this process.',
    );
  }
  const size = Number(opts.jobSize);
  if (!Number.isInteger(size) || size < 1) {
    throw new UsageError(`--job-size: expected a positive whole number; found "${String(opts.jobSize)}".`);
  }
  const timeout = Number(opts.jobTimeout);
  if (!Number.isInteger(timeout) || timeout < 1) {
    throw new UsageError(
      `--job-timeout: expected a whole number of seconds; found "${String(opts.jobTimeout)}".`,
    );
  }
  const { openJobQueue } = await import('../../store/job-queue.js');
  return openJobQueue(location, { jobTimeoutSeconds: timeout });
}

async function progressBar(paths: string[], manifest: string | undefined): Promise<cliProgress.SingleBar> {
  const [{ default: cliProgress }, { walkInputs }, { readManifest }] = await Promise.all([
    import('cli-progress'),
    import('../../ingest/walk-inputs.js'),
    import('../../ingest/manifest.js'),
  ]);
  let total = 0;
  for await (const item of walkInputs(paths, manifest ? readManifest(manifest) : null, {
    allowOutside: true,
  }))
    if (item.kind !== 'note') total++;
  const bar = new cliProgress.SingleBar(
    {
      format:
        'ingest [{bar}] {percentage}% | {value}/{total} inputs | {docs} new documents | {rejected} rejected | {eta_formatted}',
      stream: process.stderr,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { docs: 0, rejected: 0 });
  return bar;
}

async function printSummary(s: IngestSummary): Promise<void> {
  const { formatCheckpoint } = await import('../../store/checkpoint.js');
  const err = (line: string): boolean => process.stderr.write(`${printableLines(line)}\n`);
  for (const d of s.diagnostics) {
    err(
      `${printable(d.source ?? '')}${d.record ? ` (${printable(d.record)})` : ''}: ${d.severity}: ${d.message} [${d.rule}]`,
    );
    if (d.hint) err(`  hint: ${d.hint}`);
  }
  const duplicates = s.ingested.filter((i) => i.outcome === 'duplicate');
  for (const i of duplicates.slice(0, 20))
    err(`${printable(i.source)}: already stored (sha256 ${i.sha256.slice(0, 12)}…), nothing added`);
  if (duplicates.length > 20) err(`… and ${duplicates.length - 20} more inputs already stored`);
  const mb = (s.bytes / 1024 / 1024).toFixed(1);
  const parts = [
    `${s.documents.new} new document${s.documents.new === 1 ? '' : 's'}`,
    `${s.documents.existing} already stored`,
  ];
  if (s.originals.newSource > 0) parts.push(`${s.originals.newSource} known original(s) from a new source`);
  if (s.rejected > 0) parts.push(`${s.rejected} input(s) rejected`);
  if (s.partial > 0) parts.push(`${s.partial} partly accepted`);
  if (s.notes > 0) parts.push(`${s.notes} skipped (see --json)`);
  process.stdout.write(`Ingested ${s.inputs} input(s), ${mb} MB: ${parts.join(', ')}.\n`);
  process.stdout.write(`${formatCheckpoint(s.checkpoint)}\n`);
}

/** The `--encoding` label, checked: a usage error names a label Node.js cannot decode. */
export async function encodingOption(opts: Record<string, unknown>): Promise<string | undefined> {
  if (opts.encoding === undefined) return undefined;
  const { isEncodingLabel } = await import('../../ingest/manifest.js');
  const label = String(opts.encoding).trim();
  if (!isEncodingLabel(label))
    throw new UsageError(
      `--encoding: "${label}" is not an encoding this Node.js can decode.`,
      'Give a WHATWG label such as latin1, windows-1252, iso-8859-15 or utf-16le.',
    );
  return label;
}

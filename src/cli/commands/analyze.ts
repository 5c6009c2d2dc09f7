import fs from 'node:fs';
import type { Command } from 'commander';
import type { SharedAnalyzeOptions } from '../../analyze/analyze-shared.js';
import { ExitCode, UsageError } from '../../core/errors.js';
import type { AsyncStore } from '../../store/async-store.js';
import { addLimitFlags } from '../limit-flags.js';
import { printable, printableLines } from '../printable.js';
import { encodingOption } from './ingest.js';

export function register(program: Command): void {
  const command = program
    .command('analyze')
    .description('Ingest, detect reuse, extract, merge into events and write ledger.json (incremental)')
    .argument('[paths...]', 'files, folders, or - for standard input (none: re-analyse the store)')
    .option('--manifest <file>', 'JSON Lines or CSV file with path,outlet,url,title,published per file')
    .option(
      '--encoding <label>',
      'encoding of plain-text inputs that are not UTF-8: latin1, windows-1252, utf-16le, …',
    )
    .option('--allow-outside', "read files the manifest lists outside the manifest's own folder")
    .option('--out <dir>', 'folder to write ledger.json to', './corroborate-out')
    .option('--json', 'print the run summary as JSON on stdout instead of the terminal summary')
    .option('--max-events <n>', 'events listed in the terminal summary', '20')
    .option(
      '--workers <n>',
      'extraction worker threads (1: none); default one per core when over 1,000 documents are pending',
    )
    .option(
      '--max-extract-seconds <n>',
      'longest time extracting one document may take, in seconds (default 300); a document that takes longer is left out and tried again next run',
    )
    .option(
      '--max-report-items <n>',
      'most incident mentions, quotes and claims one report may bring to the merge (default 50,000); a report over it brings no events, quotes or claims to the ledger',
    )
    .option(
      '--check-state',
      'fold every stored merge-state row and reuse pair again before building on them, however many (automatic up to 50,000 of each)',
    )
    .option(
      '--check-rows <n>',
      'the automatic bound of --check-state: merge states of at most N rows and at most N reuse pairs are folded again',
      '50000',
    )
    .option(
      '--progress',
      'print progress on stderr as one line per step ("extract: 54/80"), also when it is not a terminal',
    );
  command
    .option(
      '--workers-remote',
      'PostgreSQL store: read inputs, sketch, verify and extract through the job queue, run by `corroborate worker` processes',
    )
    .option(
      '--job-size <n>',
      'with --workers-remote: inputs per ingest job, documents per extraction job',
      '200',
    )
    .option(
      '--job-timeout <seconds>',
      'with --workers-remote: seconds a job may run before another worker gets it',
      '600',
    );
  addLimitFlags(command).action(async (paths: string[], opts: Record<string, unknown>, cmd: Command) => {
    const maxEvents = Number(opts.maxEvents);
    if (!Number.isInteger(maxEvents) || maxEvents < 0) {
      throw new UsageError(`--max-events: expected a whole number; found "${String(opts.maxEvents)}".`);
    }
    const checkRows = Number(opts.checkRows);
    if (!Number.isInteger(checkRows) || checkRows < 0) {
      throw new UsageError(`--check-rows: expected a whole number; found "${String(opts.checkRows)}".`);
    }
    const workers = opts.workers === undefined ? undefined : Number(opts.workers);
    if (workers !== undefined && (!Number.isInteger(workers) || workers < 1)) {
      throw new UsageError(
        `--workers: expected a positive whole number; found "${String(opts.workers)}".`,
        'Give 1 to extract in the main thread, or the number of cores to use.',
      );
    }
    const maxExtractSeconds =
      opts.maxExtractSeconds === undefined ? undefined : Number(opts.maxExtractSeconds);
    if (maxExtractSeconds !== undefined && !(Number.isFinite(maxExtractSeconds) && maxExtractSeconds > 0)) {
      throw new UsageError(
        `--max-extract-seconds: expected a positive number of seconds; found "${String(opts.maxExtractSeconds)}".`,
      );
    }
    const maxReportItems = opts.maxReportItems === undefined ? undefined : Number(opts.maxReportItems);
    if (maxReportItems !== undefined && !(Number.isInteger(maxReportItems) && maxReportItems > 0)) {
      throw new UsageError(
        `--max-report-items: expected a positive whole number; found "${String(opts.maxReportItems)}".`,
      );
    }
    // The implementation is loaded on use, so that `--help` and other commands start fast.
    const [
      { analyze },
      { formatSummary },
      { readManifest },
      { openStore, openSharedStore },
      { parseLimits },
      { isPostgresUrl },
    ] = await Promise.all([
      import('../../analyze/analyze.js'),
      import('../../export/terminal-summary.js'),
      import('../../ingest/manifest.js'),
      import('../../store/open-store.js'),
      import('../parse-limits.js'),
      import('../../store/location.js'),
    ]);
    const encoding = await encodingOption(opts);
    const manifest = opts.manifest as string | undefined;
    if (manifest) readManifest(manifest);
    // A path that does not exist is a mistyped argument: nothing is ingested or written.
    const absent = paths.filter((p) => p !== '-' && !fs.existsSync(p));
    if (absent.length > 0) {
      throw new UsageError(
        `No such file or folder: ${absent.map((p) => JSON.stringify(p)).join(', ')}.`,
        'Check the paths; nothing was ingested and no ledger was written.',
      );
    }
    const limits = parseLimits(opts);
    const location = cmd.optsWithGlobals().store as string;
    // A postgres:// URL: ingest into the shared store, then analyse this machine's working copy
    // of it under the store-wide analysis lock (see docs/scale.md).
    const shared = isPostgresUrl(location) ? await openSharedStore(location) : null;
    if (!shared && opts.workersRemote === true) {
      throw new UsageError(
        '--workers-remote needs a PostgreSQL store (--store postgres://…): workers reach the store over the network.',
        'Without it, analyze extracts in worker threads on this machine (--workers).',
      );
    }
    const store = shared ? null : openStore(location);
    const lines = opts.progress === true;
    const progress = lines
      ? (stage: string, done: number, total: number) => process.stderr.write(`${stage}: ${done}/${total}\n`)
      : process.stderr.isTTY
        ? (stage: string, done: number, total: number) =>
            process.stderr.write(`\r${stage}: ${done}/${total}   `)
        : undefined;
    try {
      const analyzeOptions = {
        manifest,
        allowOutside: opts.allowOutside === true,
        out: opts.out as string,
        limits,
        encoding,
        workers,
        maxExtractSeconds,
        maxReportItems,
        ...(opts.checkState === true
          ? { checkStateRows: Number.POSITIVE_INFINITY, checkPairs: Number.POSITIVE_INFINITY }
          : { checkStateRows: checkRows, checkPairs: checkRows }),
        onProgress: progress,
      };
      const result = shared
        ? await runShared(shared, paths, {
            ...analyzeOptions,
            keepLedger: !opts.json,
            viaQueue: opts.workersRemote === true,
            jobTimeout: Number(opts.jobTimeout),
            jobSize: Number(opts.jobSize),
            location: cmd.optsWithGlobals().store as string,
          })
        : await analyze(store as NonNullable<typeof store>, paths, analyzeOptions);
      if (progress && !lines) process.stderr.write('\r\x1b[K');
      for (const d of result.diagnostics.filter((x) => x.severity !== 'info')) {
        process.stderr.write(
          printableLines(
            `${d.source ? `${printable(d.source)}: ` : ''}${d.severity}: ${d.message} [${d.rule}]\n`,
          ),
        );
      }
      if (opts.json) {
        // `result.ledger` is not enumerable: the summary leaves it out without assembling it.
        const { counts, merge, ...rest } = result;
        process.stdout.write(
          `${JSON.stringify({ ...rest, events: counts.events, quotes: counts.quotes, claims: counts.claims, families: counts.families }, null, 2)}\n`,
        );
      } else {
        process.stdout.write(formatSummary(result.ledger, { maxEvents }));
        process.stdout.write(
          `\nAnalysed ${result.documents} documents (${result.extracted} extracted in this run). Ledger written to ${result.ledgerPath ?? '(nowhere)'}.\n`,
        );
      }
      const rejected = result.ingest && (result.ingest.rejected > 0 || result.ingest.partial > 0);
      if (rejected || result.timedOut.length > 0 || result.refused.length > 0)
        process.exitCode = ExitCode.someRejected;
    } finally {
      store?.close();
      await shared?.close();
    }
  });
}

/** `analyze` against a shared store, with extraction through the job queue when asked. */
async function runShared(
  shared: AsyncStore,
  paths: string[],
  options: Omit<SharedAnalyzeOptions, 'remote'> & {
    viaQueue: boolean;
    jobTimeout: number;
    jobSize: number;
    location: string;
  },
) {
  const { analyzeShared } = await import('../../analyze/analyze-shared.js');
  if (!options.viaQueue) return analyzeShared(shared, paths, options);
  if (!Number.isInteger(options.jobTimeout) || options.jobTimeout < 1) {
    throw new UsageError(`--job-timeout: expected a whole number of seconds; found "${options.jobTimeout}".`);
  }
  if (!Number.isInteger(options.jobSize) || options.jobSize < 1) {
    throw new UsageError(`--job-size: expected a positive whole number; found "${options.jobSize}".`);
  }
  const { openJobQueue } = await import('../../store/job-queue.js');
  const queue = await openJobQueue(options.location, { jobTimeoutSeconds: options.jobTimeout });
  try {
    return await analyzeShared(shared, paths, {
      ...options,
      remote: {
        queue,
        location: options.location,
        batch: options.jobSize,
        jobTimeoutSeconds: options.jobTimeout,
      },
    });
  } finally {
    await queue.close();
  }
}

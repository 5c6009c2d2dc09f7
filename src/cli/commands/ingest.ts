import cliProgress from 'cli-progress';
import { type Command, Option } from 'commander';
import { z } from 'zod';
import { ExitCode, UsageError } from '../../core/errors.js';
import { type IngestSummary, ingest } from '../../ingest/ingest.js';
import { defaultLimits } from '../../ingest/limits.js';
import { readManifest } from '../../ingest/manifest.js';
import type { ReadLimits } from '../../ingest/reader.js';
import { walkInputs } from '../../ingest/walk-inputs.js';
import { formatCheckpoint } from '../../store/checkpoint.js';
import { openStore } from '../../store/open-store.js';

/** CLI flag → ReadLimits field, and whether the value is a size (accepts k/M/G suffixes). */
const LIMIT_FLAGS = [
  ['--max-file-size <size>', 'maxFileBytes', true, 'largest input file accepted'],
  [
    '--max-decompressed-size <size>',
    'maxDecompressedBytes',
    true,
    'largest decompressed size of a gzip input',
  ],
  [
    '--max-compression-ratio <n>',
    'maxCompressionRatio',
    false,
    'decompressed/compressed ratio treated as a bomb',
  ],
  ['--max-line-size <size>', 'maxLineBytes', true, 'longest single line (JSON Lines record, text line)'],
  ['--max-depth <n>', 'maxDepth', false, 'deepest HTML/XML/JSON nesting accepted'],
  ['--max-records <n>', 'maxRecords', false, 'most records read from one input'],
  ['--max-text-chars <n>', 'maxTextChars', false, 'longest text kept for one document, in characters'],
] as const satisfies readonly (readonly [string, keyof ReadLimits, boolean, string])[];

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

const sizeSchema = z
  .string()
  .regex(/^\s*\d+(\.\d+)?\s*([kmg]i?b?|b)?\s*$/i, 'expected a size such as 1048576, 512k, 64MB or 2G')
  .transform((s) => {
    const [, num, unit] = /^\s*([\d.]+)\s*([a-z]*)\s*$/i.exec(s) as RegExpExecArray;
    return Math.floor(Number(num) * (UNITS[(unit ?? '').toLowerCase()] ?? 1));
  })
  .pipe(z.number().int().positive());
const countSchema = z.coerce.number().int().positive();

/** Parses the limit flags (validated at the edge; a bad value is a usage error naming the flag). */
export function parseLimits(opts: Record<string, unknown>): Partial<ReadLimits> {
  const limits: Partial<ReadLimits> = {};
  for (const [flag, field, isSize] of LIMIT_FLAGS) {
    const value =
      opts[attributeName(flag)] ??
      (isSize ? opts[attributeName(flag.replace('-size ', '-bytes '))] : undefined);
    if (value === undefined) continue;
    const parsed = (isSize ? sizeSchema : countSchema).safeParse(value);
    if (!parsed.success) {
      throw new UsageError(
        `${flag.split(' ')[0]}: ${parsed.error.issues[0]?.message ?? 'invalid value'}; found "${String(value)}".`,
        isSize
          ? 'Sizes are bytes, or a number with k, M or G (powers of 1024).'
          : 'Give a positive whole number.',
      );
    }
    limits[field] = parsed.data;
  }
  return limits;
}

/** commander's camelCase option name: `--max-file-size <size>` → `maxFileSize`. */
function attributeName(flags: string): string {
  return (flags.split(' ')[0] as string).slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

export function register(program: Command): void {
  const command = program
    .command('ingest')
    .description(
      'Read files, folders (recursively) and - (standard input) into the store, keeping every original',
    )
    .argument('[paths...]', 'files, folders, or - for standard input')
    .option('--manifest <file>', 'JSON Lines or CSV file with path,outlet,url,title,published per file')
    .option('--json', 'print a machine-readable summary on stdout')
    .option(
      '--batch-size <n>',
      'inputs per group commit (originals synced together, then one transaction)',
      '1000',
    );
  for (const [flags, field, isSize, description] of LIMIT_FLAGS) {
    command.option(
      flags,
      `${description} (default ${isSize ? `${defaultLimits[field]} bytes` : defaultLimits[field]})`,
    );
    // `--max-file-bytes` etc. are accepted as spellings of the size flags (the readers' hints use them).
    if (isSize) command.addOption(new Option(flags.replace('-size ', '-bytes ')).hideHelp());
  }
  command.action(async (paths: string[], opts: Record<string, unknown>, cmd: Command) => {
    if (paths.length === 0 && !opts.manifest) {
      throw new UsageError(
        'Nothing to ingest: give files, folders or -, or a --manifest.',
        'Example: corroborate ingest reports/',
      );
    }
    const limits = parseLimits(opts);
    const batch = countSchema.safeParse(opts.batchSize);
    if (!batch.success)
      throw new UsageError(
        `--batch-size: expected a positive whole number; found "${String(opts.batchSize)}".`,
      );
    const manifest = opts.manifest as string | undefined;
    if (manifest) readManifest(manifest); // fail fast with a usage error before opening the store
    const store = openStore(cmd.optsWithGlobals().store as string);
    const bar = process.stderr.isTTY ? await progressBar(paths, manifest) : null;
    let summary: IngestSummary;
    try {
      summary = await ingest(store, paths, {
        manifest,
        limits,
        batchInputs: batch.data,
        onProgress: (p) => bar?.update(p.inputs, { docs: p.newDocuments, rejected: p.rejected }),
      });
    } finally {
      bar?.stop();
      store.close();
    }
    if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else printSummary(summary);
    if (summary.rejected > 0 || summary.partial > 0) process.exitCode = ExitCode.someRejected;
  });
}

async function progressBar(paths: string[], manifest: string | undefined): Promise<cliProgress.SingleBar> {
  let total = 0;
  for await (const item of walkInputs(paths, manifest ? readManifest(manifest) : null))
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

function printSummary(s: IngestSummary): void {
  const err = (line: string): boolean => process.stderr.write(`${line}\n`);
  for (const d of s.diagnostics) {
    err(`${d.source ?? ''}${d.record ? ` (${d.record})` : ''}: ${d.severity}: ${d.message} [${d.rule}]`);
    if (d.hint) err(`  hint: ${d.hint}`);
  }
  const duplicates = s.ingested.filter((i) => i.outcome === 'duplicate');
  for (const i of duplicates.slice(0, 20))
    err(`${i.source}: already stored (sha256 ${i.sha256.slice(0, 12)}…), nothing added`);
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

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { EXPORT_FORMATS, type ExportFormat, exportLedger } from '../../export/index.js';

export function register(program: Command): void {
  program
    .command('export')
    .description('Write the latest ledger as JSON, CSV (ACLED-style columns), GeoJSON or JSON Lines')
    .option('--format <format>', `one of ${EXPORT_FORMATS.join(', ')}`, 'json')
    .option('--out <file>', 'file to write (default: standard output)')
    .action(async (opts: { format: string; out?: string }, cmd: Command) => {
      // The implementation is loaded on use, so that `--help` and other commands start fast.
      const [{ z }, { loadLedger, parseLedger }, { openStore, openSharedStore }, { isPostgresUrl }] =
        await Promise.all([
          import('zod'),
          import('../../ledger-file/read.js'),
          import('../../store/open-store.js'),
          import('../../store/location.js'),
        ]);
      const formatSchema = z.enum(EXPORT_FORMATS as [ExportFormat, ...ExportFormat[]]);
      const parsed = formatSchema.safeParse(opts.format);
      if (!parsed.success) {
        throw new UsageError(
          `--format: expected one of ${EXPORT_FORMATS.join(', ')}; found "${opts.format}".`,
        );
      }
      const location = cmd.optsWithGlobals().store as string;
      // A postgres:// URL: the latest ledger is a blob in the shared store, written by `analyze`.
      const shared = isPostgresUrl(location) ? await openSharedStore(location) : null;
      const store = shared ? null : openStore(location, { mustExist: true });
      try {
        const bytes = shared ? await shared.analysis.latestLedgerBytes() : null;
        const ledger = shared
          ? bytes
            ? parseLedger(bytes)
            : null
          : loadLedger(store as NonNullable<typeof store>);
        if (!ledger) {
          throw new UsageError(
            `The store ${shared?.location ?? store?.dir} has no ledger yet.`,
            'Run `corroborate analyze PATH...` first.',
          );
        }
        const text = exportLedger(ledger, parsed.data);
        if (!opts.out) {
          process.stdout.write(text);
          return;
        }
        fs.mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
        fs.writeFileSync(opts.out, text);
        const sha256 = createHash('sha256').update(text).digest('hex');
        const details = { format: parsed.data, file: opts.out, sha256 };
        if (shared) await shared.custody.append('export', details);
        else store?.custody.append('export', details);
        process.stderr.write(`Wrote ${opts.out} (${parsed.data}, sha256 ${sha256.slice(0, 12)}…).\n`);
      } finally {
        store?.close();
        await shared?.close();
      }
    });
}

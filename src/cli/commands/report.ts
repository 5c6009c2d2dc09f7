import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';

export function register(program: Command): void {
  program
    .command('report')
    .description('Write the single self-contained HTML report (works offline, makes no request)')
    .option('--out <file>', 'HTML file to write', 'report.html')
    .option('--no-highlights', 'leave out extraction highlights in the Document view (smaller file)')
    .action(async (raw: Record<string, unknown>, cmd: Command) => {
      // The implementation is loaded on use, so that `--help` and other commands start fast.
      const [
        { z },
        { loadLedger },
        { loadExtractStage },
        { loadHighlights },
        { loadReportData },
        { renderReport },
        { withReadStore },
      ] = await Promise.all([
        import('zod'),
        import('../../ledger-file/read.js'),
        import('../../analyze/extract-stage.js'),
        import('../../report/highlights.js'),
        import('../../report/load-report-data.js'),
        import('../../report/render-report.js'),
        import('../with-read-store.js'),
      ]);
      const optionsSchema = z.object({ out: z.string().min(1), highlights: z.boolean() });
      const parsed = optionsSchema.safeParse(raw);
      if (!parsed.success)
        throw new UsageError(
          `report: ${parsed.error.issues[0]?.message ?? 'invalid options'}.`,
          'Example: corroborate report --out report.html',
        );
      const opts = parsed.data;
      await withReadStore(cmd.optsWithGlobals().store as string, async (store) => {
        const ledger = loadLedger(store);
        if (!ledger)
          process.stderr.write(
            'corroborate: warning: the store was never analysed; the report lists documents only.\n  hint: run `corroborate analyze` first.\n',
          );
        let highlights: ReturnType<typeof loadHighlights> | undefined;
        if (opts.highlights && ledger) {
          const { stage } = await loadExtractStage();
          highlights = loadHighlights(
            store,
            stage.version,
            ledger.documents.map((d) => d.id),
          );
        }
        const data = loadReportData(store, { ledger, ...(highlights ? { highlights } : {}) });
        const html = renderReport(data);
        writeFileSync(opts.out, html);
        const sha256 = createHash('sha256').update(html).digest('hex');
        store.custody.append('export', { format: 'report-html', file: opts.out, sha256 });
        process.stderr.write(
          `wrote ${opts.out}: ${data.documents.length} documents, ${data.ledger.events.length} events, ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB, sha256 ${sha256.slice(0, 16)}…\n`,
        );
        process.stdout.write(`${opts.out}\n`);
      });
    });
}

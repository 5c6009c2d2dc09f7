import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';

export function register(program: Command): void {
  program
    .command('serve')
    .description('Serve the report as a live web app with a JSON API over the store (localhost by default)')
    .option('--port <n>', 'TCP port (0 picks a free one)', '8080')
    .option(
      '--host <host>',
      'address to bind; anything but loopback exposes the store to the network',
      '127.0.0.1',
    )
    .option('--max-upload <bytes>', 'largest upload accepted, in bytes', String(16 * 1024 * 1024))
    .action(async (raw: Record<string, unknown>, cmd: Command) => {
      // The implementation is loaded on use, so that `--help` and other commands start fast.
      const [
        { z },
        { analyze },
        { loadLedger },
        { loadStages },
        { loadHighlights },
        { createApp },
        { createStoreBackend },
        { startServer },
        { openStore },
      ] = await Promise.all([
        import('zod'),
        import('../../analyze/analyze.js'),
        import('../../analyze/load-ledger.js'),
        import('../../analyze/stages.js'),
        import('../../report/highlights.js'),
        import('../../server/app.js'),
        import('../../server/backend.js'),
        import('../../server/serve.js'),
        import('../../store/open-store.js'),
      ]);
      const optionsSchema = z.object({
        port: z.coerce.number().int().min(0).max(65535),
        host: z.string().min(1),
        maxUpload: z.coerce.number().int().positive(),
      });
      const parsed = optionsSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new UsageError(
          `serve: --${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid value'}.`,
          'Example: corroborate serve --port 8080 --host 127.0.0.1',
        );
      }
      const opts = parsed.data;
      const store = openStore(cmd.optsWithGlobals().store as string);
      const stages = await loadStages();
      const backend = createStoreBackend(store, {
        run: async (s, inputs) => {
          const result = await analyze(s, inputs, { stages });
          const documents = result.ingest?.ingested.flatMap((i) => i.newDocuments) ?? [];
          return { summary: result.ingest, documents, ledger: result.ledger };
        },
        loadLedger,
        highlights: (s) => {
          const ledger = loadLedger(s);
          return ledger
            ? loadHighlights(
                s,
                stages.extractor.version,
                ledger.documents.map((d) => d.id),
              )
            : {};
        },
      });
      const allowedHosts: string[] = [];
      const app = createApp(backend, { allowedHosts });
      const running = await startServer(app, {
        port: opts.port,
        host: opts.host,
        maxBodyBytes: opts.maxUpload,
      });
      const port = new URL(running.url).port;
      // On loopback, only loopback Host names are answered (DNS-rebinding defence).
      if (['127.0.0.1', 'localhost', '::1'].includes(opts.host))
        allowedHosts.push(`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`);
      else
        process.stderr.write(
          'corroborate: warning: serving beyond this machine; anyone who can reach it can read and add documents.\n',
        );
      process.stderr.write(`corroborate: serving ${store.dir} at ${running.url} (Ctrl-C to stop)\n`);
      const stop = () => {
        void running.close().then(() => {
          store.close();
          process.exit(0);
        });
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

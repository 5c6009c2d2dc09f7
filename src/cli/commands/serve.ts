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
    .option(
      '--token <token>',
      'access token every request must carry (required beyond loopback; default: CORROBORATE_TOKEN)',
    )
    .option(
      '--allowed-origin <origin...>',
      'origins (https://desk.example.org) whose pages may upload, besides the server itself',
    )
    .action(async (raw: Record<string, unknown>, cmd: Command) => {
      // The implementation is loaded on use, so that `--help` and other commands start fast.
      const [
        { z },
        { createWorkerPipeline },
        { loadLedger },
        { loadStages },
        { loadHighlights },
        { createApp },
        { createStoreBackend },
        { startServer },
        { openStore },
      ] = await Promise.all([
        import('zod'),
        import('../../server/worker-pipeline.js'),
        import('../../ledger-file/read.js'),
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
        token: z.string().min(16, 'use a token of at least 16 characters').optional(),
        allowedOrigin: z.array(z.url()).optional(),
      });
      const parsed = optionsSchema.safeParse({
        ...raw,
        token: raw.token ?? (process.env.CORROBORATE_TOKEN || undefined),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new UsageError(
          `serve: --${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid value'}.`,
          'Example: corroborate serve --port 8080 --host 127.0.0.1',
        );
      }
      const opts = parsed.data;
      const loopback = ['127.0.0.1', 'localhost', '::1'].includes(opts.host);
      if (!loopback && opts.token === undefined) {
        throw new UsageError(
          `serve: --host ${opts.host} makes the store reachable from other machines, which needs an access token.`,
          'Pass --token <secret> (or set CORROBORATE_TOKEN), at least 16 characters; or serve on 127.0.0.1 behind your own proxy.',
        );
      }
      const store = openStore(cmd.optsWithGlobals().store as string);
      const stages = await loadStages();
      // Uploads are ingested and analysed in a worker thread, so reads stay fast meanwhile.
      const pipeline = createWorkerPipeline({
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
      const backend = createStoreBackend(store, pipeline);
      const allowedHosts: string[] = [];
      const app = createApp(backend, {
        allowedHosts,
        ...(opts.token !== undefined ? { token: opts.token } : {}),
        ...(opts.allowedOrigin ? { allowedOrigins: opts.allowedOrigin } : {}),
      });
      const running = await startServer(app, {
        port: opts.port,
        host: opts.host,
        maxBodyBytes: opts.maxUpload,
      });
      const port = new URL(running.url).port;
      // On loopback, only loopback Host names are answered (DNS-rebinding defence).
      if (loopback) allowedHosts.push(`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`);
      else
        process.stderr.write(
          'corroborate: warning: serving beyond this machine; anyone with the token can read and add documents.\n',
        );
      const link =
        opts.token !== undefined ? `${running.url}?token=${encodeURIComponent(opts.token)}` : running.url;
      process.stderr.write(`corroborate: serving ${store.dir} at ${link} (Ctrl-C to stop)\n`);
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

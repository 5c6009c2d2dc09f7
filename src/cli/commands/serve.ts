import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import type { Ledger } from '../../core/types.js';
import type { ServerBackend } from '../../server/backend.js';
import type { Store } from '../../store/store.js';

export function register(program: Command): void {
  program
    .command('serve')
    .description(
      'Serve the report as a live web app with a JSON API over the store (localhost by default); with a postgres:// store, any number of servers share it',
    )
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
    .option(
      '--refresh <seconds>',
      'PostgreSQL store: how often to look for what other machines added (uploads, analyses)',
      '2',
    )
    .addHelpText(
      'after',
      `
With --store postgres://…, run serve on as many machines as needed: each reads from its own
working copy (CORROBORATE_CACHE), an upload is ingested into the shared store and analysed under
its analysis lock, and every server shows what the others added, usually within --refresh
seconds (plus a rebuild) of their analysis. See docs/scale.md.`,
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
        { isPostgresUrl },
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
        import('../../store/location.js'),
      ]);
      const optionsSchema = z.object({
        port: z.coerce.number().int().min(0).max(65535),
        host: z.string().min(1),
        maxUpload: z.coerce.number().int().positive(),
        token: z.string().min(16, 'use a token of at least 16 characters').optional(),
        allowedOrigin: z.array(z.url()).optional(),
        refresh: z.coerce.number().min(0.1).max(3600),
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
      const location = cmd.optsWithGlobals().store as string;
      const stages = await loadStages();
      const highlightsOf = (s: Store, ledger: Ledger | null) =>
        ledger
          ? loadHighlights(
              s,
              stages.extractor.version,
              ledger.documents.map((d) => d.id),
            )
          : {};
      let served: string;
      let backend: ServerBackend;
      let closeStore: () => Promise<void>;
      if (isPostgresUrl(location)) {
        // Any number of servers (and `analyze`, `ingest`) share the store: reads come from this
        // machine's working copy, uploads are ingested into PostgreSQL and analysed under its lock.
        const { openSharedBackend } = await import('../../server/shared-backend.js');
        const opened = await openSharedBackend(location, {
          version: stages.extractor.version,
          highlights: highlightsOf,
          refreshMs: opts.refresh * 1000,
          onError: (err) =>
            process.stderr.write(
              `corroborate: warning: could not refresh from the store: ${err instanceof Error ? err.message : String(err)}\n`,
            ),
        });
        backend = opened.backend;
        closeStore = opened.close;
        served = opened.location;
      } else {
        const store = openStore(location);
        // Uploads are ingested and analysed in a worker thread, so reads stay fast meanwhile.
        const pipeline = createWorkerPipeline({
          loadLedger,
          highlights: (s) => highlightsOf(s, loadLedger(s)),
        });
        backend = createStoreBackend(store, pipeline);
        closeStore = async () => store.close();
        served = store.dir;
      }
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
      process.stderr.write(`corroborate: serving ${served} at ${link} (Ctrl-C to stop)\n`);
      const stop = () => {
        // A refresh waiting for another machine's analysis lock must not hold the exit up.
        const grace = new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref());
        void running
          .close()
          .then(() => Promise.race([closeStore(), grace]))
          .finally(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';

export function register(program: Command): void {
  program
    .command('extract')
    .description(
      "Show a document's extractions (places, incidents, figures, dates, quotes, claims) over its text",
    )
    .argument('<id>', 'document id, as listed by `corroborate documents`')
    .option('--json', 'print the DocumentExtraction as JSON on stdout')
    .action(async (id: string, opts: { json?: boolean }, cmd: Command) => {
      // The implementation is loaded on use, so that `--help` and other commands start fast.
      const [{ createExtractor }, { formatExtraction }, { openStore }] = await Promise.all([
        import('../../extract/index.js'),
        import('../../extract/format-extraction.js'),
        import('../../store/open-store.js'),
      ]);
      const store = openStore(cmd.optsWithGlobals().store as string, { mustExist: true });
      try {
        const doc = store.documents.get(id);
        if (!doc)
          throw new UsageError(
            `No document with id ${id} in ${store.dir}.`,
            'List the ids with `corroborate documents`.',
          );
        const extraction = createExtractor()({
          id: doc.id,
          text: doc.text,
          published: doc.published,
          dateline: doc.dateline,
        });
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(extraction, null, 2)}\n`);
          return;
        }
        const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
        process.stdout.write(formatExtraction(doc.text, extraction, color));
      } finally {
        store.close();
      }
    });
}

import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { printable, printableLines } from '../printable.js';

export function register(program: Command): void {
  program
    .command('show')
    .description("Print a document's metadata, provenance and canonical text")
    .argument('<id>', 'document id, as listed by `corroborate documents`')
    .option('--json', 'print the document and its provenance as JSON on stdout')
    .action(async (id: string, opts: { json?: boolean }, cmd: Command) => {
      const { openSharedStore } = await import('../../store/open-store.js');
      // A folder (embedded SQLite) or a postgres:// URL.
      const store = await openSharedStore(cmd.optsWithGlobals().store as string, { mustExist: true });
      try {
        const doc = await store.documents.get(id);
        if (!doc) {
          throw new UsageError(
            `No document with id ${id} in ${store.location}.`,
            'List the ids with `corroborate documents`.',
          );
        }
        const provenance = await store.documents.provenance(id);
        if (opts.json) {
          process.stdout.write(`${JSON.stringify({ ...doc, provenance }, null, 2)}\n`);
          return;
        }
        const inferred = new Set(doc.inferred);
        const field = (name: string, value: unknown): string =>
          `${name}: ${value === null || value === undefined || value === '' ? '-' : printable(String(value))}${inferred.has(name) ? ' (inferred)' : ''}\n`;
        let head = '';
        head += field('id', doc.id);
        head += field('title', doc.title);
        head += field('outlet', doc.outlet);
        head += field('published', doc.published);
        head += field('url', doc.url);
        head += field('byline', doc.byline);
        head += field('dateline', doc.dateline?.text);
        head += field('credits', doc.credits.join(', '));
        head += field('source', doc.source);
        if (doc.recordKey) head += field('record', doc.recordKey);
        head += field('reader', doc.reader);
        head += field('sha256', doc.sha256);
        head += field('captured', doc.capturedAt);
        for (const p of provenance)
          head += `provenance: ${printable(p.source)} (captured ${p.capturedAt}, custody entry ${p.custodySeq})\n`;
        head += field('characters', doc.text.length);
        process.stdout.write(`${head}\n${printableLines(doc.text)}${doc.text.endsWith('\n') ? '' : '\n'}`);
      } finally {
        await store.close();
      }
    });
}

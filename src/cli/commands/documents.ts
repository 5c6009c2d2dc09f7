import type { Command } from 'commander';
import { printable } from '../printable.js';

export function register(program: Command): void {
  program
    .command('documents')
    .description('List stored documents: id, outlet, title, published, size (characters), source')
    .option('--json', 'print a JSON array of document summaries on stdout')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { openSharedStore } = await import('../../store/open-store.js');
      // A folder (embedded SQLite) or a postgres:// URL.
      const store = await openSharedStore(cmd.optsWithGlobals().store as string, { mustExist: true });
      try {
        const out = (s: string): boolean => process.stdout.write(s);
        let n = 0;
        if (opts.json) out('[');
        else out(`${['id', 'outlet', 'title', 'published', 'size', 'source'].join('\t')}\n`);
        // Streamed row by row so that a large store lists in constant memory.
        for await (const d of store.documents.summaries()) {
          if (opts.json) out(`${n > 0 ? ',' : ''}\n  ${JSON.stringify(d)}`);
          else
            out(
              `${[
                d.id,
                printable(d.outlet ?? '-'),
                printable(clip(d.title ?? '-', 60)),
                printable(d.published ?? '-'),
                d.chars,
                printable(d.source),
              ].join('\t')}\n`,
            );
          n++;
        }
        if (opts.json) out(n > 0 ? '\n]\n' : ']\n');
        else process.stderr.write(`${n} document${n === 1 ? '' : 's'}\n`);
      } finally {
        await store.close();
      }
    });
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

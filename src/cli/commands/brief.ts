import type { Command } from 'commander';
import { loadLedger } from '../../analyze/index.js';
import { UsageError } from '../../core/errors.js';
import { formatBrief } from '../../export/brief.js';
import { openStore } from '../../store/open-store.js';

export function register(program: Command): void {
  program
    .command('brief')
    .description('What the corpus establishes, in sentences quoted from the reports, each with its citations')
    .option('--words <n>', 'word budget for the quoted sentences', '150')
    .action((opts: { words: string }, cmd: Command) => {
      const words = Number(opts.words);
      if (!Number.isInteger(words) || words <= 0) {
        throw new UsageError(`--words: expected a positive whole number; found "${opts.words}".`);
      }
      const store = openStore(cmd.optsWithGlobals().store as string);
      try {
        const ledger = loadLedger(store);
        if (!ledger) {
          throw new UsageError(
            `The store ${store.dir} has no ledger yet.`,
            'Run `corroborate analyze PATH...` first.',
          );
        }
        process.stdout.write(
          formatBrief(ledger, { words, textOf: (id) => store.documents.get(id)?.text ?? null }),
        );
      } finally {
        store.close();
      }
    });
}

import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { printableLines } from '../printable.js';

export function register(program: Command): void {
  program
    .command('brief')
    .description('What the corpus establishes, in sentences quoted from the reports, each with its citations')
    .option('--words <n>', 'word budget for the quoted sentences', '150')
    .action(async (opts: { words: string }, cmd: Command) => {
      const words = Number(opts.words);
      if (!Number.isInteger(words) || words <= 0) {
        throw new UsageError(`--words: expected a positive whole number; found "${opts.words}".`);
      }
      // The implementation is loaded on use, so that `--help` and other commands start fast.
      const [{ loadLedger }, { formatBrief }, { withReadStore }] = await Promise.all([
        import('../../ledger-file/read.js'),
        import('../../export/brief.js'),
        import('../with-read-store.js'),
      ]);
      const location = cmd.optsWithGlobals().store as string;
      const text = await withReadStore(location, (store) => {
        const ledger = loadLedger(store);
        if (!ledger) {
          throw new UsageError(
            `The store ${location} has no ledger yet.`,
            'Run `corroborate analyze PATH...` first.',
          );
        }
        return formatBrief(ledger, { words, textOf: (id) => store.documents.get(id)?.text ?? null });
      });
      process.stdout.write(printableLines(text));
    });
}

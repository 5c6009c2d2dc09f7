import { type Command, CommanderError } from 'commander';
import { ExitCode, InputError, StoreError, UsageError } from '../core/errors.js';
import { printableLines } from './printable.js';

/**
 * Runs the program and maps errors to documented exit codes with a message on stderr that says
 * what went wrong and what to do. Commands set `process.exitCode` themselves for partial success.
 */
export async function runCli(program: Command, argv: string[]): Promise<void> {
  // Every command, not only the program, throws on a usage error instead of exiting 1 itself.
  const override = (command: Command): void => {
    command.exitOverride();
    for (const sub of command.commands) override(sub);
  };
  override(program);
  // A reader that stops early (`export | head`) closes the pipe: stop quietly, as `cat` does.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.ok);
    throw err;
  });
  try {
    await program.parseAsync(argv);
  } catch (err) {
    process.exitCode = reportError(err);
  }
}

export function reportError(err: unknown): number {
  if (err instanceof CommanderError) {
    if (
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.version' ||
      err.code === 'commander.help'
    ) {
      return ExitCode.ok;
    }
    return ExitCode.usage;
  }
  if (err instanceof UsageError) {
    printError(err.message, err.hint);
    return ExitCode.usage;
  }
  if (err instanceof StoreError) {
    printError(err.message, err.hint);
    return ExitCode.verifyFailed;
  }
  if (err instanceof InputError) {
    printError(`${err.source}: ${err.message}`, err.hint);
    return ExitCode.someRejected;
  }
  const code = (err as { code?: unknown })?.code;
  // A file written to a pipe whose reader stopped (`report --out /dev/stdout | head`): quiet, as above.
  if (code === 'EPIPE') return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  if (typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) {
    printError(
      `The store's database is damaged (SQLite: ${(err as Error).message}).`,
      'Restore the store folder from a backup; the originals folder still holds every original, addressed by its SHA-256.',
    );
    return ExitCode.verifyFailed;
  }
  const e = err as Error;
  printError(
    `Unexpected failure: ${e?.stack ?? String(err)}`,
    'This is a bug in Corroborate; please report it with the command you ran.',
  );
  return ExitCode.failure;
}

function printError(message: string, hint?: string): void {
  process.stderr.write(`corroborate: error: ${printableLines(message)}\n`);
  if (hint) process.stderr.write(`  hint: ${printableLines(hint)}\n`);
}

import { type Command, CommanderError } from 'commander';
import { ExitCode, InputError, StoreError, UsageError } from '../core/errors.js';

/**
 * Runs the program and maps errors to documented exit codes with a message on stderr that says
 * what went wrong and what to do. Commands set `process.exitCode` themselves for partial success.
 */
export async function runCli(program: Command, argv: string[]): Promise<void> {
  program.exitOverride();
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
  process.stderr.write(`corroborate: error: ${message}\n`);
  if (hint) process.stderr.write(`  hint: ${hint}\n`);
}

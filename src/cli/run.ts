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

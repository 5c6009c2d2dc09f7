/**
 * The few error classes of Corroborate. Errors are for broken environments and misuse (bad flags,
 * unreadable store); problems inside content are `Diagnostic` records, not exceptions.
 * Every message says what was expected, what was found and what to do.
 */

/** Wrong flags, arguments or configuration given by the user. Exit code 2 at the CLI. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** The store is missing, unreadable, of another version, or fails verification. Exit code 4. */
export class StoreError extends Error {
  override name = 'StoreError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** An input could not be read at all (missing file, permission denied). Exit code 3. */
export class InputError extends Error {
  override name = 'InputError';
  constructor(
    message: string,
    readonly source: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** CLI exit codes; documented in the README. */
export const ExitCode = {
  ok: 0,
  /** Something failed that was not the user's input (a bug or a broken environment). */
  failure: 1,
  usage: 2,
  /** The run completed but some inputs were rejected or only partly accepted. */
  someRejected: 3,
  /** `verify` found a mismatch, or the store could not be opened. */
  verifyFailed: 4,
} as const;

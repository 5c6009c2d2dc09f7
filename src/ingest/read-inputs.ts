import type { ReadLimits, ReadResult } from './reader.js';
import { readInput } from './readers/read-input.js';
import { type BudgetOutcome, runWithTimeBudget } from './time-budget.js';

/** One input's bytes to read into records, with what its reader is told. */
export interface InputToRead {
  bytes: Uint8Array;
  source: string;
  /** The declared encoding of a text input (`--encoding`, a manifest's `encoding`). */
  encoding?: string;
}

/** What reading one input gave: its records, the error of a reader that threw, or a timeout. */
export type ReadOutcome = BudgetOutcome<ReadResult | Error>;

/**
 * Reads inputs into records, each under the time budget `limits.maxReadSeconds` (see
 * `runWithTimeBudget`), in order. The same step runs in `ingest` and in a worker's ingest job, so
 * both give the same records for the same bytes.
 */
export function readInputs(inputs: readonly InputToRead[], limits: ReadLimits): ReadOutcome[] {
  return runWithTimeBudget(
    inputs.map(({ bytes, source, encoding }) => ({
      bytes: bytes.byteLength,
      // A reader that throws (a bug) refuses only its own input: the error is its outcome.
      run: () => {
        try {
          return readInput(bytes, encoding ? { source, limits, encoding } : { source, limits });
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      },
    })),
    limits.maxReadSeconds,
  );
}

import { UsageError } from '../core/errors.js';
import type { Checkpoint } from './store.js';

/**
 * The checkpoint as one copyable line, in the spirit of RFC 6962 signed tree heads (log size and
 * head hash, here of a hash chain rather than a Merkle tree):
 * `corroborate-checkpoint/1 entries=42 head=9f2c…`.
 */
export function formatCheckpoint(checkpoint: Checkpoint): string {
  return `corroborate-checkpoint/1 entries=${checkpoint.entries} head=${checkpoint.head}`;
}

/** Parses a line written by `formatCheckpoint` (or the short form `42:9f2c…`). */
export function parseCheckpoint(text: string): Checkpoint {
  const match =
    /entries=(\d+)\s+head=([0-9a-f]{64})/i.exec(text) ?? /^\s*(\d+):([0-9a-f]{64})\s*$/i.exec(text);
  if (!match) {
    throw new UsageError(
      `Expected a checkpoint like "corroborate-checkpoint/1 entries=42 head=<64 hex digits>"; found "${text}".`,
      'Copy the whole checkpoint line that `corroborate verify` printed.',
    );
  }
  return { entries: Number(match[1]), head: (match[2] as string).toLowerCase() };
}

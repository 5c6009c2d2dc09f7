import type { ReadLimits } from './reader.js';

const MiB = 1024 * 1024;

/**
 * Default hard limits for untrusted input (see docs/formats.md). Each maps to an `ingest` CLI option.
 *
 * - `maxFileBytes` 512 MiB: large enough for a 200 MB single-line file to reach the per-line check
 *   (and be rejected there, naming the line) instead of being refused as a whole.
 * - `maxDecompressedBytes` 512 MiB per gzip input.
 * - `maxCompressionRatio` 100: text compresses 3–10×; zeros compress ~1000×. Checked once the output
 *   passes 1 MiB, so tiny files with a high ratio are not flagged.
 * - `maxLineBytes` 16 MiB: one JSON Lines record or one text line.
 * - `maxDepth` 512: browsers cap HTML nesting at 512 too.
 * - `maxRecords` 1,000,000 records per input.
 * - `maxTextChars` 10,000,000 characters of canonical text per document (a long book is ~1 M).
 * - `maxReadSeconds` 60 per input: reading is linear, and the largest accepted inputs are read in
 *   well under this on one core; an input that takes longer is stopped and rejected.
 */
export const defaultLimits: ReadLimits = Object.freeze({
  maxFileBytes: 512 * MiB,
  maxDecompressedBytes: 512 * MiB,
  maxCompressionRatio: 100,
  maxLineBytes: 16 * MiB,
  maxDepth: 512,
  maxRecords: 1_000_000,
  maxTextChars: 10_000_000,
  maxReadSeconds: 60,
});

/** Decompressed size below which the compression ratio is not checked. */
export const ratioFloorBytes = 1 * MiB;

/** `defaultLimits` with the given values replacing the defaults. */
export function resolveLimits(overrides: Partial<ReadLimits> = {}): ReadLimits {
  const limits = { ...defaultLimits };
  for (const [key, value] of Object.entries(overrides) as [keyof ReadLimits, number | undefined][]) {
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

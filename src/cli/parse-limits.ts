import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import type { ReadLimits } from '../ingest/reader.js';
import { LIMIT_FLAGS, optionName } from './limit-flags.js';

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

const sizeSchema = z
  .string()
  .regex(/^\s*\d+(\.\d+)?\s*([kmg]i?b?|b)?\s*$/i, 'expected a size such as 1048576, 512k, 64MB or 2G')
  .transform((s) => {
    const [, num, unit] = /^\s*([\d.]+)\s*([a-z]*)\s*$/i.exec(s) as RegExpExecArray;
    return Math.floor(Number(num) * (UNITS[(unit ?? '').toLowerCase()] ?? 1));
  })
  .pipe(z.number().int().positive());

/** A positive whole number given as a flag value. */
export const countSchema = z.coerce.number().int().positive();

/** Parses the limit flags (validated at the edge; a bad value is a usage error naming the flag). */
export function parseLimits(opts: Record<string, unknown>): Partial<ReadLimits> {
  const limits: Partial<ReadLimits> = {};
  for (const [flag, field, isSize] of LIMIT_FLAGS) {
    const value =
      opts[optionName(flag)] ?? (isSize ? opts[optionName(flag.replace('-size ', '-bytes '))] : undefined);
    if (value === undefined) continue;
    const parsed = (isSize ? sizeSchema : countSchema).safeParse(value);
    if (!parsed.success) {
      throw new UsageError(
        `${flag.split(' ')[0]}: ${parsed.error.issues[0]?.message ?? 'invalid value'}; found "${String(value)}".`,
        isSize
          ? 'Sizes are bytes, or a number with k, M or G (powers of 1024).'
          : 'Give a positive whole number.',
      );
    }
    limits[field] = parsed.data;
  }
  return limits;
}

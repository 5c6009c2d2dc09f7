import { createHash } from 'node:crypto';

/** A short id derived from content, so the same input always gives the same id: `ev-3f2a…`. */
export function stableId(prefix: string, ...parts: string[]): string {
  return `${prefix}-${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 12)}`;
}

/** Compares strings by UTF-16 code units, independent of locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import type { JsonValue } from './store.js';

/**
 * Canonical JSON for hashing: object keys sorted by UTF-16 code unit, no whitespace, `undefined`
 * members dropped. The same value always gives the same string, whatever the key order it was
 * built with, so that custody hashes can be recomputed by any tool that sorts keys.
 */
export function canonicalJson(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

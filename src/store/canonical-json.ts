import type { JsonValue } from './store.js';

/**
 * Canonical JSON for hashing: object keys sorted by UTF-16 code unit, no whitespace, `undefined`
 * members dropped. The same value always gives the same string, whatever the key order it was
 * built with, so that custody hashes can be recomputed by any tool that sorts keys.
 */
export function canonicalJson(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return 'null';
  // Written as plain loops and concatenation: this runs once per custody entry of a bulk ingest.
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(value[i] ?? null);
    return `${out}]`;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    let out = '{';
    for (const key of keys) {
      const member = value[key];
      if (member === undefined) continue;
      out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(member)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}

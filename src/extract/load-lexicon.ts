import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cache = new Map<string, unknown>();

/**
 * Reads a word list from `data/<name>.json` once per process. The path is resolved from this
 * module, which sits two levels below the package root both in `src/` and in `dist/`.
 */
export function loadLexicon<T>(name: string): T {
  const cached = cache.get(name);
  if (cached !== undefined) return cached as T;
  const url = new URL(`../../data/${name}.json`, import.meta.url);
  const value = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as T;
  cache.set(name, value);
  return value;
}

import { readFileSync } from 'node:fs';

/** A news agency and the ways its credit is written (data/wire-services.json). */
export interface WireService {
  name: string;
  aliases: string[];
  signoffCodes: string[];
}

let cached: WireService[] | null = null;

/** The wire services of data/wire-services.json (loaded once; `src/` and `dist/` sit at the same depth). */
export function wireServices(): WireService[] {
  cached ??= (
    JSON.parse(readFileSync(new URL('../../../data/wire-services.json', import.meta.url), 'utf8')) as {
      services: WireService[];
    }
  ).services;
  return cached;
}

/** Normalised name of a written credit (`The Associated Press` → `AP`), or null. */
export function wireName(written: string): string | null {
  for (const service of wireServices()) if (service.aliases.includes(written)) return service.name;
  return null;
}

/** Normalised name of a sign-off code (`ap` in `(ap/ez)`), or null. */
export function wireNameOfCode(code: string): string | null {
  const lower = code.toLowerCase();
  for (const service of wireServices()) if (service.signoffCodes.includes(lower)) return service.name;
  return null;
}

/** A regular-expression alternation of every alias, longest first, escaped. */
export function aliasPattern(): string {
  return wireServices()
    .flatMap((s) => s.aliases)
    .sort((a, b) => b.length - a.length)
    .map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
}

import { readFileSync } from 'node:fs';

let cached: Map<string, string> | null = null;

/** The outlet a TREC/LDC DOCNO source code stands for (data/trec-sources.json), or null. */
export function trecSourceOutlet(code: string): string | null {
  cached ??= new Map(
    (
      JSON.parse(readFileSync(new URL('../../../data/trec-sources.json', import.meta.url), 'utf8')) as {
        sources: { code: string; outlet: string }[];
      }
    ).sources.map((s) => [s.code, s.outlet]),
  );
  return cached.get(code) ?? null;
}

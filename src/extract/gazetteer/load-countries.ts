import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants, gunzipSync } from 'node:zlib';
import { loadLexicon } from '../load-lexicon.js';
import { foldPlaceName } from './place-key.js';

/** The countries of the gazetteer with their demonyms: what naming a body after its country needs. */
export interface Countries {
  /**
   * The code of the country named exactly `name`, as `loadGazetteer().lookup(name)` finds it (a
   * curated spelling variant of the name is authoritative there, and so here), or null.
   */
  named(name: string): string | null;
  /** `Ruritanian`, `Ruritanians` → `RU`. */
  demonymCountry(word: string): string | null;
  /** `RU` → `Ruritanian`. */
  demonym(cc: string): string | null;
}

let cached: Countries | undefined;

/**
 * The country lines of `data/gazetteer.tsv.gz` only (they come first in the file): the merge asks
 * about countries and demonyms, and reading the whole gazetteer (places and regions, most of a
 * second) for them would cost every incremental run that much.
 *
 * @example loadCountries().demonymCountry('Ruritanians') // 'RU' (if the gazetteer has it)
 */
export function loadCountries(): Countries {
  if (cached) return cached;
  const byName = new Map<string, string[]>();
  const demonyms = new Map<string, string>();
  const demonymByCc = new Map<string, string>();
  for (const line of countryLines()) {
    const [, cc = '', name = '', , , , , dems = ''] = line.split('\t');
    const named = byName.get(name);
    if (named) named.push(cc);
    else byName.set(name, [cc]);
    for (const d of dems.split('|').filter(Boolean)) {
      demonyms.set(d.toLowerCase(), cc);
      demonyms.set(`${d.toLowerCase()}s`, cc);
      if (!demonymByCc.has(cc)) demonymByCc.set(cc, d);
    }
  }
  // A name with a curated variant finds the variant's targets only (see `loadGazetteer`).
  const curated = new Map<string, { name: string; cc: string | null; area: boolean }[]>();
  for (const v of loadLexicon<{
    entries: { variant: string; name: string; cc: string | null; kind?: string }[];
  }>('place-variants').entries) {
    const key = foldPlaceName(v.variant);
    const list = curated.get(key) ?? [];
    list.push({ name: foldPlaceName(v.name), cc: v.cc, area: v.kind === 'area' });
    curated.set(key, list);
  }
  cached = {
    named: (name) => {
      const ccs = byName.get(name);
      if (!ccs) return null;
      const folded = foldPlaceName(name);
      const variants = curated.get(folded);
      if (!variants) return ccs[0] ?? null;
      const variant = variants.find(
        (v) => !v.area && v.name === folded && v.cc !== null && ccs.includes(v.cc),
      );
      return variant?.cc ?? null;
    },
    demonymCountry: (word) => demonyms.get(word.toLowerCase()) ?? null,
    demonym: (cc) => demonymByCc.get(cc) ?? null,
  };
  return cached;
}

const GAZETTEER = new URL('../../../data/gazetteer.tsv.gz', import.meta.url);

/** The `C` lines at the head of the gazetteer, inflating only as much of the file as they take. */
function countryLines(): string[] {
  const path = fileURLToPath(GAZETTEER);
  return countryLinesOf(readFileSync(path), path);
}

/**
 * The `C` lines at the head of a gzipped gazetteer (`file`, read from `path`): inflates ever
 * larger prefixes until they are all in; a file without any is a broken install, said so once
 * the whole file has been read.
 */
export function countryLinesOf(file: Buffer, path: string): string[] {
  for (let size = 1 << 16; ; size *= 4) {
    const whole = size >= file.length;
    // Inflating a cut file gives what its first bytes hold instead of failing.
    const text = gunzipSync(file.subarray(0, size), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    const lines = text.split('\n');
    if (!whole) lines.pop(); // the last line may be cut
    const first = lines.findIndex((l) => l.startsWith('C\t'));
    const after = lines.findIndex((l, i) => i > first && !l.startsWith('C\t'));
    if (first >= 0 && (after >= 0 || whole)) return lines.slice(first, after >= 0 ? after : undefined);
    if (whole)
      throw new Error(
        `The gazetteer ${path} has no country lines (expected lines starting "C<tab>" at its head, found none in ${lines.length} lines): reinstall Corroborate or rebuild data/gazetteer.tsv.gz.`,
      );
  }
}

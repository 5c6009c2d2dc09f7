import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stem } from './stem.js';

/** The word lists the reuse stage matches with, compiled once from `data/reuse-lexicon.json`. */
export interface Lexicon {
  stopwords: ReadonlySet<string>;
  /** Words after which a full stop does not end a sentence. */
  abbreviations: ReadonlySet<string>;
  numbers: ReadonlyMap<string, number>;
  months: ReadonlyMap<string, string>;
  /** A region's customary abbreviation (`herts`) → its full name (`hertfordshire`). */
  regions: ReadonlyMap<string, string>;
  irregular: ReadonlyMap<string, string>;
  /** Stem → representative stem of its synonym group. */
  synonyms: ReadonlyMap<string, string>;
}

interface LexiconFile {
  source: string;
  stopwords: string[];
  abbreviations: string[];
  numbers: Record<string, number>;
  months: Record<string, string>;
  regions?: Record<string, string>;
  irregular: Record<string, string>;
  synonyms: string[][];
}

let cached: Lexicon | null = null;

/** Loads the lexicon shipped in `data/` (works from `src/` under tsx and from `dist/`). */
export function loadLexicon(): Lexicon {
  if (cached) return cached;
  const file = fileURLToPath(new URL('../../data/reuse-lexicon.json', import.meta.url));
  cached = compileLexicon(JSON.parse(readFileSync(file, 'utf8')) as LexiconFile);
  return cached;
}

export function compileLexicon(raw: LexiconFile): Lexicon {
  const irregular = new Map(Object.entries(raw.irregular));
  const synonyms = new Map<string, string>();
  for (const group of raw.synonyms) {
    const words = group.filter((w) => !w.includes(' ')).map((w) => stem(irregular.get(w) ?? w));
    const head = words[0];
    if (head === undefined) continue;
    // A word in two groups keeps its first group: the map must be a function.
    for (const w of words) if (!synonyms.has(w)) synonyms.set(w, synonyms.get(head) ?? head);
  }
  return {
    stopwords: new Set(raw.stopwords),
    abbreviations: new Set(raw.abbreviations),
    numbers: new Map(Object.entries(raw.numbers)),
    months: new Map([
      ...Object.entries(raw.months),
      ...Object.values(raw.months).map((m) => [m, m] as [string, string]),
    ]),
    regions: new Map(Object.entries(raw.regions ?? {})),
    irregular,
    synonyms,
  };
}

import { loadLexicon } from './load-lexicon.js';

interface GivenNames {
  source: string;
  male: string[];
  female: string[];
}

let byName: Map<string, 'he' | 'she'> | undefined;

/**
 * The pronoun a person written as `Given Surname` takes, when the given name is one that
 * `data/given-names.json` lists as borne by one sex: `Ann Cole` → `she`, `Tom Vale` → `he`.
 * A lone name, an initial or an unlisted first word gives `null` (unknown, not a guess).
 *
 * @example genderOfGivenName('Ann Cole') // 'she'
 */
export function genderOfGivenName(name: string): 'he' | 'she' | null {
  if (!byName) {
    const list = loadLexicon<GivenNames>('given-names');
    byName = new Map();
    for (const given of list.male) byName.set(given, 'he');
    for (const given of list.female) byName.set(given, 'she');
  }
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return null;
  return byName.get(words[0]!) ?? null;
}

/**
 * True when `word` is a given name `data/given-names.json` lists (`Ann`, `Tom`): the word before
 * it is then a name, not part of an organisation's (`Ann Cross` is a person, `Red Cross` is not).
 */
export function isGivenName(word: string): boolean {
  return genderOfGivenName(`${word} X`) !== null;
}

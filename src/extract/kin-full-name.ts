import { genderOfGivenName, isGivenName } from './given-name-gender.js';

/**
 * Kin who share a family's surname by birth or marriage. Step-relations, in-laws, aunts, uncles
 * and cousins are left out: they often bear another surname.
 */
const KIN =
  'father|mother|son|daughter|brother|sister|wife|husband|widow|widower|grandfather|grandmother|grandson|granddaughter|twin';
/** `Captain Tom Doe's father`, `Mrs Doe's widowed mother`: a titled or full name's kin (a first name alone, `Ann's father`, is not a surname). */
const NAMED_KIN = new RegExp(
  `\\b\\p{Lu}[\\p{L}.]*\\s+(\\p{Lu}\\p{Ll}[\\p{L}-]*)[’']s\\s+(?:\\p{Ll}+\\s+)?(${KIN}),?\\s+$`,
  'u',
);
/** `Tom Doe, 38, and his wife`: kin of the person the sentence has named, by a possessive pronoun. */
const PRONOUN_KIN = new RegExp(`\\b(his|her|their)\\s+(?:\\p{Ll}+\\s+)?(${KIN}),?\\s+$`, 'u');
/** A full name (`Tom Doe`): a given name, then the surname, with no capitalised word after it. */
const FULL_NAME = /\b(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}[\p{L}-]*)\b(?!\s+\p{Lu})/gu;
const SENTENCE_END = /[.!?]["”’']*\s+(?=\p{Lu})|\n\s*\n/gu;

/**
 * The full name of a relative the text names by first name alone after a kin word (`Captain Tom
 * Doe's father Owen`, `Tom Doe, 41, and his wife Ann`): the first name with the family's
 * surname, and the kin word as a role. Null when the first name is not a known given name, when
 * the text never writes it alone after a kin word of a named person, or when a `his`/`her` does
 * not fit the gender of the named person before it.
 *
 * @example kinFullName("Mr Tom Doe's father Owen said so.", 'Owen') // { name: 'Owen Doe', kin: 'father' }
 */
export function kinFullName(text: string, firstName: string): { name: string; kin: string } | null {
  if (!/^\p{Lu}\p{Ll}+$/u.test(firstName) || !isGivenName(firstName)) return null;
  const alone = new RegExp(`(?<![\\p{L}])${firstName}(?![\\p{L}’'-])(?!\\s+\\p{Lu})`, 'gu');
  for (let match = alone.exec(text); match; match = alone.exec(text)) {
    const lead = text.slice(Math.max(0, match.index - 120), match.index);
    const named = NAMED_KIN.exec(lead);
    if (named) return { name: `${firstName} ${named[1]!}`, kin: named[2]! };
    const kin = PRONOUN_KIN.exec(lead);
    if (!kin) continue;
    // The named person is the last full name before the kin word within the sentence.
    const before = lead.slice(0, kin.index);
    let sentenceStart = 0;
    for (const end of before.matchAll(SENTENCE_END)) sentenceStart = end.index + end[0].length;
    let owner: RegExpExecArray | null = null;
    FULL_NAME.lastIndex = 0;
    const sentence = before.slice(sentenceStart);
    for (let name = FULL_NAME.exec(sentence); name; name = FULL_NAME.exec(sentence))
      if (isGivenName(name[1]!)) owner = name;
    if (!owner) continue;
    const gender = genderOfGivenName(owner[0]!);
    if ((kin[1] === 'his' && gender !== 'he') || (kin[1] === 'her' && gender !== 'she')) continue;
    return { name: `${firstName} ${owner[2]!}`, kin: kin[2]! };
  }
  return null;
}

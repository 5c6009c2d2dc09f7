import type { DocumentExtraction, ReportPerson } from '../core/types.js';
import { compareStrings } from '../merge/stable-id.js';
import { isFunctionWord, isReportWord } from '../merge/words.js';

/**
 * The people a whole report names as the ones its incident happened to or was done by: a full
 * name given with an age ("Jane Roe, 34,", "Jane Roe (34)", "Jane Roe, age 34"), or beside a
 * victim's or suspect's role ("the victim, Jane Roe", "identified as Jane Roe", "Jane Roe was
 * shot"). An incident's mentions are mostly the sentences that give its count, so the names of
 * its people are seldom in them; the report's other sentences name them. Officials, streets,
 * schools and businesses a town's incidents share are named without these cues. Each name is the
 * first and the last word of the name, lowercased ("Jane Q. Roe" and "Jane Roe" are one person),
 * with the ages the report gives it. A report naming more than `MAX_DOCUMENT_PEOPLE` is a list (a
 * roundup, a memorial) and gives none.
 */
export function documentPeople(extraction: Pick<DocumentExtraction, 'sentences'>): ReportPerson[] {
  const ages = new Map<string, Set<number>>();
  for (const s of extraction.sentences)
    for (const [name, age] of peopleIn(s.text)) {
      const set = ages.get(name) ?? new Set<number>();
      if (age !== null) set.add(age);
      ages.set(name, set);
    }
  if (ages.size > MAX_DOCUMENT_PEOPLE) return [];
  return [...ages.keys()]
    .sort(compareStrings)
    .map((name) => ({ name, ages: [...(ages.get(name) ?? [])].sort((a, b) => a - b) }));
}

/** A document names at most this many people; beyond it, it is a list. */
export const MAX_DOCUMENT_PEOPLE = 12;

const WORD = String.raw`\p{Lu}[\p{Ll}'\u2019][\p{L}'\u2019-]*`;
/** A name of two or three words, a middle initial allowed ("Jane Q. Roe"). */
const NAME = String.raw`(${WORD})(?: (?:\p{Lu}\.|${WORD}))? (${WORD})`;
const BEFORE = String.raw`(?<![\p{L}\p{N}'\u2019.-])`;

const AGED = new RegExp(
  String.raw`${BEFORE}${NAME}(?:, (?:age |aged )?| \((?:age )?)(\d{1,3})\b(?!,\d)`,
  'gu',
);
const ROLE_BEFORE = new RegExp(
  String.raw`\b(?:[Vv]ictims?|[Ss]uspects?|[Gg]unman|[Ss]hooter|identified (?:[\p{Ll}-]+ ){0,3}as|named (?:[\p{Ll}-]+ ){0,2}as)[,:]? ${NAME}\b`,
  'gu',
);
const ROLE_AFTER = new RegExp(
  String.raw`${BEFORE}${NAME},? (?:was|is|has been|had been) (?:fatally |critically |seriously )?(?:shot|killed|wounded|injured|slain|stabbed|arrested|charged|pronounced dead|taken into custody)\b`,
  'gu',
);

function nameOf(first: string | undefined, last: string | undefined): string | null {
  if (!first || !last) return null;
  const w = [first, last].map((x) => x.toLowerCase().replace(/\u2019/g, "'"));
  if (w.some((x) => x.length < 2 || isFunctionWord(x) || isReportWord(x))) return null;
  return w.join(' ');
}

/** The people one sentence names with an age or a victim's or suspect's role, each with its age or null. */
export function peopleIn(text: string): [string, number | null][] {
  const out: [string, number | null][] = [];
  for (const m of text.matchAll(AGED)) {
    const name = nameOf(m[1], m[2]);
    const age = Number(m[3]);
    if (name && age > 0 && age < 120) out.push([name, age]);
  }
  for (const re of [ROLE_BEFORE, ROLE_AFTER])
    for (const m of text.matchAll(re)) {
      const name = nameOf(m[1], m[2]);
      if (name) out.push([name, null]);
    }
  return out;
}

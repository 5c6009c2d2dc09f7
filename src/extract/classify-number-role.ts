import { loadLexicon } from './load-lexicon.js';

/**
 * What a number in a sentence stands for. Only a `count` can be a casualty figure; an `age`
 * ("John Smith, 57,", "a 14-year-old", "ages 28 and 22"), an `address` ("the 5300 block of",
 * "1501 Oak Ave."), a `label` ("Route 9", "Channel 3", "case No. 12", a web address, a reference
 * mark "[8]", a broadcaster's "(KXYZ 18)") or a `frequency` ("shot
 * seven times") counts no people.
 */
export type NumberRole = 'count' | 'age' | 'address' | 'label' | 'frequency';

interface RoleLexicon {
  streetSuffixes: { words: string[] };
  labelsBefore: { words: string[] };
  maxAge: number;
  serviceNumbers: { numbers: string[]; after: string[] };
}

interface Compiled {
  street: RegExp;
  label: RegExp;
  maxAge: number;
  /** Emergency numbers ("911"): a label whenever the call they name follows them. */
  serviceNumbers: Set<string>;
  serviceAfter: RegExp;
}

let compiled: Compiled | undefined;

const escapeWord = (word: string): string =>
  word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

function compile(): Compiled {
  if (compiled) return compiled;
  const lex = loadLexicon<RoleLexicon>('number-roles');
  // A suffix may be capitalised ("Oak Ave."); the street's name must be.
  const suffixes = lex.streetSuffixes.words
    .map((w) => `[${w[0]?.toUpperCase()}${w[0]}]${escapeWord(w.slice(1))}`)
    .join('|');
  const labels = lex.labelsBefore.words.map(escapeWord).join('|');
  compiled = {
    // "1501 Oak Ave.", "7200 block of", "100 N. Main St", "8509 West Rixlew Ln"
    street: new RegExp(
      `^(?:\\s+block\\b|\\s+(?:[NSEW]\\.?\\s+|(?:north|south|east|west)\\s+)?(?:[\\p{Lu}\\d][\\p{L}\\d’'.-]*\\s+){1,3}(?:${suffixes})\\b)`,
      'u',
    ),
    label: new RegExp(`(?:^|[^\\p{L}])(?:${labels})\\s*$`, 'iu'),
    maxAge: lex.maxAge,
    serviceNumbers: new Set(lex.serviceNumbers.numbers),
    serviceAfter: new RegExp(`^\\s+(?:${lex.serviceNumbers.after.map(escapeWord).join('|')})\\b`, 'i'),
  };
  return compiled;
}

/** "14-year-old", "14 years old", "2-month-old", "the 5- and 9-year-old nephews". */
const AGE_AFTER =
  /^(?:[\s-]+(?:years?|yrs?|months?|weeks?|days?)[\s-]+old\b|-\s+(?:and|or|to)\s+\d+-(?:years?|months?))/i;
/**
 * "aged 30", "ages 28 and 22", "ages of 19, 20 and 24", "age 5", "in age from 23 to 81",
 * "in age from 33-58"; "spanning in age (from 21 to 44)" when the range is read as one number.
 */
const AGE_BEFORE =
  /\b(?:aged?|ages|in\s+age(?:\s+from)?)\s+(?:of\s+)?(?:\d{1,3}(?:\s*,\s*|\s*-\s*|\s+(?:and|to|or)\s+))*$/i;
/** "at the age of 12", "whose age was listed as 23", "their ages were put at 31 and 40". */
const AGE_GIVEN_BEFORE =
  /\bages?\s+(?:(?:was|were|is|are)\s+)?(?:(?:given|listed|reported|put|estimated)\s+)?(?:as|at|of)\s+(?:\d{1,3}\s*(?:,|and)\s*)*$/i;
/** "died at 88", "dies at 101": the age a person died at. */
const DIED_AT_BEFORE = /\b(?:dies|died|die)\s+at\s+$/i;
/** "a man who was 19", "who police said was 16": a person's age, as the verb "was" of "who" tells. */
const WHO_WAS_BEFORE = /\bwho\s+(?:[\p{L}’'-]+\s+){0,4}?(?:was|is)\s+$/iu;
/**
 * "deputies said the girl was 13 and is recovering", "the victim is 23": one person is a
 * number only by age (a count of people takes a plural or a toll: "the toll was 5").
 */
const ONE_PERSON_WAS_BEFORE =
  /\b(?:he|she|man|woman|boy|girl|victim|teen|teenager|suspect|shooter|gunman|driver|child|son|daughter|brother|sister|father|mother)\s+(?:was|is)\s+$/i;
/** What may follow such an age: punctuation, a conjunction, or the end. */
const ONE_PERSON_AGE_AFTER = /^\s*(?:[,;.)]|and\b|when\b|at\s+the\s+time\b|$)/i;
/** A word and a comma just before the number: "John Smith, 57," "Boy, 17," "Two men, 26 and 21,". */
const APPOSITION_BEFORE = /[\p{L}.’']\s*,\s*(?:\d{1,3}\s*(?:,|and)\s*)*$/u;
/** "Ann Cole and Ben Ray, both 31,": ages shared by the people just named. */
const SHARED_AGE_BEFORE = /,\s*(?:both|each)\s+(?:aged?\s+)?$/i;
/** What follows an age in apposition: a comma, a bracket, the end of the sentence, or more ages. */
const APPOSITION_AFTER = /^\s*(?:[,;()]|\.(?:\s|$)|$|and\s+\d{1,3}\s*[,;()])/;
/**
 * An apposition whose closing comma is missing, told by its verb: "Sgt Bex Hallam, 41 is recovering" — a
 * count above one would take "were", so the singular verb belongs to the person named.
 */
const SINGULAR_VERB_AFTER = /^\s+(?:was|is|has)\b/;
/** A verb of saying and its comma: "Officials said, 12 was the toll" introduces a count, not a name's age. */
const SAID_BEFORE =
  /\b(?:said|says|say|told|added|stated|noted|reported|confirmed|explained|wrote|announced)\s*,\s*$/i;
/**
 * A telephone number: "(555) 010-0199", "555-010-0199", "555.010.0199"; its parts (an area code
 * in brackets, a local number read as a range) count nothing.
 */
const PHONE = /(?:\(\d{3}\)\s?|(?<![\d-])\d{3}[-.])\d{3}[-.]\d{4}(?![\d-])/g;
/** The characters `start`..`end` of the sentence lie inside a telephone number. */
function inPhoneNumber(sentence: string, start: number, end: number): boolean {
  if (!/\d/.test(sentence.slice(start, end))) return false;
  const from = Math.max(0, start - 16);
  const window = sentence.slice(from, end + 16);
  for (const m of window.matchAll(PHONE)) {
    const a = from + (m.index ?? 0);
    if (a <= start && a + m[0].length >= end) return true;
  }
  return false;
}
/** "Image 1 of 28", "page 2 of 5": the total of a numbering. */
const PAGE_BEFORE = /\b\d+\s+of\s+$/;
/** A web address around the number: "http://example.com/2016/10/03/story", "www.site.com/12". */
const IN_ADDRESS = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|\.(?:com|org|net|gov|edu|us|tv)\/)\S*$/i;
/** The number is inside a web address: the run of non-space characters up to it holds one. */
function inAddress(sentence: string, start: number): boolean {
  let from = start;
  while (from > 0 && !/\s/.test(sentence[from - 1] ?? '')) from--;
  return from < start && IN_ADDRESS.test(sentence.slice(from, start));
}
/** A bracketed reference mark: "were shot.[8][9]". */
const REFERENCE_BEFORE = /\[$/;
const REFERENCE_AFTER = /^\]/;
/**
 * A broadcaster's call sign or brand with its channel, as credits and bylines give them: "(KXYZ
 * 18)", "KQRV 12 News", "Channel News 9 -": capitals just before, and after it a bracket, a dash, a
 * bar, "News" or the end.
 */
const CALL_SIGN_BEFORE = /(?:^|[\s(])(?:\p{Lu}{2,6}|News)\s?$/u;
const CALL_SIGN_AFTER = /^\s*(?:\)|[-–—|]|News\b|$)/;
/** A broadcaster named by its channel: "11 News has learned". */
const STATION_AFTER = /^\s+News\b/;
/** "the 48205 ZIP code": a postal code, told after it. */
const POSTAL_AFTER = /^\s+(?:ZIP|zip|postal)\b/;
/** "gets 40 to life", "25 years to life": a prison term, not people. */
const TERM_AFTER = /^\s+(?:years?\s+)?to\s+life\b/i;
/**
 * "UPDATE 8/16:", "(1/4)", "3/20/17", "1/2 mile", "24/7": numbers joined by a slash write a date
 * or a fraction, never a count of people.
 */
const SLASH_BEFORE = /\d\/$/;
const SLASH_AFTER = /^\/\d/;
/** "shot seven times", "fired three more times". */
const TIMES_AFTER = /^\s+(?:more\s+|other\s+)?times\b/i;

/**
 * The role of the number `sentence.slice(start, end)` (digits or number words), from the words
 * around it. Conservative: anything it does not recognise is a `count`.
 *
 * @example classifyNumberRole('Jane Doe, 57, died.', 10, 12) // 'age'
 */
export function classifyNumberRole(sentence: string, start: number, end: number): NumberRole {
  const c = compile();
  const raw = sentence.slice(start, end);
  const before = sentence.slice(Math.max(0, start - 40), start);
  const after = sentence.slice(end, end + 48);
  const digits = /^\d+$/.test(raw);
  if (AGE_AFTER.test(after) || AGE_BEFORE.test(before) || AGE_GIVEN_BEFORE.test(before)) return 'age';
  if (digits && Number(raw) <= c.maxAge && DIED_AT_BEFORE.test(before)) return 'age';
  if (
    digits &&
    Number(raw) <= c.maxAge &&
    SHARED_AGE_BEFORE.test(before) &&
    /^\s*(?:[,;.)]|and\b|of\b|$)/i.test(after)
  )
    return 'age';
  // "03/20/17", "Unit 07": a leading zero writes a date, a time or a code, never a count.
  if (digits && raw.length > 1 && raw.startsWith('0')) return 'label';
  if (digits && (SLASH_BEFORE.test(before) || SLASH_AFTER.test(after))) return 'label';
  if (
    digits &&
    Number(raw) <= c.maxAge &&
    WHO_WAS_BEFORE.test(before) &&
    !/^\s+(?:[\p{L}-]+\s+)?(?:people|persons|victims|men|women|children)\b/iu.test(after)
  )
    return 'age';
  if (
    digits &&
    Number(raw) <= c.maxAge &&
    ONE_PERSON_WAS_BEFORE.test(before) &&
    ONE_PERSON_AGE_AFTER.test(after)
  )
    return 'age';
  if (TIMES_AFTER.test(after)) return 'frequency';
  if (inPhoneNumber(sentence, start, end)) return 'label';
  if (digits && c.street.test(after)) return 'address';
  if (digits && (c.label.test(before) || PAGE_BEFORE.test(before))) return 'label';
  if (
    digits &&
    (inAddress(sentence, start) || (REFERENCE_BEFORE.test(before) && REFERENCE_AFTER.test(after)))
  )
    return 'label';
  if (digits && CALL_SIGN_BEFORE.test(before) && CALL_SIGN_AFTER.test(after)) return 'label';
  if (digits && STATION_AFTER.test(after)) return 'label';
  if (digits && POSTAL_AFTER.test(after)) return 'label';
  if (TERM_AFTER.test(after)) return 'label';
  if (c.serviceNumbers.has(raw) && c.serviceAfter.test(after)) return 'label';
  if (digits && Number(raw) <= c.maxAge && APPOSITION_BEFORE.test(before) && APPOSITION_AFTER.test(after))
    return 'age';
  if (
    digits &&
    Number(raw) >= 2 &&
    Number(raw) <= c.maxAge &&
    /[\p{L}.’']\s*,\s*$/u.test(before) &&
    !SAID_BEFORE.test(before) &&
    SINGULAR_VERB_AFTER.test(after)
  )
    return 'age';
  return 'count';
}

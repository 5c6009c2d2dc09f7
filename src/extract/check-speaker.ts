import { loadGazetteer } from './gazetteer/load-gazetteer.js';
import { genderOfGivenName } from './given-name-gender.js';
import { loadLexicon } from './load-lexicon.js';
import { speakerWords } from './parse-speaker.js';

/**
 * Why a phrase a frame gives as the speaker cannot be who spoke:
 * - `possessive`: `the unit's`, `some of the dictator's` (whose, not who);
 * - `clause`: a cut clause (`the crew it was a trick`, `Westshire which`, `Said Orla`);
 * - `thing`: a noun that names no person or body (`charges`, `A hospital statement`), or an
 *   abstract noun opening an idiom or an event (`Legend says`, `Outrage followed`);
 * - `place`: a town, county or street (`Westford`, `North Fenn`, `Mill Street`) — a country or a national
 *   capital stands for its government (`Ruritania said`, `Strelsau said`) and is kept;
 * - `demonym`: a nationality adjective alone (`Ruritanian`);
 * - `role`: a singular role word alone, cut from its phrase (`doctor`, `group`).
 */
export type SpeakerFault = 'possessive' | 'clause' | 'thing' | 'place' | 'demonym' | 'role';

interface NounLexicon {
  people: string[];
  clause: string[];
  collective: string[];
  media: string[];
  bodies: string[];
  abstract: string[];
  relations: string[];
  streets: string[];
  works: string[];
}

interface Nouns {
  people: Set<string>;
  clause: Set<string>;
  collective: Set<string>;
  media: Set<string>;
  bodies: Set<string>;
  abstract: Set<string>;
  relations: Set<string>;
  /** Street suffixes that are not surnames: alone, an address cut short. */
  streets: Set<string>;
  /** Head nouns that end a work's title (`Show`, `Series`): the title of something that never speaks. */
  works: Set<string>;
}

let nouns: Nouns | undefined;

function words(): Nouns {
  if (nouns) return nouns;
  const lexicon = loadLexicon<NounLexicon>('speaker-nouns');
  nouns = {
    people: new Set(lexicon.people),
    clause: new Set(lexicon.clause),
    collective: new Set(lexicon.collective),
    media: new Set(lexicon.media),
    bodies: new Set(lexicon.bodies),
    abstract: new Set(lexicon.abstract),
    relations: new Set(lexicon.relations),
    streets: new Set(lexicon.streets),
    works: new Set(lexicon.works),
  };
  return nouns;
}

/**
 * True for a capitalised phrase of two or more words ending in a work's head noun (`The Late
 * Night Show`, `Crime Hour Special`): a programme's or a work's title, which never speaks.
 *
 * @example isWorkTitle('Saturday Morning Show') // true
 */
export function isWorkTitle(phrase: string): boolean {
  const tokens = phrase.split(/\s+/).filter((token) => token !== '');
  if (
    tokens.length < 2 ||
    !tokens.every((token) => UPPER_FIRST.test(token) || /^(?:of|the|and|a)$/.test(token))
  )
    return false;
  // `Tom Show`: a common given name opens a person's name, whatever the surname.
  if (genderOfGivenName(phrase) !== null) return false;
  return words().works.has(tokens[tokens.length - 1]!.replace(/[,.;:]$/, ''));
}

/** A work's head noun written in lower case (`show`, `album`): what a title after it names. */
export function isWorkNoun(word: string): boolean {
  return /^\p{Ll}+$/u.test(word) && words().works.has(`${word[0]!.toUpperCase()}${word.slice(1)}`);
}

/** A noun for a person known by a tie to another (`wife`, `friend`, `lawyer`), singular or plural. */
export function isRelationNoun(word: string): boolean {
  const lower = word.toLowerCase();
  return words().relations.has(lower) || words().relations.has(lower.replace(/s$/, ''));
}

/** A noun for a group or an outlet that speaks as one (`family`, `band`, `magazine`), singular or plural. */
export function isBodyNoun(word: string): boolean {
  const lower = word.toLowerCase();
  return words().bodies.has(lower) || words().bodies.has(lower.replace(/s$/, ''));
}

const POSSESSIVE_END = /(?:[’']s?|s[’'])$/;
const RELATIVE = /^(?:who|whose|whom)$/i;
const PREPOSITION = /^(?:of|for|from|in|at|with|on|to|by|about|outside|inside)$/i;
const DETERMINER =
  /^(?:the|a|an|one|another|his|her|its|their|some|several|many|two|three|four|both|other|this|that)$/i;
/** A reporting verb written before the speaker (`Said Orla: …`). */
const CUE = /^(?:Said|Says|Told|Tells|Added|Adds)$/;
const LOWER_FIRST = /^\p{Ll}/u;
const UPPER_FIRST = /^\p{Lu}/u;
const GERUND = /^\p{Ll}+ing$/u;
/** `Mr Westford`, `Ann Westford`: the place name written as a person's surname. */
const asSurname = (name: string): RegExp =>
  new RegExp(
    `(?:\\b(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lord|Lady|Dame)\\.?|(?<![\\p{L}])(?!(?:The|In|At|From|Of|To|For|And|But|Near|North|South|East|West|Central|Greater|New|Old|Port|Fort|Saint|St)\\s)\\p{Lu}\\p{Ll}+)\\s+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`,
    'u',
  );
/** `Westford Doe`: the place name written as a first name (not `Westford County`, `Westford United`). */
const asFirstName = (name: string): RegExp =>
  new RegExp(
    `(?<![\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(?!(?:County|City|Road|Street|Avenue|Crown|Court|Council|United|Airport|Town|Police|University|Hospital|Station|Bay|Harbour|Park|Square)\\b)\\p{Lu}\\p{Ll}+`,
    'u',
  );
/**
 * Person nouns by their ending (`specialist`, `musician`, `applicant`, `carpenter`, `inspector`),
 * never `-ment` things; `letter`, `order`, `murder`, `error` are among the common things in `-er`
 * and `-or`.
 */
const PERSON_SUFFIX = /\p{Ll}{3,}(?:ist|ian|ant|er|or)s?$/u;
const THING_IN_ER =
  /^(?:letter|order|number|matter|paper|chapter|border|water|power|document|register|poster|flyer|banner|memo|answer|murder|disorder|danger|computer|trailer|tower|river|winter|summer|center|theater|quarter|corner|weather|cancer|charter|shelter|container|chamber|cluster|helicopter|counter|encounter|offer|transfer|thriller|sticker|folder|server|ladder|hammer|filter|corridor|error|sector|factor|mirror|horror|terror|floor|door|motor|tractor|reactor|elevator|radiator|indicator|calculator|generator|ventilator|incubator|behavior|behaviour|rumour|rumor|harbour|harbor|colour|color|liquor|anchor|labor|labour|tumor|tumour|manor)s?$/;

/** True when a lower-case noun names a person or a group of people (`residents`, `the boy`). */
export function isPersonNoun(word: string): boolean {
  const { titles, descriptors, organisations } = speakerWords();
  const lower = word.toLowerCase().replace(/[’']s?$/, '');
  const singular = [lower, lower.replace(/s$/, ''), lower.replace(/es$/, ''), lower.replace(/ies$/, 'y')];
  if (PERSON_SUFFIX.test(lower) && !THING_IN_ER.test(lower)) return true;
  // `Westford News`, `Channel 9 News` speak; `news` or `press` in lower case is not a body.
  if (words().media.has(lower)) return false;
  return singular.some(
    (form) =>
      words().people.has(form) ||
      titles.has(form) ||
      descriptors.has(form) ||
      organisations.has(form) ||
      organisations.has(`${form}s`),
  );
}

/**
 * The fault of a speaker phrase, or null when it can be a speaker. `text` is the report, so that a
 * place name the report also uses as a person's name (`Mr Westford`, `Ann Westford`) stays a name.
 *
 * @example speakerFault('the inquiry that he was ill', text) // 'clause'
 */
export function speakerFault(speaker: string, text: string): SpeakerFault | null {
  const tokens = speaker.split(/\s+/).filter((token) => token !== '');
  if (tokens.length === 0) return 'thing';
  const relative = tokens.findIndex((token) => RELATIVE.test(token));
  const head = relative > 0 ? tokens.slice(0, relative) : tokens;
  const { clause } = words();
  if (POSSESSIVE_END.test(head[head.length - 1]!)) return 'possessive';
  // A capitalised word is part of a name (`Grace May`, `Will Fenn`, `Edwin Said`, `US officials`)
  // unless it opens a phrase whose other words are lower case (`It was a trick`), or it is a cue
  // before a name (`Said Orla`).
  const restLower = head.slice(1).every((token) => !UPPER_FIRST.test(token));
  for (let i = 0; i < head.length; i++) {
    const token = head[i]!.replace(/[,;:]$/, '');
    const lower = token.toLowerCase();
    const asWord =
      token === lower ||
      token === 'I' ||
      (i === 0 && token === `${lower[0]!.toUpperCase()}${lower.slice(1)}` && (restLower || CUE.test(token)));
    // `her lawyer`, `Her husband` open with a determiner; any other pronoun or auxiliary is a clause.
    if (asWord && clause.has(lower) && !(i === 0 && /^(?:her|that)$/i.test(token))) return 'clause';
    if (i > 0 && GERUND.test(token) && PREPOSITION.test(head[i - 1]!)) return 'clause';
  }
  // The head noun: before a prepositional phrase (`A spokesman for the board`), else the last word.
  let end = head.length;
  for (let i = 1; i < head.length; i++)
    if (PREPOSITION.test(head[i]!)) {
      end = i;
      break;
    }
  const noun = head[end - 1]!.replace(/[,.;:]$/, '');
  if (LOWER_FIRST.test(noun) && !DETERMINER.test(noun) && !isPersonNoun(noun)) return 'thing';
  // `doctor said`, `group said`: a singular role word with no determiner is a phrase cut short
  // (a plural or mass noun, `residents`, `police`, `staff`, speaks on its own).
  if (head.length === 1 && LOWER_FIRST.test(noun) && !/s$/.test(noun) && !words().collective.has(noun))
    return 'role';
  if (
    head.length === 1 &&
    words().abstract.has(noun.toLowerCase()) &&
    !asSurname(noun).test(text) &&
    !asFirstName(noun).test(text)
  )
    return 'thing';
  // `of West 12th Street, Boston, told` read as `Street told`: an address cut short is not who
  // spoke (`Court` and `Downing Street` with the words before them are bodies).
  if (head.length === 1 && words().streets.has(noun)) return 'place';
  if (isWorkTitle(head.join(' '))) return 'thing';
  if (head.length === 1 && UPPER_FIRST.test(noun) && loadGazetteer().demonymCountry(noun) !== null)
    return 'demonym';
  if (head.every((token) => UPPER_FIRST.test(token)) && isPlace(head.join(' '), text)) return 'place';
  return null;
}

/**
 * A town, region or other place of the gazetteer by its exact name, not a country or a national
 * capital, and not written in the report as a person's name.
 */
function isPlace(phrase: string, text: string): boolean {
  const gazetteer = loadGazetteer();
  const entries = gazetteer.lookup(phrase).filter((entry) => entry.name === phrase);
  if (entries.length === 0) return false;
  if (entries.some((entry) => entry.kind === 'country' || entry.feature === 'PPLC')) return false;
  // Small places share their names with surnames (`Brindle`, `Fenn`): only a well-known one counts.
  if (!entries.some((entry) => entry.kind === 'region' || entry.population >= 50_000)) return false;
  return !asSurname(phrase).test(text) && !asFirstName(phrase).test(text);
}

/**
 * The role of a country or a national capital given as the speaker (`Ruritania said`, `Strelsau
 * said`): it speaks for its government, and the ledger says so. Null for any other speaker, and
 * for a name the report also writes as a person's (`Ann Strelsau`).
 *
 * @example governmentRole('Strelsau', text) // 'government of Ruritania'
 */
export function governmentRole(speaker: string, text: string): string | null {
  if (!UPPER_FIRST.test(speaker)) return null;
  const gazetteer = loadGazetteer();
  const entries = gazetteer.lookup(speaker).filter((entry) => entry.name === speaker);
  const country = entries.find((entry) => entry.kind === 'country');
  const capital = entries.find((entry) => entry.feature === 'PPLC');
  if (!country && !capital) return null;
  if (asSurname(speaker).test(text) || asFirstName(speaker).test(text)) return null;
  if (country) return 'government';
  const state = capital?.cc ? gazetteer.country(capital.cc)?.name : undefined;
  return state ? `government of ${state}` : 'government';
}

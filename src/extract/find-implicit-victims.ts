import type { Quantity, Span } from '../core/types.js';
import { isGivenName } from './given-name-gender.js';
import { loadLexicon } from './load-lexicon.js';

interface Compiled {
  /**
   * A singular person as the object of a casualty verb: "killed a man", "shot her", "death of a
   * teen"; with more people listed after it ("killed a cousin, her uncle and a neighbor").
   */
  object: RegExp;
  /** A person noun without a determiner right after a casualty verb: "kills roommate", "shoots nephew". */
  bare: RegExp;
  /** The same after "of", for a death noun (`DEATH_NOUN`): "death of best friend". */
  bareOf: RegExp;
  /** One more person of a list after the first object: ", her uncle", " and a neighbor". */
  more: RegExp;
  /** A singular person as the subject: "A man was shot", "the victim later died", "Man dead", "He died". */
  subject: RegExp;
  /**
   * A headline's list of people joined by commas alone, opening the sentence (after a "Police:"
   * label) and the subject of the verb: "12-year-old girl, grandfather wounded", "Deputy, robber hurt".
   */
  leadList: RegExp;
  /** A name with an age in apposition as the subject: "Jane Doe, 57, was shot". */
  named: RegExp;
  /** A name alone as the subject of a passive casualty verb: "Jane Doe was shot and killed". */
  namedPassive: RegExp;
  /** A name alone as the subject of "died" (in running text, not a headline's "Dies"). */
  namedDied: RegExp;
  /** A surname alone as the subject of a passive casualty verb or of "died" (see `SURNAME`). */
  surnamePassive: RegExp;
  surnameDied: RegExp;
  /** Names listed as the subject of "were" and a casualty verb (see `NAMES_PASSIVE`). */
  namesPassive: RegExp;
  /** People named in a list as the subject of a passive casualty verb: "Ann Cole and Ben Ray were shot". */
  namedList: RegExp;
  /** People named as the object of a casualty verb: "killed Ann Cole, 34, and her son Ben". */
  namedObject: RegExp;
  /**
   * A person as the possessor of a casualty noun: "the boy's shooting", "Man's death", "her
   * son's accidental shooting death".
   */
  possessor: RegExp;
}

let compiled: Compiled | undefined;

/** Between the people of a list: a comma, "and", or both (not the comma of an age). */
const LIST_BREAK = /\s*,(?!\s*\d)\s*(?:and\s+)?|\s+and\s+/;
const LIST_BREAKS = new RegExp(LIST_BREAK.source, 'g');

const alternation = (words: readonly string[]): string =>
  [...words]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');

/**
 * Words that may stand between a subject and its casualty verb: auxiliaries, adverbs, and an
 * earlier verb of the same person ("was shot three times and died", "suffered a gunshot wound to
 * the head and later died").
 */
const EARLIER = String.raw`(?:shot|wounded|injured|hurt|stabbed|beaten|suffered|sustained)(?:\s+[a-z’'-]+){0,6}?(?:\s+and|,)`;
/**
 * A verb of suffering and the injury's severity, between a person and the injury noun ("A woman
 * suffered minor", "he sustained serious").
 */
const SUFFERED = String.raw`(?:suffered|sustained|received|suffering|sustaining|(?:was\s+|were\s+)?treated\s+for)(?:\s+(?:minor|serious|severe|critical|grave|multiple|several|non-life-threatening|life-threatening|possible|apparent|superficial|head|leg|arm)){0,3}`;
/** A headline's condition before the shooting that caused it: "Boy critical after (being) shot". */
const CONDITION_AFTER = String.raw`(?:critical|stable|recovering|hospitali[sz]ed)\s+after`;
/**
 * Taken to a hospital for the injury: "The boy was taken to the hospital for injuries", "a woman
 * was rushed to a local hospital with minor".
 */
const TAKEN = String.raw`(?:taken|transported|rushed|airlifted|flown|driven)\s+to\s+(?:an?\s+|the\s+)?(?:[\p{L}’'.-]+\s+){0,3}?hospitals?\s+(?:for|with)(?:\s+(?:minor|serious|severe|critical|multiple|non-life-threatening|life-threatening|possible|apparent)){0,2}`;
const LINK = String.raw`(?:(?:who|was|were|is|has|had|have|been|being|got|gets|found|pronounced|later|also|then|still|remains|remained|reportedly|apparently|allegedly|[a-z]+ly|${EARLIER}|${SUFFERED}|${CONDITION_AFTER}|${TAKEN}|shot|and|wounded|injured|hurt)\s+){0,5}`;
const LINK_CASED = String.raw`(?:(?:who|was|were|is|has|had|been|being|got|found|pronounced|later|also|then|[a-z]+ly|${EARLIER}|shot|and|wounded|injured)\s+){0,5}`;
/**
 * What may follow a subject before its verb: an apposition ("A man, John Doe of Elm Park, was
 * shot"), a short phrase ("A man sitting in his car was shot", "The man injured last week died",
 * "Man found in his car died") or a relative clause telling how the person was hurt ("The boy who
 * was shot on Monday has died": the death is that person's, the shooting an earlier part of the
 * same incident).
 */
const POST = String.raw`(?:\s*,\s*[^,;]{1,60}?,|\s+(?:sitting|standing|walking|driving|riding|inside|in|at|on|near|from|of|injured|wounded|shot|found|(?:who|that)\s+(?:was|had\s+been|has\s+been)\s+(?:shot|wounded|injured|hurt|struck|hospitali[sz]ed|in\s+(?:critical|serious|grave)\s+condition)|who\s+(?:escaped|fled|ran|survived|managed|tried)\b)\b[^,;.]{0,60}?)?`;
/**
 * A name with an age in apposition, and where the person is from: "Jane Doe, 57,", "Carl Dunn
 * Jr., 19,", "Jane Doe, 57, of Elmtown,".
 */
const NAME_AGE = String.raw`(?:\p{Lu}[\p{L}’'.-]*\s+){0,3}\p{Lu}[\p{L}’'.-]*(?:\s+(?:Jr|Sr|II|III|IV)\.?)?\s*,\s*\d{1,3}\s*,(?:\s*of\s+(?:\p{Lu}[\p{L}’'.-]*\s*){1,3},)?`;
/**
 * A person's name without an age, then a passive auxiliary: "Jane Doe was", "Officer Carl Dunn Jr.
 * was also". Written case-sensitively: two to four capitalised words.
 */
const NAME_PASSIVE = String.raw`(?<![\p{L}’'.-])(?<np>(?:\p{Lu}[\p{L}’'.-]*\s+){1,3}\p{Lu}[\p{L}’'-]*(?:\s+(?:Jr|Sr|II|III|IV)\.?)?)\s+was\s+(?:(?:also|later|then|fatally|critically|seriously|reportedly|allegedly|pronounced|found)\s+){0,2}$`;
/**
 * One capitalised word, then a passive auxiliary or nothing before "died": "Doe was shot", "Doe
 * later died". A report names a victim in full once and by surname after; the word counts as a
 * name only when the report gave it earlier as the last word of a full name (`namedBefore`).
 */
const SURNAME = String.raw`(?<![\p{L}’'.-])(?<np>\p{Lu}[\p{Ll}’'-]+)\s+`;
/**
 * People listed by name as the subject of a passive casualty verb: "Jane Doe, Ann Roe and Tom
 * Poe were shot", "Doe and Roe were also wounded". Each item is a full name (two to four
 * capitalised words, the first no preposition, article or pronoun: "In Elmtown, …") or a surname
 * given in full before (`namedBefore`); the figure is how many they are.
 */
const LISTED_NAME = String.raw`(?!(?:In|On|At|By|Of|For|From|After|Before|During|When|While|Then|The|A|An|He|She|They|It|This|That|Police|Officers|Authorities|Deputies|Troopers)(?![\p{L}’'-]))(?:\p{Lu}[\p{L}’'.-]*\s+){0,3}\p{Lu}[\p{L}’'-]*(?:\s+(?:Jr|Sr|II|III|IV)\.?)?`;
const NAMES_PASSIVE = String.raw`(?<![\p{L}’'.-])(?<np>${LISTED_NAME}(?:\s*,\s*${LISTED_NAME})*\s*,?\s+and\s+${LISTED_NAME})\s+were\s+(?:(?:also|later|then|all|both|fatally|critically|seriously|reportedly|allegedly|found)\s+){0,2}$`;
const SURNAME_PASSIVE = String.raw`${SURNAME}was\s+(?:(?:also|later|then|fatally|critically|seriously|reportedly|allegedly|pronounced|found)\s+){0,2}$`;
const SURNAME_DIED = String.raw`${SURNAME}(?:(?:also|later|then|eventually|subsequently)\s+)?$`;
/** A person's name as the subject of "died": "Jane Doe died", "Officer Carl Dunn later died". */
const NAME_DIED = String.raw`(?<![\p{L}’'.-])(?<np>(?:\p{Lu}[\p{L}’'.-]*\s+){1,3}\p{Lu}[\p{L}’'-]*(?:\s+(?:Jr|Sr|II|III|IV)\.?)?)\s+(?:(?:also|later|then|eventually|subsequently)\s+)?$`;
/** Capitalised words that start no name after a verb: days, months, agencies, a headline's prepositions. */
const NOT_A_NAME =
  '(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|September|October|November|December|Police|Officers?|Authorities|Deputies|Near|In|At|On|By|After|Outside|Inside|During|While|From|With|For|Behind|Following|Multiple|Several';
/**
 * One person named: capitalised words (not a day or a month: "shot Friday", "killed in May"),
 * with an age in apposition or an age or a kin noun before ("2-year-old Ben Ray", "her son Ben").
 * Case-sensitive.
 */
const PERSON_NAME = String.raw`(?:(?:his|her|their)\s+(?:son|daughter|wife|husband|mother|father|brother|sister|girlfriend|boyfriend|cousin|nephew|niece|uncle|aunt|grandson|granddaughter|grandmother|grandfather|child|baby|fianc[ée]e?)\s+|\d{1,3}-(?:year|month)-old\s+)?(?!(?:${NOT_A_NAME})\b)\p{Lu}\p{Ll}[\p{L}’'-]*(?:\s+\p{Lu}\.)?(?:\s+\p{Lu}[\p{L}’'-]+){0,2}(?:\s+(?:Jr|Sr|II|III|IV)\.?)?(?:\s*,\s*\d{1,3}(?![\d-]))?`;
/** A list of two or more people named: "Ann Cole, 34, and Ben Ray", "Ann, Ben and Cy Ray". */
const NAME_LIST = String.raw`${PERSON_NAME}(?:\s*,\s*${PERSON_NAME})*\s*,?\s+and\s+${PERSON_NAME}`;
/** Between the people of a named list: a comma or "and" (not the comma of an age). */
const NAME_BREAK = /\s*,(?!\s*\d)\s*(?:and\s+)?|\s+and\s+/;
/** An age in apposition after a person: the ", 7" of "Girl, 7, brother". */
const AGE_APPOSITION = /\s*,\s*\d{1,3}(?=\s*(?:,|$))/g;
/** The age of each name in a list of names with ages. */
const AGE_COMMA = /,\s*\d{1,3}\s*,/g;
/** Up to three modifiers before the head noun: "a 17-year-old Buffalo man". */
const MODIFIERS = String.raw`(?:[\p{L}\d’'.-]+\s+){0,3}?`;
/**
 * An age as a noun: "17-year-old", "Three-year-old", "18-month old", "a 17 year old", "a 2 yr
 * old" (headlines spell small ages out, and reports drop hyphens or shorten "year").
 */
const AGE = String.raw`(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)[- ](?:year|yr|month|week)s?[- ]old`;
/**
 * "another" standing alone for one more person ("one died, and another in the car was hurt",
 * "wounded another before fleeing", "wounded another late Friday"): no noun after it, only the end
 * of the clause, a preposition or a word of time.
 */
const ANOTHER = String.raw`another(?=\s*(?:[.,;:!?)]|$)|\s+(?:in|at|on|during|before|after|when|while|inside|outside|near|by|with|as|early|late|last|this|overnight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)`;

/** Words between a possessor and its casualty noun: "the boy's (accidental) shooting". */
const POSSESSED_ADJECTIVE =
  'accidental|apparent|alleged|possible|reported|fatal|deadly|tragic|sudden|untimely|violent|shooting|gunshot';

/** A small count written out or in digits, as a list of victims gives it: "and two sons", ", 2 sons". */
const COUNT_WORD = String.raw`two|three|four|five|six|seven|eight|nine|ten|[2-9]|1\d`;
const LISTED_COUNT = new RegExp(String.raw`(?:^|[\s,])(${COUNT_WORD})\s`, 'i');
/** The people one item of a list counts: its number (a word of the number lexicon or digits), else one. */
function listed(item: string): number {
  const m = LISTED_COUNT.exec(item);
  if (!m?.[1]) return 1;
  const word = m[1].toLowerCase();
  return loadLexicon<{ units: Record<string, number> }>('number-words').units[word] ?? Number(word);
}

/** Words that never modify a person noun: a bare object is a noun phrase without them. */
const FUNCTION_WORD = String.raw`(?:by|in|at|on|of|to|from|with|for|after|before|during|near|outside|inside|while|and|or|but|as|than|into|over|under|was|were|is|are|the|an?|his|her|their|its|this|that)\b`;

/**
 * Verb forms ending a casualty trigger whose object, even without a determiner, is the victim
 * ("Teacher kills roommate", "Bullet grazes teen"). Not "shot", "wounded" or "injured", which as participles precede
 * other words of a headline ("Nephew wounded, uncle dead").
 */
const ACTIVE_VERB = /(?:^|\s)(?:kills|killed|shoots|wounds|injures|murders|slays|grazes|hits|strikes)$/i;

/**
 * A noun of a death, whose victims follow "of" even without a determiner, as headlines write
 * them: "charged in shooting death of best friend", "Deaths Of Mother, Brother", "the murder of
 * Jane Doe".
 */
const DEATH_NOUN = /(?:^|\s)(?:deaths?|murders?|killings?|slayings?)$/i;
const DEATH = /(?:^|\s)deaths?$/i;
/**
 * A full name after "of", with an age in apposition or none: " of Jane Doe, 53"; taken after a
 * death only: "charged with the murder of Jane Doe" names a charge, which refers back to the
 * killing its report tells.
 */
const NAME_OF =
  /^\s+of\s+(?<np>(?:\p{Lu}[\p{L}’'.-]*\s+){1,3}\p{Lu}[\p{L}’'-]*(?:\s+(?:Jr|Sr|II|III|IV)\.?)?(?:\s*,\s*\d{1,3}(?!\d))?)(?![\p{L}’'-])/du;
/** Active casualty verbs whose object may be people named: "shot and killed Ann Cole". */
const NAMED_OBJECT_VERB =
  /(?:^|\s)(?:killed|killing|kills|murdered|murdering|shot|shooting|shoots|wounded|wounding|injuring)$/i;

/** Auxiliaries and modals: "a woman was hurt", "her son could not …". */
const AUXILIARY = 'was|were|is|are|has|had|have|will|would|could|can|did|does|do|should|may|might|must';
/** Past forms not in -ed that a person listed after a victim may be the subject of: "a neighbor heard". */
const IRREGULAR_PAST =
  'heard|saw|ran|fled|rang|knew|thought|spoke|came|went|got|took|gave|began|sees|hears|knows';
/**
 * Forms in -ed that, right after a person, are a participle describing them, not a verb of their own
 * ("a woman named …", "a boy aged 12", "a man injured in …").
 */
const PARTICIPLE_ED = 'named|aged|injured|wounded|killed|seated|trapped|related|armed|unarmed|unnamed';
/** After an -ed form, words that make it a participle's phrase: "a man believed to be", "a woman accused of". */
const PARTICIPLE_NEXT =
  'as|by|to|of|in|at|on|from|for|with|near|inside|outside|while|during|after|before|when|dead|alive';
let ownVerbPattern: string | undefined;

/**
 * What follows a person who is the subject of a verb of their own, so not one more victim of a
 * list: an auxiliary, a verb of saying ("a neighbor said", "his mother says"), another past form
 * ("her sister called police", "a neighbor heard"), but not a participle describing the person.
 */
function ownVerb(): string {
  if (ownVerbPattern) return ownVerbPattern;
  const say = Object.keys(loadLexicon<{ verbs: Record<string, unknown> }>('speech-cues').verbs).filter(
    (form) => /^[a-z]+$/.test(form) && !form.endsWith('ing') && !form.endsWith('ed'),
  );
  ownVerbPattern = String.raw`\s+(?:(?:${AUXILIARY}|${IRREGULAR_PAST}|${say.join('|')})(?![\p{L}’'-])|(?!(?:${PARTICIPLE_ED})(?![\p{L}’'-]))\p{L}+ed(?![\p{L}’'-])(?!\s+(?:${PARTICIPLE_NEXT})(?![\p{L}’'-])))`;
  return ownVerbPattern;
}

function compile(): Compiled {
  if (compiled) return compiled;
  const persons = alternation(loadLexicon<{ persons: { words: string[] } }>('counted-nouns').persons.words);
  // "mother-in-law", "brothers-in-law" are the person nouns they start with.
  const head = `(?:${persons})(?:-in-law)?(?![\\p{L}’'])`;
  // One person: "a 17-year-old Buffalo man", "his wife", "Boy, 17,", "the 19-year-old".
  const item = String.raw`(?:(?:an?|one|another|the|his|her|their|a\s+second|a\s+third)\s+${MODIFIERS})?(?:${head}|${AGE}(?![\p{L}-]))(?:\s*,\s*\d{1,3}(?=\s*,))?`;
  // ", her uncle", " and a neighbor", ", and a 9-year-old niece": one more person of an object
  // list, not the subject of a verb of its own ("killed a man and a woman was hurt", "shot a man,
  // a neighbor said").
  // "killed his aunt and three cousins", "his aunt, 3 cousins": a count of people listed after.
  const plural = `(?:(?:${persons})s|(?:grand)?children|(?:\\p{L}*)(?:men|women)|people)(?![\\p{L}’'])`;
  const more = String.raw`(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:(?:(?:his|her|their|an?|the|one)\s+)?(?:${AGE}\s+)?${head}|(?:(?:his|her|their|the)\s+)?(?:${COUNT_WORD})\s+(?:(?!${FUNCTION_WORD})[\p{L}’'-]+\s+)?${plural})(?!${ownVerb()})`;
  // A person of a headline's list, with up to two words before its noun and no determiner (with
  // one, "The cashier, a student, died" is one person named twice): "12-year-old girl", "Girl, 7".
  const leadItem = String.raw`(?:(?!${FUNCTION_WORD})[\p{L}\d’'.-]+\s+){0,2}?(?:${head}|${AGE}(?![\p{L}-]))(?:\s*,\s*\d{1,3}(?=\s*,))?`;
  compiled = {
    object: new RegExp(
      String.raw`^\s+(?:(?:of|on)\s+)?(?<np>(?:(?:an?|one|another|his|her|their|a\s+second)\s+(?:${MODIFIERS}${head}|${AGE})|${AGE}(?:\s+\p{Lu}\p{L}+)?|him|her)(?:${more})*|himself|herself|${ANOTHER})(?![\p{L}’'-])`,
      'iud',
    ),
    bare: new RegExp(
      String.raw`^\s+(?<np>(?:(?!${FUNCTION_WORD})[\p{L}’'-]+\s+){0,2}?${head}(?:${more})*)(?![\p{L}’'-])`,
      'iud',
    ),
    bareOf: new RegExp(
      String.raw`^\s+of\s+(?<np>(?:(?!${FUNCTION_WORD})[\p{L}’'-]+\s+){0,2}?${head}(?:${more})*)(?![\p{L}’'-])`,
      'iud',
    ),
    more: new RegExp(more, 'giu'),
    subject: new RegExp(
      String.raw`(?:^|[^\p{L}\p{N}’'-])(?<np>${item}(?:(?:\s*,\s*${item})*\s*,?\s+and\s+${item})?|he|she|another)${POST}(?:\s*,)?\s+${LINK}$`,
      'iud',
    ),
    leadList: new RegExp(
      String.raw`^(?:[^:.;]{0,40}:\s*)?(?<np>${leadItem}(?:\s*,\s*${leadItem})+)(?:\s*,)?\s+${LINK}$`,
      'iud',
    ),
    named: new RegExp(String.raw`(?<np>${NAME_AGE}(?:\s+(?:and\s+)?${NAME_AGE})*)\s+${LINK_CASED}$`, 'ud'),
    namedPassive: new RegExp(NAME_PASSIVE, 'ud'),
    namedDied: new RegExp(NAME_DIED, 'ud'),
    surnamePassive: new RegExp(SURNAME_PASSIVE, 'ud'),
    surnameDied: new RegExp(SURNAME_DIED, 'ud'),
    namesPassive: new RegExp(NAMES_PASSIVE, 'ud'),
    namedList: new RegExp(
      String.raw`(?<![\p{L}’'.-])(?<np>${NAME_LIST})\s+were\s+(?:(?:all|both|also|later|then|fatally|critically|seriously|reportedly|allegedly|pronounced|found)\s+){0,2}$`,
      'ud',
    ),
    namedObject: new RegExp(String.raw`^\s+(?<np>${NAME_LIST}|${PERSON_NAME})(?![\p{L}’'-])`, 'ud'),
    possessor: new RegExp(
      String.raw`(?:^|[^\p{L}\p{N}’'-])(?<np>(?:(?:an?|one|the|his|her|their)\s+${MODIFIERS})?(?:${persons}|${AGE}))[’']s\s+(?:(?:${POSSESSED_ADJECTIVE})\s+){0,2}$`,
      'iud',
    ),
  };
  return compiled;
}

const people = (text: string, span: Span, n: number): Quantity => ({
  span,
  text: text.slice(span[0], span[1]),
  low: n,
  best: n,
  high: n,
  qualifier: 'exact',
  percent: false,
  counted: 'person',
  implicit: true,
});

/**
 * One person named as the victim of the casualty verb at `trigger` without a number: the object
 * after it ("killing a 24-year-old woman", "shot her", "the shooting death of a teen", "killed
 * himself"), else the subject before it ("A man was shot", "Jane Doe, 57, died", "Man dead").
 * The subject is looked for from `from` (the clause start) on. Returns a count of one whose span
 * is that noun phrase, or null.
 *
 * @example findImplicitVictim('A man died.', [0, 11], [8, 12]) // { text: 'A man', best: 1, … }
 */
export function findImplicitVictim(text: string, clause: Span, trigger: Span): Quantity | null {
  const c = compile();
  const after = text.slice(trigger[1], Math.min(clause[1], trigger[1] + 80));
  const verb = text.slice(trigger[0], trigger[1]);
  const object =
    c.object.exec(after) ??
    (ACTIVE_VERB.test(verb) ? c.bare.exec(after) : null) ??
    (DEATH_NOUN.test(verb)
      ? (c.bareOf.exec(after) ?? (DEATH.test(verb) ? NAME_OF.exec(after) : null))
      : null);
  const objectSpan = object?.indices?.groups?.np;
  // "shot and killed Ann Cole, 34, and her son Ben": one person for each name. Not in a
  // headline's title case ("Man Shot Near Elm Pier"), where every word is capitalised.
  const namedObject =
    !objectSpan && NAMED_OBJECT_VERB.test(verb) && !/^\p{Lu}/u.test(verb)
      ? c.namedObject.exec(after)?.indices?.groups?.np
      : undefined;
  if (namedObject) {
    const names = after.slice(namedObject[0], namedObject[1]).split(NAME_BREAK).length;
    return people(text, [trigger[1] + namedObject[0], trigger[1] + namedObject[1]], names);
  }
  if (objectSpan) {
    // "killed a cousin, her uncle and a neighbor": one person and one more for each listed after.
    const np = after.slice(objectSpan[0], objectSpan[1]);
    const more = (np.match(c.more) ?? []).reduce((n, item) => n + listed(item), 0);
    return people(text, [trigger[1] + objectSpan[0], trigger[1] + objectSpan[1]], 1 + more);
  }
  const from = Math.max(clause[0], trigger[0] - 120);
  const before = text.slice(from, trigger[0]);
  const named = c.named.exec(before)?.indices?.groups?.np;
  if (named) {
    // "Jane Doe, 33, and John Roe, 28, were killed": one person per age.
    const span: Span = [from + named[0], from + named[1]];
    return people(text, span, text.slice(span[0], span[1]).match(AGE_COMMA)?.length ?? 1);
  }
  const list = from === clause[0] ? c.leadList.exec(before)?.indices?.groups?.np : undefined;
  if (list) {
    // "Girl, 7, brother, 10, wounded": an age after a person is not one more.
    const names = before.slice(list[0], list[1]).replace(AGE_APPOSITION, '');
    return people(text, [from + list[0], from + list[1]], names.split(/\s*,\s*/).length);
  }
  const subject = c.subject.exec(before);
  const np = subject?.indices?.groups?.np;
  // "And another shot went below the temple": "another shot" is a gunshot, not a person shot.
  if (np && /^another\s+$/i.test(before.slice(np[0])) && /^shots?$/i.test(text.slice(trigger[0], trigger[1])))
    return null;
  if (!subject || !np) {
    // "Jane Doe was shot and killed", "Jane Doe was pronounced dead", "Jane Doe died": one
    // person named, the subject of a passive verb or of "died"; "the boy's shooting": one
    // person, its possessor.
    const died = text.slice(trigger[0], trigger[1]) === 'died';
    const name = (
      c.namedPassive.exec(before) ??
      (died ? c.namedDied.exec(before) : null) ??
      c.possessor.exec(before)
    )?.indices?.groups?.np;
    if (name) return people(text, [from + name[0], from + name[1]], 1);
    const names = c.namesPassive.exec(before)?.indices?.groups?.np;
    if (names) {
      const start = from + names[0];
      const list = text.slice(start, from + names[1]);
      const items: Span[] = [];
      let at = 0;
      for (const m of list.matchAll(LIST_BREAKS)) {
        items.push([start + at, start + m.index]);
        at = m.index + m[0].length;
      }
      items.push([start + at, start + list.length]);
      const firstNames = items.some((item) => isGivenName(text.slice(item[0], item[1])));
      // The names from the last back to the first that is none ("Elmtown, Ann Roe and Tom Poe"):
      // a one-word item is a name only when the report gave it in full before.
      let first = items.length;
      for (; first > 0; first--) {
        const item = items[first - 1] as Span;
        const words = text.slice(item[0], item[1]);
        if (/\s/.test(words) ? !isPersonItem(words, firstNames) : !namedBefore(text, item)) break;
      }
      const known = items.slice(first);
      if (known.length >= 2) return people(text, [(known[0] as Span)[0], start + list.length], known.length);
    }
    // "Ann Cole and Ben Ray were shot": one person for each name, also names never given before,
    // when one of them is a full name or has an age ("Doe and Roe were shot" alone names nobody
    // the report has introduced: two words that may be anything capitalised).
    const list = c.namedList.exec(before)?.indices?.groups?.np;
    if (list) {
      const items = before.slice(list[0], list[1]).split(NAME_BREAK);
      const firstNames = items.some((item) => isGivenName(item.trim()));
      if (
        items.some((item) => /\s|\d/.test(item.trim())) &&
        items.every((item) => isPersonItem(item, firstNames))
      )
        return people(text, [from + list[0], from + list[1]], items.length);
    }
    // "Jane Doe, 17, was killed … Doe was shot on Dec. 22": the surname of a person named before.
    const surname = (c.surnamePassive.exec(before) ?? (died ? c.surnameDied.exec(before) : null))?.indices
      ?.groups?.np;
    if (!surname) return null;
    const span: Span = [from + surname[0], from + surname[1]];
    return namedBefore(text, span) ? people(text, span, 1) : null;
  }
  // "A man, a woman and a boy were shot": each person of a list ending in "and" counts ("The
  // victim, a teenager, was shot" is one person named twice).
  const n = (subject.groups?.np ?? '').split(LIST_BREAK).length;
  return people(text, [from + np[0], from + np[1]], n);
}

let personLeads: Set<string> | undefined;
/** A word that opens a person's name: a given name (`Ann`), a title or an honorific (`Officer`, `Mrs`). */
function opensPersonName(word: string): boolean {
  if (isGivenName(word)) return true;
  if (!personLeads) {
    const lexicon = loadLexicon<{ titles: string[]; honorifics: string[]; peerages: string[] }>(
      'speaker-titles',
    );
    personLeads = new Set([...lexicon.titles, ...lexicon.honorifics, ...lexicon.peerages]);
  }
  return personLeads.has(word.toLowerCase());
}

/** A kin noun or an age before a name: "her son Ben", "2-year-old Ben Ray". */
const KIN_OR_AGE_LEAD = /^(?:(?:his|her|their)\s+\p{Ll}+|\d{1,3}-(?:year|month)-old)\s+/u;

/**
 * Whether an item of a list before "were shot" is a person: a word of several opens with a given
 * name, a title, a kin noun or an age ("Ann Cole", "Officer Tom Poe", "her son Ben"), not with any
 * capitalised word ("Elm Street Bakery and Corner Cafe were hit" names two businesses), unless
 * the list gives first names alone (`firstNames`: "Ann, Bo and Dee Varn", a family). One word alone
 * (a surname, a first name) is judged by the caller; with an age in apposition it is a person.
 */
function isPersonItem(item: string, firstNames: boolean): boolean {
  const trimmed = item.trim();
  if (firstNames) return true;
  if (KIN_OR_AGE_LEAD.test(trimmed)) return true;
  const name = trimmed.replace(AGE_APPOSITION, '');
  const words = name.split(/\s+/);
  if (words.length < 2) return true;
  return opensPersonName(words[0] ?? '');
}

/** How far back a surname's full name is looked for: a news report's length, kept bounded. */
const NAME_LOOKBACK = 20_000;

/**
 * Whether the word at `span` was given before it as the last word of a full name ("Jane Doe"
 * before "Doe"): then it names a person, not a place or a capitalised common word.
 */
function namedBefore(text: string, span: Span): boolean {
  const word = text.slice(span[0], span[1]);
  const earlier = text.slice(Math.max(0, span[0] - NAME_LOOKBACK), span[0]);
  // The word before is a name's first word ("Ann Doe", "Officer Doe", "J. Doe"), not a function
  // word nor a word the text also writes in lower case: "Near Dellton, …" names no one "Dellton".
  const before = new RegExp(String.raw`(?<![\p{L}’'.-])(\p{Lu}[\p{L}’'.-]*)\s+${word}(?![\p{L}’'-])`, 'gu');
  for (const m of earlier.matchAll(before)) {
    const lead = (m[1] ?? '').replace(/\.$/, '');
    if (/^\p{Lu}$/u.test(lead) || opensPersonName(lead)) return true;
    if (
      !isFunctionWord(lead) &&
      !new RegExp(String.raw`(?<![\p{L}’'-])${lead.toLowerCase()}(?![\p{L}’'-])`, 'u').test(text)
    )
      return true;
  }
  return false;
}

let functionWords: Set<string> | undefined;
/** A preposition, article, pronoun or other function word (`In`, `Near`, `The`). */
function isFunctionWord(word: string): boolean {
  functionWords ??= new Set(loadLexicon<{ function: string[] }>('merge-words').function);
  return functionWords.has(word.toLowerCase());
}

/** A shooting death in the singular: one person died, named or not. */
const ONE_SHOOTING_DEATH = /^shooting\s+death$/i;

/**
 * "Update: shooting death ruled accidental", "charged in shooting death": a shooting death in the
 * singular tells that one person was shot dead even when no count or person is given. A count
 * or a named victim, when there is one, is the figure instead (the caller tries them first).
 */
export function oneShootingDeath(text: string, trigger: Span): Quantity | null {
  return ONE_SHOOTING_DEATH.test(text.slice(trigger[0], trigger[1])) ? people(text, trigger, 1) : null;
}

/** Between a count's noun and one more person: "five teenagers( and )a 70-year-old doctor". */
const AND_AFTER_COUNT = /^(?:\s+(?!(?:and|or|was|were|who|in|at|on)\b)[\p{L}’'-]+){0,2}?\s+and(?=\s)/iu;

/**
 * People named right after a count, joined to it by "and" ("wounded five teenagers and a
 * 70-year-old doctor"): how many, and where they end; null when none. `at` is the count's end.
 *
 * @example peopleAfterCount('killing two men and a woman.', 14, 28) // { n: 1, end: 27 }
 */
export function peopleAfterCount(text: string, at: number, end: number): { n: number; end: number } | null {
  const c = compile();
  const rest = text.slice(at, Math.min(end, at + 100));
  const and = AND_AFTER_COUNT.exec(rest);
  if (!and) return null;
  const after = rest.slice(and[0].length);
  const object = c.object.exec(after);
  const np = object?.indices?.groups?.np;
  if (!np || /^(?:him|her|himself|herself|another)/i.test(after.slice(np[0]))) return null;
  // "killed two men and a woman was hurt", "killed two people and a neighbor said …": the person
  // is the subject of a verb of their own.
  if (new RegExp(`^${ownVerb()}`, 'iu').test(after.slice(np[1]))) return null;
  const n = 1 + (after.slice(np[0], np[1]).match(c.more) ?? []).reduce((k, item) => k + listed(item), 0);
  return { n, end: at + and[0].length + np[1] };
}

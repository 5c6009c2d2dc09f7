import { isPersonNoun } from './check-speaker.js';
import { loadLexicon } from './load-lexicon.js';
import { speakerWords } from './parse-speaker.js';

/** Words that open a noun phrase without naming anyone (`the`, `one`, `another`, `his`, `local`). */
const DETERMINER =
  /^(?:the|a|an|one|another|this|that|these|those|his|her|their|its|my|our|your|some|several|many|two|three|four|five|six|both|other|each|local)$/i;
/** Where the head noun ends: a preposition or a relative word (`the head of …`, `the man who …`). */
const HEAD_END = /^(?:of|for|from|in|at|with|on|to|by|who|whose|whom|which|that|earlier|later)$/i;
const LOWER_WORD = /^\p{Ll}[\p{Ll}-]*$/u;
const UPPER_FIRST = /^\p{Lu}/u;
const PREPOSITION = /^(?:of|for|from|in|at|with|on|to|by)$/i;
/** A determiner that makes a group of people someone's or some of them (`her staff`, `some people`). */
const PARTITIVE = /^(?:his|her|their|my|our|your|its|some|several|many|other|both|two|three|four|five|six)$/i;
/** Collective nouns for people (not bodies such as `government`, `police`): a role after `her`, `some`. */
const PEOPLE_COLLECTIVE = /^(?:people|staff|personnel|crew)$/i;
/** A capitalised plural common noun (`Doctors`, `Prosecutors`), as at the start of a sentence. */
const CAPITAL_PLURAL = /^\p{Lu}\p{Ll}+s$/u;
const CAPITAL_WORD = /^\p{Lu}\p{Ll}+$/u;

let collective: Set<string> | undefined;
const collectiveNouns = (): Set<string> => {
  collective ??= new Set(loadLexicon<{ collective: string[] }>('speaker-nouns').collective);
  return collective;
};

/**
 * True when a speaker phrase describes a person (or people) by role without naming them: an
 * optional determiner or quantifier, then modifiers, then a person noun or a title as the head
 * (`One witness`, `the girl`, `A spokesman for the Fenn Trust`, `The head of the agency`, `The
 * Westford police chief`, `local residents`). Such a phrase is the quote's `speakerRole`, never its
 * speaker. A body (`the ministry`, `the Foreign Office`, `police`, `staff`) is a speaker and is not
 * matched: its head is an organisation word or a capitalised name.
 *
 * @example isUnnamedRole('One witness') // true
 * @example isUnnamedRole('the Westford Council') // false
 */
export function isUnnamedRole(phrase: string, opensSentence = false): boolean {
  const tokens = phrase
    .trim()
    .split(/\s+/)
    .map((token) => token.replace(/[,;:]$/, ''));
  const at = (i: number): string => tokens[i] ?? '';
  if (at(0) === '') return false;
  // `Doctors said` opening a sentence: a plural of a listed person word, written in capitals only
  // because it comes first (a surname in `-s`, `Rogers`, is not a listed word).
  if (opensSentence && CAPITAL_PLURAL.test(at(0)) && isListedPersonPlural(at(0)))
    tokens[0] = at(0).toLowerCase();
  // `Counsel for the mother said` opening a sentence: a singular person word or title, written
  // in capitals only because it comes first, then the preposition or relative word ending its head.
  if (
    opensSentence &&
    CAPITAL_WORD.test(at(0)) &&
    HEAD_END.test(at(1)) &&
    isListedPersonWord(at(0).toLowerCase())
  )
    tokens[0] = at(0).toLowerCase();
  // `Hospital doctors said`, `Kelby councillors say`: a lower-case plural of a person word after
  // one capitalised modifier (anywhere), or of a body word opening a sentence (`Health authorities`).
  const last = at(tokens.length - 1);
  if (
    tokens.length > 1 &&
    CAPITAL_WORD.test(at(0)) &&
    !DETERMINER.test(at(0)) &&
    tokens.slice(1).every((token) => LOWER_WORD.test(token)) &&
    (isListedPersonPlural(last) || (opensSentence && isPluralBodyWord(last)))
  )
    tokens[0] = at(0).toLowerCase();
  // `her staff`, `some people`: part of a group of people, unnamed.
  if (tokens.length === 2 && PARTITIVE.test(at(0)) && PEOPLE_COLLECTIVE.test(at(1))) return true;
  const determined = DETERMINER.test(at(0));
  const start = determined ? 1 : 0;
  let end = tokens.length;
  for (let i = start + 1; i < tokens.length; i++)
    if (HEAD_END.test(at(i))) {
      end = i;
      break;
    }
  if (end <= start) return false;
  // `A Department for Transport spokesman`: a body's name with a preposition inside it, then the
  // person noun right after the name's last word.
  const bodyThenNoun = determined && PREPOSITION.test(at(end)) && UPPER_FIRST.test(at(tokens.length - 2));
  const candidates = bodyThenNoun ? [end, tokens.length] : [end];
  // `authorities said`, `health authorities say`: unnamed bodies in the plural, not one that speaks.
  const lowerPhrase = tokens.slice(0, end).every((token) => LOWER_WORD.test(token));
  if (!determined && lowerPhrase && end === tokens.length && isPluralBodyWord(at(end - 1))) return true;
  if (!candidates.some((next) => isRoleHead(at(next - 1)))) return false;
  // Without a determiner only a lower-case phrase is a role (`local residents`, `witnesses`); a
  // bare singular (`doctor said`) is a phrase cut short, which check-speaker rejects on its own.
  // A singular head is a role too when the phrase holds more than the head (`service spokesman`,
  // `solicitor for Ann Doe`, `chairman of the Westford Society`): a role phrase, not a name.
  if (!determined) return lowerPhrase && (/s$/.test(at(end - 1)) || tokens.length > 1);
  return true;
}

/** A plural organisation word (`authorities`, `ministries`), not a collective one (`police`). */
function isPluralBodyWord(word: string): boolean {
  return /s$/.test(word) && speakerWords().organisations.has(word) && !collectiveNouns().has(word);
}

let listed: Set<string> | undefined;
/** A plural (`Doctors`, `Medics`) whose singular is a listed person word or title, not guessed from its ending. */
function isListedPersonPlural(word: string): boolean {
  const lower = word.toLowerCase();
  if (!/s$/.test(lower) || collectiveNouns().has(lower)) return false;
  return [lower.slice(0, -1), lower.replace(/ies$/, 'y'), lower.replace(/es$/, '')].some((form) =>
    isListedPersonWord(form),
  );
}

/** A listed person word or title in the singular (`counsel`, `witness`), not guessed from its ending. */
function isListedPersonWord(word: string): boolean {
  if (!listed) {
    const { titles, descriptors } = speakerWords();
    listed = new Set([
      ...loadLexicon<{ people: string[] }>('speaker-nouns').people,
      ...titles,
      ...descriptors,
    ]);
  }
  return listed.has(word) && !collectiveNouns().has(word);
}

/** A person noun or a title that can head an unnamed role; not a body (`ministry`, `police`, `staff`). */
function isRoleHead(head: string): boolean {
  const lower = head.toLowerCase();
  const { titles, organisations, descriptors } = speakerWords();
  if (collectiveNouns().has(lower) || (organisations.has(lower) && !descriptors.has(lower))) return false;
  // `The Chief Constable of …`: a capitalised head is a role only when it is a title.
  if (!LOWER_WORD.test(head) && !titles.has(lower) && !(/s$/.test(lower) && titles.has(lower.slice(0, -1))))
    return false;
  return isPersonNoun(lower);
}

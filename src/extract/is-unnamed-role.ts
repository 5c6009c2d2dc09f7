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
export function isUnnamedRole(phrase: string): boolean {
  const tokens = phrase
    .trim()
    .split(/\s+/)
    .map((token) => token.replace(/[,;:]$/, ''));
  const at = (i: number): string => tokens[i] ?? '';
  if (at(0) === '') return false;
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
  if (!candidates.some((next) => isRoleHead(at(next - 1)))) return false;
  // Without a determiner only a lower-case phrase is a role (`local residents`, `witnesses`); a
  // bare singular (`doctor said`) is a phrase cut short, which check-speaker rejects on its own.
  if (!determined)
    return tokens.slice(0, end).every((token) => LOWER_WORD.test(token)) && /s$/.test(at(end - 1));
  return true;
}

/** A person noun or a title that can head an unnamed role; not a body (`ministry`, `police`, `staff`). */
function isRoleHead(head: string): boolean {
  const lower = head.toLowerCase();
  const { titles, organisations, descriptors } = speakerWords();
  if (collectiveNouns().has(lower) || (organisations.has(lower) && !descriptors.has(lower))) return false;
  // `The Chief Constable of …`: a capitalised head is a role only when it is a title.
  if (!LOWER_WORD.test(head) && !titles.has(lower)) return false;
  return isPersonNoun(lower);
}

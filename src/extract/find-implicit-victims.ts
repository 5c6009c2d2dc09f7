import type { Quantity, Span } from '../core/types.js';
import { loadLexicon } from './load-lexicon.js';

interface Compiled {
  /** A singular person as the object of a casualty verb: "killed a man", "shot her", "death of a teen". */
  object: RegExp;
  /** A singular person as the subject: "A man was shot", "the victim later died", "Man dead", "He died". */
  subject: RegExp;
  /** A name with an age in apposition as the subject: "Jane Doe, 57, was shot". */
  named: RegExp;
}

let compiled: Compiled | undefined;

const alternation = (words: readonly string[]): string =>
  [...words]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');

/** Words that may stand between a subject and its casualty verb: auxiliaries, adverbs, and an earlier verb of the same person. */
const LINK = String.raw`(?:(?:who|was|were|is|has|had|have|been|being|got|gets|later|also|then|reportedly|apparently|allegedly|[a-z]+ly|shot|and|wounded|injured|hurt)\s+){0,5}`;
const LINK_CASED = String.raw`(?:(?:who|was|is|has|had|been|being|got|later|also|then|[a-z]+ly|shot|and|wounded|injured)\s+){0,5}`;
/** Up to three modifiers before the head noun: "a 17-year-old Buffalo man". */
const MODIFIERS = String.raw`(?:[\p{L}\d’'.-]+\s+){0,3}?`;
const AGE = String.raw`\d{1,3}-(?:year|month|week)-old`;

function compile(): Compiled {
  if (compiled) return compiled;
  const persons = alternation(loadLexicon<{ persons: { words: string[] } }>('counted-nouns').persons.words);
  const head = `(?:${persons})(?![\\p{L}’'])`;
  compiled = {
    object: new RegExp(
      String.raw`^\s+(?:(?:of|on)\s+)?(?<np>(?:an?|one|another|his|her|their|a\s+second)\s+${MODIFIERS}(?:${head}|${AGE})|${AGE}(?:\s+\p{Lu}\p{L}+)?|him|her|himself|herself)(?![\p{L}’'-])`,
      'iud',
    ),
    subject: new RegExp(
      String.raw`(?:^|[^\p{L}\p{N}’'-])(?<np>(?:(?:an?|one|another|the|a\s+second|a\s+third)\s+${MODIFIERS})?(?:${head}|${AGE}(?![\p{L}-]))(?:\s*,\s*\d{1,3}\s*,)?|he|she)(?:\s*,)?\s+${LINK}$`,
      'iud',
    ),
    named: new RegExp(
      String.raw`(?<np>(?:\p{Lu}[\p{L}’'.-]*\s+){0,3}\p{Lu}[\p{L}’'.-]*(?:\s+(?:Jr|Sr|II|III|IV)\.?)?\s*,\s*\d{1,3}\s*,)\s+${LINK_CASED}$`,
      'ud',
    ),
  };
  return compiled;
}

const one = (text: string, span: Span): Quantity => ({
  span,
  text: text.slice(span[0], span[1]),
  low: 1,
  best: 1,
  high: 1,
  qualifier: 'exact',
  percent: false,
  counted: 'person',
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
  const object = c.object.exec(after);
  const objectSpan = object?.indices?.groups?.np;
  if (objectSpan) return one(text, [trigger[1] + objectSpan[0], trigger[1] + objectSpan[1]]);
  const from = Math.max(clause[0], trigger[0] - 100);
  const before = text.slice(from, trigger[0]);
  for (const pattern of [c.named, c.subject]) {
    const subject = pattern.exec(before)?.indices?.groups?.np;
    if (subject) return one(text, [from + subject[0], from + subject[1]]);
  }
  return null;
}

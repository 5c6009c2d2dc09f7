import { loadLexicon } from '../extract/load-lexicon.js';

/**
 * How well a sentence tells an incident happening, for the brief:
 * - 2: a casualty clause with its count ("seven people were killed", "found 410 bodies");
 * - 1: an incident told happening without a count ("troops shelled the port");
 * - 0: only a reference to an incident told elsewhere, a reaction, call or accusation ("leaders
 *   said the killings amounted to crimes", "he condemned the raids").
 */
export type IncidentTelling = 0 | 1 | 2;

interface Triggers {
  triggers: { pattern: string; casualty?: string }[];
  blockers: { claimObject: string; reaction: { pattern: string } };
}
interface NumberWords {
  units: Record<string, number>;
  tens: Record<string, number>;
  scales: Record<string, number>;
  vague: Record<string, number>;
  singles: Record<string, number>;
}

interface Compiled {
  trigger: RegExp;
  casualty: boolean[];
  referring: RegExp;
  reaction: RegExp;
  claimObject: RegExp;
  count: RegExp;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let compiled: Compiled | undefined;
function compile(): Compiled {
  if (compiled) return compiled;
  const lex = loadLexicon<Triggers>('incident-triggers');
  const numbers = loadLexicon<NumberWords>('number-words');
  const cues = loadLexicon<{ referring: string[] }>('brief-cues');
  const words = [numbers.units, numbers.tens, numbers.scales, numbers.vague, numbers.singles]
    .flatMap((m) => Object.keys(m))
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  compiled = {
    trigger: new RegExp(lex.triggers.map((t, i) => `(?<t${i}>\\b(?:${t.pattern})\\b)`).join('|'), 'gi'),
    casualty: lex.triggers.map((t) => !!t.casualty),
    referring: new RegExp(`\\b(?:${cues.referring.map(escapeRegExp).join('|')})\\s+$`, 'i'),
    reaction: new RegExp(lex.blockers.reaction.pattern, 'i'),
    claimObject: new RegExp(lex.blockers.claimObject, 'i'),
    // A count of people or things: digits, or number words ("thirty-six", "dozens").
    count: new RegExp(`\\b(?:\\d[\\d,]*|(?:${words.join('|')})(?:-(?:${words.join('|')}))?)\\b`, 'i'),
  };
  return compiled;
}

/** Distance, in characters either side of a casualty word, within which its count is looked for. */
const COUNT_WINDOW = 60;

/**
 * @example
 * incidentTelling('Gunmen killed four farmers near the ford.') // 2
 * incidentTelling('Some mayors said the killings were a disgrace.') // 0
 */
export function incidentTelling(sentence: string): IncidentTelling {
  const c = compile();
  let best: IncidentTelling = 0;
  c.trigger.lastIndex = 0;
  for (let m = c.trigger.exec(sentence); m; m = c.trigger.exec(sentence)) {
    const before = sentence.slice(Math.max(0, m.index - 200), m.index);
    const rule = Object.entries(m.groups ?? {}).find(([, v]) => v !== undefined)?.[0];
    const casualty = rule !== undefined && c.casualty[Number(rule.slice(1))] === true;
    const end = m.index + m[0].length;
    const near = sentence.slice(Math.max(0, m.index - COUNT_WINDOW), end + COUNT_WINDOW);
    // A count makes a casualty clause even after "the" ("the bodies of 37 villagers were found").
    if (casualty && c.count.test(near) && !c.reaction.test(before) && !c.claimObject.test(before)) return 2;
    if (c.referring.test(before) || c.reaction.test(before) || c.claimObject.test(before)) continue;
    best = 1;
  }
  return best;
}

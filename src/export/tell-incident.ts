import type { Quantity } from '../core/types.js';
import { extractQuantities } from '../extract/extract-quantities.js';
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
  blockers: {
    before: string;
    claimObject: string;
    reaction: { pattern: string };
    conflictToll: string;
    runningTollAfter: { pattern: string };
    otherIncident: { pattern: string };
  };
}
interface CountedNouns {
  things: { words: string[] };
  measures: string[];
}

interface Compiled {
  trigger: RegExp;
  casualty: boolean[];
  referring: RegExp;
  reaction: RegExp;
  claimObject: RegExp;
  /** History or a comparison ("the 1995 massacre"), an earlier incident, a running toll. */
  history: RegExp;
  toll: RegExp;
  tollAfter: RegExp;
  /** What a count of which is never a casualty count (rounds, cases, kilometres). */
  notPeople: Set<string>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let compiled: Compiled | undefined;
function compile(): Compiled {
  if (compiled) return compiled;
  const lex = loadLexicon<Triggers>('incident-triggers');
  const nouns = loadLexicon<CountedNouns>('counted-nouns');
  const cues = loadLexicon<{ referring: string[] }>('brief-cues');
  compiled = {
    trigger: new RegExp(lex.triggers.map((t, i) => `(?<t${i}>\\b(?:${t.pattern})\\b)`).join('|'), 'gi'),
    casualty: lex.triggers.map((t) => !!t.casualty),
    referring: new RegExp(`\\b(?:${cues.referring.map(escapeRegExp).join('|')})\\s+$`, 'i'),
    reaction: new RegExp(lex.blockers.reaction.pattern, 'i'),
    claimObject: new RegExp(lex.blockers.claimObject, 'i'),
    history: new RegExp(`${lex.blockers.before}|${lex.blockers.otherIncident.pattern}`, 'i'),
    toll: new RegExp(lex.blockers.conflictToll, 'i'),
    tollAfter: new RegExp(lex.blockers.runningTollAfter.pattern, 'i'),
    notPeople: new Set([...nouns.things.words, ...nouns.measures]),
  };
  return compiled;
}

/** Distance, in characters either side of a casualty word, within which its count is looked for. */
const COUNT_WINDOW = 60;

/** The counts of people in `sentence` (the figures' own extractor: no dates, years, ages, addresses). */
function peopleCounts(sentence: string, c: Compiled): Quantity[] {
  return extractQuantities(sentence, [{ span: [0, sentence.length], text: sentence }]).filter(
    (q) => !q.percent && !(q.counted !== null && c.notPeople.has(q.counted)),
  );
}

/**
 * @example
 * incidentTelling('Gunmen killed four farmers near the ford.') // 2
 * incidentTelling('Some mayors said the killings were a disgrace.') // 0
 */
export function incidentTelling(sentence: string): IncidentTelling {
  const c = compile();
  const counts = peopleCounts(sentence, c);
  let best: IncidentTelling = 0;
  c.trigger.lastIndex = 0;
  for (let m = c.trigger.exec(sentence); m; m = c.trigger.exec(sentence)) {
    const before = sentence.slice(Math.max(0, m.index - 200), m.index);
    const end = m.index + m[0].length;
    const after = sentence.slice(end);
    // A reaction, an accusation, history, an earlier incident or a running toll tells no incident
    // happening, whatever count it gives ("the 1995 massacre of 8,000 men", "since March,
    // thousands have been killed").
    if (c.reaction.test(before) || c.claimObject.test(before)) continue;
    if (c.history.test(before) || c.toll.test(before) || c.tollAfter.test(after)) continue;
    const rule = Object.entries(m.groups ?? {}).find(([, v]) => v !== undefined)?.[0];
    const casualty = rule !== undefined && c.casualty[Number(rule.slice(1))] === true;
    // After "the", only the incident noun's own count makes a casualty clause ("the bodies of 37
    // villagers were found"); any other is a reference ("said the killings on 3 April were …").
    const referring = c.referring.test(before);
    const own = (q: Quantity) =>
      referring
        ? q.span[0] >= m.index && (q.span[1] <= end || /^\s+of\s+$/i.test(sentence.slice(end, q.span[0])))
        : q.span[1] > m.index - COUNT_WINDOW && q.span[0] < end + COUNT_WINDOW;
    if (casualty && counts.some(own)) return 2;
    if (referring) continue;
    best = 1;
  }
  return best;
}

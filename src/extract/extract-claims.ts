import type { Attribution, Claim, Quote, Sentence, Span, Stance } from '../core/types.js';
import { loadLexicon } from './load-lexicon.js';

interface StanceLexicon {
  deny: string[];
  denyExceptions: string[];
  negatedBy?: string[];
  accuse: string[];
  hedge: string[];
}

interface CueLexicon {
  verbs: Record<string, Stance>;
}

let compiled:
  | {
      deny: RegExp;
      notDeny: RegExp;
      negated: RegExp;
      accuse: RegExp;
      hedge: RegExp;
      verbs: Map<string, Stance>;
    }
  | undefined;

function compile() {
  if (compiled) return compiled;
  const lexicon = loadLexicon<StanceLexicon>('stance-cues');
  const pattern = (words: string[]) =>
    new RegExp(
      `\\b(?:${[...words]
        .sort((a, b) => b.length - a.length)
        .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
        .join('|')})\\b`,
      'i',
    );
  compiled = {
    deny: new RegExp(pattern(lexicon.deny).source, 'gi'),
    // Patterns, not phrases: `lies \\d` ("the village lies 20 km from the border").
    notDeny: new RegExp(
      `^(?:${lexicon.denyExceptions.map((p) => p.replace(/ /g, '\\s+')).join('|')})\\b`,
      'i',
    ),
    // `killed without provocation`: a negator right before the cue describes, it does not reject.
    negated: new RegExp(`\\b(?:${(lexicon.negatedBy ?? []).join('|')})\\s+$`, 'i'),
    accuse: pattern(lexicon.accuse),
    hedge: pattern(lexicon.hedge),
    verbs: new Map(Object.entries(loadLexicon<CueLexicon>('speech-cues').verbs)),
  };
  return compiled;
}

/**
 * Turns attributions and quotations into claims with a stance: `deny` (`denied`, `rejected the
 * accusations as`, `not a single civilian`, `has nothing to do with`), `affirm` (accusations:
 * `accused`, `blamed`, `laid the blame`, `evidence of genocide`), `hedge` (`allegedly`,
 * `reportedly`, `could not be independently verified`) or `report` (plain attribution). A
 * denial outranks an accusation, which outranks a hedge. Each attribution's clause ends where the
 * next attribution in the sentence begins, so `X accused …, but Y rejected …` gives two claims.
 * Sentences in the reporter's own voice become claims only when they hedge. `about` is
 * left empty for the incident linker to fill.
 *
 * @example extractClaims(text, sentences, 'd1', quotes, attributions).map((c) => c.stance)
 */
export function extractClaims(
  text: string,
  sentences: readonly Sentence[],
  documentId: string,
  quotes: readonly Quote[],
  attributions: readonly Attribution[],
): Claim[] {
  const claims: Claim[] = [];
  const seen = new Set<string>();
  const add = (span: Span, claimant: string | null, stance: Stance, cue: string | null): void => {
    const key = `${span[0]}:${span[1]}:${claimant}:${stance}`;
    if (seen.has(key)) return;
    seen.add(key);
    claims.push({
      id: `${documentId}:c${claims.length + 1}`,
      documentId,
      span,
      text: text.slice(span[0], span[1]),
      claimant,
      stance,
      cue,
      about: [],
    });
  };
  const sorted = [...attributions].sort((a, b) => a.span[0] - b.span[0]);
  let next = 0;
  for (const sentence of sentences) {
    const [start, end] = sentence.span;
    const inSentence: Attribution[] = [];
    while (next < sorted.length && sorted[next]!.span[0] < end) {
      if (sorted[next]!.span[0] >= start) inSentence.push(sorted[next]!);
      next++;
    }
    if (inSentence.length === 0) {
      const quote = quotes.find(
        (item) => item.direct && item.span[0] >= start && item.span[0] < end && item.speaker,
      );
      const { stance, cue } = stanceOf(sentence.text, null);
      if (quote && quote.cue === null) add(sentence.span, quote.speaker, stance, cue);
      // In the reporter's own voice only a hedge is a claim: a denial needs someone who denies
      // ("not a single house was left standing" and "the town lies on a fault line" deny nothing).
      else {
        const hedged = compile().hedge.exec(sentence.text);
        if (hedged) add(sentence.span, null, 'hedge', hedged[0]);
      }
      continue;
    }
    inSentence.forEach((attribution, index) => {
      const following = inSentence[index + 1];
      const clauseStart = Math.max(start, Math.min(attribution.span[0], attribution.statement[0]));
      let clauseEnd = Math.min(end, Math.max(attribution.span[1], attribution.statement[1]));
      if (following && following.span[0] > attribution.span[1])
        clauseEnd = Math.min(clauseEnd, following.span[0]);
      if (clauseEnd <= clauseStart) clauseEnd = attribution.span[1];
      const span = trim(text, clauseStart, clauseEnd);
      const { stance, cue } = stanceOf(text.slice(span[0], span[1]), attribution.cue);
      // The claimant is who spoke: a named spokesperson rather than the organisation behind them.
      add(span, attribution.speaker ?? attribution.source, stance, cue ?? attribution.cue);
    });
  }
  return claims;
}

function stanceOf(clause: string, verb: string | null): { stance: Stance; cue: string | null } {
  const { deny, notDeny, negated, accuse, hedge, verbs } = compile();
  const verbStance = verb ? verbs.get(verb) : undefined;
  const denial = denialIn(clause, deny, notDeny, negated);
  if (verbStance === 'deny' || denial) return { stance: 'deny', cue: denial?.[0] ?? verb };
  const accusation = accuse.exec(clause);
  if (verbStance === 'affirm' || accusation) return { stance: 'affirm', cue: accusation?.[0] ?? verb };
  const hedged = hedge.exec(clause);
  if (verbStance === 'hedge' || hedged) return { stance: 'hedge', cue: hedged?.[0] ?? verb };
  return { stance: 'report', cue: null };
}

/** The first denial cue of `clause` that is not another use of the word ("staged a sit-in"). */
function denialIn(clause: string, deny: RegExp, notDeny: RegExp, negated: RegExp): RegExpExecArray | null {
  deny.lastIndex = 0;
  for (let m = deny.exec(clause); m; m = deny.exec(clause)) {
    if (notDeny.test(clause.slice(m.index, m.index + 40))) continue;
    if (negated.test(clause.slice(Math.max(0, m.index - 12), m.index))) continue;
    return m;
  }
  return null;
}

function trim(text: string, start: number, end: number): Span {
  while (start < end && /[\s,;:]/.test(text[start] ?? '')) start++;
  while (end > start && /[\s,;:]/.test(text[end - 1] ?? '')) end--;
  return [start, end];
}

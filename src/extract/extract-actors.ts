import type { ActorMention, Span } from '../core/types.js';
import { execAll, isPlainText, matchedGroup, ruleGroups, scanCapitals } from './exec-all.js';
import { type Gazetteer, loadGazetteer } from './gazetteer/load-gazetteer.js';
import { loadLexicon } from './load-lexicon.js';

type ActorKind = ActorMention['kind'];

interface ActorLexicon {
  forceNouns: string[];
  policeNouns: string[];
  governmentNouns: string[];
  backedNouns: string[];
  possessiveNouns: string[];
  contextual: { pattern: string; fallback: string };
  generic: { pattern: string; name: string; kind: ActorKind }[];
  organisations: { name: string; aliases: string[]; kind: ActorKind }[];
}

interface Compiled {
  /** Sticky: tried only at capital letters (`scanCapitals`). */
  national: RegExp;
  /** `national` for a plain text (`isPlainText`): global, ASCII. */
  nationalPlain: RegExp;
  backed: RegExp;
  possessive: RegExp;
  /** Necessary for a `possessive` match, and much cheaper to test (no capitalised-name scan). */
  mayBePossessive: RegExp;
  contextual: RegExp;
  fallback: string;
  generic: RegExp;
  genericRules: { name: string; kind: ActorKind }[];
  genericGroups: number[];
  organisations: RegExp;
  orgByAlias: Map<string, { name: string; kind: ActorKind }>;
  nounKind: Map<string, ActorKind>;
}

const alt = (words: string[]): string =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');

let compiled: Compiled | undefined;
function compile(): Compiled {
  if (compiled) return compiled;
  const lex = loadLexicon<ActorLexicon>('actors');
  const nounKind = new Map<string, ActorKind>();
  for (const n of lex.forceNouns) nounKind.set(n, 'military');
  for (const n of lex.policeNouns) nounKind.set(n, 'police');
  for (const n of lex.governmentNouns) nounKind.set(n, 'government');
  const orgByAlias = new Map<string, { name: string; kind: ActorKind }>();
  for (const o of lex.organisations) for (const a of o.aliases) orgByAlias.set(a.toLowerCase(), o);
  const cap = '\\p{Lu}[\\p{L}]+(?:-\\p{Lu}[\\p{L}]+)?';
  const capPlain = '[A-Z][A-Za-z]+(?:-[A-Z][A-Za-z]+)?';
  const generic = new RegExp(lex.generic.map((g, i) => `(?<g${i}>\\b(?:${g.pattern})\\b)`).join('|'), 'gi');
  compiled = {
    national: new RegExp(`\\b(${cap})\\s+(${alt([...nounKind.keys()])})\\b`, 'uy'),
    nationalPlain: new RegExp(`\\b(${capPlain})\\s+(${alt([...nounKind.keys()])})\\b`, 'g'),
    backed: new RegExp(`\\b(${cap})-backed\\s+(${alt(lex.backedNouns)})\\b`, 'gu'),
    possessive: new RegExp(`\\b(${cap}(?:\\s${cap})?)['’]s\\s+(${alt(lex.possessiveNouns)})\\b`, 'gu'),
    mayBePossessive: new RegExp(`['’]s\\s+(?:${alt(lex.possessiveNouns)})\\b`),
    contextual: new RegExp(`\\b(?:${lex.contextual.pattern})\\b`, 'gi'),
    fallback: lex.contextual.fallback,
    generic,
    genericRules: lex.generic,
    genericGroups: ruleGroups(generic.source, 'g'),
    organisations: new RegExp(`\\b(?:${alt(lex.organisations.flatMap((o) => o.aliases))})(?![\\p{L}])`, 'gu'),
    orgByAlias,
    nounKind,
  };
  return compiled;
}

/**
 * Finds actors and normalises them to stable names: "Russian troops", "Russian soldiers" and
 * "Moscow's forces" → `Russian forces`; "residents" → `civilians`; named organisations by their
 * aliases; "the invaders" → the document's most-mentioned state force.
 *
 * @example extractActors("Moscow's forces shelled the town.")[0]?.name // 'Russian forces'
 */
export function extractActors(text: string, gazetteer?: Gazetteer): ActorMention[] {
  const gaz = gazetteer ?? loadGazetteer();
  const c = compile();
  const out: ActorMention[] = [];
  const taken: Span[] = [];
  const free = (s: number, e: number): boolean => !taken.some(([a, b]) => s < b && e > a);
  const push = (span: Span, name: string, kind: ActorKind): void => {
    if (!free(span[0], span[1])) return;
    taken.push(span);
    out.push({ span, text: text.slice(span[0], span[1]), name, kind });
  };
  const countryOf = (word: string): string | null => {
    const dem = gaz.demonymCountry(word);
    if (dem) return dem;
    const hit = gaz.lookup(word).find((e) => e.kind === 'country' || e.feature === 'PPLC');
    return hit?.cc ?? null;
  };
  const adjective = (cc: string): string => gaz.demonym(cc) ?? gaz.country(cc)?.name ?? cc;
  const label = (cc: string, kind: ActorKind): string =>
    `${adjective(cc)} ${kind === 'police' ? 'police' : kind === 'government' ? 'government' : 'forces'}`;

  for (const m of execAll(c.organisations, text)) {
    const org = c.orgByAlias.get(m[0].toLowerCase());
    if (org) push([m.index, m.index + m[0].length], org.name, org.kind);
  }
  if (text.includes('-backed'))
    for (const m of execAll(c.backed, text)) {
      const cc = countryOf(m[1] ?? '');
      if (cc)
        push(
          [m.index, m.index + m[0].length],
          `${adjective(cc)}-backed ${(m[2] ?? '').toLowerCase()}`,
          'armed-group',
        );
    }
  if (c.mayBePossessive.test(text))
    for (const m of execAll(c.possessive, text)) {
      const cc = countryOf(m[1] ?? '');
      if (cc) push([m.index, m.index + m[0].length], label(cc, 'military'), 'military');
    }
  for (const m of isPlainText(text) ? execAll(c.nationalPlain, text) : scanCapitals(c.national, text)) {
    const dem = gaz.demonymCountry(m[1] ?? '');
    const kind = c.nounKind.get((m[2] ?? '').toLowerCase().replace(/\s+/g, ' '));
    if (dem && kind) push([m.index, m.index + m[0].length], label(dem, kind), kind);
  }
  // Anaphora ("the invaders") takes the most-mentioned state force named so far.
  const counts = new Map<string, number>();
  for (const a of out) if (a.kind === 'military') counts.set(a.name, (counts.get(a.name) ?? 0) + 1);
  const dominant = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  for (const m of execAll(c.contextual, text))
    push([m.index, m.index + m[0].length], dominant ?? c.fallback, 'military');
  // One pass for every generic noun; "Ukrainian police" was named above, so its "police" is skipped.
  for (const m of execAll(c.generic, text)) {
    const rule = c.genericRules[matchedGroup(m, c.genericGroups)];
    if (rule) push([m.index, m.index + m[0].length], rule.name, rule.kind);
  }
  return out.sort((a, b) => a.span[0] - b.span[0]);
}

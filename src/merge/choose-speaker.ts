import { readFileSync } from 'node:fs';
import type { OtherSpeaker, Quote } from '../core/types.js';
import { compatibleSpeakers, fullestName, mostCommon } from './group-quotes.js';
import { compareStrings } from './stable-id.js';

/** The speaker a ledger quote is given, its role, and the speakers other reports give it instead. */
export interface ChosenSpeaker {
  speaker: string | null;
  role: string | null;
  others: OtherSpeaker[];
}

const DETERMINER = /^(?:the|a|an|this|that|his|her|their|its|one|another)\s+/i;
const PREPOSITION = /\s(?:of|for|at|in|on|with|from|to|to the|representing)\s.*$/i;

/** A role as the ledger shows it: without a leading article (`the prosecutor` → `prosecutor`). */
export function cleanRole(role: string): string {
  return role.replace(/\s+/g, ' ').trim().replace(DETERMINER, '');
}

/**
 * The word a role is about, lower-cased: its last word before a preposition (`spokesman for the
 * harbour board` → `spokesman`, `Westford police chief` → `chief`, `Department for Roads and Bridges
 * spokesman` → `spokesman`). Two roles with the same head
 * describe one speaker as far as the reports let us tell.
 */
export function roleHead(role: string): string {
  const all = cleanRole(role).split(/\s+/);
  // `Department for Roads and Bridges spokesman`: a role word after a body's capitalised name.
  const afterName =
    all.length > 1 && /^\p{Ll}/u.test(all[all.length - 1]!) && /^\p{Lu}/u.test(all[all.length - 2]!);
  const words = (afterName ? all.join(' ') : cleanRole(role).replace(PREPOSITION, ''))
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  const head = (words[words.length - 1] ?? '').replace(/[^\p{L}\p{N}]/gu, '');
  return sameRole().get(head) ?? head;
}

/** The lower-cased words a role gives before its head word (`foreign minister` → `foreign`). */
function roleModifiers(role: string): string[] {
  const words = cleanRole(role)
    .replace(PREPOSITION, '')
    .toLowerCase()
    .split(/[\s-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  return words.slice(0, -1);
}

/**
 * Two roles can be one speaker's: the same head (`roleHead`), and when both qualify it, a
 * qualifier in common (`the foreign minister` is not `the defence minister`).
 */
export function sameRoleOf(a: string, b: string): boolean {
  if (roleHead(a) === '' || roleHead(a) !== roleHead(b)) return false;
  const x = roleModifiers(a);
  const y = new Set(roleModifiers(b));
  return x.length === 0 || y.size === 0 || x.some((w) => y.has(w));
}

let roleHeads: Map<string, string> | undefined;
/** Role words of one function → its head (`data/role-heads.json`). */
function sameRole(): Map<string, string> {
  if (!roleHeads) {
    const data = JSON.parse(readFileSync(new URL('../../data/role-heads.json', import.meta.url), 'utf8')) as {
      heads: Record<string, string[]>;
    };
    roleHeads = new Map(
      Object.entries(data.heads).flatMap(([head, forms]) => forms.map((f) => [f, head] as const)),
    );
  }
  return roleHeads;
}

interface Candidate {
  names: string[];
  roles: string[];
  documents: Set<string>;
  /** Documents that give the speaker only as a role this candidate's reports also give it. */
  support: Set<string>;
}

/** Capitalised words of a name without honorifics, lower-cased. */
const nameWords = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\s-]/gu, '')
    .split(/\s+/)
    .filter((w) => w !== '' && !/^(?:mr|mrs|ms|miss|dr|sir|lord|lady|dame)$/.test(w));

/**
 * Two names of one person: one contains the other, one is the other's first name or surname, or
 * both give the same first name and surname with a middle name in one only.
 */
function agree(a: string, b: string): boolean {
  if (compatibleSpeakers(a, b) || fullestName([a, b]) !== null) return true;
  const [x, y] = [nameWords(a), nameWords(b)];
  return x.length >= 2 && y.length >= 2 && x[0] === y[0] && x[x.length - 1] === y[y.length - 1];
}

/**
 * The speaker most reports support. Named mentions that agree (variants of one name: `Pike`, `Mr
 * Owen Pike`) are one candidate; mentions that give only a role (`the prosecutor`) are one
 * candidate per role head, and also support a named candidate whose reports give it the same role
 * (`sameRoleOf`). The named candidate with the most supporting documents wins (ties: more named
 * documents, then the more complete name, then the name given first); role-only mentions never
 * displace a name, and win (speaker null, with that role) only when no report names anyone. Every
 * other candidate is kept as an `OtherSpeaker`, so a disagreement between reports stays visible
 * instead of the fullest name winning whether right or wrong.
 *
 * @example chooseSpeaker([a prosecutor's quote in 2 reports, the same words given to Jo Doe in 1]).speaker // 'Jo Doe'
 */
export function chooseSpeaker(quotes: readonly Quote[]): ChosenSpeaker {
  const named = quotes.filter((q): q is Quote & { speaker: string } => !!q.speaker);
  // Fullest names first so a surname joins the person it is the surname of.
  const distinct = [...new Set(named.map((q) => q.speaker))].sort(
    (a, b) => b.split(/\s+/).length - a.split(/\s+/).length || compareStrings(a, b),
  );
  const people: Candidate[] = [];
  const personOf = new Map<string, Candidate>();
  for (const name of distinct) {
    const fits = people.filter((p) => agree(p.names[0] as string, name));
    const size = (p: Candidate) => named.filter((q) => p.names.includes(q.speaker)).length;
    const person = fits.sort((a, b) => size(b) - size(a))[0];
    if (person) person.names.push(name);
    else people.push({ names: [name], roles: [], documents: new Set(), support: new Set() });
    personOf.set(name, person ?? (people[people.length - 1] as Candidate));
  }
  for (const q of named) {
    const person = personOf.get(q.speaker) as Candidate;
    person.documents.add(q.documentId);
    person.support.add(q.documentId);
    if (q.speakerRole) person.roles.push(cleanRole(q.speakerRole));
  }
  const roles = new Map<string, Candidate>();
  for (const q of quotes) {
    if (q.speaker || !q.speakerRole) continue;
    const head = roleHead(q.speakerRole);
    if (head === '') continue;
    const role = roles.get(head) ?? { names: [], roles: [], documents: new Set(), support: new Set() };
    role.roles.push(cleanRole(q.speakerRole));
    role.documents.add(q.documentId);
    role.support.add(q.documentId);
    roles.set(head, role);
    const given = q.speakerRole;
    for (const person of people)
      if (person.roles.some((r) => sameRoleOf(r, given))) person.support.add(q.documentId);
  }
  const candidates = [...people, ...roles.values()];
  if (candidates.length === 0) return { speaker: null, role: null, others: [] };
  const nameOf = (c: Candidate) =>
    c.names.length === 0 ? null : (fullestName(c.names) ?? mostCommonName(c, named));
  // Where a candidate is first given in the quotes' order (the caller's, deterministic).
  const firstAt = (c: Candidate) => {
    const at = quotes.findIndex((q) =>
      q.speaker ? c.names.includes(q.speaker) : c.names.length === 0 && c.documents.has(q.documentId),
    );
    return at < 0 ? quotes.length : at;
  };
  const ranked = candidates
    .map((c) => ({ c, name: nameOf(c) }))
    .sort(
      (a, b) =>
        b.c.support.size - a.c.support.size ||
        Number(b.name !== null) - Number(a.name !== null) ||
        b.c.documents.size - a.c.documents.size ||
        // Two people equally supported: the more complete name, then the one given first.
        (b.name ?? '').split(/\s+/).length - (a.name ?? '').split(/\s+/).length ||
        firstAt(a.c) - firstAt(b.c) ||
        compareStrings(a.name ?? a.c.roles[0] ?? '', b.name ?? b.c.roles[0] ?? ''),
    );
  // Role-only mentions do not displace a name: a report naming the speaker is more than reports
  // giving only a role, unless they support another name (then that name leads on its own).
  const firstNamed = ranked.findIndex(({ name }) => name !== null);
  if (firstNamed > 0) ranked.unshift(...ranked.splice(firstNamed, 1));
  const [best, ...rest] = ranked as [(typeof ranked)[number], ...typeof ranked];
  return {
    speaker: best.name,
    role: mostCommon(best.c.roles),
    others: rest
      // A role the winner's own reports also give it is no disagreement.
      .filter(({ c, name }) => name !== null || ![...c.documents].every((d) => best.c.support.has(d)))
      .map(({ c, name }) => ({
        speaker: name,
        role: mostCommon(c.roles),
        documents: [...c.documents].sort(compareStrings),
      })),
  };
}

/** The name form most of a candidate's mentions use (when its names are not all forms of the fullest). */
function mostCommonName(c: Candidate, named: readonly (Quote & { speaker: string })[]): string | null {
  return mostCommon(named.filter((q) => c.names.includes(q.speaker)).map((q) => q.speaker));
}

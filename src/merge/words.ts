import { readFileSync } from 'node:fs';

interface WordLists {
  function: string[];
  negation: string[];
  subgroups: string[];
  tollNouns: string[];
  munitions: string[];
  places: string[];
  separateIncident: string;
  reportWords: string[];
  unrealisedDeath: string[];
  notDeathAfter: string[];
  deathWords: string;
}

const lists = JSON.parse(
  readFileSync(new URL('../../data/merge-words.json', import.meta.url), 'utf8'),
) as WordLists;

const functionWords = new Set(lists.function);
const negations = new Set(lists.negation);
const subgroups = new Set(lists.subgroups);
const tollNouns = new Set(lists.tollNouns);
const munitions = new Set(lists.munitions);
const places = new Set(lists.places);
const separateIncident = new RegExp(lists.separateIncident, 'i');
const reportWords = new Set(lists.reportWords);
const unrealisedDeath = new Set(lists.unrealisedDeath);
const notDeathAfter = new Set(lists.notDeathAfter);
const deathWords = new RegExp(lists.deathWords, 'i');

/**
 * A death word ("died", "his death", "was killed") told as having happened: not negated or
 * unrealised in the words before it ("no one died", "attempted murder", "could have been killed"),
 * nor a noun phrase of something else after it ("death threats").
 */
export function isToldDeath(trigger: string, before: string, after: string): boolean {
  if (!deathWords.test(trigger.trim())) return false;
  const prior = words(before).slice(-4);
  // "could cause death" is unrealised; "the cause of death" says a death happened.
  const unrealised = (w: string, i: number): boolean =>
    unrealisedDeath.has(w) && !(w === 'cause' && prior[i + 1] === 'of');
  if (prior.some((w, i) => negations.has(w) || unrealised(w, i))) return false;
  // "may have died" is unrealised; "In May, the boy died" names a month (written capitalised).
  if (/\bmay\b/.test(before.split(/\s+/).slice(-5).join(' '))) return false;
  const next = words(after)[0];
  return next === undefined || !notDeathAfter.has(next);
}

/**
 * A counted noun naming part of the victims (children, women, patients; for deaths also "of the
 * wounded"), not all of them. For an injured figure, "wounded" and "injured" are the toll itself.
 */
export function isSubgroup(counted: string | null, field: 'killed' | 'injured' = 'killed'): boolean {
  if (counted === null) return false;
  if (field === 'injured' && (counted === 'wounded' || counted === 'injured')) return false;
  // Weapons counted ("three shells landed") are no victims at all.
  return subgroups.has(counted) || munitions.has(counted);
}

/** A counted group of people ("children", "women"), not a weapon ("shells"). */
export function isVictimGroup(counted: string | null): boolean {
  return counted !== null && subgroups.has(counted) && counted !== 'wounded' && counted !== 'injured';
}

/** A clause told as another incident than those around it ("In another incident, gunmen …"). */
export function isSeparateIncident(clause: string): boolean {
  return separateIncident.test(clause);
}

/** A counted noun that counts places ("more than 30 towns"): the area a report covers, not an incident's size. */
export function isPlaceNoun(counted: string | null): boolean {
  return counted !== null && places.has(counted);
}

/** A counted noun that makes a bare count a death toll ("the dead", "deaths"). */
export function isTollNoun(counted: string | null): boolean {
  return counted === null || tollNouns.has(counted);
}

/** Lowercased words of a text: letters, digits, apostrophes and inner hyphens; quotes and punctuation dropped. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .match(/[\p{L}\p{N}]+(?:['\-.][\p{L}\p{N}]+)*/gu) ?? []
  );
}

/** Normalised form used to compare quotations (Quotebank: lowercase, punctuation stripped). */
export function normaliseText(text: string): string {
  return words(text).join(' ');
}

export function isFunctionWord(word: string): boolean {
  return functionWords.has(word);
}

export function isNegation(word: string): boolean {
  return negations.has(word) || word.endsWith("n't");
}

/** Content words: not function words, not negations. Numbers count as content. */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => !isFunctionWord(w) && !isNegation(w));
}

/**
 * A word any report of a violent incident uses whatever incident it tells ("shot", "scene",
 * "police", "Thursday"): sharing it says two reports tell the same kind of incident, not the same one.
 */
export function isReportWord(word: string): boolean {
  return reportWords.has(word);
}

/** |A ∩ B| / min(|A|, |B|) over word sets; 0 when either is empty. */
export function overlapCoefficient(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const sa = new Set(a);
  const sb = new Set(b);
  let shared = 0;
  for (const w of sa) if (sb.has(w)) shared += 1;
  return shared / Math.min(sa.size, sb.size);
}

/** |A ∩ B| / min(|A|, |B|) over precomputed sets. */
export function setOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const w of small) if (large.has(w)) shared += 1;
  return shared / small.size;
}

/** Word-level Levenshtein distance. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** Index of `needle` as a contiguous run inside `hay`, or -1. */
export function indexOfRun(hay: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0 || needle.length > hay.length) return -1;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

import { isPersonNoun } from '../extract/check-speaker.js';
import { loadCountries } from '../extract/gazetteer/load-countries.js';
import { compareStrings } from './stable-id.js';

/**
 * Words that name no one on their own: honorifics and courtesy titles before a name, post-nominal
 * letters after it. Two forms of one name that differ only by these are one person.
 */
const HONORIFIC = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'prof',
  'professor',
  'sir',
  'dame',
  'lady',
  'lord',
  // Styles of the peerage (`Baroness Keel`): a courtesy title, never a first name.
  'baron',
  'baroness',
  'viscount',
  'viscountess',
  'marquess',
  'marchioness',
  'countess',
  'duchess',
  'rev',
]);
const POST_NOMINAL = new Set(['qc', 'kc', 'mp', 'mep', 'msp', 'obe', 'mbe', 'cbe', 'jr', 'sr']);
/** Lower-case particles inside surnames (`van Pike`, `Al Tamimi`, `de Brindle`). */
const PARTICLE = new Set([
  'van',
  'von',
  'de',
  'da',
  'del',
  'della',
  'der',
  'den',
  'di',
  'du',
  'la',
  'le',
  'al',
  'el',
  'bin',
  'ibn',
]);

/** The words of a person's name without honorifics and post-nominals, or null when it is not a name. */
export function nameKey(speaker: string): string[] | null {
  const raw = speaker.normalize('NFKD').replace(/\p{M}/gu, '').split(/\s+/).filter(Boolean);
  const words: string[] = [];
  for (const token of raw) {
    const word = token.replace(/[.,’']/g, '');
    if (word === '') continue;
    const lower = word.toLowerCase();
    // A name is capitalised words (and particles): a lower-case word makes it a description.
    if (!/^\p{Lu}/u.test(word) && !PARTICLE.has(lower)) return null;
    if (lower === 'and' || word === '&') return null;
    words.push(lower);
  }
  while (words.length > 0 && HONORIFIC.has(words[0]!)) words.shift();
  while (words.length > 0 && POST_NOMINAL.has(words[words.length - 1]!)) words.pop();
  return words.length > 0 ? words : null;
}

/** Damerau–Levenshtein distance at most one (one letter added, dropped, changed or swapped). */
function nearlySame(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

/**
 * `Petro Ostapenko` / `Petro Ostapenkko`, `Ali Tamimi` / `Ali Al Tamimi`: the same full first name
 * and the same surname, or one letter apart in a surname long enough to carry it. An initial is
 * never the same person here (see `canonicalSpeakers`): `J Doe` could be `John` or `Jane`.
 */
function samePerson(a: string[], b: string[]): boolean {
  const [firstA, lastA, firstB, lastB] = [a[0]!, a[a.length - 1]!, b[0]!, b[b.length - 1]!];
  if (firstA !== firstB) return false;
  if (lastA === lastB) return true;
  if (firstA.length === 1) return false;
  return (
    a.length === b.length &&
    lastA.length >= VARIANT_LETTERS &&
    lastB.length >= VARIANT_LETTERS &&
    nearlySame(lastA, lastB)
  );
}
/** Letters a surname needs before a one-letter variant of it may be the same person's. */
const VARIANT_LETTERS = 6;

const FEMALE = /^(?:Mrs|Ms|Miss|Lady|Dame|Baroness|Viscountess|Marchioness|Countess|Duchess)\b/;

/**
 * One canonical speaker per person across a ledger: every form of a name (`Tamimi`, `Mr Al
 * Tamimi`, `Ali Tamimi`, `Ali Al Tamimi`; `Tom Brindle QC`; `Dr Ruth Marsh`, `Marsh`; a one-letter
 * spelling difference in a surname of 6 letters or more; an initial for a first name when exactly
 * one full first name of the ledger fits it) maps to the form the reports use most among the
 * fullest ones. A surname alone, or a name after a leading label (`Golden Boot Jo Doe`), is mapped
 * only when exactly one person of the ledger bears it.
 * Descriptions and organisations (any lower-case word) are left as they are. `counts` is how many
 * quotes give each speaker. Returns only the speakers whose canonical form differs.
 *
 * @example canonicalSpeakers(new Map([['Marsh', 1], ['Dr Ruth Marsh', 2]])).get('Marsh') // 'Dr Ruth Marsh'
 */
export function canonicalSpeakers(counts: ReadonlyMap<string, number>): Map<string, string> {
  const names = [...counts.keys()]
    .sort(compareStrings)
    .map((speaker) => ({ speaker, key: nameKey(speaker), count: counts.get(speaker) ?? 0 }))
    .filter((n): n is { speaker: string; key: string[]; count: number } => n.key !== null);
  // Full names: a first name and a surname at least, not opening with a particle (`Al Tamimi`).
  const full = names.filter((n) => n.key.length >= 2 && !PARTICLE.has(n.key[0]!));
  // Disjoint sets of the full names by index, each represented by its smallest index.
  const parent = Int32Array.from(full, (_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    for (let node = i; node !== r; ) {
      const next = parent[node] as number;
      parent[node] = r;
      node = next;
    }
    return r;
  };
  const join = (i: number, j: number): void => {
    const [a, b] = [root(i), root(j)];
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
  };
  const bySurname = new Map<string, number[]>();
  full.forEach((n, i) => {
    const last = n.key[n.key.length - 1]!;
    const list = bySurname.get(last);
    if (list) list.push(i);
    else bySurname.set(last, [i]);
  });
  // Same surname, or a one-letter variant of it with the same first letter. Two surnames one
  // substitution, insertion, deletion or swap of neighbours apart share a form with one letter
  // left out, so only surnames sharing such a form are compared (not every pair: the ledger's
  // speakers and claimants run to tens of thousands).
  const surnames = [...bySurname.keys()].sort(compareStrings);
  const byForm = new Map<string, number[]>();
  surnames.forEach((surname, s) => {
    // Only surnames long enough to carry a variant (`samePerson`) have variants to find.
    if (surname.length < VARIANT_LETTERS) return;
    const forms = new Set([surname]);
    for (let c = 0; c < surname.length; c++) forms.add(surname.slice(0, c) + surname.slice(c + 1));
    for (const form of forms) {
      const list = byForm.get(form);
      if (list) list.push(s);
      else byForm.set(form, [s]);
    }
  });
  const compared = new Set<string>();
  const compare = (s: number, k: number) => {
    const surname = surnames[s]!;
    const other = surnames[k]!;
    if (other[0] !== surname[0]) return;
    if (other !== surname && !nearlySame(surname, other)) return;
    for (const i of bySurname.get(surname)!)
      for (const j of bySurname.get(other)!) if (i < j && samePerson(full[i]!.key, full[j]!.key)) join(i, j);
  };
  for (let s = 0; s < surnames.length; s++) compare(s, s);
  for (const list of byForm.values()) {
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const [s, k] = [list[x]!, list[y]!];
        const pair = `${s}:${k}`;
        if (compared.has(pair)) continue;
        compared.add(pair);
        compare(s, k);
      }
  }
  // `J Doe`: an initial joins the full names it fits only when they all share one first name
  // (`John Doe` and `Jane Doe` leave it alone, so two people are never merged through it).
  full.forEach((n, i) => {
    const first = n.key[0]!;
    if (first.length !== 1) return;
    const last = n.key[n.key.length - 1]!;
    const fits = (bySurname.get(last) ?? []).filter((j) => {
      const other = full[j]!.key[0]!;
      return other.length > 1 && other.startsWith(first);
    });
    if (new Set(fits.map((j) => full[j]!.key[0]!)).size !== 1) return;
    for (const j of fits) join(i, j);
  });
  const clusters = new Map<number, number[]>();
  full.forEach((_, i) => {
    const r = root(i);
    const list = clusters.get(r);
    if (list) list.push(i);
    else clusters.set(r, [i]);
  });
  const canonicalOf = new Map<number, { speaker: string; keys: string[][]; female: boolean; size: number }>();
  for (const [r, members] of clusters) {
    const best = [...members].sort((x, y) => {
      const a = full[x]!;
      const b = full[y]!;
      return (
        b.key.length - a.key.length ||
        b.count - a.count ||
        b.speaker.length - a.speaker.length ||
        compareStrings(a.speaker, b.speaker)
      );
    })[0]!;
    canonicalOf.set(r, {
      speaker: full[best]!.speaker,
      keys: members.map((i) => full[i]!.key),
      female: members.some((i) => FEMALE.test(full[i]!.speaker)),
      size: members.length,
    });
  }
  const out = new Map<string, string>();
  full.forEach((n, i) => {
    const canonical = canonicalOf.get(root(i))!.speaker;
    if (canonical !== n.speaker) out.set(n.speaker, canonical);
  });
  // Short forms and labelled forms: the one cluster whose names end with them, or that they end with.
  // Clusters by speaker, by each name's words, and by each name's shorter endings: each look-up
  // below reads the clusters that can match instead of every cluster (the ledger's speakers and
  // claimants run to tens of thousands).
  type Cluster = NonNullable<ReturnType<typeof canonicalOf.get>>;
  const text = (words: readonly string[]) => words.join('\u0000');
  const bySpeaker = new Map<string, Cluster>();
  const byKey = new Map<string, Set<Cluster>>();
  const byEnding = new Map<string, Set<Cluster>>();
  const file = (index: Map<string, Set<Cluster>>, key: string, c: Cluster) => {
    const set = index.get(key);
    if (set) set.add(c);
    else index.set(key, new Set([c]));
  };
  for (const c of canonicalOf.values()) {
    if (!bySpeaker.has(c.speaker)) bySpeaker.set(c.speaker, c);
    for (const k of c.keys) {
      file(byKey, text(k), c);
      for (let length = 1; length < k.length; length++) file(byEnding, text(k.slice(k.length - length)), c);
    }
  }
  for (const n of names) {
    if (out.has(n.speaker)) continue;
    const isFull = n.key.length >= 2 && !PARTICLE.has(n.key[0]!);
    // `Staff`, `Commission`: a word that names people or a body is not a surname here.
    if (n.key.length === 1 && isPersonNoun(n.key[0]!)) continue;
    // `Mrs Doe` is not `John Doe`: a woman's honorific maps only to a cluster a woman's honorific names.
    const female = FEMALE.test(n.speaker);
    const matches = new Set<Cluster>();
    if (isFull) {
      // A full name with more words than a cluster's name that ends with it (`Ali Al Tamimi`).
      const own = bySpeaker.get(n.speaker);
      if (own?.size === 1 && n.key.length >= 3)
        for (let length = 2; length < n.key.length; length++)
          for (const c of byKey.get(text(n.key.slice(n.key.length - length))) ?? [])
            if (c !== own) matches.add(c);
    } else {
      // A short form: the clusters with a longer name ending with it.
      for (const c of byEnding.get(text(n.key)) ?? []) if (!female || c.female) matches.add(c);
    }
    const [only] = matches;
    if (matches.size === 1 && only && only.speaker !== n.speaker) out.set(n.speaker, only.speaker);
  }
  // One body's name forms (`Ruritania's Interior Ministry`, `Ruritanian Interior Ministry`, `the
  // Ruritanian interior ministry`): the form the reports use most.
  const bodies = new Map<string, string[]>();
  for (const speaker of [...counts.keys()].sort(compareStrings)) {
    const key = bodyKey(speaker);
    if (!key) continue;
    const forms = bodies.get(key);
    if (forms) forms.push(speaker);
    else bodies.set(key, [speaker]);
  }
  for (const forms of bodies.values()) {
    if (forms.length < 2) continue;
    // The most used form; of forms used as often, one written as a name (`Interior Ministry`).
    const capitals = (form: string) => form.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word)).length;
    const best = [...forms].sort(
      (a, b) =>
        (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || capitals(b) - capitals(a) || compareStrings(a, b),
    )[0]!;
    for (const form of forms) if (form !== best) out.set(form, best);
  }
  return out;
}

/**
 * A body named after its country, whichever way the country is written: `Ruritania's Defence
 * Ministry` and `Ruritanian defence ministry` are both `RU|defence ministry`. Null for anything
 * else, and for a person (`Ruritanian President Ann Cole` is parsed to her name before this).
 */
function bodyKey(speaker: string): string | null {
  const words = speaker
    .replace(/[’‘]/g, "'")
    .replace(/^the\s+/i, '')
    .split(/\s+/);
  if (words.length < 2) return null;
  const rest = words.slice(1);
  const countries = loadCountries();
  const first = words[0]!;
  const possessive = /^(\p{Lu}[\p{L}.-]*)'s$/u.exec(first);
  const cc = possessive ? countries.named(possessive[1]!) : null;
  // Keyed by the demonym: a demonym may name several territories, a country has one.
  const demonym = cc
    ? countries.demonym(cc)
    : /^\p{Lu}/u.test(first) && countries.demonymCountry(first) !== null
      ? first
      : null;
  // Most speakers open with no country at all: the test for a person's name below is then not needed.
  if (!demonym) return null;
  // The rest names the body in lower case or as a title; a name in it (`Ruritanian Ann Cole`) is a person.
  if (nameKey(rest.join(' ')) !== null && rest.every((word) => !isPersonNoun(word))) return null;
  return `${demonym.toLowerCase()}|${rest.join(' ').toLowerCase()}`;
}

import { type Lexicon, loadLexicon } from './lexicon.js';
import { stem } from './stem.js';
import type { Token } from './tokenize.js';

/**
 * What a word means for matching. `stop` words are kept (PAN keeps them: function words carry the
 * phrasing of a sentence) but weigh little; `number` and `name` are facts, which independent
 * reports share, so they are used to check agreement rather than as evidence of copying.
 */
export type TermKind = 'stop' | 'content' | 'number' | 'name';

export interface Term {
  /** Canonical form: digits for numbers, full month names, stem of the synonym group head. */
  term: string;
  kind: TermKind;
}

/**
 * Canonical terms of a token sequence. `sentenceStart[i]` tells whether token `i` opens a
 * sentence (a capital there is not evidence of a name).
 */
export function toTerms(
  tokens: readonly Token[],
  sentenceStart?: (i: number) => boolean,
  lexicon: Lexicon = loadLexicon(),
): Term[] {
  const out: Term[] = new Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    out[i] = termOf(t, sentenceStart ? sentenceStart(i) : i === 0, lexicon);
  }
  return out;
}

/** A token's canonical term with the hashes of its folded form and of the term. */
export interface TermEntry {
  term: Term;
  normHash: number;
  termHash: number;
}

interface Caches {
  plain: Map<string, TermEntry>;
  name: Map<string, TermEntry>;
}

const caches = new WeakMap<Lexicon, Caches>();

/**
 * The canonical term of a token, memoised per lexicon (one map lookup per token: vocabularies
 * are small next to corpora). `hash` hashes words (the caller's seeded word hash).
 */
export function termEntry(
  t: Token,
  atSentenceStart: boolean,
  lexicon: Lexicon,
  hash: (w: string) => number,
): TermEntry {
  return termResolver(lexicon, hash)(t, atSentenceStart);
}

const resolvers = new WeakMap<Lexicon, WeakMap<(w: string) => number, TermResolver>>();

export type TermResolver = (t: Token, atSentenceStart: boolean) => TermEntry;

/** `termEntry` with the lexicon's memo resolved once (call it per token in a loop). */
export function termResolver(lexicon: Lexicon, hash: (w: string) => number): TermResolver {
  let byHash = resolvers.get(lexicon);
  if (!byHash) {
    byHash = new WeakMap();
    resolvers.set(lexicon, byHash);
  }
  let resolve = byHash.get(hash);
  if (!resolve) {
    let c = caches.get(lexicon);
    if (!c) {
      c = { plain: new Map(), name: new Map() };
      caches.set(lexicon, c);
    }
    const { plain, name } = c;
    resolve = (t, atSentenceStart) => {
      const map = t.capital && !atSentenceStart ? name : plain;
      let e = map.get(t.norm);
      if (e === undefined) {
        const term = computeTerm(t, atSentenceStart, lexicon);
        e = { term, normHash: hash(t.norm), termHash: hash(term.term) };
        if (map.size < 1_000_000) map.set(t.norm, e);
      }
      return e;
    };
    byHash.set(hash, resolve);
  }
  return resolve;
}

export function termOf(t: Token, atSentenceStart: boolean, lexicon: Lexicon): Term {
  return computeTerm(t, atSentenceStart, lexicon);
}

function computeTerm(t: Token, atSentenceStart: boolean, lexicon: Lexicon): Term {
  const w = t.norm;
  if (/^\d[\d.]*$/.test(w)) return { term: w, kind: 'number' };
  const n = lexicon.numbers.get(w);
  if (n !== undefined) return { term: String(n), kind: 'number' };
  const month = lexicon.months.get(w);
  if (month !== undefined) return { term: month, kind: 'content' };
  if (lexicon.stopwords.has(w)) return { term: w, kind: 'stop' };
  const base = stem(lexicon.irregular.get(w) ?? w);
  if (t.capital && !atSentenceStart && !lexicon.synonyms.has(base)) return { term: base, kind: 'name' };
  return { term: lexicon.synonyms.get(base) ?? base, kind: 'content' };
}

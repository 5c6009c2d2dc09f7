import { type Lexicon, loadLexicon } from './lexicon.js';
import { stem } from './stem.js';
import type { Token } from './tokenize.js';

/**
 * What a word means for matching. `stop` words are kept (PAN keeps them: function words carry the
 * phrasing of a sentence) but weigh little; `number` and `name` are facts, which independent
 * reports share, so they are used to check agreement rather than as evidence of copying.
 */
export type TermKind = 'stop' | 'content' | 'number' | 'name';

/** Small-integer codes of the term kinds (`PreparedText.kinds`), for loops over typed arrays. */
export const KIND_CODE: Readonly<Record<TermKind, number>> = { stop: 0, content: 1, number: 2, name: 3 };

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

/** Terms memoised beyond this many distinct words per table are computed each time instead. */
const MAX_WORDS = 1_000_000;

/**
 * Memo of canonical terms by folded word, in flat typed arrays rather than a `Map` of strings to
 * objects: a lookup hashes the word's characters, probes an `Int32Array` of slots and compares
 * the characters with a pool of code units, and the caller copies the hashes out of typed arrays.
 * A `Map` lookup reached three scattered heap objects per token (bucket, key string, entry), and
 * preparing a text was bound by those cache misses (half of the preparation time at 1M documents).
 */
export class TermTable {
  /** Canonical term of each entry (shared objects: the caller stores the reference only). */
  readonly terms: Term[] = [];
  normHash = new Uint32Array(1024);
  termHash = new Uint32Array(1024);
  /** `KIND_CODE` of each entry's term. */
  kind = new Uint8Array(1024);
  size = 0;
  /** Open addressing: slot `s` holds the word's hash at `2s` and its entry + 1 at `2s + 1`. */
  private slots = new Int32Array(8192);
  private keyHash = new Int32Array(1024);
  private keyStart = new Int32Array(1024);
  private keyLength = new Int32Array(1024);
  private pool = new Uint16Array(8192);
  private poolLength = 0;

  constructor(
    private readonly lexicon: Lexicon,
    private readonly hash: (w: string) => number,
  ) {}

  /** Entry of `t.norm` (computed and stored on first sight), or -1 when the table is full. */
  lookup(t: Token, atSentenceStart: boolean): number {
    const w = t.norm;
    const n = w.length;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
    h ^= h >>> 15;
    const slots = this.slots;
    const mask = (slots.length >>> 1) - 1;
    let s = h & mask;
    for (;;) {
      const id = slots[2 * s + 1] as number;
      if (id === 0) break;
      const e = id - 1;
      if (slots[2 * s] === h && this.keyLength[e] === n && this.sameChars(e, w)) return e;
      s = (s + 1) & mask;
    }
    if (this.size >= MAX_WORDS) return -1;
    const e = this.size++;
    if (e === this.normHash.length) this.growEntries();
    const term = computeTerm(t, atSentenceStart, this.lexicon);
    this.terms.push(term);
    this.normHash[e] = this.hash(w);
    this.termHash[e] = this.hash(term.term);
    this.kind[e] = KIND_CODE[term.kind];
    this.keyHash[e] = h;
    this.keyLength[e] = n;
    this.keyStart[e] = this.poolLength;
    if (this.poolLength + n > this.pool.length) {
      const pool = new Uint16Array(Math.max(this.pool.length * 2, this.poolLength + n));
      pool.set(this.pool);
      this.pool = pool;
    }
    for (let i = 0; i < n; i++) this.pool[this.poolLength++] = w.charCodeAt(i);
    slots[2 * s] = h;
    slots[2 * s + 1] = e + 1;
    if (this.size * 4 > this.slots.length) this.rehash();
    return e;
  }

  private sameChars(e: number, w: string): boolean {
    const start = this.keyStart[e] as number;
    for (let i = 0; i < w.length; i++) if (this.pool[start + i] !== w.charCodeAt(i)) return false;
    return true;
  }

  private growEntries(): void {
    const grow = <T extends Uint32Array | Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.normHash = grow(this.normHash);
    this.termHash = grow(this.termHash);
    this.kind = grow(this.kind);
    this.keyHash = grow(this.keyHash);
    this.keyStart = grow(this.keyStart);
    this.keyLength = grow(this.keyLength);
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = (slots.length >>> 1) - 1;
    for (let e = 0; e < this.size; e++) {
      const h = this.keyHash[e] as number;
      let s = h & mask;
      while (slots[2 * s + 1] !== 0) s = (s + 1) & mask;
      slots[2 * s] = h;
      slots[2 * s + 1] = e + 1;
    }
    this.slots = slots;
  }
}

/** The two memo tables of a lexicon and word hash: words read as names, and all other words. */
export interface TermTables {
  plain: TermTable;
  name: TermTable;
}

const tables = new WeakMap<Lexicon, WeakMap<(w: string) => number, TermTables>>();

/** The memo tables of `lexicon` and `hash`, shared by every text prepared with them. */
export function termTables(lexicon: Lexicon, hash: (w: string) => number): TermTables {
  let byHash = tables.get(lexicon);
  if (!byHash) {
    byHash = new WeakMap();
    tables.set(lexicon, byHash);
  }
  let t = byHash.get(hash);
  if (!t) {
    t = { plain: new TermTable(lexicon, hash), name: new TermTable(lexicon, hash) };
    byHash.set(hash, t);
  }
  return t;
}

/**
 * The canonical term of a token, memoised per lexicon (one table lookup per token: vocabularies
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

export type TermResolver = (t: Token, atSentenceStart: boolean) => TermEntry;

/** `termEntry` with the lexicon's memo resolved once (call it per token in a loop). */
export function termResolver(lexicon: Lexicon, hash: (w: string) => number): TermResolver {
  const { plain, name } = termTables(lexicon, hash);
  return (t, atSentenceStart) => {
    const table = t.capital && !atSentenceStart ? name : plain;
    const e = table.lookup(t, atSentenceStart);
    if (e < 0) {
      const term = computeTerm(t, atSentenceStart, lexicon);
      return { term, normHash: hash(t.norm), termHash: hash(term.term) };
    }
    return {
      term: table.terms[e] as Term,
      normHash: table.normHash[e] as number,
      termHash: table.termHash[e] as number,
    };
  };
}

export function termOf(t: Token, atSentenceStart: boolean, lexicon: Lexicon): Term {
  return computeTerm(t, atSentenceStart, lexicon);
}

/** The canonical term of a token, computed (not memoised). */
export function computeTerm(t: Token, atSentenceStart: boolean, lexicon: Lexicon): Term {
  const w = t.norm;
  if (/^\d[\d.]*$/.test(w)) return { term: w, kind: 'number' };
  const n = lexicon.numbers.get(w);
  if (n !== undefined) return { term: String(n), kind: 'number' };
  const month = lexicon.months.get(w);
  if (month !== undefined) return { term: month, kind: 'content' };
  const glued = numberWithUnit(w, lexicon);
  if (glued !== undefined) return { term: glued, kind: 'number' };
  if (lexicon.stopwords.has(w)) return { term: w, kind: 'stop' };
  const base = stem(lexicon.irregular.get(w) ?? w);
  if (t.capital && !atSentenceStart) {
    // "Dunmore, Herts" in one report, "Dunmore, Hertfordshire" in another: one name.
    const region = lexicon.regions.get(w);
    if (region !== undefined) return { term: stem(region), kind: 'name' };
    if (!lexicon.synonyms.has(base)) return { term: base, kind: 'name' };
  }
  return { term: lexicon.synonyms.get(base) ?? base, kind: 'content' };
}

/** A number glued to its unit as the tokenizer folds it: `24-hour` → `24hour`, `3.5million`, `6ft`. */
const NUMBER_WITH_UNIT = /^(\d[\d.]*?)\.?[a-z]+$/;
/** A compound age in words: `three-year-old` → `threeyearold`. */
const WORDED_AGE = /^([a-z]+?)(?:year|month|week|day)s?old$/;

/**
 * The number at the head of a word that joins it to its unit (`29-year-old` → `29`, `£3.5million`
 * → `3.5`, `three-month-old` → `3`), or `undefined`. One report writes "a 29-year-old man" or
 * "£3.5million", another "Kelby, 29," or "£3.5 million": read as one word, the number was a
 * content term that no other wording matches, and was missing from the facts the reports share.
 */
function numberWithUnit(w: string, lexicon: Lexicon): string | undefined {
  const digits = NUMBER_WITH_UNIT.exec(w);
  if (digits) return digits[1] as string;
  const words = WORDED_AGE.exec(w);
  if (!words) return undefined;
  const v = lexicon.numbers.get(words[1] as string);
  return v === undefined ? undefined : String(v);
}

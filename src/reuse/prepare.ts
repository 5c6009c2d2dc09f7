import { hashString } from './hash.js';
import { type Lexicon, loadLexicon } from './lexicon.js';
import { duplicateHash } from './normalize.js';
import { quotedMasks } from './quotes.js';
import { splitTokenSentences, type TokenSentence } from './sentences.js';
import { computeTerm, KIND_CODE, type Term, termTables } from './terms.js';
import { type Token, tokenize } from './tokenize.js';

/** Everything the reuse stage derives from one text, computed once and shared by all comparisons. */
export interface PreparedText {
  text: string;
  tokens: Token[];
  terms: Term[];
  /** `KIND_CODE` of each token's term (the kinds of `terms`, for loops over typed arrays). */
  kinds: Uint8Array;
  sentences: TokenSentence[];
  /** Hash of each token's folded form (verbatim matching). */
  normHash: Uint32Array;
  /** Hash of each token's canonical term (paraphrase-tolerant matching). */
  termHash: Uint32Array;
  /** 1 for tokens inside quotation marks. */
  quoted: Uint8Array;
  /**
   * 1 for tokens inside quotation marks, straight single quotes read too: a passage quoted in both
   * texts is the speaker's wording, not copying. `quoted` leaves straight single quotes out (a
   * paper's quotations taken from its wire copy are evidence of the copy; see docs/reuse.md).
   */
  speech: Uint8Array;
}

/** Seeded hash of a word. */
export function wordHash(w: string): number {
  return hashString(w, 0x9747b28c);
}

/**
 * Tokenises, splits sentences and canonicalises terms of a canonical text.
 * @example prepareText('Three troops were killed.').terms[0] // { term: '3', kind: 'number' }
 */
export function prepareText(text: string, lexicon: Lexicon = loadLexicon()): PreparedText {
  const tokens = tokenize(text);
  const sentences = splitTokenSentences(text, tokens, lexicon);
  const opens = new Uint8Array(tokens.length);
  for (const s of sentences) opens[s.first] = 1;
  const terms: Term[] = new Array(tokens.length);
  const normHash = new Uint32Array(tokens.length);
  const termHash = new Uint32Array(tokens.length);
  const kinds = new Uint8Array(tokens.length);
  const { plain, name } = termTables(lexicon, wordHash);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const atStart = opens[i] === 1 || opensQuote(text, t.start);
    const table = t.capital && !atStart ? name : plain;
    const e = table.lookup(t, atStart);
    if (e >= 0) {
      terms[i] = table.terms[e] as Term;
      normHash[i] = table.normHash[e] as number;
      termHash[i] = table.termHash[e] as number;
      kinds[i] = table.kind[e] as number;
    } else {
      const term = computeTerm(t, atStart, lexicon);
      terms[i] = term;
      normHash[i] = wordHash(t.norm);
      termHash[i] = wordHash(term.term);
      kinds[i] = KIND_CODE[term.kind];
    }
  }
  const { quoted, speech } = quotedMasks(text, tokens);
  return { text, tokens, terms, kinds, sentences, normHash, termHash, quoted, speech };
}

/** A capital after an opening quote or bracket starts a quoted sentence, not necessarily a name. */
function opensQuote(text: string, start: number): boolean {
  let k = start - 1;
  while (k >= 0 && text.charCodeAt(k) === 32) k--;
  const c = text.charCodeAt(k);
  return c === 34 || c === 39 || c === 96 || c === 0x201c || c === 0x2018 || c === 40;
}

const duplicateHashes = new WeakMap<PreparedText, number>();

/**
 * `duplicateHash` of a prepared text, computed once per text (it takes part in many pairs).
 * `remember: false` for a text used once (sketching a corpus): a weak map entry per text costs
 * more, in the map and in garbage collection, than hashing the text.
 */
export function duplicateHashOf(p: PreparedText, remember = true): number {
  let h = duplicateHashes.get(p);
  if (h === undefined) {
    h = duplicateHash(p.text);
    if (remember) duplicateHashes.set(p, h);
  }
  return h;
}

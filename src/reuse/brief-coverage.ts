import { type ParaphraseOptions, pairVectors, type SentencePair } from './align-paraphrase.js';
import type { PreparedText } from './prepare.js';
import { cosine, factsAgree, sharedContent } from './sentence-vectors.js';
import type { TokenSentence } from './sentences.js';
import { KIND_CODE } from './terms.js';

/**
 * A brief (a news item of a few lines) written from a wire story sums it up in a sentence or
 * two: it keeps few of the story's word 3-grams, since every clause is cut, but nearly all of its
 * content words (canonical terms: stems and synonym groups) and its names and numbers come from
 * the story. An independent brief of the same event shares the names and numbers, but its
 * content words are its own reporter's. Used only when publication times or wire credits say
 * which text came first, for a later text of `BRIEF_MIN_WORDS` to `BRIEF_MAX_WORDS` words
 * (shorter, a headline or a caption; longer, a story that the containment path judges).
 */
export const BRIEF_MIN_WORDS = 15;
export const BRIEF_MAX_WORDS = 45;
/** Distinct content terms (outside quotations) a brief must have for its coverage to mean much. */
export const BRIEF_MIN_CONTENT_TERMS = 6;
/** Share of the brief's distinct content terms found in the source. */
export const BRIEF_MIN_CONTENT_COVERAGE = 0.6;
/** Share of the brief's distinct names and numbers found in the source. */
export const BRIEF_MIN_FACT_COVERAGE = 0.75;
/**
 * Names of the brief found in the source: a summary says who, and numbers alone (an age, a count
 * of victims) are found in any long report of the beat, so a brief of another event with no name
 * in it would be "covered" by a long round-up of the same kind of news.
 */
export const BRIEF_MIN_SHARED_NAMES = 1;

const CONTENT = KIND_CODE.content;
const NUMBER = KIND_CODE.number;
const NAME = KIND_CODE.name;

/** What of a later text's wording and facts (outside its quotations) an earlier text holds. */
export interface BriefCoverage {
  /** Distinct content terms of `copy`, and the share of them found in `source`. */
  contentTerms: number;
  content: number;
  /** Distinct names and numbers of `copy`, and the share of them found in `source`. */
  factTerms: number;
  facts: number;
  /** Distinct names of `copy` found in `source`. */
  sharedNames: number;
}

/**
 * The share of `copy`'s distinct content terms, and of its distinct names and numbers, that occur
 * anywhere in `source` (quoted words of `copy` left out: a quotation is the speaker's wording).
 * @example briefCoverage(prepareText(brief), prepareText(wireStory)).content // 0.8
 */
export function briefCoverage(copy: PreparedText, source: PreparedText): BriefCoverage {
  const inSource = new Set<number>();
  for (let i = 0; i < source.tokens.length; i++)
    if (source.kinds[i] !== KIND_CODE.stop) inSource.add(source.termHash[i] as number);
  const content = new Set<number>();
  const facts = new Set<number>();
  const names = new Set<number>();
  for (let i = 0; i < copy.tokens.length; i++) {
    if (copy.quoted[i] === 1) continue;
    const kind = copy.kinds[i];
    if (kind === CONTENT) content.add(copy.termHash[i] as number);
    else if (kind === NUMBER || kind === NAME) facts.add(copy.termHash[i] as number);
    if (kind === NAME) names.add(copy.termHash[i] as number);
  }
  const found = (s: Set<number>) => {
    let n = 0;
    for (const h of s) if (inSource.has(h)) n++;
    return s.size === 0 ? 0 : n / s.size;
  };
  let sharedNames = 0;
  for (const h of names) if (inSource.has(h)) sharedNames++;
  return {
    contentTerms: content.size,
    content: found(content),
    factTerms: facts.size,
    facts: found(facts),
    sharedNames,
  };
}

/** `copy` is a brief written from `source` (see `BRIEF_MIN_WORDS`). */
export function isBriefOf(copy: PreparedText, source: PreparedText): boolean {
  const words = copy.tokens.length;
  if (words < BRIEF_MIN_WORDS || words >= BRIEF_MAX_WORDS) return false;
  const c = briefCoverage(copy, source);
  return (
    c.contentTerms >= BRIEF_MIN_CONTENT_TERMS &&
    c.content >= BRIEF_MIN_CONTENT_COVERAGE &&
    c.sharedNames >= BRIEF_MIN_SHARED_NAMES &&
    c.facts >= BRIEF_MIN_FACT_COVERAGE
  );
}

/**
 * The passages of a brief: each of its sentences with the source sentence it shares most content
 * terms with (two at least, names and numbers not disagreeing), as paraphrases scored by their
 * cosine. A brief condenses several sentences into one, so a source sentence may face several.
 */
export function briefSentencePairs(
  copy: PreparedText,
  source: PreparedText,
  options: ParaphraseOptions = {},
): SentencePair[] {
  const { va, vb } = pairVectors(copy, source, options);
  const out: SentencePair[] = [];
  for (let i = 0; i < va.sentences.length; i++) {
    let best = -1;
    let bestShared = 1;
    for (let j = 0; j < vb.sentences.length; j++) {
      const shared = sharedContent(va, i, vb, j);
      if (shared > bestShared && factsAgree(va, i, vb, j)) [best, bestShared] = [j, shared];
    }
    if (best < 0) continue;
    out.push({
      a: va.sentences[i] as TokenSentence,
      b: vb.sentences[best] as TokenSentence,
      score: cosine(va, i, vb, best),
    });
  }
  return out;
}

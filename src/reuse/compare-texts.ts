import type { Direction, Passage, PassageKind, ReuseRelation } from '../core/types.js';
import { alignParaphrases, oneToOne, type ParaphraseOptions } from './align-paraphrase.js';
import { alignVerbatim, type TokenPassage, type VerbatimOptions } from './align-verbatim.js';
import { briefSentencePairs, isBriefOf } from './brief-coverage.js';
import { containment, shorterContainment } from './containment.js';
import { inferDirection, orderByEvidence, type TextMeta } from './direction.js';
import { extendParaphrases, type SentenceSeed } from './extend-paraphrases.js';
import { normalizeForMatching } from './normalize.js';
import { duplicateHashOf, type PreparedText, prepareText } from './prepare.js';
import { quoteProvenance } from './quote-provenance.js';
import { sentenceAt } from './sentence-vectors.js';

export interface CompareOptions {
  verbatim?: VerbatimOptions;
  paraphrase?: ParaphraseOptions;
  /** Matched words (outside shared quotations) the verbatim passages must reach together. */
  minVerbatimWords?: number;
  /** Aligned paraphrase sentences needed (fewer for very short texts: half their sentences). */
  minParaphraseSentences?: number;
  /**
   * Share of the shorter text's word 3-grams (outside its quotations) found in the longer text
   * that makes the pair derived when the passages alone do not (0 or less: no containment path).
   */
  minContainment?: number;
  /**
   * When publication times or wire credits order the pair: the share of the later text's word
   * 3-grams (outside its quotations) found in the earlier text that makes the pair derived when
   * the passages alone do not. Replaces `minContainment` for such pairs (0 or less: no
   * containment path for them; `minContainment` 0 turns off both).
   */
  minDerivedContainment?: number;
  /**
   * Corpus step of `updateReuse`, not of one comparison: a pair that publication times or wire
   * credits order is dropped when at least this share of the later text's word 3-grams occur in
   * reports of its own time (related to it, not ordered against it, from other outlets) and not in
   * the earlier text: the later text was written from another, common source (1 or more: off).
   */
  maxOtherSourceShare?: number;
  /**
   * Corpus step of `updateReuse` (`addJointSources`): the share of a later text's word 3-grams
   * that two or more earlier texts of other outlets must hold together, when none of them alone
   * relates it (a story written from several wire takes); 0 or less: off.
   */
  minJointContainment?: number;
  /** Publication times and wire credits, for the direction. */
  meta?: { a?: TextMeta; b?: TextMeta };
}

/** Verbatim chains whose anchors cover less than this share of the passage are rewritten text. */
export const REWRITTEN_BELOW = 0.7;

/**
 * `minContainment` 0.13: chosen by cross-validation on meter-dev, topics in folds (see
 * docs/reuse.md and bench/accuracy/meter-cv.ts). 0 turns the containment path off.
 */
export const compareDefaults = {
  minVerbatimWords: 20,
  minParaphraseSentences: 3,
  minContainment: 0.13,
  minDerivedContainment: 0.075,
  maxOtherSourceShare: 0.25,
  minJointContainment: 0,
};

/** Fewest words of the shorter text for the containment path (a few lines are not evidence). */
export const CONTAINMENT_MIN_WORDS = 40;

/** Fewest words of the later text for the ordered containment path (`minDerivedContainment`). */
export const DERIVED_CONTAINMENT_MIN_WORDS = 25;

/**
 * The ordered containment threshold (in place of `minDerivedContainment` when lower) of a later
 * text that quotes what the earlier text quotes (`quoteProvenance` `source`): a rewrite keeps the
 * take's quotations and recasts the rest. Chosen by cross-validation on meter-dev's topics with
 * the thresholds of `quote-provenance.ts` (`bench/accuracy/meter-cv.ts`, docs/reuse.md).
 */
export const SOURCE_QUOTES_MIN_CONTAINMENT = 0.04;

/**
 * The passages of a pair decided by containment: chains of rarer shared word 3-grams, short
 * ones kept (a rewritten story keeps runs of a few words of its source).
 */
const CONTAINMENT_ALIGNMENT: VerbatimOptions = { anchorSize: 3, maxGap: 12, minMatched: 5 };

/** The reuse between two texts. `relation` is `none` when the evidence does not reach reuse. */
export interface Comparison {
  relation: ReuseRelation | 'none';
  shared_a: number;
  shared_b: number;
  direction: Direction;
  reason: string;
  passages: Passage[];
}

/**
 * Compares two raw texts: exact duplicate, verbatim passages, paraphrased sentences, the share of
 * each text inside reused passages and the direction with its reason. Symmetric: swapping the
 * arguments swaps `a` and `b` in the result and nothing else.
 * @example
 * const r = compareTexts(wireStory, rewrite, { meta: { a: { published: '2022-04-03' } } });
 * r.relation; // 'mixed'
 * r.passages[0].a; // [start, end) into wireStory
 */
export function compareTexts(a: string, b: string, options: CompareOptions = {}): Comparison {
  return comparePrepared(prepareText(a), prepareText(b), options);
}

/** `compareTexts` on texts prepared once (for corpora, where each text takes part in many pairs). */
export function comparePrepared(a: PreparedText, b: PreparedText, options: CompareOptions = {}): Comparison {
  // Work in a canonical order so that the result cannot depend on the order of the arguments.
  if (a.text > b.text) return swap(compareOrdered(b, a, swapMeta(options)));
  return compareOrdered(a, b, options);
}

function compareOrdered(a: PreparedText, b: PreparedText, options: CompareOptions): Comparison {
  const minVerbatimWords = options.minVerbatimWords ?? compareDefaults.minVerbatimWords;
  const minSentences = options.minParaphraseSentences ?? compareDefaults.minParaphraseSentences;
  const metaA = options.meta?.a ?? {};
  const metaB = options.meta?.b ?? {};
  const direction = (shared_a: number, shared_b: number) =>
    inferDirection({ a: metaA, b: metaB, textA: a.text, textB: b.text, shared_a, shared_b });

  if (
    a.tokens.length > 0 &&
    duplicateHashOf(a) === duplicateHashOf(b) &&
    normalizeForMatching(a.text).text === normalizeForMatching(b.text).text
  ) {
    const whole: Passage = { a: [0, a.text.length], b: [0, b.text.length], kind: 'verbatim', score: 1 };
    return { relation: 'duplicate', shared_a: 1, shared_b: 1, ...direction(1, 1), passages: [whole] };
  }

  const unquoted = (p: TokenPassage) =>
    !(quotedShare(a, p.a0, p.a1) >= 0.8 && quotedShare(b, p.b0, p.b1) >= 0.8);
  let verbatim = alignVerbatim(a.normHash, b.normHash, options.verbatim).filter(unquoted);
  let covA = new Uint8Array(a.tokens.length);
  let covB = new Uint8Array(b.tokens.length);
  let verbatimWords = 0;
  for (const p of verbatim) {
    covA.fill(1, p.a0, p.a1);
    covB.fill(1, p.b0, p.b1);
    verbatimWords += p.matched;
  }
  let pairs = alignParaphrases(a, b, covA, covB, options.paraphrase);
  const fewest = Math.min(a.sentences.length, b.sentences.length);
  const neededSentences = Math.min(minSentences, Math.max(1, Math.ceil(fewest / 2)));
  const verbatimReuse =
    verbatimWords >= Math.min(minVerbatimWords, Math.ceil(0.5 * Math.min(a.tokens.length, b.tokens.length)));
  const paraphraseReuse = oneToOne(pairs).length >= neededSentences;
  // A rewritten story: few long passages, but much of the shorter text's wording inside the
  // longer one (containment, not resemblance). Its passages are the shorter shared runs.
  const byContainment =
    verbatimReuse || paraphraseReuse ? false : containmentReuse(a, b, metaA, metaB, options);
  if (byContainment) {
    verbatim = alignVerbatim(a.normHash, b.normHash, {
      ...options.verbatim,
      ...CONTAINMENT_ALIGNMENT,
    }).filter(unquoted);
    covA = new Uint8Array(a.tokens.length);
    covB = new Uint8Array(b.tokens.length);
    for (const p of verbatim) {
      covA.fill(1, p.a0, p.a1);
      covB.fill(1, p.b0, p.b1);
    }
    pairs = alignParaphrases(a, b, covA, covB, options.paraphrase);
    // A story that keeps only scattered 3-grams of its source (the containment that decided the
    // pair) still shows them: the shared runs of three words or more.
    if (verbatim.length === 0 && pairs.length === 0) {
      verbatim = alignVerbatim(a.normHash, b.normHash, {
        ...options.verbatim,
        ...CONTAINMENT_ALIGNMENT,
        minMatched: 3,
      }).filter(unquoted);
      for (const p of verbatim) {
        covA.fill(1, p.a0, p.a1);
        covB.fill(1, p.b0, p.b1);
      }
    }
    // A brief that sums up its source keeps no run of its words: its sentences and the source
    // sentences they draw on are its passages.
    if (verbatim.length === 0 && pairs.length === 0 && byContainment === 'brief of a')
      pairs = briefSentencePairs(a, b, options.paraphrase);
    if (verbatim.length === 0 && pairs.length === 0 && byContainment === 'brief of b')
      pairs = briefSentencePairs(b, a, options.paraphrase).map((s) => ({ a: s.b, b: s.a, score: s.score }));
    if (verbatim.length === 0 && pairs.length === 0) return noReuse();
  } else if (!verbatimReuse && !paraphraseReuse) {
    return noReuse();
  }

  // Widen the reuse to rewritten sentences right next to the passages found (never decides).
  const seeds: SentenceSeed[] = [];
  const skipA = covA.slice();
  const skipB = covB.slice();
  for (const p of verbatim) {
    seeds.push({ i: sentenceAt(a, p.a0), j: sentenceAt(b, p.b0) });
    seeds.push({ i: sentenceAt(a, p.a1 - 1), j: sentenceAt(b, p.b1 - 1) });
  }
  for (const s of pairs) {
    seeds.push({ i: sentenceAt(a, s.a.first), j: sentenceAt(b, s.b.first) });
    skipA.fill(1, s.a.first, s.a.last);
    skipB.fill(1, s.b.first, s.b.last);
  }
  pairs.push(...extendParaphrases(a, b, seeds, skipA, skipB, options.paraphrase));

  const passages: Passage[] = verbatim.map((p) => {
    const score = p.matched / Math.max(p.a1 - p.a0, p.b1 - p.b0);
    // A chain of anchors with many words between them is a rewritten passage (METER's
    // "rewritten"), not a copy: it is reported as a paraphrase with its score.
    const kind: PassageKind = score >= REWRITTEN_BELOW ? 'verbatim' : 'paraphrase';
    return { a: charSpan(a, p.a0, p.a1), b: charSpan(b, p.b0, p.b1), kind, score: round(score) };
  });
  const paraA = new Uint8Array(a.tokens.length);
  const paraB = new Uint8Array(b.tokens.length);
  for (const s of pairs) {
    paraA.fill(1, s.a.first, s.a.last);
    paraB.fill(1, s.b.first, s.b.last);
    passages.push({
      a: charSpan(a, s.a.first, s.a.last),
      b: charSpan(b, s.b.first, s.b.last),
      kind: 'paraphrase',
      score: round(s.score),
    });
  }
  passages.sort((x, y) => x.a[0] - y.a[0] || x.b[0] - y.b[0] || x.a[1] - y.a[1]);
  const shared_a = round(share(covA, paraA));
  const shared_b = round(share(covB, paraB));
  const exactA = new Uint8Array(a.tokens.length);
  const exactB = new Uint8Array(b.tokens.length);
  verbatim.forEach((p) => {
    if (p.matched / Math.max(p.a1 - p.a0, p.b1 - p.b0) < REWRITTEN_BELOW) return;
    exactA.fill(1, p.a0, p.a1);
    exactB.fill(1, p.b0, p.b1);
  });
  for (let i = 0; i < covA.length; i++) if (covA[i] === 1 && exactA[i] === 0) paraA[i] = 1;
  for (let i = 0; i < covB.length; i++) if (covB[i] === 1 && exactB[i] === 0) paraB[i] = 1;
  const verbatimShare = count(exactA) + count(exactB);
  const paraphraseOnly = countOnly(paraA, exactA) + countOnly(paraB, exactB);
  const relation: ReuseRelation =
    paraphraseOnly <= 0.2 * (verbatimShare + paraphraseOnly)
      ? 'verbatim'
      : verbatimShare <= 0.2 * (verbatimShare + paraphraseOnly)
        ? 'paraphrase'
        : 'mixed';
  return { relation, shared_a, shared_b, ...direction(shared_a, shared_b), passages };
}

/**
 * The containment decision, for a pair the passages do not relate. When publication times or
 * wire credits order the pair, the later text is the candidate copy: the share of its word
 * 3-grams found in the earlier text decides (a newspaper story keeps much of the wording of the
 * wire take it was written from, whatever the take's length), or, for a later text of a few
 * lines, the coverage of its content terms and facts by the earlier one (`isBriefOf`: a brief
 * that sums up its source). Otherwise, the shorter text's share in the longer. Both thresholds
 * and the fewest words were chosen by cross-validation on meter-dev (docs/reuse.md,
 * bench/accuracy/meter-cv.ts). Says which path decided (`brief of a`: `a` is the later text).
 */
function containmentReuse(
  a: PreparedText,
  b: PreparedText,
  metaA: TextMeta,
  metaB: TextMeta,
  options: CompareOptions,
): false | 'containment' | 'brief of a' | 'brief of b' {
  const threshold = options.minContainment ?? compareDefaults.minContainment;
  if (threshold <= 0) return false;
  const order = orderByEvidence({ a: metaA, b: metaB, textA: a.text, textB: b.text });
  if (order) {
    const derived = options.minDerivedContainment ?? compareDefaults.minDerivedContainment;
    if (derived <= 0) return false;
    const [copy, source] = order.direction === 'a>b' ? [b, a] : [a, b];
    if (copy.tokens.length >= DERIVED_CONTAINMENT_MIN_WORDS) {
      const c = containment(copy, source, 3);
      if (c >= derived) return 'containment';
      if (c >= SOURCE_QUOTES_MIN_CONTAINMENT && quoteProvenance(copy, source) === 'source')
        return 'containment';
    }
    if (isBriefOf(copy, source)) return copy === a ? 'brief of a' : 'brief of b';
    return false;
  }
  return Math.min(a.tokens.length, b.tokens.length) >= CONTAINMENT_MIN_WORDS &&
    shorterContainment(a, b, 3) >= threshold
    ? 'containment'
    : false;
}

function noReuse(): Comparison {
  return {
    relation: 'none',
    shared_a: 0,
    shared_b: 0,
    direction: 'unknown',
    reason: 'no reuse found',
    passages: [],
  };
}

function quotedShare(p: PreparedText, first: number, last: number): number {
  let q = 0;
  for (let i = first; i < last; i++) q += p.speech[i] ?? 0;
  return last > first ? q / (last - first) : 0;
}

function charSpan(p: PreparedText, first: number, last: number): [number, number] {
  const s = p.tokens[first];
  const e = p.tokens[Math.max(first, last - 1)];
  return [s ? s.start : 0, e ? e.end : 0];
}

function share(x: Uint8Array, y: Uint8Array): number {
  if (x.length === 0) return 0;
  let n = 0;
  for (let i = 0; i < x.length; i++) if (x[i] === 1 || y[i] === 1) n++;
  return n / x.length;
}

function count(x: Uint8Array): number {
  let n = 0;
  for (const v of x) n += v;
  return n;
}

function countOnly(x: Uint8Array, not: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < x.length; i++) if (x[i] === 1 && not[i] !== 1) n++;
  return n;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function swapMeta(o: CompareOptions): CompareOptions {
  return { ...o, meta: { a: o.meta?.b ?? {}, b: o.meta?.a ?? {} } };
}

function swap(c: Comparison): Comparison {
  const direction: Direction = c.direction === 'a>b' ? 'b>a' : c.direction === 'b>a' ? 'a>b' : 'unknown';
  const reason = c.reason.replace(/\b([ab])\b/g, (m) => (m === 'a' ? 'b' : 'a'));
  return {
    relation: c.relation,
    shared_a: c.shared_b,
    shared_b: c.shared_a,
    direction,
    reason,
    passages: c.passages
      .map((p) => ({ ...p, a: p.b, b: p.a }))
      .sort((x, y) => x.a[0] - y.a[0] || x.b[0] - y.b[0] || x.a[1] - y.a[1]),
  };
}

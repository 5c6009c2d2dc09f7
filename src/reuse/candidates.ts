import { BRIEF_MAX_WORDS } from './brief-coverage.js';

/** Evidence from the LSH index that two documents may be related. */
export interface CandidateHits {
  /** Shared document band keys. */
  bands: number;
  /** Shared distinct sentence keys. */
  sentences: number;
  /** Shared distinct containment anchors (rare word n-grams, `anchorKeys`). */
  anchors?: number;
  /** Distinct containment anchors of the later of the two documents in index order (all of them, shared or not). */
  laterAnchors?: number;
  /** Shared distinct brief anchors (word 2-grams, `BRIEF_ANCHOR`). */
  briefAnchors?: number;
  /** Words of the later of the two documents in index order. */
  laterWords?: number;
  duplicate: boolean;
}

/**
 * A document becomes a candidate when it shares its exact-duplicate hash, any band of the
 * document signature, or at least `minSentenceKeys` sentence keys. Measured on the seeded
 * benchmark (bench/reuse/key-counts.ts, 20,000 documents): of the sentence-only candidates
 * sharing exactly two keys, 3,941 were unrelated pairs that verification rejected against 6
 * planted ones (3 paraphrases, 3 splices) and 439 pairs of documents derived from one source; from
 * three keys on, unrelated pairs are rare (30 at three keys). Three keys keep paraphrase and splice recall
 * above 0.99 and cut the pairs to verify by a quarter at 100,000 documents. Candidates are always
 * verified by alignment before they become links.
 */
export const MIN_SENTENCE_KEYS = 3;

/**
 * A key is evidence between its first this many holders in index order only (earlier runs'
 * documents, then each run's in ingest order): for the documents indexed after it, it is too
 * common to be evidence. Judged so, a later run never changes what a key was when a pair was
 * made, and one run or several over the same documents give the same candidates.
 */
export const MAX_DOCUMENTS_PER_KEY = 64;

/**
 * Containment anchors two documents must share: word 3-grams with two words or more that are not
 * stop words, one in two sampled by hash, each evidence between its first `MAX_DOCUMENTS_PER_ANCHOR`
 * holders only (rare in the corpus, as passim's n-grams). Measured on meter-dev, against the newspaper stories
 * whose word 3-grams are at least 13% inside one of their wire sources (the containment decision),
 * and on 4,000 generated documents (bench/reuse), anchor candidate pairs per document:
 * every 3-gram, one in four, 2 shared: 89% of those stories, 3.8 pairs per document; the same with
 * 3 shared: 84%, 1.6; two words not stop words, one in two, 3 shared (the default): 88%, 1.7.
 */
export const MIN_ANCHOR_KEYS = 3;

/**
 * A containment anchor is evidence between its first this many holders in index order only (as
 * `MAX_DOCUMENTS_PER_KEY` for the other keys). A word 3-gram is far more often common by chance
 * than a whole sentence, and a phrase many reports open with (a templated lead, a formula of the
 * beat) would otherwise pair every one of its first 64 holders with every other: on 10,000
 * generated reports the cap of 64 made 86,000 candidate pairs (66,000 by anchors alone), 8 makes
 * 28,000. Measured on meter-dev with caps 4, 6, 8, 16 and 64 (bench/accuracy): 8 keeps the derived
 * precision and recall within 0.006 of 64 (two wholly derived stories fewer); 4 loses 0.024 of
 * recall.
 */
export const MAX_DOCUMENTS_PER_ANCHOR = 8;

/**
 * A short text has few anchors (a 40-word brief about 10, one in two of its 3-grams with two words
 * that are not stop words), so even two shared ones ask for much of its wording: when the later
 * document of a pair (in index order) has at most `SHORT_TEXT_ANCHORS` anchors (a text of about
 * 100 words or fewer), one shared anchor, `MIN_ANCHOR_KEYS_SHORT`, makes a candidate. Measured on
 * meter-dev (index version 9): of the papers a comparison relates to one of their wire stories but
 * that no candidate reached with two, most were briefs of 30–130 words keeping 8–24% of their
 * 3-grams in the wire story, which makes one or two sampled anchors; with one, 9 more derived
 * stories are paired and 1 more non-derived (candidate pairs 2,044 → 2,405). Requiring the one
 * anchor to be rarer (held by at most 2–5 documents before the later one) kept only half to
 * three quarters of that gain. The cost stays bounded per document: a short text has at most
 * `SHORT_TEXT_ANCHORS` anchors, each evidence with at most `MAX_DOCUMENTS_PER_ANCHOR` - 1 other
 * holders, so at most 168 candidates come from its anchors (3.1 on average for the 117 short
 * papers of meter-dev that have any, 12 at most). The later document is the new one in an
 * incremental run, so the rule gives the same candidates whatever the split into runs.
 */
export const SHORT_TEXT_ANCHORS = 24;
export const MIN_ANCHOR_KEYS_SHORT = 1;

export function enoughAnchors(shared: number, laterAnchors: number): boolean {
  return shared >= (laterAnchors <= SHORT_TEXT_ANCHORS ? MIN_ANCHOR_KEYS_SHORT : MIN_ANCHOR_KEYS);
}
/**
 * A brief (a news item of a few lines) that sums up a wire story keeps few of its word 3-grams,
 * often not one sampled anchor, but some of its two-word phrases (a charge, a title and a name, a
 * court): when the later document of a pair is as short as a brief of `isBriefOf` (fewer than
 * `BRIEF_MAX_WORDS` words) or has few containment anchors (at most `BRIEF_TEXT_ANCHORS`), one
 * shared brief anchor (a word 2-gram of
 * two words that are not stop words, one in two sampled by hash) makes a candidate. Measured on
 * meter-dev: of the briefs a comparison relates to one of their wire stories but that no
 * candidate reached, most share one to three such 2-grams with it, held by 3 to 7 documents of
 * the corpus. The length is the decision's own (words): a count of anchors alone stood for it
 * badly, since a brief dense in names and charges has more anchors than its length suggests (14
 * to 16 for some of 39–41 words), and with the cap of 12 anchors alone such briefs, which the
 * decision relates, never became candidates. The cap stays beside it: a text of a few sentences
 * with few anchors (a sparse 50-word story) is related through its passages once a candidate
 * reaches it, and dropping the cap lost such pairs. The cost stays bounded per document: a brief has at most about 20
 * brief anchors, each evidence with at most `MAX_DOCUMENTS_PER_ANCHOR` - 1 other holders.
 */
export const BRIEF_TEXT_ANCHORS = 12;
export const MIN_BRIEF_ANCHORS = 1;

/**
 * A rewrite of a few paragraphs (up to about 200 words) keeps the wire's two-word phrases (a title
 * and a name, a charge, a court) while changing most of the words around them, so it often shares
 * only one or two of the wire's sampled 3-gram anchors, fewer than `MIN_ANCHOR_KEYS`: when the
 * later document of a pair has at most `MID_TEXT_ANCHORS` containment anchors, `MIN_BRIEF_ANCHORS_MID`
 * shared brief anchors make a candidate too. Chosen on meter-dev by cross-validation over the
 * topics (`bench/accuracy/meter-candidates-cv.ts`: the whole reuse step run for each rule, since a
 * candidate also changes what the own-quotations and common-source steps see; the rule picked on
 * four folds and scored on the fifth, 12 random 5-fold splits): among off, 4, 3, 2 and 1 shared at
 * 48 anchors, 2 was picked in 42 of the 60 folds, held out macro-F1 0.763 → 0.766, derived
 * precision 0.912 → 0.909, recall 0.836 → 0.849 (on all the data 0.770 / 0.911 / 0.851: 5 derived
 * stories more, 1 non-derived). The length is not sharply chosen: letting the folds pick it too
 * (24 to no cap) gave 0.763 held out, most folds picking 96 anchors (two derived stories and one
 * non-derived more than 48, for 11% more candidate pairs); 48 (about 200 words) keeps the extra
 * candidates of meter-dev to 6% and leaves the generated reports of `bench/reuse` (about 450 words)
 * as they were. Verification still decides every pair.
 */
export const MID_TEXT_ANCHORS = 48;
export const MIN_BRIEF_ANCHORS_MID = 2;

/** The brief-anchor rule for texts of a few paragraphs (`bench/accuracy/meter-candidates-cv.ts` varies it). */
export interface MidTextRule {
  /** Most containment anchors of the later document (`MID_TEXT_ANCHORS`). */
  anchors: number;
  /** Fewest shared brief anchors (`MIN_BRIEF_ANCHORS_MID`; infinite: the rule is off). */
  shared: number;
}
export const midTextDefaults: Readonly<MidTextRule> = {
  anchors: MID_TEXT_ANCHORS,
  shared: MIN_BRIEF_ANCHORS_MID,
};

export function enoughBriefAnchors(
  shared: number,
  laterWords: number,
  laterAnchors: number,
  mid: Readonly<MidTextRule> = midTextDefaults,
): boolean {
  if (laterWords < BRIEF_MAX_WORDS || laterAnchors <= BRIEF_TEXT_ANCHORS) return shared >= MIN_BRIEF_ANCHORS;
  return laterAnchors <= mid.anchors && shared >= mid.shared;
}

export function isCandidate(h: CandidateHits, minSentenceKeys = MIN_SENTENCE_KEYS): boolean {
  const later = h.laterAnchors ?? Number.POSITIVE_INFINITY;
  return (
    h.duplicate ||
    h.bands > 0 ||
    h.sentences >= minSentenceKeys ||
    enoughAnchors(h.anchors ?? 0, later) ||
    enoughBriefAnchors(h.briefAnchors ?? 0, h.laterWords ?? Number.POSITIVE_INFINITY, later)
  );
}

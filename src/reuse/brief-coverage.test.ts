import { describe, expect, it } from 'vitest';
import {
  BRIEF_MAX_WORDS,
  BRIEF_MIN_WORDS,
  briefCoverage,
  briefSentencePairs,
  isBriefOf,
} from './brief-coverage.js';
import {
  BRIEF_TEXT_ANCHORS,
  enoughBriefAnchors,
  isCandidate,
  MID_TEXT_ANCHORS,
  MIN_BRIEF_ANCHORS_MID,
} from './candidates.js';
import { compareTexts } from './compare-texts.js';
import { anchorFamily, anchorKeys, BRIEF_ANCHOR, CONTAINMENT_ANCHOR } from './containment.js';
import { prepareText } from './prepare.js';
import { createSketcher } from './sketch.js';

// A made-up wire story and what papers might print of it in a few lines.
const wire = [
  'A market trader who sold counterfeit perfume from a stall in Eastbridge was fined 4,000 pounds by magistrates yesterday.',
  'Trading standards officers seized more than 600 bottles from his van after a customer complained of a rash.',
  'The court heard that the bottles carried the labels of well known designer brands but contained cheap scent and water.',
  'Darrow Pell, 47, admitted eleven charges under the trade marks act and was ordered to pay costs.',
  'His solicitor said the father of three had bought the stock from a wholesaler and had not known it was fake.',
  'The council said the case should warn shoppers that a bargain at a market stall may not be what it seems.',
].join(' ');
// Sums the story up: few of its word 3-grams, most of its content words, its name and figures.
const brief =
  'Market trader Darrow Pell, 47, was fined 4,000 pounds by magistrates after officers seized 600 bottles of fake designer perfume from his van.';
// The same case in its own reporter's words: the name and the fine, little of the wording.
const independent =
  'Shoppers at Eastbridge have been urged to check goods closely after Darrow Pell admitted flogging knock-off scent, costing him 4,000 pounds.';
// The wire's wording with another man's name and other figures: not a summary of this story.
const otherFacts =
  'Market trader Ellis Garnet, 52, was fined 9,000 pounds by magistrates after officers seized 800 bottles of fake designer perfume from his van.';

const w = prepareText(wire);
const noon = { published: '2000-03-01T12:00:00Z' };
const evening = { published: '2000-03-01T23:00:00Z' };

describe('briefs', () => {
  it.each([
    ['a brief that sums up the story', brief, true],
    ['an independent brief of the same case', independent, false],
    ['the wording with other names and figures', otherFacts, false],
    // Ages and sums alone are found in any long report of the beat: a summary names who.
    [
      'the wording with its figures but no name',
      'A market trader, 47, was fined 4,000 pounds by magistrates after officers seized 600 bottles of fake designer perfume from his van.',
      false,
    ],
    ['a headline', 'Perfume trader fined 4,000 pounds by magistrates', false],
    ['a story too long to be a brief', `${brief} ${brief} ${brief}`, false],
  ])('%s: %s', (_, text, expected) => {
    expect(isBriefOf(prepareText(text), w)).toBe(expected);
  });

  it('measures coverage of content terms and facts outside quotations', () => {
    const c = briefCoverage(prepareText(brief), w);
    expect(c.content).toBeGreaterThanOrEqual(0.6);
    expect(c.facts).toBe(1);
    const q = briefCoverage(
      prepareText('The trader said: "It was fake designer perfume from my van." He was fined.'),
      w,
    );
    // Only `trader`, `say`, `fine` are counted: the quoted words are the speaker's.
    expect(q.contentTerms).toBeLessThan(5);
  });

  it('has word limits that admit the example', () => {
    const n = prepareText(brief).tokens.length;
    expect(n).toBeGreaterThanOrEqual(BRIEF_MIN_WORDS);
    expect(n).toBeLessThan(BRIEF_MAX_WORDS);
  });

  it('relates a later brief to its source only when times order them, with sentence passages', () => {
    const ordered = compareTexts(wire, brief, { meta: { a: noon, b: evening } });
    expect(ordered.relation).not.toBe('none');
    expect(ordered.direction).toBe('a>b');
    expect(ordered.passages.length).toBeGreaterThan(0);
    for (const p of ordered.passages) expect(brief.slice(p.b[0], p.b[1]).length).toBeGreaterThan(0);
    // Reversed arguments give the mirrored result.
    const swapped = compareTexts(brief, wire, { meta: { a: evening, b: noon } });
    expect(swapped.relation).toBe(ordered.relation);
    expect(swapped.direction).toBe('b>a');
    // Without publication times nothing says which text is the brief of the other.
    expect(compareTexts(wire, brief).relation).toBe('none');
    expect(compareTexts(wire, independent, { meta: { a: noon, b: evening } }).relation).toBe('none');
    expect(compareTexts(wire, otherFacts, { meta: { a: noon, b: evening } }).relation).toBe('none');
  });

  it('pairs each sentence of a brief with the source sentence it draws on most', () => {
    const pairs = briefSentencePairs(prepareText(brief), w);
    expect(pairs).toHaveLength(1);
    // It condenses the first two source sentences (the fine; the seizure from the van, which
    // shares more of its content words), not the later ones.
    expect(pairs[0]?.b.first).toBe(w.sentences[1]?.first);
  });
});

describe('brief anchors', () => {
  it('are word 2-grams told apart from containment anchors by their lowest bit', () => {
    const p = prepareText(brief);
    const three = anchorKeys(p, 3, 2, 2, CONTAINMENT_ANCHOR);
    const two = anchorKeys(p, 2, 2, 2, BRIEF_ANCHOR);
    expect(two.length).toBeGreaterThan(0);
    expect([...three].every((k) => anchorFamily(k) === CONTAINMENT_ANCHOR)).toBe(true);
    expect([...two].every((k) => anchorFamily(k) === BRIEF_ANCHOR)).toBe(true);
    const sketch = createSketcher()(p);
    expect(sketch.anchorKeys.length).toBe(three.length + two.length);
    const off = createSketcher({ briefAnchorSize: 0 })(p);
    expect([...off.anchorKeys]).toEqual([...three]);
  });

  it.each([
    [1, BRIEF_MAX_WORDS - 1, 30, true],
    [1, BRIEF_MAX_WORDS - 1, 8, true],
    [1, BRIEF_MAX_WORDS + 10, BRIEF_TEXT_ANCHORS, true],
    [1, BRIEF_MAX_WORDS, BRIEF_TEXT_ANCHORS + 1, false],
    [MIN_BRIEF_ANCHORS_MID, BRIEF_MAX_WORDS, BRIEF_TEXT_ANCHORS + 1, true],
    [MIN_BRIEF_ANCHORS_MID, 200, MID_TEXT_ANCHORS, true],
    [MIN_BRIEF_ANCHORS_MID - 1, 200, MID_TEXT_ANCHORS, false],
    [MIN_BRIEF_ANCHORS_MID, 400, MID_TEXT_ANCHORS + 1, false],
    [0, 20, 6, false],
  ])(
    '%i shared brief anchors, the later document of %i words and %i anchors: a candidate %s',
    (shared, words, anchors, expected) => {
      expect(enoughBriefAnchors(shared, words, anchors)).toBe(expected);
      expect(
        isCandidate({
          bands: 0,
          sentences: 0,
          anchors: 0,
          briefAnchors: shared,
          laterAnchors: anchors,
          laterWords: words,
          duplicate: false,
        }),
      ).toBe(expected);
    },
  );

  it('applies the rule for texts of a few paragraphs that a study passes, not the default', () => {
    const words = 200;
    const anchors = MID_TEXT_ANCHORS - 8;
    expect(enoughBriefAnchors(MIN_BRIEF_ANCHORS_MID, words, anchors)).toBe(true);
    expect(enoughBriefAnchors(MIN_BRIEF_ANCHORS_MID, words, anchors, { anchors: 0, shared: 1 })).toBe(false);
    expect(enoughBriefAnchors(1, words, anchors, { anchors, shared: 1 })).toBe(true);
    expect(enoughBriefAnchors(1, words, anchors, { anchors: anchors - 1, shared: 1 })).toBe(false);
  });
});

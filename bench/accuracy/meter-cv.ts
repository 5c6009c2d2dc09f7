/**
 * Chooses the containment threshold of the reuse decision by cross-validation on METER-style
 * data (wire stories and the newspaper stories written from them, each labelled wholly,
 * partially or not derived) and reports the held-out figures. See docs/reuse.md.
 *
 *   npx tsx bench/accuracy/meter-cv.ts [CORPUS_DIR] [--folds 5]
 *
 * Every newspaper story is compared with each wire story of its topic and day (the gold's
 * `sources`) with the passages-only decision (`minContainment: 0`) and the containment of the
 * shorter text's word 3-grams in the longer. A story is predicted derived when any of its pairs
 * is related: by the passages, or by a containment at or above the threshold. The topics are
 * split into folds (a topic's stories are all in one fold, so a threshold is never chosen on the
 * stories it is scored on); on each fold the threshold is the one with the best macro-F1 over the
 * other folds (with the fewest words of the shorter text), then scored on the held-out fold. The figures pooled over the held-out folds are
 * printed, with the threshold chosen on all the data.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONTAINMENT_MIN_WORDS,
  compareDefaults,
  comparePrepared,
  DERIVED_CONTAINMENT_MIN_WORDS,
} from '../../src/reuse/compare-texts.js';
import { containment, otherSourceShare, shorterContainment } from '../../src/reuse/containment.js';
import { combine, hashString } from '../../src/reuse/hash.js';
import { type PreparedText, prepareText } from '../../src/reuse/prepare.js';
import { quotedNgrams, quotedNgramsIn } from '../../src/reuse/quote-provenance.js';
import { flag } from '../flags.js';
import { type Counts, heldOutCounts, meanFigures } from './topic-folds.js';

const corpus =
  process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : '../shared/corpora/meter-dev';
const folds = Number(flag('folds', '5'));
const gold = JSON.parse(readFileSync(path.join(corpus, 'gold.json'), 'utf8')).papers as Record<
  string,
  { label: string; sources: string[] }
>;

interface PairFeatures {
  passages: boolean;
  /** The shorter text's share inside the passages (passages-only decision). */
  share: number;
  containment: number;
  /** Words of the shorter text. */
  words: number;
  /** Containment of the longer text's 3-grams in the shorter. */
  longerContainment: number;
  /** Containment of the newspaper story's 3-grams in the wire story (the gold's direction). */
  paperInWire: number;
  /** Words of the newspaper story. */
  paperWords: number;
  /**
   * `otherSourceShare` of the paper against the wire story, its neighbours being the other papers
   * of its topic that come before it in file order and that a comparison relates to it (as the
   * index's step: related, not ordered, other outlets, indexed before).
   */
  otherSource: number;
  /**
   * As `paperInWire`, counting only the 3-grams found in the wire story outside its quotation
   * marks too: the reporter's wording in both texts (a quotation the paper gives as reported
   * speech is the speaker's wording, not the wire's).
   */
  reporterWording: number;
  /** `paperInWire` over word 4-grams and 5-grams. */
  paperInWire4: number;
  paperInWire5: number;
  /** The paper's word 3-grams inside its quotation marks, and the share of them in the wire story. */
  quoted: number;
  quotedInWire: number;
}
interface Story {
  topic: string;
  label: string;
  derived: boolean;
  pairs: PairFeatures[];
  /** The paper's quoted word 3-grams, and the share of them in any of its wire stories. */
  quoted: number;
  quotedInSources: number;
}

const cache = new Map<string, PreparedText>();
const prepared = (f: string) => {
  let p = cache.get(f);
  if (!p) {
    p = prepareText(readFileSync(path.join(corpus, 'docs', f), 'utf8'));
    cache.set(f, p);
  }
  return p;
};
const topicOf = (paper: string) => paper.split('__').at(-2) ?? paper;
const outletOf = (paper: string) =>
  paper
    .replace(/\.txt$/, '')
    .split('_')
    .at(-1) ?? paper;
const neighbours = (paper: string): PreparedText[] =>
  Object.keys(gold)
    .filter(
      (o) =>
        o < paper &&
        topicOf(o) === topicOf(paper) &&
        outletOf(o) !== outletOf(paper) &&
        comparePrepared(prepared(o), prepared(paper)).relation !== 'none',
    )
    .map(prepared);
const share = ({ quoted, found }: { quoted: number; found: number }) => (quoted ? found / quoted : 0);
const stories: Story[] = Object.entries(gold).map(([paper, g]) => ({
  // File names are `…__topic__file`: the topic is the last folder.
  topic: paper.split('__').at(-2) ?? paper,
  label: g.label,
  derived: g.label !== 'non_derived',
  quoted: quotedNgramsIn(prepared(paper), []).quoted,
  quotedInSources: share(quotedNgramsIn(prepared(paper), g.sources.map(prepared))),
  pairs: g.sources.map((src) => {
    const a = prepared(src);
    const b = prepared(paper);
    const r = comparePrepared(a, b, { minContainment: 0 });
    return {
      passages: r.relation !== 'none',
      share: a.tokens.length <= b.tokens.length ? r.shared_a : r.shared_b,
      containment: shorterContainment(a, b, 3),
      words: Math.min(a.tokens.length, b.tokens.length),
      longerContainment: a.tokens.length <= b.tokens.length ? containment(b, a, 3) : containment(a, b, 3),
      paperInWire: containment(b, a, 3),
      paperWords: b.tokens.length,
      otherSource: otherSourceShare(b, a, neighbours(paper), 3),
      reporterWording: reporterWording(b, a),
      paperInWire4: containment(b, a, 4),
      paperInWire5: containment(b, a, 5),
      quoted: quotedNgrams(b, a).quoted,
      quotedInWire: share(quotedNgrams(b, a)),
    };
  }),
}));

interface Rule {
  threshold: number;
  minWords: number;
}
function counts(list: Story[], { threshold, minWords }: Rule): Counts {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const s of list) {
    const predicted = s.pairs.some((p) => p.passages || (p.words >= minWords && p.containment >= threshold));
    if (predicted && s.derived) c.tp++;
    else if (predicted) c.fp++;
    else if (s.derived) c.fn++;
    else c.tn++;
  }
  return c;
}
function f1(tp: number, fp: number, fn: number): number {
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}
function figures(c: Counts) {
  return {
    macro_f1: round((f1(c.tp, c.fp, c.fn) + f1(c.tn, c.fn, c.fp)) / 2),
    precision_derived: round(c.tp / Math.max(1, c.tp + c.fp)),
    recall_derived: round(c.tp / Math.max(1, c.tp + c.fn)),
    ...c,
  };
}
/** Counts the stories a rule calls derived (`predict`) against their labels. */
function tally(list: Story[], predict: (s: Story) => boolean): Counts {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const s of list) {
    const predicted = predict(s);
    if (predicted && s.derived) c.tp++;
    else if (predicted) c.fp++;
    else if (s.derived) c.fn++;
    else c.tn++;
  }
  return c;
}
/** The rule of `family` with the highest `macroF1`, the first of equal ones. */
function bestRule<R>(family: R[], macroF1: (r: R) => number): R {
  let best = family[0] as R;
  let m = -1;
  for (const r of family) {
    const x = macroF1(r);
    if (x > m) [m, best] = [x, r];
  }
  return best;
}
const topic = (s: Story) => s.topic;
const macroF1 = (c: Counts) => figures(c).macro_f1;
function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
const grid: Rule[] = [40, 60].flatMap((minWords) =>
  Array.from({ length: 50 }, (_, k) => ({ minWords, threshold: round(0.02 + k * 0.01) })),
);
function choose(list: Story[]): Rule {
  let best = grid[0] as Rule;
  let score = -1;
  for (const rule of grid) {
    const m = figures(counts(list, rule)).macro_f1;
    if (m > score) {
      score = m;
      best = rule;
    }
  }
  return best;
}

if (process.argv.includes('--dump'))
  stories.forEach((s, story) => {
    for (const p of s.pairs)
      console.error(JSON.stringify({ story, topic: s.topic, derived: s.derived, ...p }));
  });
const foldOf = (topic: string) => hashString(topic, 7) % folds;
const pooled: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
const chosen: Rule[] = [];
for (let f = 0; f < folds; f++) {
  const train = stories.filter((s) => foldOf(s.topic) !== f);
  const test = stories.filter((s) => foldOf(s.topic) === f);
  const t = choose(train);
  chosen.push(t);
  const c = counts(test, t);
  for (const k of ['tp', 'fp', 'fn', 'tn'] as const) pooled[k] += c[k];
}
console.log(
  JSON.stringify({
    stories: stories.length,
    folds,
    thresholds_per_fold: chosen,
    held_out: figures(pooled),
    passages_only: figures(counts(stories, { threshold: Number.POSITIVE_INFINITY, minWords: 0 })),
    current_defaults: figures(
      counts(stories, { threshold: compareDefaults.minContainment, minWords: CONTAINMENT_MIN_WORDS }),
    ),
    threshold_on_all: choose(stories),
    features: featureStudy(),
    ordered: orderedStudy(),
    common_source: commonSourceStudy(),
    alternatives: alternativesStudy(),
    quote_provenance: quoteProvenanceStudy(),
  }),
);

/**
 * The product's decision when publication times order a pair (meter-dev's manifest: the wire at
 * noon, the papers at 23:00, so the paper is the later text): the passages, or the later text's
 * 3-gram containment in the earlier at or above t with at least m words (`minDerivedContainment`,
 * `DERIVED_CONTAINMENT_MIN_WORDS`). (t, m) chosen per fold on the other folds, scored held out.
 */
function orderedStudy() {
  const rules = [20, 25, 30, 40].flatMap((minWords) =>
    Array.from({ length: 100 }, (_, k) => ({ minWords, threshold: round(0.005 * (k + 1)) })),
  );
  const ordered = (list: Story[], { threshold, minWords }: Rule): Counts => {
    const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const s of list) {
      const predicted = s.pairs.some(
        (p) => p.passages || (p.paperWords >= minWords && p.paperInWire >= threshold),
      );
      if (predicted && s.derived) c.tp++;
      else if (predicted) c.fp++;
      else if (s.derived) c.fn++;
      else c.tn++;
    }
    return c;
  };
  const pick = (list: Story[]) => {
    let best = rules[0] as Rule;
    let score = -1;
    for (const r of rules) {
      const m = figures(ordered(list, r)).macro_f1;
      if (m > score) [score, best] = [m, r];
    }
    return best;
  };
  const held: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const chosenRules: Rule[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const rule = pick(stories.filter((s) => foldOf(s.topic) !== fold));
    chosenRules.push(rule);
    const c = ordered(
      stories.filter((s) => foldOf(s.topic) === fold),
      rule,
    );
    for (const k of ['tp', 'fp', 'fn', 'tn'] as const) held[k] += c[k];
  }
  const defaults = {
    threshold: compareDefaults.minDerivedContainment,
    minWords: DERIVED_CONTAINMENT_MIN_WORDS,
  };
  return {
    rules_per_fold: chosenRules,
    held_out: figures(held),
    rule_on_all: pick(stories),
    current_defaults: figures(ordered(stories, defaults)),
  };
}

/**
 * Other published features, each alone as "any pair at or above t" (t chosen on the other folds
 * as above), and a three-way rule on the paper-in-wire containment (non derived below t1, wholly
 * derived from t2), scored by the macro-F1 of the three labels on the held-out folds.
 */
function featureStudy() {
  const features: Record<string, (p: PairFeatures) => number> = {
    shorter_in_longer: (p) => p.containment,
    longer_in_shorter: (p) => p.longerContainment,
    geometric_mean: (p) => Math.sqrt(p.containment * p.longerContainment),
    paper_in_wire: (p) => p.paperInWire,
  };
  const steps = Array.from({ length: 100 }, (_, k) => round(0.005 * (k + 1)));
  const best = (s: Story, f: (p: PairFeatures) => number) => Math.max(0, ...s.pairs.map(f));
  const binary = (list: Story[], f: (p: PairFeatures) => number, t: number): Counts => {
    const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const s of list) {
      const predicted = best(s, f) >= t;
      if (predicted && s.derived) c.tp++;
      else if (predicted) c.fp++;
      else if (s.derived) c.fn++;
      else c.tn++;
    }
    return c;
  };
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(features)) {
    const held: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
    const chosenT: number[] = [];
    for (let fold = 0; fold < folds; fold++) {
      const train = stories.filter((s) => foldOf(s.topic) !== fold);
      let t = steps[0] as number;
      let score = -1;
      for (const x of steps) {
        const m = figures(binary(train, f, x)).macro_f1;
        if (m > score) [score, t] = [m, x];
      }
      chosenT.push(t);
      const c = binary(
        stories.filter((s) => foldOf(s.topic) === fold),
        f,
        t,
      );
      for (const k of ['tp', 'fp', 'fn', 'tn'] as const) held[k] += c[k];
    }
    out[name] = { thresholds_per_fold: chosenT, held_out: figures(held) };
  }
  // Three-way: non derived / partially / wholly by the paper-in-wire containment.
  const labels = ['non_derived', 'partially_derived', 'wholly_derived'];
  const classify = (s: Story, t1: number, t2: number) => {
    const x = best(s, features.paper_in_wire as (p: PairFeatures) => number);
    return x < t1 ? 0 : x < t2 ? 1 : 2;
  };
  const macro3 = (list: [Story, number][]) => {
    let sum = 0;
    for (let c = 0; c < 3; c++) {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      for (const [s, y] of list) {
        const gold = labels.indexOf(s.label);
        if (y === c && gold === c) tp++;
        else if (y === c) fp++;
        else if (gold === c) fn++;
      }
      sum += f1(tp, fp, fn);
    }
    return round(sum / 3);
  };
  const held: [Story, number][] = [];
  const chosen3: [number, number][] = [];
  for (let fold = 0; fold < folds; fold++) {
    const train = stories.filter((s) => foldOf(s.topic) !== fold);
    let pick: [number, number] = [0, 0];
    let score = -1;
    for (const t1 of steps.slice(0, 40))
      for (const t2 of steps)
        if (t2 > t1) {
          const m = macro3(train.map((s) => [s, classify(s, t1, t2)]));
          if (m > score) [score, pick] = [m, [t1, t2]];
        }
    chosen3.push(pick);
    for (const s of stories) if (foldOf(s.topic) === fold) held.push([s, classify(s, ...pick)]);
  }
  out.three_way_paper_in_wire = { thresholds_per_fold: chosen3, held_out_macro_f1: macro3(held) };
  return out;
}

/**
 * The ordered decision (passages, or the later text's containment >= t with >= 25 words) and
 * then the common-source step: a pair is dropped when the paper's `otherSource` share is >= u.
 * (t, u) chosen per fold on the other folds, scored held out; also scored over 12 other splits of
 * the topics into folds (mean and spread), as one split's figures move by about 0.015.
 */
function commonSourceStudy() {
  const rules = [1, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2, 0.15].flatMap((u) =>
    Array.from({ length: 40 }, (_, k) => ({ u, threshold: round(0.005 * (k + 1)) })),
  );
  type R = { u: number; threshold: number };
  const decide = (s: Story, r: R) =>
    s.pairs.some(
      (p) =>
        (p.passages || (p.paperWords >= DERIVED_CONTAINMENT_MIN_WORDS && p.paperInWire >= r.threshold)) &&
        p.otherSource < r.u,
    );
  const score = (list: Story[], r: R): Counts => tally(list, (s) => decide(s, r));
  const pick = (list: Story[], family: R[]) => bestRule(family, (r) => figures(score(list, r)).macro_f1);
  const heldOut = (family: R[], seed: number) => {
    const chosenRules: R[] = [];
    const held = heldOutCounts(stories, topic, family, score, macroF1, {
      folds,
      seed,
      key: (t) => `${t}${seed === 7 ? '' : seed}`,
      chosen: (r) => chosenRules.push(r),
    });
    return { chosen: chosenRules, figures: figures(held) };
  };
  const without = rules.filter((r) => r.u === 1);
  const spread = (family: R[]) => {
    const runs = Array.from({ length: 12 }, (_, k) => heldOut(family, 100 + k).figures);
    const mean = meanFigures(runs, round);
    const sd = Math.sqrt(runs.reduce((x, r) => x + (r.macro_f1 - mean.macro_f1) ** 2, 0) / runs.length);
    return {
      macro_f1: mean.macro_f1,
      sd: round(sd),
      precision_derived: mean.precision_derived,
      recall_derived: mean.recall_derived,
    };
  };
  const main = heldOut(rules, 7);
  return {
    rules_per_fold: main.chosen,
    held_out: main.figures,
    without_step_held_out: heldOut(without, 7).figures,
    twelve_splits: spread(rules),
    twelve_splits_without_step: spread(without),
    rule_on_all: pick(stories, rules),
    current_defaults: figures(
      score(stories, {
        threshold: compareDefaults.minDerivedContainment,
        u: compareDefaults.maxOtherSourceShare,
      }),
    ),
  };
}

/**
 * The 3-grams of `paper` outside its quotations (as `containment`) found in `wire` at a place
 * where none of their words is quoted, as a share of the paper's 3-grams outside its quotations.
 */
function reporterWording(paper: PreparedText, wire: PreparedText): number {
  const gram = (p: PreparedText, i: number) =>
    combine(combine(p.normHash[i] as number, p.normHash[i + 1] as number), p.normHash[i + 2] as number);
  const quotedAt = (p: PreparedText, i: number) =>
    p.quoted[i] === 1 || p.quoted[i + 1] === 1 || p.quoted[i + 2] === 1;
  const unquoted = new Set<number>();
  for (let i = 0; i + 3 <= wire.normHash.length; i++) if (!quotedAt(wire, i)) unquoted.add(gram(wire, i));
  let counted = 0;
  let found = 0;
  for (let i = 0; i + 3 <= paper.normHash.length; i++) {
    if (quotedAt(paper, i)) continue;
    counted++;
    if (unquoted.has(gram(paper, i))) found++;
  }
  return counted === 0 ? 0 : found / counted;
}

/**
 * Alternatives to the product's decision (passages, or paper-in-wire containment >= t with >= 25
 * words; pairs dropped when the neighbours' share is >= u), each a family of rules chosen per fold
 * on the other folds and scored held out, as the mean over 12 random 5-fold splits of the topics
 * (`commonSourceStudy`'s splits). Reported in docs/reuse.md; none was kept.
 */
function alternativesStudy() {
  const us = [1, 0.3, 0.25, 0.2];
  const ts = Array.from({ length: 40 }, (_, k) => round(0.005 * (k + 2)));
  type Decide = (p: PairFeatures, r: number[]) => boolean;
  const long = (p: PairFeatures) => p.paperWords >= DERIVED_CONTAINMENT_MIN_WORDS;
  const families: Record<string, { rules: number[][]; decide: Decide }> = {
    product: {
      rules: ts.flatMap((t) => us.map((u) => [t, u])),
      decide: (p, [t, u]) =>
        (p.passages || (long(p) && p.paperInWire >= (t as number))) && p.otherSource < (u as number),
    },
    reporter_wording: {
      rules: ts.flatMap((t) => us.map((u) => [t, u])),
      decide: (p, [t, u]) =>
        (p.passages || (long(p) && p.reporterWording >= (t as number))) && p.otherSource < (u as number),
    },
    four_grams: {
      rules: ts.flatMap((t) => us.map((u) => [t, u])),
      decide: (p, [t, u]) =>
        (p.passages || (long(p) && p.paperInWire4 >= (t as number))) && p.otherSource < (u as number),
    },
    five_grams: {
      rules: ts.flatMap((t) => us.map((u) => [t, u])),
      decide: (p, [t, u]) =>
        (p.passages || (long(p) && p.paperInWire5 >= (t as number))) && p.otherSource < (u as number),
    },
    // Passages count only when the reporter's wording reaches v too.
    passages_gated_by_reporter_wording: {
      rules: ts.flatMap((t) => us.flatMap((u) => [0, 0.02, 0.04, 0.06, 0.08].map((v) => [t, u, v]))),
      decide: (p, [t, u, v]) =>
        ((p.passages && p.reporterWording >= (v as number)) || (long(p) && p.paperInWire >= (t as number))) &&
        p.otherSource < (u as number),
    },
    // Any pair whose reporter's wording is below k times its containment is dropped.
    reporter_wording_ratio: {
      rules: ts.flatMap((t) => us.flatMap((u) => [0, 0.2, 0.3, 0.4, 0.5, 0.6].map((k) => [t, u, k]))),
      decide: (p, [t, u, k]) =>
        (p.passages || (long(p) && p.paperInWire >= (t as number))) &&
        p.otherSource < (u as number) &&
        p.reporterWording >= (k as number) * p.paperInWire,
    },
  };
  const score = (list: Story[], decide: Decide, r: number[]): Counts => {
    const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const s of list) {
      const predicted = s.pairs.some((p) => decide(p, r));
      if (predicted && s.derived) c.tp++;
      else if (predicted) c.fp++;
      else if (s.derived) c.fn++;
      else c.tn++;
    }
    return c;
  };
  const out: Record<string, unknown> = {};
  for (const [name, { rules, decide }] of Object.entries(families)) {
    const runs = Array.from({ length: 12 }, (_, k) =>
      figures(
        heldOutCounts(stories, topic, rules, (list, r) => score(list, decide, r), macroF1, {
          folds,
          seed: 100 + k,
        }),
      ),
    );
    out[name] = meanFigures(runs, round);
  }
  return out;
}

/**
 * Where the paper's quotations come from (`quote-provenance.ts`, `own-quotes.ts`), on top of the
 * product's rule (passages, or paper-in-wire containment >= 0.075 with >= 25 words; the common-
 * source step at 0.25). A paper with m or more quoted 3-grams, less than x of them in any of its
 * wire stories (the index looks in the candidates and their versions), is derived only through a
 * pair with containment >= v; a pair in which y or more of its quoted 3-grams are in the wire
 * story needs containment t2 instead of 0.075. (m, x, v, t2, y), the step off included, chosen
 * per fold on the other folds and scored held out, over the 12 splits of `commonSourceStudy`.
 */
function quoteProvenanceStudy() {
  type R = [m: number, x: number, v: number, t2: number, y: number];
  const off: R = [Number.POSITIVE_INFINITY, 0, 1, 0.075, 2];
  const rules: R[] = [off];
  for (const m of [6, 10, 20])
    for (const x of [0.02, 0.05, 0.1])
      for (const v of [0.2, 0.3, 1])
        for (const t2 of [0.03, 0.04, 0.05, 0.06, 0.075])
          for (const y of [0.3, 0.5, 0.7]) rules.push([m, x, v, t2, y]);
  const decide = (s: Story, [m, x, v, t2, y]: R) => {
    const own = s.quoted >= m && s.quotedInSources < x;
    return s.pairs.some((p) => {
      if (p.otherSource >= compareDefaults.maxOtherSourceShare) return false;
      const long = p.paperWords >= DERIVED_CONTAINMENT_MIN_WORDS;
      if (own) return long && p.paperInWire >= v;
      const fromWire = p.quoted >= m && p.quotedInWire >= y;
      const t = fromWire
        ? Math.min(t2, compareDefaults.minDerivedContainment)
        : compareDefaults.minDerivedContainment;
      return p.passages || (long && p.paperInWire >= t);
    });
  };
  const score = (list: Story[], r: R): Counts => tally(list, (s) => decide(s, r));
  const pick = (list: Story[], family: R[]) => bestRule(family, (r) => figures(score(list, r)).macro_f1);
  const chosen = new Map<string, number>();
  const spread = (family: R[]) => {
    const runs = Array.from({ length: 12 }, (_, k) =>
      figures(
        heldOutCounts(stories, topic, family, score, macroF1, {
          folds,
          seed: 100 + k,
          chosen: (r) => chosen.set(r.join(' '), (chosen.get(r.join(' ')) ?? 0) + 1),
        }),
      ),
    );
    return meanFigures(runs, round);
  };
  const without = spread([off]);
  chosen.clear();
  const withStep = spread(rules);
  return {
    twelve_splits_without: without,
    twelve_splits: withStep,
    // m x v t2 y, and how many of the 60 folds chose it.
    chosen_most: [...chosen.entries()].sort((p, q) => q[1] - p[1]).slice(0, 3),
    rule_on_all: pick(stories, rules),
  };
}

/**
 * Chooses the candidate rule for texts of a few paragraphs (`MidTextRule`: two shared brief
 * anchors when the later document has at most 48 containment anchors) by cross-validation on
 * METER-style data, running the whole reuse step (candidates, verification, the own-quotations and
 * common-source steps) once per rule, since a candidate changes what those steps see.
 *
 *   npx tsx bench/accuracy/meter-candidates-cv.ts [CORPUS_DIR]
 *
 * The corpus is ingested once into a temporary store; for each rule of the family the index is
 * rebuilt and each newspaper story is predicted derived when a pair joins it to one of its wire
 * stories (as `score-meter.py`). The topics are split into 5 folds (a topic's stories in one fold)
 * 12 times at random; on each fold the rule with the best macro-F1 on the other folds is scored
 * on it (the first of equal ones, the family ordered from the rule off to the most candidates).
 * Prints, as JSON, each rule on all the data and the held-out means of two families: the number
 * of shared brief anchors at the default length (off, 4, 3, 2, 1), and that with the length.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ingest } from '../../src/ingest/ingest.js';
import { type MidTextRule, midTextDefaults } from '../../src/reuse/candidates.js';
import { updateReuse } from '../../src/reuse/update-reuse.js';
import { openStore } from '../../src/store/open-store.js';
import { type Counts, heldOutCounts, meanFigures } from './topic-folds.js';

const corpus =
  process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : '../shared/corpora/meter-dev';
const gold = JSON.parse(readFileSync(path.join(corpus, 'gold.json'), 'utf8')).papers as Record<
  string,
  { label: string; sources: string[] }
>;
const papers = Object.keys(gold);
const topicOf = (paper: string) => paper.split('__').at(-2) ?? paper;

const off: MidTextRule = { anchors: 0, shared: Number.POSITIVE_INFINITY };
// Two families: the shared brief anchors at the default length, and the length with them.
const byShared: MidTextRule[] = [off];
for (const shared of [4, 3, 2, 1]) byShared.push({ anchors: midTextDefaults.anchors, shared });
const family: MidTextRule[] = [...byShared];
for (const anchors of [24, 36, 64, 96, 1e6]) family.push({ anchors, shared: midTextDefaults.shared });
const name = (r: MidTextRule) => (r === off ? 'off' : `${r.shared} shared, <= ${r.anchors} anchors`);

const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-meter-candidates-'));
/** For each rule, the papers it predicts derived. */
const derivedBy = new Map<MidTextRule, Set<string>>();
try {
  const store = openStore(path.join(dir, 'store'));
  const docs = path.join(corpus, 'docs');
  await ingest(store, [docs], { manifest: path.join(docs, 'manifest.jsonl') });
  const file = new Map([...store.documents.summaries()].map((d) => [d.id, path.basename(d.source)]));
  for (const rule of family) {
    const related = new Set<string>();
    for (const p of updateReuse(store, { workers: 1, midText: rule }).pairs) {
      related.add(`${file.get(p.a)} ${file.get(p.b)}`);
      related.add(`${file.get(p.b)} ${file.get(p.a)}`);
    }
    derivedBy.set(
      rule,
      new Set(papers.filter((paper) => gold[paper]?.sources.some((s) => related.has(`${paper} ${s}`)))),
    );
  }
  store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function counts(rule: MidTextRule, list: readonly string[]): Counts {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const predicted = derivedBy.get(rule) as Set<string>;
  for (const paper of list) {
    const derived = gold[paper]?.label !== 'non_derived';
    if (predicted.has(paper)) derived ? c.tp++ : c.fp++;
    else derived ? c.fn++ : c.tn++;
  }
  return c;
}
const f1 = (tp: number, fp: number, fn: number) => (tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn));
const round = (x: number) => Math.round(x * 10000) / 10000;
function figures(c: Counts) {
  return {
    macro_f1: round((f1(c.tp, c.fp, c.fn) + f1(c.tn, c.fn, c.fp)) / 2),
    precision_derived: round(c.tp / Math.max(1, c.tp + c.fp)),
    recall_derived: round(c.tp / Math.max(1, c.tp + c.fn)),
  };
}

/** The family's rule chosen per fold on the other folds, scored held out, over 12 random splits. */
function heldOut(family: readonly MidTextRule[]) {
  const chosen = new Map<string, number>();
  const runs = Array.from({ length: 12 }, (_, k) =>
    figures(
      heldOutCounts(
        papers,
        topicOf,
        family,
        (list, rule) => counts(rule, list),
        (c) => figures(c).macro_f1,
        { folds: 5, seed: 100 + k, chosen: (r) => chosen.set(name(r), (chosen.get(name(r)) ?? 0) + 1) },
      ),
    ),
  );
  return { ...meanFigures(runs, round), chosen_of_60_folds: Object.fromEntries(chosen) };
}
console.log(
  JSON.stringify(
    {
      stories: papers.length,
      on_all_data: Object.fromEntries(family.map((r) => [name(r), figures(counts(r, papers))])),
      held_out_by_shared: heldOut(byShared),
      held_out_by_shared_and_length: heldOut(family),
    },
    null,
    2,
  ),
);

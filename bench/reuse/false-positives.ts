/**
 * False positives of the reuse decision, pair by pair, at the density of a large corpus.
 *
 *   npx tsx bench/reuse/false-positives.ts [--size 1000000] [--topics 4] [--seed 42] [--show 15]
 *
 * The generator's documents fall into topics; at N documents each topic holds about N / 500 of
 * them, and same-topic originals are the "same facts, own words" negatives. This script takes the
 * originals of the first `--topics` topics among the first `--size` documents (so the topics are
 * as crowded as in the full corpus, at a fraction of the cost), finds candidates with the
 * library's sketches (document bands, or two shared sentence keys), verifies them with
 * `comparePrepared`, and prints every accepted pair (all of them are false positives: two
 * originals are never derived from each other) with its passages, kinds, scores and text.
 */

import { MIN_SENTENCE_KEYS } from '../../src/reuse/candidates.js';
import { comparePrepared } from '../../src/reuse/compare-texts.js';
import { type PreparedText, prepareText } from '../../src/reuse/prepare.js';
import { createSketcher } from '../../src/reuse/sketch.js';
import { flag } from '../flags.js';
import { createGenerator, topicOf } from './generate.js';
import { fileUnder, SHIFT, sharedKeyCounts } from './key-pairs.js';

const args = process.argv.slice(2);
const seed = Number(flag('seed', '42'));
const size = Number(flag('size', '1000000'));
const topics = Number(flag('topics', '4'));
const show = Number(flag('show', '15'));

const g = createGenerator(seed);
const ids: number[] = [];
// With --derived, the derived documents of those topics take part too (their planted pairs and
// pairs of two documents derived from one source are correct, not listed).
const derived = args.includes('--derived');
const sourceOf = new Map<number, number>();
for (let i = 0; i < size; i++) {
  const slot = i % 20;
  if (slot < 1 || slot > 4) {
    if (topicOf(i, seed) < topics) ids.push(i);
  } else if (derived) {
    const d = g.doc(i);
    if (d.topic < topics) {
      ids.push(i);
      sourceOf.set(i, d.source);
    }
  }
}
const related = (a: number, b: number) =>
  sourceOf.get(b) === a || sourceOf.get(a) === b || (sourceOf.has(a) && sourceOf.get(a) === sourceOf.get(b));
const sketch = createSketcher();
const prepared = new Map<number, PreparedText>();
const bands = new Map<number, number[]>();
const sentences = new Map<number, number[]>();
for (const i of ids) {
  const p = prepareText(g.doc(i).text);
  prepared.set(i, p);
  const s = sketch(p);
  for (const k of s.bandKeys) fileUnder(bands, k, i);
  for (const k of s.sentenceKeys) fileUnder(sentences, k, i);
}
const bandPairs = new Set(sharedKeyCounts(bands).keys());
const sentenceCount = sharedKeyCounts(sentences);
const candidates = new Set(bandPairs);
for (const [c, n] of sentenceCount) if (n >= MIN_SENTENCE_KEYS) candidates.add(c);

const stats = { relation: new Map<string, number>(), byBand: 0, bySentences: 0 };
let shown = 0;
let accepted = 0;
for (const c of [...candidates].sort((x, y) => x - y)) {
  const a = Math.floor(c / SHIFT);
  const b = c - a * SHIFT;
  const pa = prepared.get(a) as PreparedText;
  const pb = prepared.get(b) as PreparedText;
  if (related(a, b)) continue;
  const r = comparePrepared(pa, pb);
  if (r.relation === 'none') continue;
  accepted++;
  stats.relation.set(r.relation, (stats.relation.get(r.relation) ?? 0) + 1);
  if (bandPairs.has(c)) stats.byBand++;
  else stats.bySentences++;
  if (shown++ >= show) continue;
  console.log(
    `\n#${shown} docs ${a} (${sourceOf.has(a) ? `from ${sourceOf.get(a)}` : 'original'}) ~ ${b} (${sourceOf.has(b) ? `${g.doc(b).kind} of ${sourceOf.get(b)}` : 'original'}) (topic ${topicOf(a, seed)}/${topicOf(b, seed)}) ${r.relation} shared ${r.shared_a}/${r.shared_b}, band candidate: ${bandPairs.has(c)}, shared sentence keys: ${sentenceCount.get(c) ?? 0}`,
  );
  for (const p of r.passages)
    console.log(
      `  ${p.kind} ${p.score}\n    A: ${pa.text.slice(p.a[0], p.a[1])}\n    B: ${pb.text.slice(p.b[0], p.b[1])}`,
    );
}
console.log(
  `\n${ids.length} originals of ${topics} topics among ${size} documents (${(ids.length / topics).toFixed(0)} per topic); ${candidates.size} candidates (${bandPairs.size} by bands); ${accepted} accepted = false positives (${(accepted / ids.length).toFixed(4)} per document): ${[...stats.relation].map(([k, v]) => `${k} ${v}`).join(', ')}; via bands ${stats.byBand}, via sentence keys only ${stats.bySentences}`,
);

/**
 * How many sentence keys planted pairs share, against the candidates that verification rejects:
 * the evidence for `MIN_SENTENCE_KEYS` (src/reuse/candidates.ts).
 *
 *   npx tsx bench/reuse/key-counts.ts [--size 20000] [--seed 42]
 *
 * Lists the candidate pairs among the first `--size` documents (document bands, or shared sentence
 * keys held by at most MAX_DOCUMENTS_PER_KEY documents), verifies them, and prints per number of
 * shared sentence keys how many are planted pairs (by kind), pairs of two documents derived from
 * one source, and other pairs (accepted or rejected), separately for band and sentence-only
 * candidates.
 */
import { MAX_DOCUMENTS_PER_KEY } from '../../src/reuse/candidates.js';
import { comparePrepared } from '../../src/reuse/compare-texts.js';
import { type PreparedText, prepareText } from '../../src/reuse/prepare.js';
import { createSketcher } from '../../src/reuse/sketch.js';
import { flag } from '../flags.js';
import { createGenerator } from './generate.js';
import { fileUnder, SHIFT, sharedKeyCounts } from './key-pairs.js';

const seed = Number(flag('seed', '42'));
const size = Number(flag('size', '20000'));

const g = createGenerator(seed);
const docs = Array.from({ length: size }, (_, i) => g.doc(i));
const sketch = createSketcher();
const bands = new Map<number, number[]>();
const sentences = new Map<number, number[]>();
for (let i = 0; i < size; i++) {
  const s = sketch(prepareText(docs[i]?.text as string));
  for (const k of s.bandKeys) fileUnder(bands, k, i);
  for (const k of s.sentenceKeys) fileUnder(sentences, k, i);
}
const bandPairs = sharedKeyCounts(bands, MAX_DOCUMENTS_PER_KEY);
const sentencePairs = sharedKeyCounts(sentences, MAX_DOCUMENTS_PER_KEY);
const classOf = (a: number, b: number): string => {
  const da = docs[a];
  const db = docs[b];
  if (db?.source === a) return db.kind;
  if (da?.source === b) return da.kind;
  if (da && db && da.source >= 0 && da.source === db.source) return 'siblings';
  return 'other';
};
const table = new Map<string, number>();
const cache = new Map<number, PreparedText>();
const prepared = (i: number) => {
  let p = cache.get(i);
  if (!p) {
    if (cache.size > 5000) cache.delete(cache.keys().next().value as number);
    p = prepareText(docs[i]?.text as string);
    cache.set(i, p);
  }
  return p;
};
// One shared sentence key is far too common to list (hundreds of thousands of pairs): from two.
const all = new Set([...bandPairs.keys(), ...[...sentencePairs].filter(([, n]) => n >= 2).map(([c]) => c)]);
for (const c of [...all].sort((x, y) => x - y)) {
  const a = Math.floor(c / SHIFT);
  const b = c - a * SHIFT;
  const keys = Math.min(sentencePairs.get(c) ?? 0, 9);
  const via = bandPairs.has(c) ? 'band' : 'sent';
  let cls = classOf(a, b);
  if (cls === 'other')
    cls += comparePrepared(prepared(a), prepared(b)).relation === 'none' ? '-rejected' : '-accepted';
  const k = `${via}\t${cls}\t${keys}`;
  table.set(k, (table.get(k) ?? 0) + 1);
}
const rows = [...table].sort(([x], [y]) => (x < y ? -1 : 1));
console.log('via\tclass\tshared sentence keys (9 = 9 or more)\tpairs');
for (const [k, n] of rows) console.log(`${k}\t${n}`);

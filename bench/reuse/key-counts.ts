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
import { createGenerator } from './generate.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? (args[k + 1] ?? fallback) : fallback;
};
const seed = Number(flag('seed', '42'));
const size = Number(flag('size', '20000'));
const SHIFT = 2 ** 21;

const g = createGenerator(seed);
const docs = Array.from({ length: size }, (_, i) => g.doc(i));
const sketch = createSketcher();
const bands = new Map<number, number[]>();
const sentences = new Map<number, number[]>();
const add = (m: Map<number, number[]>, k: number, d: number) => {
  const l = m.get(k);
  if (l) l.push(d);
  else m.set(k, [d]);
};
for (let i = 0; i < size; i++) {
  const s = sketch(prepareText(docs[i]?.text as string));
  for (const k of s.bandKeys) add(bands, k, i);
  for (const k of s.sentenceKeys) add(sentences, k, i);
}
const pairsOf = (m: Map<number, number[]>) => {
  const out = new Map<number, number>();
  for (const l of m.values()) {
    if (l.length > MAX_DOCUMENTS_PER_KEY) continue;
    for (let x = 0; x < l.length; x++)
      for (let y = x + 1; y < l.length; y++) {
        const c = (l[x] as number) * SHIFT + (l[y] as number);
        out.set(c, (out.get(c) ?? 0) + 1);
      }
  }
  return out;
};
const bandPairs = pairsOf(bands);
const sentencePairs = pairsOf(sentences);
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

/**
 * CPU cost per document and per verified pair, measured as process CPU time (not wall time), so
 * that it stays meaningful when other work shares the cores. Used to project the 1M-document run.
 *
 *   npx tsx bench/reuse/cpu-cost.ts [--docs 3000] [--seed 42]
 */
import { comparePrepared } from '../../src/reuse/compare-texts.js';
import { prepareText } from '../../src/reuse/prepare.js';
import { createSketcher } from '../../src/reuse/sketch.js';
import { flag } from '../flags.js';
import { createGenerator } from './generate.js';

const n = Number(flag('docs', '3000'));
const g = createGenerator(Number(flag('seed', '42')));
const sketch = createSketcher();
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// Warm up the JIT on other documents first.
for (let i = n; i < n + 300; i++) sketch(prepareText(g.doc(i).text));

let t = cpu();
const texts: string[] = [];
for (let i = 0; i < n; i++) texts.push(g.doc(i).text);
const generate = (cpu() - t) / n;
t = cpu();
const prepared = texts.map((x) => prepareText(x));
const prepare = (cpu() - t) / n;
t = cpu();
for (const p of prepared) sketch(p);
const sketchMs = (cpu() - t) / n;
const words = prepared.reduce((s, p) => s + p.tokens.length, 0) / n;

// Verification: planted pairs (source, derived) and unrelated neighbours, on fresh preparations
// so that per-text caches do not flatter the figure.
const pairs: [number, number][] = [];
for (let i = 0; i < n && pairs.length < 600; i++) {
  const d = g.doc(i);
  pairs.push(d.source >= 0 && d.source !== i ? [d.source, i] : [i, (i + 7) % n]);
}
const fresh = pairs.map(
  ([x, y]) => [prepareText(texts[x] as string), prepareText(texts[y] as string)] as const,
);
t = cpu();
for (const [a, b] of fresh) comparePrepared(a, b);
const verify = (cpu() - t) / fresh.length;

console.log(`documents: ${n}, ${words.toFixed(0)} words each on average`);
console.log(
  `generate ${generate.toFixed(3)} ms/doc, prepare ${prepare.toFixed(3)} ms/doc, sketch ${sketchMs.toFixed(3)} ms/doc (CPU)`,
);
console.log(`verify ${verify.toFixed(3)} ms/pair (CPU, ${fresh.length} pairs, cold texts)`);
console.log(JSON.stringify({ n, words, generate, prepare, sketch: sketchMs, verify }));

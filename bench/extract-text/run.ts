/**
 * Micro-benchmark of the text extractors (sentences, quantities, dates, quotes, attributions,
 * claims) on ~800-word documents assembled, with a seeded shuffle, from the paragraphs of
 * ../shared/corpora/bucha-2022. Prints a table; run with `npx tsx bench/extract-text/run.ts [docs]`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { extractAttributions } from '../../src/extract/extract-attributions.js';
import { extractClaims } from '../../src/extract/extract-claims.js';
import { extractDates } from '../../src/extract/extract-dates.js';
import { extractQuantities } from '../../src/extract/extract-quantities.js';
import { extractQuotes } from '../../src/extract/extract-quotes.js';
import { splitSentences } from '../../src/extract/split-sentences.js';

const corpus = resolve(process.cwd(), '../shared/corpora/bucha-2022');
if (!existsSync(corpus)) {
  console.error(`Corpus not found at ${corpus}: run from the repository root with ../shared beside it.`);
  process.exit(2);
}
const paragraphs = readdirSync(corpus)
  .filter((name) => name.endsWith('.txt'))
  .sort()
  .flatMap((name) => readFileSync(resolve(corpus, name), 'utf8').split(/\n\s*\n/));

let seed = 42;
const random = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const count = Number(process.argv[2] ?? 2000);
const documents: string[] = [];
for (let i = 0; i < count; i++) {
  const parts: string[] = [];
  let words = 0;
  while (words < 800) {
    const paragraph = paragraphs[Math.floor(random() * paragraphs.length)]!;
    parts.push(paragraph);
    words += paragraph.split(/\s+/).length;
  }
  documents.push(parts.join('\n\n'));
}

const reference = { date: '2022-04-03', from: 'published' as const };
// CPU time, not wall time: the benchmark machine is shared, and CPU time is what a core spends.
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

function extractAll(text: string, id: string): number {
  const sentences = splitSentences(text);
  extractQuantities(text, sentences);
  extractDates(text, sentences, reference);
  const { quotes } = extractQuotes(text, sentences, id);
  const attributions = extractAttributions(text, sentences);
  extractClaims(text, sentences, id, quotes, attributions);
  return sentences.length;
}

// Warm up (JIT, lexicon loading), then time the whole run with two clock reads.
for (let i = 0; i < 200; i++) extractAll(documents[i % documents.length]!, `w${i}`);
let sentenceCount = 0;
let words = 0;
for (const text of documents) words += text.split(/\s+/).length;
const started = cpu();
documents.forEach((text, index) => {
  sentenceCount += extractAll(text, `d${index}`);
});
const total = cpu() - started;

// Per-stage split on a subset (each clock read costs a little, so this pass runs separately).
const stages = { sentences: 0, quantities: 0, dates: 0, quotes: 0, attributions: 0, claims: 0 };
const sample = documents.slice(0, Math.min(500, documents.length));
sample.forEach((text, index) => {
  let t = cpu();
  const sentences = splitSentences(text);
  stages.sentences += cpu() - t;
  t = cpu();
  extractQuantities(text, sentences);
  stages.quantities += cpu() - t;
  t = cpu();
  extractDates(text, sentences, reference);
  stages.dates += cpu() - t;
  t = cpu();
  const { quotes } = extractQuotes(text, sentences, `s${index}`);
  stages.quotes += cpu() - t;
  t = cpu();
  const attributions = extractAttributions(text, sentences);
  stages.attributions += cpu() - t;
  t = cpu();
  extractClaims(text, sentences, `s${index}`, quotes, attributions);
  stages.claims += cpu() - t;
});
console.log(`documents ${count}, mean words ${(words / count).toFixed(0)}, sentences ${sentenceCount}`);
console.log('stage          CPU ms/doc');
for (const [stage, ms] of Object.entries(stages))
  console.log(`${stage.padEnd(14)} ${(ms / sample.length).toFixed(3)}`);
console.log(
  `total          ${(total / count).toFixed(3)}  → ${((count * 1000) / total).toFixed(0)} docs/s per core, ${((sentenceCount * 1000) / total).toFixed(0)} sentences/s`,
);
console.log(`peak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);

/**
 * End-to-end analyze benchmark: a seeded corpus of incident reports (bench/analyze/generate.ts)
 * analysed into a fresh store (ingest → reuse → extraction → merge → ledger.json), then an
 * incremental run that adds `--add` new reports to the same store.
 *
 *   npx tsx bench/analyze/run.ts [--count 10000] [--add 100] [--seed 1] [--keep DIR]
 *
 * `--keep DIR` leaves the corpus and the store in DIR (for profiling incremental runs on it).
 *
 * Prints a table and writes bench/analyze/results-<count>.json. Never run in tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AnalyzeResult, analyze } from '../../src/analyze/index.js';
import { openStore } from '../../src/store/open-store.js';
import { createCorpus } from './generate.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] as string) : fallback;
};
const count = Number(flag('--count', '10000'));
const add = Number(flag('--add', '100'));
const seed = Number(flag('--seed', '1'));

const keep = flag('--keep', '');
const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-bench-analyze-'));
if (keep) fs.mkdirSync(dir, { recursive: true });
try {
  const corpus = createCorpus(seed);
  const g0 = performance.now();
  corpus.write(path.join(dir, 'corpus'), count);
  process.stderr.write(`generated ${count} reports in ${((performance.now() - g0) / 1000).toFixed(1)} s\n`);

  const store = openStore(path.join(dir, 'store'));
  const run = async (label: string, inputs: string[]): Promise<Record<string, string | number>> => {
    const t = performance.now();
    let last = '';
    const result: AnalyzeResult = await analyze(store, inputs, {
      out: path.join(dir, 'out'),
      onProgress: (stage, done, total) => {
        const line = `${label} ${stage} ${done}/${total}`;
        if (stage !== last || done === total || done % 2000 === 0) process.stderr.write(`${line}\n`);
        last = stage;
      },
    });
    const seconds = (performance.now() - t) / 1000;
    const s = (ms: number) => (ms / 1000).toFixed(1);
    return {
      run: label,
      documents: result.documents,
      extracted: result.extracted,
      seconds: seconds.toFixed(1),
      'docs/s': (result.extracted / seconds).toFixed(1),
      ingest: s(result.timings.ingest),
      reuse: s(result.timings.reuse),
      extract: s(result.timings.extract),
      merge: s(result.timings.merge),
      write: s(result.timings.write),
      events: result.ledger.events.length,
      families: result.ledger.families.length,
      'rss MB': Math.round(process.memoryUsage().rss / 1048576),
    };
  };
  const rows = [await run(`analyze ${count}`, [path.join(dir, 'corpus')])];
  const extra = corpus.write(path.join(dir, 'more'), add);
  rows.push(await run(`+${add} incremental`, extra.length > 0 ? [path.join(dir, 'more')] : []));
  store.close();

  const keys = Object.keys(rows[0] as object);
  console.log(`| ${keys.join(' | ')} |\n|${keys.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${keys.map((k) => r[k]).join(' | ')} |`);
  fs.writeFileSync(
    path.join('bench', 'analyze', `results-${count}.json`),
    `${JSON.stringify(rows, null, 2)}\n`,
  );
} finally {
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}

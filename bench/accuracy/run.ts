/**
 * Accuracy on the real labelled corpora in `../shared/corpora` (or `CORROBORATE_SHARED`): each
 * present corpus is analysed by the built CLI into a fresh store, and the ledger is scored with the
 * same figures as the reference scorers `../shared/eval/score-gva.py` and `score-meter.py`, computed
 * here in TypeScript and checked against the Python scorers on the same ledger when python3 is
 * present. ECB+ cross-document event merging comes from `bench/ecbplus-coref`.
 *
 *   npm run bench:accuracy [-- --only gva-dev,meter-dev,bucha-2022,ecbplus] [--workers N]
 *
 * Prints one table and writes bench/accuracy/results.json. Skips with a message where the shared
 * folder is absent (exit 0); exits 1 when a TypeScript figure disagrees with the reference scorer.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ledger } from '../../src/core/types.js';
import { countEvents } from './bucha-figures.js';
import { analyzeCorpus, corpusPaths, REPO, referenceScores, sharedFolder } from './corpora.js';
import type { ScoredLedger } from './ledger-shape.js';
import { quoteFigures } from './quotes.js';
import { scoreGva } from './score-gva.js';
import { scoreMeter } from './score-meter.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? args[k + 1] : undefined;
};
const only = option('only')?.split(',');
const workers = option('workers') === undefined ? undefined : Number(option('workers'));
const wanted = (name: string) => !only || only.includes(name);

const shared = sharedFolder();
if (!shared) {
  process.stderr.write(
    'bench:accuracy: no shared corpora (looked for ../shared/corpora beside the repository, or CORROBORATE_SHARED); nothing measured\n',
  );
  process.exit(0);
}

interface Row {
  corpus: string;
  figure: string;
  value: number;
  reference: number | null;
}
const rows: Row[] = [];
const runs: Record<string, { seconds: number; documents: number }> = {};
let disagreements = 0;

/** Adds a corpus' figures, each beside the reference scorer's rounded figure when there is one. */
function addRows(
  corpus: string,
  figures: Record<string, unknown>,
  reference: Record<string, unknown> | null,
): void {
  for (const [figure, value] of Object.entries(figures)) {
    if (typeof value !== 'number') continue;
    const ref = reference && typeof reference[figure] === 'number' ? (reference[figure] as number) : null;
    // The Python scorers round to four decimals.
    if (ref !== null && Math.abs(ref - value) > 0.000051) disagreements++;
    rows.push({ corpus, figure, value, reference: ref });
  }
}

/** Quote figures of issue 17: quotes, share with a speaker, distinct speakers, flagged variants. */
function addQuoteRows(corpus: string, ledger: ScoredLedger): void {
  const q = quoteFigures({ quotes: (ledger.quotes ?? []) as Ledger['quotes'] });
  rows.push({ corpus, figure: 'quotes', value: q.quotes, reference: null });
  rows.push({
    corpus,
    figure: 'quotes_with_speaker_share',
    value: q.quotes ? q.withSpeaker / q.quotes : 0,
    reference: null,
  });
  rows.push({ corpus, figure: 'distinct_speakers', value: q.distinctSpeakers, reference: null });
  rows.push({ corpus, figure: 'flagged_variants', value: q.flaggedVariants, reference: null });
}

for (const name of ['gva-dev', 'meter-dev'] as const) {
  if (!wanted(name)) continue;
  const paths = corpusPaths(shared, name);
  if (!paths) {
    process.stderr.write(`bench:accuracy: ${name} is not in ${shared}/corpora; skipped\n`);
    continue;
  }
  process.stderr.write(`bench:accuracy: analysing ${name} …\n`);
  const run = analyzeCorpus(paths.input, workers);
  try {
    runs[name] = { seconds: run.seconds, documents: run.ledger.documents.length };
    const script = join(shared, 'eval', name === 'gva-dev' ? 'score-gva.py' : 'score-meter.py');
    const ours = name === 'gva-dev' ? scoreGva(paths.dir, run.ledger) : scoreMeter(paths.dir, run.ledger);
    const reference = existsSync(script) ? referenceScores(script, paths.dir, run.ledgerPath) : null;
    if (!reference)
      process.stderr.write(
        `bench:accuracy: no reference scorer run for ${name} (python3 or ${script} missing)\n`,
      );
    addRows(name, { ...ours }, reference);
    if (name === 'meter-dev') addQuoteRows(name, run.ledger);
    if ('by_label' in ours)
      for (const [label, [total, predicted]] of Object.entries(ours.by_label))
        rows.push({
          corpus: name,
          figure: `predicted derived: ${label}`,
          value: predicted / total,
          reference: null,
        });
  } finally {
    run.dispose();
  }
}

if (wanted('bucha-2022')) {
  const paths = corpusPaths(shared, 'bucha-2022');
  if (paths) {
    process.stderr.write('bench:accuracy: analysing bucha-2022 …\n');
    const run = analyzeCorpus(paths.input, workers);
    runs['bucha-2022'] = { seconds: run.seconds, documents: run.ledger.documents.length };
    addRows('bucha-2022', { ...countEvents(run.ledger) }, null);
    addQuoteRows('bucha-2022', run.ledger);
    run.dispose();
  }
}

if (wanted('ecbplus') && existsSync(join(shared, 'corpora', 'ecbplus'))) {
  process.stderr.write('bench:accuracy: ECB+ cross-document merging (bench/ecbplus-coref) …\n');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(REPO, 'bench/ecbplus-coref/run.ts'), '--in', join(shared, 'corpora', 'ecbplus')],
    {
      cwd: REPO,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const results = JSON.parse(readFileSync(join(REPO, 'bench/ecbplus-coref/results.json'), 'utf8')) as {
    rows: { system: string; F1: number; muc: number; conll?: number }[];
  };
  const all = results.rows[0];
  if (all) {
    rows.push({ corpus: 'ecbplus', figure: 'b3_f1', value: all.F1, reference: null });
    rows.push({ corpus: 'ecbplus', figure: 'muc_f1', value: all.muc, reference: null });
    if (all.conll !== undefined)
      rows.push({ corpus: 'ecbplus', figure: 'conll_f1', value: all.conll, reference: null });
  }
}

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(4));
const head = ['corpus', 'figure', 'value', 'reference scorer'];
const body = rows.map((r) => [
  r.corpus,
  r.figure,
  fmt(r.value),
  r.reference === null ? '' : fmt(r.reference),
]);
const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c]?.length ?? 0)));
const line = (row: string[]) => `| ${row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')} |`;
process.stdout.write(
  `${[line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')}\n`,
);
for (const [name, r] of Object.entries(runs))
  process.stdout.write(`${name}: ${r.documents} documents analysed in ${r.seconds.toFixed(1)} s\n`);

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();
writeFileSync(
  join(REPO, 'bench', 'accuracy', 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), commit, runs, rows }, null, 2)}\n`,
);
if (disagreements) {
  process.stderr.write(`bench:accuracy: ${disagreements} figure(s) disagree with the reference scorer\n`);
  process.exit(1);
}

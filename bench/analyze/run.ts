/**
 * End-to-end analyze benchmark: a seeded corpus of incident reports (bench/analyze/generate.ts)
 * analysed into a fresh store (ingest → reuse → extraction → merge → ledger.json), then an
 * incremental run that adds `--add` new reports to the same store, in the same process; then,
 * when the CLI is built (dist/), one more incremental run of `--add` reports through
 * `corroborate analyze` in its own process, which is what a user waits for.
 *
 *   npx tsx bench/analyze/run.ts [--count 10000] [--add 100] [--seed 1] [--workers N] [--keep DIR]
 *
 * `--keep DIR` leaves the corpus and the store in DIR (for profiling incremental runs on it).
 * Prints per-stage seconds, documents/s (wall and per CPU-second of the process, worker threads
 * included), peak RSS and the load average, and writes bench/analyze/results-<count>.json.
 * Never run in tests.
 */
import { spawnSync } from 'node:child_process';
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
const workers = args.includes('--workers') ? Number(flag('--workers', '1')) : undefined;
const keep = flag('--keep', '');
const cli = path.resolve('dist/cli/main.js');

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

type Row = Record<string, string | number>;

function row(
  label: string,
  result: Pick<AnalyzeResult, 'documents' | 'extracted' | 'timings' | 'workers'> & Partial<AnalyzeResult>,
  seconds: number,
  cpuSeconds: number | null,
  rssMB: number | null,
  ledgerBytes: number,
): Row {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return {
    run: label,
    documents: result.documents,
    extracted: result.extracted,
    seconds: seconds.toFixed(1),
    'cpu s': cpuSeconds === null ? '-' : cpuSeconds.toFixed(1),
    'docs/s': (result.extracted / seconds).toFixed(1),
    'docs/cpu-s': cpuSeconds === null ? '-' : (result.extracted / cpuSeconds).toFixed(1),
    ingest: s(result.timings.ingest),
    reuse: s(result.timings.reuse),
    extract: s(result.timings.extract),
    merge: s(result.timings.merge),
    write: s(result.timings.write),
    other: s(seconds * 1000 - Object.values(result.timings).reduce((a, b) => a + b, 0)),
    workers: result.workers,
    events: result.counts?.events ?? '-',
    families: result.counts?.families ?? '-',
    'ledger MB': (ledgerBytes / 1048576).toFixed(0),
    'peak rss MB': rssMB ?? '-',
  };
}

const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-bench-analyze-'));
if (keep) fs.mkdirSync(dir, { recursive: true });
const out = path.join(dir, 'out');
const loads = [`start ${load()}`];
try {
  const corpus = createCorpus(seed);
  const g0 = performance.now();
  corpus.write(path.join(dir, 'corpus'), count);
  log(`generated ${count} reports in ${((performance.now() - g0) / 1000).toFixed(1)} s; load ${load()}`);

  const store = openStore(path.join(dir, 'store'));
  const run = async (label: string, inputs: string[]): Promise<Row> => {
    const t = performance.now();
    const cpu = process.cpuUsage();
    let last = '';
    let step = 0;
    const result = await analyze(store, inputs, {
      out,
      workers,
      onProgress: (stage, done, total) => {
        if (stage !== last) step = 0;
        // Ingest reports inputs read so far (no total): one line per 1,000.
        const due = stage === 'ingest' ? done % 1000 === 0 : stage !== last || done === total || done >= step;
        if (due) {
          log(`${label} ${stage} ${done}/${total}`);
          step = done + Math.max(1, Math.ceil(total / 10));
        }
        last = stage;
      },
    });
    const seconds = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    const rss = Math.round(process.resourceUsage().maxRSS / 1024);
    loads.push(`${label} ${load()}`);
    log(`${label} done in ${seconds.toFixed(1)} s; load ${load()}`);
    return row(
      label,
      result,
      seconds,
      (used.user + used.system) / 1e6,
      rss,
      fs.statSync(path.join(out, 'ledger.json')).size,
    );
  };
  const rows = [await run(`analyze ${count}`, [path.join(dir, 'corpus')])];
  corpus.write(path.join(dir, 'more'), add);
  rows.push(await run(`+${add} incremental`, [path.join(dir, 'more')]));
  store.close();

  if (fs.existsSync(cli)) {
    corpus.write(path.join(dir, 'more-cli'), add);
    const t = performance.now();
    // /usr/bin/time reports the child's CPU seconds (worker threads included) and peak RSS.
    const time = fs.existsSync('/usr/bin/time');
    const command = [
      process.execPath,
      cli,
      '--store',
      path.join(dir, 'store'),
      'analyze',
      path.join(dir, 'more-cli'),
      '--out',
      out,
      '--json',
      ...(workers ? ['--workers', String(workers)] : []),
    ];
    const child = time
      ? spawnSync('/usr/bin/time', ['-f', 'TIME %U %S %M', ...command], {
          encoding: 'utf8',
          maxBuffer: 1 << 28,
        })
      : spawnSync(command[0] as string, command.slice(1), { encoding: 'utf8', maxBuffer: 1 << 28 });
    const seconds = (performance.now() - t) / 1000;
    if (child.status !== 0) log(`CLI run failed (${child.status}): ${child.stderr.slice(0, 2000)}`);
    else {
      const summary = JSON.parse(child.stdout) as AnalyzeResult;
      const usage = /TIME ([\d.]+) ([\d.]+) (\d+)/.exec(child.stderr);
      loads.push(`CLI +${add} ${load()}`);
      rows.push(
        row(
          `+${add} CLI process`,
          summary,
          seconds,
          usage ? Number(usage[1]) + Number(usage[2]) : null,
          usage ? Math.round(Number(usage[3]) / 1024) : null,
          fs.statSync(path.join(out, 'ledger.json')).size,
        ),
      );
    }
  }

  const keys = Object.keys(rows[0] as object);
  console.log(`| ${keys.join(' | ')} |\n|${keys.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${keys.map((k) => r[k]).join(' | ')} |`);
  console.log(`\nload average (1, 5, 15 min): ${loads.join('; ')}`);
  fs.writeFileSync(
    path.join('bench', 'analyze', `results-${count}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cores: os.availableParallelism(), loads, rows }, null, 2)}\n`,
  );
} finally {
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}

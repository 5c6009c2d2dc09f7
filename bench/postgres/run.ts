/**
 * PostgreSQL against SQLite, end to end through the CLI: a seeded corpus (bench/analyze/generate.ts)
 * analysed into the embedded store with `analyze PATH`, then into fresh PostgreSQL stores with
 * `analyze PATH` in one process, or `analyze PATH --workers-remote` with 1 and with 2
 * `corroborate worker` processes (reading the inputs, sketching, verification and extraction
 * as jobs). With `--split-ingest`, each PostgreSQL run is `ingest PATH` then `analyze` instead
 * (the ingest in one process).
 *
 *   source .ci/postgres.sh && pg_throwaway_start
 *   npx tsc -p tsconfig.build.json && npx tsx bench/postgres/run.ts [--count 10000] [--seed 1]
 *     [--workers 0,1,2] [--expect SQLITE_LEDGER]   (PostgreSQL runs; skip SQLite, compare with it)
 *     [--split-ingest]
 *   pg_throwaway_stop
 *
 * Needs CORROBORATE_TEST_PG (a database it may create schemas in) and the built CLI. Prints wall
 * seconds per step (the ingest's share of an end-to-end `analyze` from its `--json` timings), the CPU seconds (user + sys, from /usr/bin/time) of the analysing process and
 * of the workers, and the load average, checks that each PostgreSQL ledger equals SQLite's but
 * for the custody head, and writes bench/postgres/results-<count>.json.
 * Never run in tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createCorpus } from '../analyze/generate.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] as string) : fallback;
};
const count = Number(flag('--count', '10000'));
const seed = Number(flag('--seed', '1'));
// PostgreSQL runs by number of worker processes (0: none), in this order.
const configs = flag('--workers', '0,1,2').split(',').map(Number);
// A SQLite ledger kept from an earlier run of the same corpus: the SQLite run is then skipped.
const expectLedger = flag('--expect', '');
const splitIngest = args.includes('--split-ingest');
const url = process.env.CORROBORATE_TEST_PG ?? '';
if (!url) throw new Error('Set CORROBORATE_TEST_PG (source .ci/postgres.sh && pg_throwaway_start).');
const cli = path.resolve('dist/cli/main.js');
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

/** /usr/bin/time's last stderr line: `CPU <user> <sys>`. */
const TIME_FORMAT = 'CPU %U %S';

function run(store: string, argv: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn('/usr/bin/time', ['-f', TIME_FORMAT, process.execPath, cli, '--store', store, ...argv], {
    env: { ...process.env, TZ: 'UTC', CORROBORATE_STORE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Stops started workers: the worker (the child of /usr/bin/time) stops on SIGTERM; time then reports its CPU. */
function stopWorkers(started: readonly ChildProcess[]): void {
  for (const w of started) {
    const pid = w.pid as number;
    let children: string[];
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      continue; // ended already
    }
    for (const child of children) if (child) process.kill(Number(child), 'SIGTERM');
  }
}

/** A child's stderr and, once it has ended, its CPU seconds (user + sys). */
function watch(child: ChildProcess): {
  stderr: () => string;
  done: Promise<{ status: number | null; cpu: number; stdout: string }>;
} {
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  const done = new Promise<{ status: number | null; cpu: number; stdout: string }>((resolve) =>
    child.on('close', (status) => {
      const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      resolve({ status, cpu: m ? Number(m[1]) + Number(m[2]) : Number.NaN, stdout });
    }),
  );
  return { stderr: () => stderr, done };
}

async function timed(
  store: string,
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ seconds: number; cpu: number; ingestSeconds: number }> {
  const t = performance.now();
  const child = watch(run(store, argv, env));
  const { status, cpu, stdout } = await child.done;
  if (status !== 0) throw new Error(`corroborate ${argv.join(' ')} exited with ${status}: ${child.stderr()}`);
  // `analyze --json` says how long its ingest took.
  let ingestSeconds = Number.NaN;
  try {
    ingestSeconds = (JSON.parse(stdout) as { timings?: { ingest?: number } }).timings?.ingest ?? Number.NaN;
    ingestSeconds /= 1000;
  } catch {
    // not JSON
  }
  return { seconds: (performance.now() - t) / 1000, cpu, ingestSeconds };
}

/**
 * The ledger with its custody head blanked (the stores are ingested at different times, so their
 * chains record different capture times), and the
 * temporary folder's name in the documents' sources blanked (a kept `--expect` ledger was made
 * in another one).
 */
const withoutHead = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/"head": "[0-9a-f]{64}"/, '"head": ""')
    .replace(/corroborate-bench-pg-[A-Za-z0-9]{6}/g, 'corroborate-bench-pg-');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-bench-pg-'));
const schemas: string[] = [];
const rows: Record<string, string | number>[] = [];
try {
  createCorpus(seed).write(path.join(dir, 'corpus'), count);
  log(`generated ${count} reports; load ${load()}`);
  const corpus = path.join(dir, 'corpus');

  let expected: string;
  if (expectLedger) {
    expected = withoutHead(expectLedger);
  } else {
    const sqliteOut = path.join(dir, 'out-sqlite');
    const loadBefore = load();
    const sqlite = await timed(path.join(dir, 'sqlite'), ['analyze', corpus, '--out', sqliteOut, '--json']);
    log(`sqlite analyze ${sqlite.seconds.toFixed(1)} s, CPU ${sqlite.cpu.toFixed(1)} s; load ${load()}`);
    expected = withoutHead(path.join(sqliteOut, 'ledger.json'));
    rows.push({
      run: 'SQLite: analyze PATH (one process, extraction threads)',
      ingest: sqlite.ingestSeconds.toFixed(1),
      analyze: (sqlite.seconds - sqlite.ingestSeconds).toFixed(1),
      total: sqlite.seconds.toFixed(1),
      'CPU ingest+analyze': sqlite.cpu.toFixed(1),
      'CPU workers': '-',
      'load before / after': `${loadBefore} / ${load()}`,
      'equal to SQLite': '-',
      'ledger MB': (fs.statSync(path.join(sqliteOut, 'ledger.json')).size / 1048576).toFixed(1),
    });
  }

  for (const workers of configs) {
    const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    const u = new URL(url);
    u.searchParams.set('schema', schema);
    const store = u.toString();
    const before = load();
    const ingested = splitIngest ? await timed(store, ['ingest', corpus, '--json']) : null;
    if (ingested) log(`postgres ingest ${ingested.seconds.toFixed(1)} s; load ${load()}`);
    const started = Array.from({ length: workers }, () => run(store, ['worker']));
    const watched = started.map(watch);
    const out = path.join(dir, `out-pg-${workers}`);
    const cache = { CORROBORATE_CACHE: path.join(dir, `cache-${workers}`) };
    let analyzed: Awaited<ReturnType<typeof timed>>;
    try {
      analyzed = await timed(
        store,
        [
          'analyze',
          ...(ingested ? [] : [corpus]),
          '--out',
          out,
          '--json',
          ...(workers > 0 ? ['--workers-remote'] : []),
        ],
        cache,
      );
    } finally {
      // The workers stop even when the analysis failed, so that the run ends.
      stopWorkers(started);
    }
    const workerCpu = (await Promise.all(watched.map((w) => w.done))).reduce((a, w) => a + w.cpu, 0);
    const equal = withoutHead(path.join(out, 'ledger.json')) === expected;
    log(
      `postgres analyze (${workers} workers) ${analyzed.seconds.toFixed(1)} s, CPU ${analyzed.cpu.toFixed(1)} s + workers ${workerCpu.toFixed(1)} s, ledger ${equal ? 'equal' : 'DIFFERENT'}; load ${load()}`,
    );
    const ingestSeconds = ingested ? ingested.seconds : analyzed.ingestSeconds;
    const analyzeSeconds = ingested ? analyzed.seconds : analyzed.seconds - analyzed.ingestSeconds;
    const how = ingested ? 'ingest PATH, then analyze' : 'analyze PATH';
    rows.push({
      run:
        workers === 0
          ? `PostgreSQL: ${how} (one process, extraction threads)`
          : `PostgreSQL: ${how} --workers-remote with ${workers} worker process(es)`,
      ingest: ingestSeconds.toFixed(1),
      analyze: analyzeSeconds.toFixed(1),
      total: (ingested ? ingested.seconds + analyzed.seconds : analyzed.seconds).toFixed(1),
      'CPU ingest+analyze': ((ingested?.cpu ?? 0) + analyzed.cpu).toFixed(1),
      'CPU workers': workers > 0 ? workerCpu.toFixed(1) : '-',
      'load before / after': `${before} / ${load()}`,
      'equal to SQLite': equal ? 'yes' : 'NO',
      'ledger MB': (fs.statSync(path.join(out, 'ledger.json')).size / 1048576).toFixed(1),
    });
  }
  console.table(rows);
  fs.writeFileSync(
    path.join('bench/postgres', `results-${count}.json`),
    `${JSON.stringify({ count, seed, cores: os.availableParallelism(), rows }, null, 2)}\n`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const s of schemas) {
    await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${s}_jobs CASCADE`);
  }
  await admin.end();
}

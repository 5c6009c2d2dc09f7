/**
 * PostgreSQL against SQLite, end to end through the CLI: a seeded corpus (bench/analyze/generate.ts)
 * analysed into the embedded store, then into fresh PostgreSQL stores (ingest, then `analyze`
 * in one process, or `analyze --workers-remote` with 1 and with 2 `corroborate worker` processes).
 *
 *   source .ci/postgres.sh && pg_throwaway_start
 *   npx tsc -p tsconfig.build.json && npx tsx bench/postgres/run.ts [--count 10000] [--seed 1]
 *   pg_throwaway_stop
 *
 * Needs CORROBORATE_TEST_PG (a database it may create schemas in) and the built CLI. Prints wall
 * seconds per step, and writes bench/postgres/results-<count>.json.
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
const url = process.env.CORROBORATE_TEST_PG ?? '';
if (!url) throw new Error('Set CORROBORATE_TEST_PG (source .ci/postgres.sh && pg_throwaway_start).');
const cli = path.resolve('dist/cli/main.js');
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

function run(store: string, argv: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [cli, '--store', store, ...argv], {
    env: { ...process.env, TZ: 'UTC', CORROBORATE_STORE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function timed(store: string, argv: string[], env: Record<string, string> = {}): Promise<number> {
  const t = performance.now();
  const child = run(store, argv, env);
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  child.stdout?.resume();
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`corroborate ${argv.join(' ')} exited with ${status}: ${stderr}`);
  return (performance.now() - t) / 1000;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-bench-pg-'));
const schemas: string[] = [];
const rows: Record<string, string | number>[] = [];
try {
  createCorpus(seed).write(path.join(dir, 'corpus'), count);
  log(`generated ${count} reports; load ${load()}`);
  const corpus = path.join(dir, 'corpus');

  const sqliteOut = path.join(dir, 'out-sqlite');
  const sqliteSeconds = await timed(path.join(dir, 'sqlite'), [
    'analyze',
    corpus,
    '--out',
    sqliteOut,
    '--json',
  ]);
  log(`sqlite analyze ${sqliteSeconds.toFixed(1)} s; load ${load()}`);
  rows.push({
    run: 'SQLite: analyze (one process, extraction threads)',
    ingest: '-',
    analyze: sqliteSeconds.toFixed(1),
    total: sqliteSeconds.toFixed(1),
    load: load(),
    'ledger MB': (fs.statSync(path.join(sqliteOut, 'ledger.json')).size / 1048576).toFixed(1),
  });

  for (const workers of [0, 1, 2]) {
    const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    const u = new URL(url);
    u.searchParams.set('schema', schema);
    const store = u.toString();
    const ingestSeconds = await timed(store, ['ingest', corpus, '--json']);
    log(`postgres ingest ${ingestSeconds.toFixed(1)} s; load ${load()}`);
    const started = Array.from({ length: workers }, () => run(store, ['worker']));
    for (const w of started) {
      w.stdout?.resume();
      w.stderr?.resume();
    }
    const out = path.join(dir, `out-pg-${workers}`);
    const cache = { CORROBORATE_CACHE: path.join(dir, `cache-${workers}`) };
    const analyzeSeconds = await timed(
      store,
      ['analyze', '--out', out, '--json', ...(workers > 0 ? ['--workers-remote'] : [])],
      cache,
    );
    for (const w of started) w.kill('SIGTERM');
    await Promise.all(started.map((w) => new Promise((resolve) => w.on('close', resolve))));
    log(`postgres analyze (${workers} workers) ${analyzeSeconds.toFixed(1)} s; load ${load()}`);
    rows.push({
      run:
        workers === 0
          ? 'PostgreSQL: ingest, then analyze (one process, extraction threads)'
          : `PostgreSQL: ingest, then analyze --workers-remote with ${workers} worker process(es)`,
      ingest: ingestSeconds.toFixed(1),
      analyze: analyzeSeconds.toFixed(1),
      total: (ingestSeconds + analyzeSeconds).toFixed(1),
      load: load(),
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

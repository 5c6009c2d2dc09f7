/**
 * Ingest benchmark: generates a seeded corpus of news-like plain-text reports (600–900 words each)
 * as files, then ingests the first 10,000 and all N into fresh stores, each in its own process
 * pinned to one core (taskset, when available), with durable group commit. Prints a table and
 * writes bench/ingest/RESULTS.md.
 *
 *   npx tsx bench/ingest/run.ts [--count 100000] [--seed 1] [--keep] [--corpus DIR] [--pin]
 *
 * `--corpus DIR` keeps the generated corpus in DIR and reuses it on the next run with the same
 * count and seed (generation takes minutes at 100,000). `--pin` runs each ingest under
 * `taskset -c 0`. Hand-written notes after the `<!-- notes -->` line of RESULTS.md are kept.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ingest } from '../../src/ingest/ingest.js';
import { openStore } from '../../src/store/open-store.js';
import { writeCorpus } from './generate-corpus.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
};

interface WorkerResult {
  documents: number;
  inputs: number;
  bytes: number;
  seconds: number;
  /** User + system CPU time of the ingest (excluding process start-up). */
  cpuSeconds: number;
  maxRssMB: number;
  rejected: number;
  /** One-minute load average of the machine when the run started and ended. */
  load?: [number, number];
}

if (args[0] === '--worker') {
  // Child process: ingest the given folders into the given store and report.
  const store = openStore(flag('--store', ''));
  const folders = flag('--folders', '').split(',');
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const summary = await ingest(store, folders, { listLimit: 0 });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  store.close();
  const result: WorkerResult = {
    documents: summary.documents.new + summary.documents.existing,
    inputs: summary.inputs,
    bytes: summary.bytes,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    rejected: summary.rejected,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

const count = Number(flag('--count', '100000'));
const seed = Number(flag('--seed', '1'));
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-bench-ingest-'));
const keptCorpus = args.includes('--corpus') ? path.resolve(flag('--corpus', '')) : null;
const corpus = keptCorpus ?? path.join(root, 'corpus');
try {
  let t = performance.now();
  const { corpusBytes, generationSeconds } = prepareCorpus(corpus, count, seed, keptCorpus !== null);
  process.stderr.write(
    `corpus: ${(corpusBytes / 1e6).toFixed(0)} MB, generated in ${generationSeconds.toFixed(1)} s\n`,
  );

  const folders = fs
    .readdirSync(corpus)
    .filter((f) => !f.startsWith('.'))
    .sort()
    .map((f) => path.join(corpus, f));
  const pin = args.includes('--pin') && hasTaskset() ? ['taskset', '-c', '0'] : [];
  const run = (label: string, folderCount: number, store: string): WorkerResult & { label: string } => {
    const command = [...pin, process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url)];
    const workerArgs = ['--worker', '--store', store, '--folders', folders.slice(0, folderCount).join(',')];
    process.stderr.write(`${label}…\n`);
    const loadBefore = os.loadavg()[0] as number;
    const child = spawnSync(command[0] as string, [...command.slice(1), ...workerArgs], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) throw new Error(`worker failed: ${child.stderr}`);
    const result = JSON.parse(child.stdout.trim().split('\n').pop() as string) as WorkerResult;
    return { label, ...result, load: [loadBefore, os.loadavg()[0] as number] };
  };
  const small = Math.min(10, folders.length);
  const rows = [run(`ingest ${small * 1000}`, small, path.join(root, 'store-small'))];
  rows.push(run(`re-ingest ${small * 1000} (already stored)`, small, path.join(root, 'store-small')));
  if (folders.length > small) rows.push(run(`ingest ${count}`, folders.length, path.join(root, 'store-all')));

  t = performance.now();
  const lines = [
    '| run | documents | wall s | documents/s (wall) | MB/s (wall) | CPU s | documents per CPU-second | CPU µs per document | peak RSS (MB) | load (start → end) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.documents} | ${r.seconds.toFixed(1)} | ${Math.round(r.documents / r.seconds)} | ${(r.bytes / 1e6 / r.seconds).toFixed(1)} | ${r.cpuSeconds.toFixed(1)} | ${Math.round(r.documents / r.cpuSeconds)} | ${Math.round((r.cpuSeconds * 1e6) / r.documents)} | ${Math.round(r.maxRssMB)} | ${r.load?.map((l) => l.toFixed(1)).join(' → ') ?? ''} |`,
    ),
  ];
  const table = lines.join('\n');
  process.stdout.write(
    `${table}\n\ncorpus generation: ${count} documents, ${(corpusBytes / 1e6).toFixed(0)} MB in ${generationSeconds.toFixed(1)} s (not included above)\n`,
  );
  writeResults(table, { count, seed, corpusBytes, generationSeconds, pinned: pin.length > 0 });
} finally {
  if (!args.includes('--keep')) fs.rmSync(root, { recursive: true, force: true });
}

/** Generates the corpus, or reuses a kept one made with the same count and seed. */
function prepareCorpus(
  dir: string,
  count: number,
  seed: number,
  keep: boolean,
): { corpusBytes: number; generationSeconds: number } {
  const marker = path.join(dir, '.corpus.json');
  if (keep && fs.existsSync(marker)) {
    const made = JSON.parse(fs.readFileSync(marker, 'utf8')) as {
      count: number;
      seed: number;
      corpusBytes: number;
      generationSeconds: number;
    };
    if (made.count === count && made.seed === seed) {
      process.stderr.write(`reusing the corpus in ${dir}\n`);
      return made;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.stderr.write(`generating ${count} reports (seed ${seed}) in ${dir}…\n`);
  const t = performance.now();
  const corpusBytes = writeCorpus(dir, count, seed);
  const generationSeconds = (performance.now() - t) / 1000;
  // The marker's name starts with a dot, so ingest skips it.
  if (keep) fs.writeFileSync(marker, JSON.stringify({ count, seed, corpusBytes, generationSeconds }));
  return { corpusBytes, generationSeconds };
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return true;
  } catch {
    return false;
  }
}

function writeResults(
  table: string,
  info: { count: number; seed: number; corpusBytes: number; generationSeconds: number; pinned: boolean },
): void {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const file = path.join(here, 'RESULTS.md');
  const marker = '<!-- notes -->';
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const notes = previous.includes(marker) ? previous.slice(previous.indexOf(marker)) : `${marker}\n`;
  const text = `# Ingest benchmark

Command: \`npx tsx bench/ingest/run.ts --count ${info.count} --seed ${info.seed}\`

Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}.
Date: ${new Date().toISOString().slice(0, 10)}. The machine was shared: the last column is its one-minute load average when each run started and ended.

Corpus: ${info.count} seeded news-like plain-text reports (headline, dateline with wire credit, 600–900 words
from a synthetic Zipf-distributed vocabulary), ${(info.corpusBytes / 1e6).toFixed(0)} MB, written as files in folders of 1,000;
generation took ${info.generationSeconds.toFixed(1)} s and is not counted. Each run is a separate, single-threaded process${info.pinned ? ' pinned to one core with `taskset -c 0`' : ''}
ingesting into a fresh store with durable group commit (the defaults of \`corroborate ingest\`): per batch the new
originals are appended to one pack file, which is fsynced, renamed into place and its folder fsynced, then one
SQLite transaction (WAL, synchronous=FULL) records the batch. "documents per CPU-second" divides by the
process's user + system CPU time, which is what one free core would achieve; the wall-clock rate also depends
on how busy the shared machine and its disk were. Peak RSS is \`process.resourceUsage().maxRSS\` of that process.

${table}

${notes}`;
  fs.writeFileSync(file, text);
}

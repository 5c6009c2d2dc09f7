/**
 * Ingest benchmark: generates a seeded corpus of news-like plain-text reports (600–900 words each)
 * as files, then ingests the first 10,000 and all N into fresh stores, each in its own process
 * pinned to one core (taskset, when available), with durable group commit. Prints a table and
 * writes bench/ingest/RESULTS.md.
 *
 *   npx tsx bench/ingest/run.ts [--count 100000] [--seed 1] [--keep]
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
const corpus = path.join(root, 'corpus');
try {
  process.stderr.write(`generating ${count} reports (seed ${seed}) in ${corpus}…\n`);
  let t = performance.now();
  const corpusBytes = writeCorpus(corpus, count, seed);
  const generationSeconds = (performance.now() - t) / 1000;
  process.stderr.write(
    `generated ${(corpusBytes / 1e6).toFixed(0)} MB in ${generationSeconds.toFixed(1)} s\n`,
  );

  const folders = fs
    .readdirSync(corpus)
    .sort()
    .map((f) => path.join(corpus, f));
  const pin = args.includes('--pin') && hasTaskset() ? ['taskset', '-c', '0'] : [];
  const run = (label: string, folderCount: number, store: string): WorkerResult & { label: string } => {
    const command = [...pin, process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url)];
    const workerArgs = ['--worker', '--store', store, '--folders', folders.slice(0, folderCount).join(',')];
    process.stderr.write(`${label}…\n`);
    const child = spawnSync(command[0] as string, [...command.slice(1), ...workerArgs], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) throw new Error(`worker failed: ${child.stderr}`);
    return { label, ...(JSON.parse(child.stdout.trim().split('\n').pop() as string) as WorkerResult) };
  };
  const small = Math.min(10, folders.length);
  const rows = [run(`ingest ${small * 1000}`, small, path.join(root, 'store-small'))];
  rows.push(run(`re-ingest ${small * 1000} (already stored)`, small, path.join(root, 'store-small')));
  if (folders.length > small) rows.push(run(`ingest ${count}`, folders.length, path.join(root, 'store-all')));

  t = performance.now();
  const lines = [
    '| run | documents | wall s | documents/s (wall) | MB/s (wall) | CPU s | documents per CPU-second | peak RSS (MB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.documents} | ${r.seconds.toFixed(1)} | ${Math.round(r.documents / r.seconds)} | ${(r.bytes / 1e6 / r.seconds).toFixed(1)} | ${r.cpuSeconds.toFixed(1)} | ${Math.round(r.documents / r.cpuSeconds)} | ${Math.round(r.maxRssMB)} |`,
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
  const text = `# Ingest benchmark

Command: \`npx tsx bench/ingest/run.ts --count ${info.count} --seed ${info.seed}\`

Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, ${os.type()} ${os.release()}, ext4 on a virtual disk, Node ${process.version}.
Date: ${new Date().toISOString().slice(0, 10)}. Eight engineers shared the 2 cores while this was measured, so figures are noisy and conservative.

Corpus: ${info.count} seeded news-like plain-text reports (headline, dateline with wire credit, 600–900 words
from a synthetic Zipf-distributed vocabulary), ${(info.corpusBytes / 1e6).toFixed(0)} MB, written as files in folders of 1,000;
generation took ${info.generationSeconds.toFixed(1)} s and is not counted. Each run is a separate process${info.pinned ? ' pinned to one core with `taskset -c 0`' : ''}
ingesting into a fresh store with durable group commit: per batch of 1,000 inputs the originals are written
to temp files, flushed with one syncfs, renamed into place, flushed again, then one SQLite transaction records
the batch (WAL, synchronous=FULL). "documents per CPU-second" divides by the process's user + system CPU time,
which is what one free core would achieve; the wall-clock rate depends on how busy the shared machine was.
Peak RSS is \`process.resourceUsage().maxRSS\` of that process.

${table}
`;
  fs.writeFileSync(path.join(here, 'RESULTS.md'), text);
}

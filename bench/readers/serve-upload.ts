/**
 * `serve` during an upload: starts the built CLI (`dist/`, build it first) on a fresh store, uploads
 * each FILE while `GET /api/overview` is sent every 100 ms, and prints per upload: its status and
 * time, how many reads were answered or dropped and their latency, and the server's peak and
 * held resident memory (VmHWM and VmRSS, 3 s after the answer; Linux only).
 * Run: `npx tsx bench/readers/serve-upload.ts FILE... [--repo DIR] [--postgres URL] [--preload DIR]`
 * (--repo: another checkout's dist; --postgres: serve a fresh schema of that database instead of
 * a folder; --preload: `analyze` these reports into the store before serving).
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--repo');
const repo = at >= 0 ? (args.splice(at, 2)[1] as string) : path.resolve(import.meta.dirname, '../..');
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args.splice(i, 2)[1] as string) : undefined;
};
const postgres = flag('--postgres');
const preload = flag('--preload');
if (args.length === 0)
  throw new Error('usage: serve-upload.ts FILE... [--repo DIR] [--postgres URL] [--preload DIR]');
const main = path.join(repo, 'dist/cli/main.js');

const memory = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const file of args) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-serve-bench-'));
  let store = folder;
  if (postgres) {
    const u = new URL(postgres);
    u.searchParams.set('schema', `serve_bench_${crypto.randomBytes(4).toString('hex')}`);
    store = u.toString();
  }
  const env = { ...process.env, CORROBORATE_CACHE: path.join(folder, 'cache') };
  if (preload) {
    const run = spawnSync(
      process.execPath,
      [main, '--store', store, 'analyze', preload, '--json', '--out', path.join(folder, 'out')],
      {
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (run.status !== 0) throw new Error(`analyze ${preload} failed`);
  }
  const child = spawn(
    process.execPath,
    [main, 'serve', '--port', '0', '--store', store, '--max-upload', String(64 << 20)],
    { stdio: ['ignore', 'ignore', 'pipe'], env },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d) => {
        const m = /at (http:\/\/\S+)/.exec(String(d));
        if (m?.[1]) resolve(m[1]);
      });
      child.once('exit', () => reject(new Error('serve exited before listening')));
    });
    await sleep(1000);
    const t = performance.now();
    let done = false;
    const upload = fetch(`${url}api/documents?name=${encodeURIComponent(path.basename(file))}`, {
      method: 'POST',
      body: fs.readFileSync(file),
    }).then((r) => {
      done = true;
      return r.status;
    });
    const answered: number[] = [];
    let dropped = 0;
    while (!done) {
      const s = performance.now();
      try {
        await (await fetch(`${url}api/overview`)).text();
        if (!done) answered.push(performance.now() - s);
      } catch {
        dropped++;
      }
      await sleep(100);
    }
    const status = await upload;
    const seconds = (performance.now() - t) / 1000;
    await sleep(3000);
    const mem = child.pid ? memory(child.pid) : { rssMB: 0, peakMB: 0 };
    answered.sort((a, b) => a - b);
    const ms = (x: number | undefined) => `${Math.round(x ?? 0)} ms`;
    console.log(
      `${path.basename(file)}: ${status} in ${seconds.toFixed(1)} s; reads answered ${answered.length} (median ${ms(answered[Math.floor(answered.length / 2)])}, max ${ms(answered.at(-1))}), dropped ${dropped}; peak ${mem.peakMB} MB, held after ${mem.rssMB} MB`,
    );
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../src/core/random.js';

/**
 * Kills `corroborate analyze` with SIGKILL at several moments of a run (reuse, extraction, merge,
 * writing) and re-runs it: the ledger must be byte for byte the one an uninterrupted run writes.
 * The corpus is ingested once and the store copied for each run, so every run analyses the same
 * evidence (the same capture times). Spawns the built CLI (`npm test` builds first).
 */
const main = path.resolve('dist/cli/main.js');
const FILES = 80;
/** Three extraction workers store the extractions in three batches. */
const WORKERS = '3';
let dir: string;
let ingested: string;

/** Invented reports: incidents in invented towns, told by several outlets, some copied word for word. */
function writeCorpus(folder: string): void {
  const random = seededRandom(31);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const towns = ['Brellwick', 'Oskarva', 'Tamberlin', 'Quessory', 'Vandemoor', 'Pellington', 'Hurstvale'];
  const kinds = [
    ['a bus overturned on the coast road', 'injured'],
    ['a fire swept through the covered market', 'injured'],
    ['shells struck the eastern quarter', 'killed'],
    ['a bridge collapsed under a lorry', 'killed'],
    ['gunmen attacked a checkpoint', 'killed'],
  ] as const;
  const speakers = ['Mayor Ilse Marrow', 'police spokesman Tobin Kesh', 'Dr Anya Rell', 'a local official'];
  const outlets = ['Harbour Post', 'Valley Courier', 'Northern Wire', 'Evening Ledger', 'Coast Radio'];
  const stories: string[] = [];
  fs.mkdirSync(folder, { recursive: true });
  const manifest: string[] = [];
  for (let i = 0; i < FILES; i++) {
    let text: string;
    if (stories.length > 0 && random() < 0.3) {
      // A copy of an earlier story, with a line of its own added.
      text = `${pick(stories)}\n\nThe ${pick(outlets)} could not confirm the figures independently.\n`;
    } else {
      const town = pick(towns);
      const [what, hurt] = pick(kinds);
      const n = 2 + Math.floor(random() * 40);
      const day = 1 + Math.floor(random() * 27);
      text =
        `${town.toUpperCase()}, March ${day} – At least ${n} people were ${hurt} when ${what} in ${town} on ${pick(['Monday', 'Tuesday', 'Friday'])}, ` +
        `${pick(speakers)} said.\n\n"We are still searching for survivors," ${pick(speakers)} told reporters. ` +
        `Residents said the ${pick(['army', 'rebels', 'council'])} had been warned.\n\n` +
        `Officials denied that ${1 + Math.floor(random() * 9)} more people had died.\n`;
      stories.push(text);
    }
    const name = `${String(i).padStart(3, '0')}.txt`;
    fs.writeFileSync(path.join(folder, name), text);
    manifest.push(
      JSON.stringify({
        path: name,
        outlet: pick(outlets),
        title: `Report ${i}`,
        published: `2024-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      }),
    );
  }
  fs.writeFileSync(path.join(folder, 'manifest.jsonl'), `${manifest.join('\n')}\n`);
}

function run(store: string, args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [main, '--store', store, ...args], {
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC', CORROBORATE_STORE: '' },
  });
  return { status: r.status, stderr: r.stderr };
}

/** `analyze` of the store alone (nothing new to ingest), writing `out/ledger.json`, with progress lines. */
function startAnalyze(store: string, out: string): ChildProcess {
  const args = ['--store', store, 'analyze', '--out', out, '--json', '--workers', WORKERS, '--progress'];
  return spawn(process.execPath, [main, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, TZ: 'UTC', CORROBORATE_STORE: '' },
  });
}

/** Its exit code, and what it printed on stderr when it failed. */
function exited(child: ChildProcess): Promise<number | string | null> {
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => {
    const end = (code: number | null): void =>
      resolve(code === 0 || code === null ? code : `${code}: ${stderr}`);
    if (child.exitCode !== null || child.signalCode !== null) end(child.exitCode);
    else child.once('close', (code) => end(code));
  });
}

function copyStore(name: string): string {
  const store = path.join(dir, name);
  fs.cpSync(ingested, store, { recursive: true });
  return store;
}

beforeAll(() => {
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-analyze-crash-'));
  const corpus = path.join(dir, 'corpus');
  writeCorpus(corpus);
  ingested = path.join(dir, 'ingested');
  const r = run(ingested, ['ingest', corpus, '--manifest', path.join(corpus, 'manifest.jsonl')]);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A progress line of `--progress` (`extract: 27/80`). */
interface Step {
  stage: string;
  done: number;
  total: number;
}

function parseStep(line: string): Step | null {
  const m = /^(\w+): (\d+)\/(\d+)$/.exec(line);
  return m ? { stage: m[1] as string, done: Number(m[2]), total: Number(m[3]) } : null;
}

/**
 * When each run is killed: on the progress line that starts a step (reuse, the merge, writing the
 * ledger and its entry) or, for extraction, on the first batch stored of several. A kill landed in
 * its step when that line is the last the run printed (the step's end prints the next one).
 */
const MOMENTS: { name: string; at: (step: Step) => boolean }[] = [
  { name: 'reuse', at: (s) => s.stage === 'reuse' && s.done === 0 },
  { name: 'extract', at: (s) => s.stage === 'extract' && s.done > 0 && s.done < s.total },
  { name: 'merge', at: (s) => s.stage === 'merge' && s.done === 0 },
  { name: 'write', at: (s) => s.stage === 'write' && s.done === 0 },
];

/** Runs `analyze` and kills it with SIGKILL on the first progress line `at` accepts. */
async function killAt(
  store: string,
  out: string,
  at: (step: Step) => boolean,
): Promise<{ killed: boolean; last: Step | null }> {
  const child = startAnalyze(store, out);
  let buffered = '';
  let last: Step | null = null;
  let killed = false;
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    buffered += chunk;
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const step = parseStep(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
      nl = buffered.indexOf('\n');
      if (!step) continue;
      last = step;
      if (!killed && at(step)) {
        killed = child.kill('SIGKILL');
      }
    }
  });
  await new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { killed: killed && child.signalCode === 'SIGKILL', last };
}

describe('analyze under SIGKILL', () => {
  it('writes the same ledger bytes after kills at several moments and a re-run', {
    timeout: 900_000,
  }, async () => {
    const reference = copyStore('reference');
    const started = Date.now();
    expect(await exited(startAnalyze(reference, path.join(dir, 'reference-out')))).toBe(0);
    const took = Date.now() - started;
    const expected = fs.readFileSync(path.join(dir, 'reference-out', 'ledger.json'));
    expect(JSON.parse(expected.toString('utf8')).events.length).toBeGreaterThan(0);

    // One store per moment, killed once and re-run; and one store killed at every moment in turn.
    const repeated = copyStore('repeated');
    const landed: string[] = [];
    for (const [i, moment] of MOMENTS.entries()) {
      for (const store of [copyStore(`once-${i}`), repeated]) {
        const out = `${store}-out`;
        const { killed, last } = await killAt(store, out, moment.at);
        const inStep = killed && last !== null && moment.at(last);
        landed.push(
          `${moment.name}: ${inStep ? 'killed in its step' : killed ? `killed after ${last?.stage} ${last?.done}/${last?.total}` : 'finished first'}`,
        );
        if (store === repeated) continue;
        expect(await exited(startAnalyze(store, out))).toBe(0);
        const again = fs.readFileSync(path.join(out, 'ledger.json'));
        expect(again.equals(expected), `killed while ${moment.name}`).toBe(true);
        expect(run(store, ['verify']).status, `verify after a kill while ${moment.name}`).toBe(0);
      }
    }
    expect(await exited(startAnalyze(repeated, `${repeated}-out`))).toBe(0);
    expect(fs.readFileSync(path.join(`${repeated}-out`, 'ledger.json')).equals(expected)).toBe(true);
    expect(run(repeated, ['verify']).status).toBe(0);
    process.stderr.write(`analyze crash test (${took} ms a run): ${landed.join('; ')}\n`);
    // Each kill is sent on the line that starts its step; most must land before the step ends
    // (a short step can end before the signal arrives on a loaded machine).
    expect(
      landed.filter((l) => l.endsWith('killed in its step')).length,
      landed.join('; '),
    ).toBeGreaterThanOrEqual(MOMENTS.length * 2 - 2);
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../src/core/errors.js';
import { editFirstMergeStateRow } from './ledger/bind-merge-state.js';

// Spawns the built CLI: `npm test` builds first (run `npm run build` before running this file alone).
// This is the path users take, so it is where the extraction worker threads (dist/analyze/extract-worker.js) run.
const main = path.resolve('dist/cli/main.js');
const corpus = path.resolve('examples/corpus');
let dir: string;

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, ...args], {
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC', CORROBORATE_STORE: '' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-cli-analyze-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('corroborate analyze --workers', () => {
  it('writes the same ledger with extraction in two worker threads as in the main thread', () => {
    const ledgers = [1, 2].map((workers) => {
      const run = cli([
        '--store',
        path.join(dir, `store-${workers}`),
        'analyze',
        corpus,
        '--manifest',
        path.join(corpus, 'manifest.jsonl'),
        '--out',
        path.join(dir, `out-${workers}`),
        '--workers',
        String(workers),
        '--json',
      ]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(ExitCode.ok);
      const summary = JSON.parse(run.stdout);
      expect(summary.workers).toBe(workers);
      expect(summary.extracted).toBeGreaterThan(2);
      const ledger = JSON.parse(fs.readFileSync(path.join(dir, `out-${workers}`, 'ledger.json'), 'utf8'));
      // The custody head hashes the capture time, which differs between the two stores.
      ledger.custody.head = '';
      return ledger;
    });
    expect(ledgers[1].events.length).toBeGreaterThan(0);
    expect(ledgers[1]).toEqual(ledgers[0]);
  });

  it('refuses a worker count that is not a positive whole number', () => {
    const run = cli(['--store', path.join(dir, 'bad'), 'analyze', '--workers', '0']);
    expect(run.status).toBe(ExitCode.usage);
    expect(run.stderr).toContain('--workers');
  });
});

describe('corroborate analyze over an edited ledger file', () => {
  it('exits 4 naming ledger-altered, and writes no --out file', () => {
    const store = analyzedStore('store-edited', 'e1');
    const folder = path.join(store, 'ledger');
    const file = fs.readdirSync(folder).find((f) => f.endsWith('.json')) as string;
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    // One character changed, the length kept.
    const at = text.indexOf('"text": "') + 9;
    fs.writeFileSync(
      path.join(folder, file),
      `${text.slice(0, at)}${text[at] === 'X' ? 'Y' : 'X'}${text.slice(at + 1)}`,
    );
    const out = path.join(dir, 'e2');
    const next = cli(['--store', store, 'analyze', path.join(corpus, 'lakeshore-courier.txt'), '--out', out]);
    expect(next.status).toBe(ExitCode.verifyFailed);
    expect(next.stderr).toMatch(/ledger-altered/);
    expect(fs.existsSync(path.join(out, 'ledger.json'))).toBe(false);
  });
});

/** A store analysed from one example report, its `--out` folder named `out`. */
function analyzedStore(name: string, out: string): string {
  const store = path.join(dir, name);
  const first = cli([
    '--store',
    store,
    'analyze',
    path.join(corpus, 'meridian-wire.txt'),
    '--out',
    path.join(dir, out),
  ]);
  expect(first.status).toBe(ExitCode.ok);
  return store;
}

function editMergeState(store: string): void {
  editFirstMergeStateRow(path.join(store, 'corroborate.db'));
}

describe('corroborate analyze over an edited merge state', () => {
  it('exits 4 naming merge-state-altered, ingests nothing and writes no --out file', () => {
    const store = analyzedStore('store-state', 's1');
    const again = cli(['--store', store, 'analyze', '--check-state', '--out', path.join(dir, 's1')]);
    expect(again.stderr).toBe('');
    expect(again.status).toBe(ExitCode.ok);
    editMergeState(store);
    const out = path.join(dir, 's2');
    const next = cli(['--store', store, 'analyze', path.join(corpus, 'lakeshore-courier.txt'), '--out', out]);
    expect(next.status).toBe(ExitCode.verifyFailed);
    expect(next.stderr).toMatch(/merge-state-altered/);
    expect(fs.existsSync(path.join(out, 'ledger.json'))).toBe(false);
    const listed = cli(['--store', store, 'documents', '--json']);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });

  it('a state over the bound (--check-rows) is built on unread; --check-state reads it and refuses the edit', () => {
    const store = path.join(dir, 'store-bound');
    const analyse = (...args: string[]) => cli(['--store', store, 'analyze', '--check-rows', '0', ...args]);
    expect(analyse(path.join(corpus, 'meridian-wire.txt'), '--out', path.join(dir, 'b1')).status).toBe(
      ExitCode.ok,
    );
    editMergeState(store);
    const out = path.join(dir, 'b2');
    const checked = analyse('--check-state', '--out', out);
    expect(checked.status).toBe(ExitCode.verifyFailed);
    expect(checked.stderr).toMatch(/merge-state-altered/);
    expect(fs.existsSync(path.join(out, 'ledger.json'))).toBe(false);
    // Without the flag, the state over the bound is not read: the run goes on (verify names the edit).
    expect(analyse('--out', out).status).toBe(ExitCode.ok);
    expect(cli(['--store', store, 'analyze', '--check-rows', 'many']).status).toBe(ExitCode.usage);
  });
});

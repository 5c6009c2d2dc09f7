import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/open-store.js';

/**
 * Kills `corroborate ingest` with SIGKILL while it stores a large JSON Lines file (over the 32 MiB
 * at which inputs are stored while read, in one transaction): the store must hold none of it and
 * verify; a re-run then stores all of it. Spawns the built CLI (`npm test` builds first).
 */
const main = path.resolve('dist/cli/main.js');
const LINES = 14_000;
let dir: string;
let file: string;

beforeAll(() => {
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-large-crash-'));
  file = path.join(dir, 'reports.jsonl');
  const body = 'Officials said the ferry stopped after the storm and residents waited in town. '.repeat(32);
  const fd = fs.openSync(file, 'w');
  for (let i = 0; i < LINES; i++)
    fs.writeSync(fd, `${JSON.stringify({ title: `Notice ${i}`, text: `Notice ${i}. ${body}` })}\n`);
  fs.closeSync(fd);
  expect(fs.statSync(file).size).toBeGreaterThan(33 * 1024 * 1024);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function ingest(store: string) {
  return spawn(process.execPath, [main, '--store', store, 'ingest', file, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TZ: 'UTC' },
  });
}

describe('a large input killed while it is stored', () => {
  it('leaves nothing of it, verifies, and a re-run stores it whole', async () => {
    const store = path.join(dir, 'store');
    const child = ingest(store);
    const wal = path.join(store, 'corroborate.db-wal');
    // Killed once its transaction has written pages (the input is being stored).
    const started = Date.now();
    while (Date.now() - started < 120_000) {
      if (fs.existsSync(wal) && fs.statSync(wal).size > 4 * 1024 * 1024) break;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(child.exitCode).toBeNull();
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const s = openStore(store);
    try {
      expect(s.documents.count()).toBe(0);
      expect(s.originals.count()).toBe(0);
      expect([...s.custody.entries()]).toEqual([]);
      expect(await s.verify()).toMatchObject({ ok: true, problems: [] });
    } finally {
      s.close();
    }

    const rerun = ingest(store);
    let out = '';
    rerun.stdout.on('data', (d) => {
      out += d;
    });
    const code = await new Promise((resolve) => rerun.once('exit', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(out).documents).toEqual({ new: LINES, existing: 0 });
    const after = openStore(store);
    try {
      expect(after.documents.count()).toBe(LINES);
      expect(await after.verify()).toMatchObject({ ok: true, problems: [] });
    } finally {
      after.close();
    }
  }, 300_000);
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../src/core/errors.js';
import { openStore } from '../src/store/open-store.js';

// Spawns the built CLI: `npm test` builds first (run `npm run build` before running this file alone).
const main = path.resolve('dist/cli/main.js');
let dir: string;
let store: string;

function cli(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, '--store', store, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, TZ: 'UTC', CORROBORATE_STORE: '' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-cli-'));
  store = path.join(dir, 'store');
  fs.mkdirSync(path.join(dir, 'in/sub'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'in/a.txt'), 'First report.\n');
  fs.writeFileSync(path.join(dir, 'in/sub/b.txt'), 'Second report.\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('corroborate ingest, documents, show, verify', () => {
  it('ingests a folder (exit 0), then says the same bytes are already stored', () => {
    const first = cli(['ingest', path.join(dir, 'in'), '--json']);
    expect(first.status).toBe(ExitCode.ok);
    const summary = JSON.parse(first.stdout);
    expect(summary.documents).toEqual({ new: 2, existing: 0 });
    expect(summary.checkpoint.entries).toBe(2);

    const again = cli(['ingest', path.join(dir, 'in')]);
    expect(again.status).toBe(ExitCode.ok);
    expect(again.stdout).toContain('0 new documents, 2 already stored');
    expect(again.stderr).toContain('already stored');
    expect(again.stdout).toMatch(/corroborate-checkpoint\/1 entries=4 head=[0-9a-f]{64}/);
  });

  it('reads standard input for -', () => {
    const result = cli(['ingest', '-', '--json'], 'Piped report.\n');
    expect(result.status).toBe(ExitCode.ok);
    expect(JSON.parse(result.stdout).ingested[0].source).toBe('-');
  });

  it('lists documents and shows one with its text', () => {
    const list = cli(['documents', '--json']);
    expect(list.status).toBe(ExitCode.ok);
    const docs = JSON.parse(list.stdout) as { id: string; source: string; chars: number }[];
    expect(docs.map((d) => path.basename(d.source))).toEqual(['a.txt', 'b.txt', '-']);
    const table = cli(['documents']);
    expect(table.stdout.split('\n')[0]).toBe('id\toutlet\ttitle\tpublished\tsize\tsource');
    const show = cli(['show', docs[0]!.id]);
    expect(show.status).toBe(ExitCode.ok);
    expect(show.stdout).toContain(`id: ${docs[0]!.id}`);
    expect(show.stdout).toContain('First report.');
    expect(JSON.parse(cli(['show', docs[1]!.id, '--json']).stdout).text).toBe('Second report.\n');
    expect(cli(['show', 'dnothere']).status).toBe(ExitCode.usage);
  });

  it('refuses to read a store that does not exist (exit 4)', () => {
    const result = spawnSync(process.execPath, [main, '--store', path.join(dir, 'typo'), 'documents'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(ExitCode.verifyFailed);
    expect(result.stderr).toContain('There is no Corroborate store');
    expect(fs.existsSync(path.join(dir, 'typo'))).toBe(false);
  });

  it('exits 3 when some inputs are rejected and 2 on usage errors', () => {
    fs.writeFileSync(path.join(dir, 'junk.bin'), Buffer.from([0xff, 0x00, 0xfe]));
    const rejected = cli(['ingest', path.join(dir, 'junk.bin'), path.join(dir, 'in/a.txt')]);
    expect(rejected.status).toBe(ExitCode.someRejected);
    expect(rejected.stderr).toContain('junk.bin');
    expect(rejected.stderr).toMatch(/\[ingest\/(binary|invalid-encoding)\]/);
    expect(cli(['ingest']).status).toBe(ExitCode.usage);
    expect(cli(['ingest', 'x', '--max-file-size', 'lots']).status).toBe(ExitCode.usage);
    const badBudget = cli(['ingest', 'x', '--max-read-seconds', '0']);
    expect(badBudget.status).toBe(ExitCode.usage);
    expect(badBudget.stderr).toContain('--max-read-seconds');
    fs.writeFileSync(path.join(dir, 'bad.jsonl'), '{"path":"a.txt","published":"yesterday"}\n');
    const badManifest = cli(['ingest', '--manifest', path.join(dir, 'bad.jsonl')]);
    expect(badManifest.status).toBe(ExitCode.usage);
    expect(badManifest.stderr).toContain('bad.jsonl line 1: published');
  });

  it('verify passes, prints the checkpoint, then fails naming the document whose original changed', () => {
    const ok = cli(['verify']);
    expect(ok.status).toBe(ExitCode.ok);
    const line = /corroborate-checkpoint\/1 entries=\d+ head=[0-9a-f]{64}/.exec(ok.stdout)?.[0];
    expect(line).toBeTruthy();
    expect(cli(['verify', '--checkpoint', line as string]).status).toBe(ExitCode.ok);

    const docs = JSON.parse(cli(['documents', '--json']).stdout) as { id: string; sha256: string }[];
    const victim = docs[1]!;
    // The original's bytes sit in a pack file shared with the others of its batch.
    const opened = openStore(store);
    const at = opened.originals.locate(victim.sha256);
    opened.close();
    if (!at) throw new Error(`original ${victim.sha256} is not recorded`);
    const bytes = fs.readFileSync(at.file);
    bytes[at.offset] = (bytes[at.offset] ?? 0) ^ 0x20;
    fs.writeFileSync(at.file, bytes);
    const failed = cli(['verify']);
    expect(failed.status).toBe(ExitCode.verifyFailed);
    expect(failed.stdout).toContain(victim.id);
    expect(failed.stdout).toContain('original-mismatch');
    const json = JSON.parse(cli(['verify', '--json']).stdout);
    expect(json.problems[0].documents).toEqual([victim.id]);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../src/core/errors.js';
import { openSharedStore } from '../src/store/open-store.js';

/**
 * `serve` against PostgreSQL for several users: two server processes (as on two machines, each
 * with its own working copy) over one store, real HTTP requests from two clients. Needs
 * CORROBORATE_TEST_PG (set by .ci/run) and the built CLI.
 */
const url = process.env.CORROBORATE_TEST_PG ?? '';
if (!url)
  process.stderr.write('skipping the serve-against-PostgreSQL test: CORROBORATE_TEST_PG is not set\n');
const main = path.resolve('dist/cli/main.js');
const schema = `serve_${crypto.randomBytes(6).toString('hex')}`;
let dir: string;
let store: string;
const servers: { child: ChildProcess; base: string }[] = [];

function env(machine: string): NodeJS.ProcessEnv {
  return { ...process.env, TZ: 'UTC', CORROBORATE_STORE: '', CORROBORATE_CACHE: path.join(dir, machine) };
}

/** Starts `serve` and resolves with its address once it says it is serving. */
function serve(machine: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    [main, '--store', store, 'serve', '--port', '0', '--refresh', '0.3'],
    {
      env: env(machine),
    },
  );
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += d;
      const m = /serving .* at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr);
      if (m?.[1]) resolve({ child, base: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main, '--store', store, ...args], { env: env('verifier') });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function getJson(base: string, route: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL(route, base));
  return { status: res.status, body: await res.json() };
}

async function ledgerIds(base: string): Promise<string[]> {
  const { body } = await getJson(base, '/api/download/ledger.json');
  return (body as { documents: { id: string }[] }).documents.map((d) => d.id).sort();
}

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!url)('corroborate serve against PostgreSQL', () => {
  beforeAll(async () => {
    if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
    const u = new URL(url);
    u.searchParams.set('schema', schema);
    store = u.toString();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-serve-pg-'));
    servers.push(...(await Promise.all([serve('machine-a'), serve('machine-b')])));
  }, 120_000);
  afterAll(async () => {
    for (const { child } of servers) child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('two clients upload to two servers at once; both serve both documents and verify passes', async () => {
    const [a, b] = servers as unknown as [{ base: string }, { base: string }];
    const empty = await getJson(a.base, '/api/overview');
    expect((empty.body as { counts: { documents: number } }).counts.documents).toBe(0);

    // Another machine's analysis holds the store's lock: the uploads are ingested but their
    // analyses wait, and the servers must go on answering reads meanwhile.
    const holder = await openSharedStore(store);
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const held = holder.exclusive('analysis', () => {
      locked();
      return new Promise<void>((r) => {
        release = r;
      });
    });
    await isLocked;

    const upload = (base: string, name: string, text: string) =>
      fetch(new URL(`/api/documents?name=${name}`, base), { method: 'POST', body: text }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { documents: string[] },
      }));
    let answered = 0;
    const uploads = [
      upload(
        a.base,
        'ferry.txt',
        'Four people were injured when a ferry struck the pier at Dunmarrow on Sunday, the harbour master said.\n',
      ),
      upload(
        b.base,
        'mill.txt',
        'A fire destroyed the old mill in Carrowbeg on Saturday night; no one was hurt, firefighters said.\n',
      ),
    ].map((p) =>
      p.then((r) => {
        answered++;
        return r;
      }),
    );
    try {
      // Both ingests reach the one store (their custody appends serialised), while the lock is held.
      await until('both ingests', async () => ((await holder.custody.head()).entries >= 2 ? true : null));
      for (const server of [a, b]) {
        const read = await getJson(server.base, '/api/overview');
        expect(read.status).toBe(200);
        expect((read.body as { counts: { documents: number } }).counts.documents).toBe(0);
      }
      expect(answered).toBe(0);
    } finally {
      release();
      await held;
      await holder.close();
    }

    const [fromA, fromB] = await Promise.all(uploads);
    expect([fromA?.status, fromB?.status]).toEqual([201, 201]);
    const ids = [...(fromA?.body.documents ?? []), ...(fromB?.body.documents ?? [])].sort();
    expect(ids).toHaveLength(2);

    // Each server sees the other's upload after its analysis, in the ledger and the documents.
    for (const server of [a, b]) {
      await until('both documents in the ledger', async () =>
        JSON.stringify(await ledgerIds(server.base)) === JSON.stringify(ids) ? true : null,
      );
      const docs = await getJson(server.base, '/api/documents');
      expect((docs.body as { items: { id: string }[] }).items.map((d) => d.id).sort()).toEqual(ids);
      const doc = await getJson(server.base, `/api/documents/${fromB?.body.documents[0]}`);
      expect((doc.body as { document: { text: string } }).document.text).toContain('old mill');
    }

    // A later upload to one server only: the other finds it by itself (it looks every 0.3 s).
    const late = await upload(
      a.base,
      'bridge.txt',
      'The footbridge over the Lenner at Ashcombe reopened on Monday after repairs, the council said.\n',
    );
    expect(late.status).toBe(201);
    const all = [...ids, ...late.body.documents].sort();
    expect(all).toHaveLength(3);
    await until('the later upload on the other server', async () =>
      JSON.stringify(await ledgerIds(b.base)) === JSON.stringify(all) ? true : null,
    );

    const verify = await cli(['verify', '--json']);
    expect(verify.status, verify.stderr).toBe(ExitCode.ok);
    const report = JSON.parse(verify.stdout) as { problems: unknown[]; checkpoint: { entries: number } };
    expect(report.problems).toEqual([]);
    // Three ingests and at least three analyses, in one chain; both servers show all of it.
    expect(report.checkpoint.entries).toBeGreaterThanOrEqual(6);
    for (const server of [a, b]) {
      await until('the shared custody log', async () => {
        const { body } = await getJson(server.base, '/api/custody');
        return (body as { total: number }).total >= report.checkpoint.entries ? true : null;
      });
    }
  }, 240_000);
});

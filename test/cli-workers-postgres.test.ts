import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../src/analyze/analyze.js';
import { readThroughQueue } from '../src/analyze/remote-ingest.js';
import { loadStages } from '../src/analyze/stages.js';
import { ExitCode } from '../src/core/errors.js';
import { ingest } from '../src/ingest/ingest.js';
import { openJobQueue } from '../src/store/job-queue.js';
import { openSharedStore, openStore } from '../src/store/open-store.js';

/**
 * `analyze --workers-remote` with two `corroborate worker` processes on a PostgreSQL store, one
 * of them killed with SIGKILL while it holds a job (an extraction, a reuse verification or a
 * sketching job; the example corpus, and bucha-2022 when ../shared is there): the job is run
 * again by the other worker, and
 * the ledger equals the embedded store's (for the same documents and clock) byte for byte,
 * custody head included. Needs CORROBORATE_TEST_PG and the built CLI.
 */
const url = process.env.CORROBORATE_TEST_PG ?? '';
if (!url) process.stderr.write('skipping the worker test: CORROBORATE_TEST_PG is not set\n');
const main = path.resolve('dist/cli/main.js');
const run = crypto.randomBytes(6).toString('hex');
const examples = 'examples/corpus/manifest.jsonl';
const bucha = path.resolve('../shared/corpora/bucha-2022/manifest.jsonl');
const buchaAbsent = !fs.existsSync(bucha);
if (url && buchaAbsent)
  process.stderr.write(`skipping the bucha-2022 case of the worker test: ${bucha} is absent\n`);
const schemas: string[] = [];
const clock = () => new Date('2026-03-01T12:00:00.000Z');
let dir: string;
let store: string;
const children: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  stderr: () => string;
  done: Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string }>;
}

function start(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [main, '--store', store, ...args], {
    env: {
      ...process.env,
      TZ: 'UTC',
      CORROBORATE_STORE: '',
      CORROBORATE_CACHE: path.join(dir, 'cache', store.replace(/\W+/g, '_')),
      ...env,
    },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const done = new Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string }>(
    (resolve) => child.on('close', (status, signal) => resolve({ status, signal, stdout })),
  );
  return { child, stderr: () => stderr, done };
}

async function until(test: () => boolean, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!url)('corroborate worker: jobs survive a killed worker', () => {
  beforeAll(() => {
    if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-workers-pg-'));
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const schema of schemas) {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    }
    await admin.end();
  });

  // The kind of job worker A holds when it is killed: extraction, or the verification of reuse
  // (jobs of one kind are queued together, so A may take any of them: the last holds fewer documents)
  // candidates (queued under the analysis lock, after every extraction and sketching job).
  it.each([
    ['extract', 'the example corpus', 'extract \\d+ document', examples],
    ['verify', 'the example corpus', 'verify ', examples],
    ...(buchaAbsent ? [] : [['sketch', 'bucha-2022', 'sketch \\d+ document', bucha]]),
  ])(
    'retries the %s job of a worker killed with SIGKILL (%s); the ledger equals the embedded store’s',
    async (kind, _, taken, manifest) => {
      const schema = `workers_${run}_${kind}`;
      schemas.push(schema);
      const u = new URL(url);
      u.searchParams.set('schema', schema);
      store = u.toString();
      // The same documents, with the same clock, in both stores.
      const stages = await loadStages();
      const local = openStore(path.join(dir, `sqlite-${kind}`), { clock });
      let expected: Buffer;
      try {
        await analyze(local, [], { manifest, clock, stages, workers: 1 });
        const shared = await openSharedStore(store, { clock });
        try {
          await ingest(shared, [], { manifest, clock });
          // Both logs hold the same ingest entries, so both ledgers cite the same checkpoint.
          const ingested = [...local.custody.entries()].filter((e) => e.kind === 'ingest');
          expect(await shared.custody.entries()).toEqual(ingested);
          expected = local.analysis.latestLedgerBytes() ?? Buffer.alloc(0);
        } finally {
          await shared.close();
        }
      } finally {
        local.close();
      }

      const coordinator = start([
        'analyze',
        '--workers-remote',
        '--job-size',
        '2',
        '--job-timeout',
        '4',
        '--json',
        '--out',
        path.join(dir, `out-${kind}`),
      ]);
      // Worker A runs jobs until it takes one of `kind` and holds it; B starts; A is killed while it
      // holds the job.
      const a = start(['worker', '--job-timeout', '4'], {
        CORROBORATE_WORKER_PAUSE_MS: '600000',
        CORROBORATE_WORKER_PAUSE_KIND: kind,
      });
      const taking = new RegExp(`worker: job (\\S+): ${taken}`);
      await until(() => taking.test(a.stderr()), `worker A to take a ${kind} job`);
      const held = taking.exec(a.stderr())?.[1] ?? '';
      const b = start(['worker', '--job-timeout', '4']);
      a.child.kill('SIGKILL');
      expect((await a.done).signal).toBe('SIGKILL');

      const result = await coordinator.done;
      expect([result.status, coordinator.stderr()]).toEqual([ExitCode.ok, '']);
      // B ran the job A held when it was killed.
      await until(
        () => b.stderr().includes(`worker: job ${held}: ${kind} done`),
        'worker B to finish the held job',
        10_000,
      );
      b.child.kill('SIGTERM');
      await b.done;

      const summary = JSON.parse(result.stdout);
      expect(summary.extracted).toBe(0);
      expect(summary.remote.queued).toBe(summary.documents);
      expect(summary.remote.sketched.queued).toBe(summary.documents);
      const shared = await openSharedStore(store);
      try {
        const bytes = (await shared.analysis.latestLedgerBytes()) ?? Buffer.alloc(0);
        expect(bytes.equals(fs.readFileSync(path.join(dir, `out-${kind}`, 'ledger.json')))).toBe(true);
        expect(bytes.equals(expected)).toBe(true);
      } finally {
        await shared.close();
      }
    },
    300_000,
  );

  // Ingest with its inputs read in jobs: worker A holds a reading job and is killed; B reads it
  // again. The ingest runs in this process with the test's clock (as the CLI's `ingest
  // --workers-remote` and `analyze PATH --workers-remote` run it), so the custody log can be
  // compared with the embedded store's.
  it.each([['the example corpus', examples], ...(buchaAbsent ? [] : [['bucha-2022', bucha]])])(
    'retries the reading job of a worker killed with SIGKILL during ingest (%s); the ledger equals the embedded store’s',
    async (name, manifest) => {
      const schema = `workers_${run}_read_${schemas.length}`;
      schemas.push(schema);
      const u = new URL(url);
      u.searchParams.set('schema', schema);
      store = u.toString();
      const stages = await loadStages();
      const local = openStore(path.join(dir, `sqlite-read-${schemas.length}`), { clock });
      let ingested: unknown[];
      let expected: Buffer;
      try {
        await analyze(local, [], { manifest, clock, stages, workers: 1 });
        ingested = [...local.custody.entries()].filter((e) => e.kind === 'ingest');
        expected = local.analysis.latestLedgerBytes() ?? Buffer.alloc(0);
      } finally {
        local.close();
      }

      const a = start(['worker', '--job-timeout', '4'], {
        CORROBORATE_WORKER_PAUSE_MS: '600000',
        CORROBORATE_WORKER_PAUSE_KIND: 'read',
      });
      const queue = await openJobQueue(store, { jobTimeoutSeconds: 4 });
      const shared = await openSharedStore(store, { clock });
      let b: Run | null = null;
      try {
        const ingesting = ingest(shared, [], {
          manifest,
          clock,
          remoteRead: readThroughQueue(queue, { batch: 1, window: 2, pollMs: 100 }),
        });
        ingesting.catch(() => {});
        const taking = /worker: job (\S+): read \d+ input/;
        await until(() => taking.test(a.stderr()), 'worker A to take a reading job');
        const held = taking.exec(a.stderr())?.[1] ?? '';
        b = start(['worker', '--job-timeout', '4']);
        a.child.kill('SIGKILL');
        expect((await a.done).signal).toBe('SIGKILL');
        const summary = await ingesting;
        expect(summary.rejected).toBe(0);
        // B ran the job A held when it was killed.
        const worker = b;
        await until(
          () => worker.stderr().includes(`worker: job ${held}: read done`),
          'worker B to read the held inputs',
          10_000,
        );
        // The custody log is the embedded store's, entry for entry.
        expect(await shared.custody.entries()).toEqual(ingested);
      } finally {
        await queue.close();
        await shared.close();
      }

      const coordinator = start([
        'analyze',
        '--workers-remote',
        '--job-size',
        '2',
        '--job-timeout',
        '4',
        '--json',
        '--out',
        path.join(dir, `out-read-${name}`),
      ]);
      const result = await coordinator.done;
      expect([result.status, coordinator.stderr()]).toEqual([ExitCode.ok, '']);
      b.child.kill('SIGTERM');
      await b.done;
      const check = await openSharedStore(store);
      try {
        const bytes = (await check.analysis.latestLedgerBytes()) ?? Buffer.alloc(0);
        expect(bytes.equals(expected)).toBe(true);
      } finally {
        await check.close();
      }
    },
    300_000,
  );

  it('ingest --workers-remote through the CLI stores the documents of a local ingest, in order', async () => {
    const schema = `workers_${run}_cli_read`;
    schemas.push(schema);
    const u = new URL(url);
    u.searchParams.set('schema', schema);
    store = u.toString();
    const local = openStore(path.join(dir, 'sqlite-cli-read'), { clock });
    let expected: { id: string; text: string; source: string }[];
    try {
      await ingest(local, ['examples/corpus'], { manifest: examples, clock });
      expected = local.documents.list().map((d) => ({ id: d.id, text: d.text, source: d.source }));
    } finally {
      local.close();
    }
    const worker = start(['worker', '--job-timeout', '4']);
    const ingesting = start([
      'ingest',
      'examples/corpus',
      '--manifest',
      examples,
      '--workers-remote',
      '--job-size',
      '3',
      '--json',
    ]);
    const result = await ingesting.done;
    expect([result.status, ingesting.stderr()]).toEqual([ExitCode.ok, '']);
    expect(JSON.parse(result.stdout).documents.new).toBe(expected.length);
    expect(worker.stderr()).toMatch(/worker: job \S+: read 3 input\(s\)/);
    worker.child.kill('SIGTERM');
    await worker.done;
    const shared = await openSharedStore(store);
    try {
      const docs = await shared.documents.getMany(expected.map((d) => d.id));
      expect((await shared.documents.listing()).map((d) => d.id)).toEqual(expected.map((d) => d.id));
      expect(
        expected.map((d) => ({ id: d.id, text: docs.get(d.id)?.text, source: docs.get(d.id)?.source })),
      ).toEqual(expected);
    } finally {
      await shared.close();
    }
  }, 120_000);
});

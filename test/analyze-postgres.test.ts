import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../src/analyze/analyze.js';
import { analyzeShared, workingCopyFolder } from '../src/analyze/analyze-shared.js';
import { loadStages, type Stages } from '../src/analyze/stages.js';
import { verifyWorkingCopy } from '../src/analyze/verify-working-copy.js';
import { openSharedStore, openStore } from '../src/store/open-store.js';
import { editFirstMergeStateRow } from './ledger/bind-merge-state.js';

/**
 * `analyze` against PostgreSQL: the same inputs with the same clock give a ledger byte-identical
 * to the embedded store's, on the first run and on incremental ones, custody checkpoint included:
 * both backends record the same custody entries (neither binds its storage layout), so the chains
 * are the same. Needs CORROBORATE_TEST_PG (set by .ci/run); the bucha-2022 case also needs
 * ../shared/corpora.
 */
const url = process.env.CORROBORATE_TEST_PG ?? '';
if (!url) process.stderr.write('skipping analyze against PostgreSQL: CORROBORATE_TEST_PG is not set\n');
const bucha = path.resolve('../shared/corpora/bucha-2022');
const buchaAbsent = !fs.existsSync(path.join(bucha, 'manifest.jsonl'));
if (url && buchaAbsent) process.stderr.write(`skipping the bucha-2022 case: ${bucha} is absent\n`);

const clock = () => new Date('2026-03-01T12:00:00.000Z');
const schemas: string[] = [];
let dir: string;
let stages: Stages;

function schemaUrl(): string {
  const schema = `analyze_${crypto.randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  const u = new URL(url);
  u.searchParams.set('schema', schema);
  return u.toString();
}

/** The ledger bytes from both backends after ingesting `inputs` (in turns) with one clock. */
async function both(
  turns: { inputs: string[]; manifest?: string }[],
): Promise<{ sqlite: Buffer[]; pg: Buffer[] }> {
  const run = fs.mkdtempSync(path.join(dir, 'run-'));
  const local = openStore(path.join(run, 'sqlite'), { clock });
  const shared = await openSharedStore(schemaUrl(), { clock });
  const out = { sqlite: [] as Buffer[], pg: [] as Buffer[] };
  try {
    for (const [i, turn] of turns.entries()) {
      const a = await analyze(local, turn.inputs, {
        manifest: turn.manifest,
        clock,
        stages,
        workers: 1,
        // The same folder as PostgreSQL's run below: the export entry records the file's path.
        out: path.join(run, `out-${i}`),
      });
      expect(a.ledgerSha256).toMatch(/^[0-9a-f]{64}$/);
      const sqliteBytes = local.analysis.latestLedgerBytes() ?? Buffer.alloc(0);
      const b = await analyzeShared(shared, turn.inputs, {
        manifest: turn.manifest,
        clock,
        stages,
        workers: 1,
        cache: path.join(run, 'cache'),
        out: path.join(run, `out-${i}`),
      });
      const bytes = (await shared.analysis.latestLedgerBytes()) ?? Buffer.alloc(0);
      expect(fs.readFileSync(path.join(run, `out-${i}`, 'ledger.json')).equals(bytes)).toBe(true);
      expect(b.ledgerSha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
      out.pg.push(bytes);
      out.sqlite.push(sqliteBytes);
      // The same entries in both logs, so the ledgers cite the same checkpoint.
      expect(await shared.custody.entries()).toEqual([...local.custody.entries()]);
    }
    // The analysis and export entries reached the shared log, which still verifies.
    const report = await shared.verify();
    expect(report.problems).toEqual([]);
    const kinds = (await shared.custody.entries()).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'analysis')).toHaveLength(turns.length);
  } finally {
    local.close();
    await shared.close();
  }
  return out;
}

describe.skipIf(!url)('analyze against PostgreSQL', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-analyze-pg-'));
    stages = await loadStages();
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });

  it('gives the example corpus the same ledger as SQLite, byte for byte, also incrementally', async () => {
    const files = fs
      .readdirSync('examples/corpus')
      .filter((f) => f !== 'manifest.jsonl' && f !== 'reports.jsonl');
    const first = files.slice(0, 3).map((f) => path.join('examples/corpus', f));
    const rest = files.slice(3).map((f) => path.join('examples/corpus', f));
    const { sqlite, pg: fromPg } = await both([{ inputs: first }, { inputs: rest }, { inputs: [] }]);
    expect(sqlite[1]?.length).toBeGreaterThan(1000);
    for (const [i, bytes] of sqlite.entries()) {
      expect(fromPg[i]?.equals(bytes)).toBe(true);
    }
  }, 240_000);

  it('re-uses the extractions another machine stored (a fresh working copy fetches them)', async () => {
    const location = schemaUrl();
    const shared = await openSharedStore(location, { clock });
    try {
      const input = [path.join('examples/corpus', 'meridian-wire.txt')];
      const a = await analyzeShared(shared, input, {
        clock,
        stages,
        workers: 1,
        cache: path.join(dir, 'm1'),
      });
      expect(a.extracted).toBeGreaterThan(0);
      expect(a.published).toBe(a.extracted);
      const b = await analyzeShared(shared, [], { clock, stages, workers: 1, cache: path.join(dir, 'm2') });
      expect(b.extracted).toBe(0);
      expect(b.fetched.extractions).toBe(a.extracted);
      expect(b.ledgerSha256).toBe(a.ledgerSha256);
    } finally {
      await shared.close();
    }
  }, 120_000);

  it("binds each machine's merge state: a copy behind another machine's analysis builds on its own", async () => {
    const shared = await openSharedStore(schemaUrl(), { clock });
    try {
      const run = (file: string, machine: string) =>
        analyzeShared(shared, [path.join('examples/corpus', file)], {
          clock,
          stages,
          workers: 1,
          cache: path.join(dir, machine),
        });
      await run('meridian-wire.txt', 'k1');
      await run('lakeshore-courier.txt', 'k2');
      const third = await run('newspulse-rewrite.md', 'k1');
      // From the digest its own last entry recorded: neither cleared nor hashed again.
      expect(third.merge.full).toBe(false);
      const entries = await shared.custody.entries();
      const recorded = entries.filter((e) => e.kind === 'analysis').map((e) => e.details.mergeState);
      expect(recorded).toHaveLength(3);
      const copy = openStore(workingCopyFolder(shared, path.join(dir, 'k1')), { mustExist: true });
      try {
        expect(recorded[2]).toEqual(copy.analysis.mergeStateDigest());
      } finally {
        copy.close();
      }
    } finally {
      await shared.close();
    }
  }, 240_000);

  it("an edited merge state in a machine's working copy: verify names it and that machine's next analysis stops", async () => {
    const shared = await openSharedStore(schemaUrl(), { clock });
    try {
      const cache = path.join(dir, 'w1');
      const run = (files: string[]) =>
        analyzeShared(
          shared,
          files.map((f) => path.join('examples/corpus', f)),
          { clock, stages, workers: 1, cache },
        );
      await run(['meridian-wire.txt']);
      expect((await verifyWorkingCopy(shared, cache)).problems).toEqual([]);
      editFirstMergeStateRow(path.join(workingCopyFolder(shared, cache), 'corroborate.db'));
      expect((await verifyWorkingCopy(shared, cache)).problems.map((p) => p.kind)).toEqual([
        'merge-state-altered',
      ]);
      const analyses = async () =>
        (await shared.custody.entries()).filter((e) => e.kind === 'analysis').length;
      const before = await analyses();
      await expect(run(['lakeshore-courier.txt'])).rejects.toThrow(/merge-state-altered/);
      expect(await analyses()).toBe(before);
      // Another machine's copy is not this one's: nothing of it is checked here.
      expect(await verifyWorkingCopy(shared, path.join(dir, 'w2'))).toEqual({ folder: null, problems: [] });
    } finally {
      await shared.close();
    }
  }, 240_000);

  it.skipIf(buchaAbsent)(
    'gives ../shared/corpora/bucha-2022 the same ledger as SQLite, byte for byte',
    async () => {
      const { sqlite, pg: fromPg } = await both([
        { inputs: [], manifest: path.join(bucha, 'manifest.jsonl') },
      ]);
      expect(sqlite[0]?.length).toBeGreaterThan(1000);
      expect(fromPg[0]?.equals(sqlite[0] ?? Buffer.alloc(0))).toBe(true);
    },
    240_000,
  );
});

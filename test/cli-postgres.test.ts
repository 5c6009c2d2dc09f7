import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../src/core/errors.js';

/**
 * `ingest` and `verify` against a PostgreSQL store, from several processes at once (as several
 * machines of a team would). Needs CORROBORATE_TEST_PG (set by .ci/run) and the built CLI.
 */
const url = process.env.CORROBORATE_TEST_PG ?? '';
const main = path.resolve('dist/cli/main.js');
const schema = `cli_${crypto.randomBytes(6).toString('hex')}`;
let dir: string;
let store: string;

function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main, '--store', store, ...args], {
      env: {
        ...process.env,
        TZ: 'UTC',
        CORROBORATE_STORE: '',
        CORROBORATE_CACHE: path.join(dir, 'cache'),
        ...env,
      },
    });
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

describe.skipIf(!url)('corroborate ingest and verify against PostgreSQL', () => {
  beforeAll(() => {
    if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
    const u = new URL(url);
    u.searchParams.set('schema', schema);
    store = u.toString();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-cli-pg-'));
    for (const machine of ['one', 'two']) {
      fs.mkdirSync(path.join(dir, machine));
      for (let i = 0; i < 30; i++) {
        fs.writeFileSync(
          path.join(dir, machine, `r${i}.txt`),
          `Report ${i} written on machine ${machine}.\n`,
        );
      }
      // The same bytes arrive on both machines: stored once, with two sources.
      fs.writeFileSync(path.join(dir, machine, 'shared.txt'), 'A wire story both machines received.\n');
    }
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('two processes ingest at once into one linear custody chain, and verify passes', async () => {
    const [one, two] = await Promise.all([
      cli(['ingest', path.join(dir, 'one'), '--json', '--batch-size', '4']),
      cli(['ingest', path.join(dir, 'two'), '--json', '--batch-size', '4']),
    ]);
    expect([one.status, two.status, one.stderr, two.stderr]).toEqual([ExitCode.ok, ExitCode.ok, '', '']);
    const summaries = [JSON.parse(one.stdout), JSON.parse(two.stdout)];
    expect(summaries.map((s) => s.documents.new).reduce((a, b) => a + b)).toBe(61);
    const verify = await cli(['verify', '--json']);
    expect(verify.status).toBe(ExitCode.ok);
    const report = JSON.parse(verify.stdout);
    expect(report.problems).toEqual([]);
    expect([report.originals, report.documents, report.checkpoint.entries]).toEqual([61, 61, 62]);
  });

  it('lists and shows the documents', async () => {
    const listed = await cli(['documents', '--json']);
    expect(listed.status).toBe(ExitCode.ok);
    const documents = JSON.parse(listed.stdout) as { id: string; source: string }[];
    expect(documents).toHaveLength(61);
    const shared = documents.find((d) => d.source.endsWith('shared.txt'));
    const shown = await cli(['show', shared?.id ?? '', '--json']);
    expect(shown.status).toBe(ExitCode.ok);
    const doc = JSON.parse(shown.stdout);
    expect(doc.text.trim()).toBe('A wire story both machines received.');
    // One original, two sources.
    expect(
      doc.provenance.map((p: { source: string }) => path.basename(path.dirname(p.source))).sort(),
    ).toEqual(['one', 'two']);
  });

  it('analyzes from two machines at once (one merge at a time) and exports the shared ledger', async () => {
    fs.writeFileSync(
      path.join(dir, 'late.txt'),
      'Two people were killed and five injured when a bus overturned near the river crossing on Tuesday, police said.\n',
    );
    const runs = await Promise.all(
      ['m1', 'm2'].map((m, i) =>
        cli(
          [
            'analyze',
            ...(i === 0 ? [path.join(dir, 'late.txt')] : []),
            '--json',
            '--out',
            path.join(dir, `out-${m}`),
          ],
          {
            CORROBORATE_CACHE: path.join(dir, `cache-${m}`),
          },
        ),
      ),
    );
    for (const r of runs) expect([r.status, r.stderr]).toEqual([ExitCode.ok, '']);
    // The run that merged last saw every document (the ingest of the other came first or last).
    const last = await cli(['analyze', '--json', '--out', path.join(dir, 'out-m3')], {
      CORROBORATE_CACHE: path.join(dir, 'cache-m1'),
    });
    expect(last.status).toBe(ExitCode.ok);
    const summary = JSON.parse(last.stdout);
    expect([summary.documents, summary.extracted]).toEqual([62, 0]);
    const ledgerFile = fs.readFileSync(path.join(dir, 'out-m3', 'ledger.json'));
    const ledger = JSON.parse(ledgerFile.toString('utf8'));
    expect(ledger.documents).toHaveLength(62);
    expect(ledger.events.length).toBeGreaterThan(0);

    const exported = await cli(['export', '--format', 'json', '--out', path.join(dir, 'export.json')]);
    expect(exported.status).toBe(ExitCode.ok);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'export.json'), 'utf8')).events).toEqual(ledger.events);
    const csv = await cli(['export', '--format', 'csv']);
    expect([csv.status, csv.stdout.split('\n').length > 1]).toEqual([ExitCode.ok, true]);

    const verify = await cli(['verify', '--json']);
    const report = JSON.parse(verify.stdout);
    expect(report.problems).toEqual([]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const kinds = await admin.query(
        `SELECT kind, count(*)::int AS n FROM ${schema}.custody GROUP BY kind ORDER BY kind`,
      );
      expect(Object.fromEntries(kinds.rows.map((r) => [r.kind, r.n]))).toEqual({
        analysis: 3,
        export: 4,
        ingest: 63,
      });
    } finally {
      await admin.end();
    }
  });

  it('writes the report, the brief and a comparison from the shared store, on any machine', async () => {
    // A machine that analysed, and one that never did (an empty working copy): the same ledger.
    const briefs = await Promise.all(
      ['cache-m1', 'cache-m9'].map((c) => cli(['brief'], { CORROBORATE_CACHE: path.join(dir, c) })),
    );
    for (const b of briefs) expect([b.status, b.stderr]).toEqual([ExitCode.ok, '']);
    expect(briefs[0]?.stdout).toMatch(/killed/);
    expect(briefs[1]?.stdout).toBe(briefs[0]?.stdout);

    const out = path.join(dir, 'report.html');
    const report = await cli(['report', '--out', out], { CORROBORATE_CACHE: path.join(dir, 'cache-m9') });
    expect(report.status).toBe(ExitCode.ok);
    expect(report.stderr).toMatch(/62 documents, [1-9]\d* events/);
    const html = fs.readFileSync(out, 'utf8');
    expect(html).toContain('bus overturned');

    const listed = JSON.parse((await cli(['documents', '--json'])).stdout) as {
      id: string;
      source: string;
    }[];
    const [x, y] = listed.filter((d) => /r[12]\.txt$/.test(d.source) && d.source.includes('one'));
    const compared = await cli(['compare', x?.id ?? '', y?.id ?? '']);
    expect([compared.status, compared.stderr]).toEqual([ExitCode.ok, '']);
    expect(compared.stdout).toContain(`a: ${x?.id}`);
    expect(compared.stdout).toContain(`b: ${y?.id}`);

    // The report's export entry reached the shared log, which still verifies.
    const entries = JSON.parse((await cli(['verify', '--json'])).stdout);
    expect(entries.problems).toEqual([]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const last = await admin.query(`SELECT kind, details FROM ${schema}.custody ORDER BY seq DESC LIMIT 1`);
      expect(last.rows[0].kind).toBe('export');
      expect(JSON.parse(last.rows[0].details)).toMatchObject({ format: 'report-html', file: out });
    } finally {
      await admin.end();
    }
  });

  it('verify --deep reads every original again and names a document whose text was edited', async () => {
    const clean = await cli(['verify', '--deep', '--json']);
    expect([clean.status, clean.stderr]).toEqual([ExitCode.ok, '']);
    expect(JSON.parse(clean.stdout).deep).toEqual({ originals: 62, documents: 62 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const row = (await admin.query(`SELECT id, text FROM ${schema}.documents ORDER BY ord LIMIT 1`))
        .rows[0];
      await admin.query(`UPDATE ${schema}.documents SET text = $1 WHERE id = $2`, [
        'Nine were hurt.',
        row.id,
      ]);
      try {
        const tampered = await cli(['verify', '--deep', '--json']);
        expect(tampered.status).toBe(ExitCode.verifyFailed);
        const problems = JSON.parse(tampered.stdout).problems as { kind: string; documents: string[] }[];
        expect(problems.map((p) => [p.kind, p.documents])).toEqual([
          ['document-altered', [row.id]],
          ['text-rederived-mismatch', [row.id]],
        ]);
      } finally {
        await admin.query(`UPDATE ${schema}.documents SET text = $1 WHERE id = $2`, [row.text, row.id]);
      }
    } finally {
      await admin.end();
    }
  });

  it('says which commands need the embedded store', async () => {
    const result = await cli(['reuse']);
    expect(result.status).not.toBe(ExitCode.ok);
    expect(result.stderr).toMatch(/PostgreSQL/);
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../src/core/errors.js';
import { type DocumentRowValues, documentBinding, documentRowValues } from '../src/store/document-record.js';
import { rewriteCustodyLog } from '../src/store/rewrite-custody-log.js';
import type { JsonValue } from '../src/store/store.js';

// Spawns the built CLI: `npm test` builds first (run `npm run build` before running this file alone).
const main = path.resolve('dist/cli/main.js');
let dir: string;

function cli(
  store: string,
  args: string[],
  options: { input?: string; cwd?: string } = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, '--store', store, ...args], {
    encoding: 'utf8',
    input: options.input,
    cwd: options.cwd,
    env: { ...process.env, TZ: 'UTC', CORROBORATE_STORE: '' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh store holding two small reports. */
function ingested(name: string): string {
  const store = path.join(dir, name);
  const input = path.join(dir, `${name}-in`);
  fs.mkdirSync(input, { recursive: true });
  fs.writeFileSync(path.join(input, 'a.txt'), 'Firefighters said two homes burned on the hill road.\n');
  fs.writeFileSync(path.join(input, 'b.txt'), 'The council said the market will reopen next week.\n');
  expect(cli(store, ['ingest', input]).status).toBe(ExitCode.ok);
  return store;
}

beforeAll(() => {
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-cli-reliability-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('verify covers the documents, not only the originals', () => {
  it('fails (exit 4) naming a document whose text was replaced in the database', () => {
    const store = ingested('forged-text');
    const db = new Database(path.join(store, 'corroborate.db'));
    const { id } = db.prepare('SELECT id FROM documents ORDER BY ord LIMIT 1').get() as { id: string };
    db.prepare('UPDATE documents SET text = ? WHERE id = ?').run('Forty homes burned on the hill road.', id);
    db.close();
    const result = cli(store, ['verify']);
    expect(result.status).toBe(ExitCode.verifyFailed);
    expect(result.stdout).toMatch(new RegExp(`FAIL document-altered: Document ${id} .*its text`));
  });

  it('fails naming an edited outlet, a deleted document and an edited provenance source', () => {
    const store = ingested('forged-rows');
    const db = new Database(path.join(store, 'corroborate.db'));
    const [a, b] = db.prepare('SELECT id, sha256 FROM documents ORDER BY ord').all() as [
      { id: string; sha256: string },
      { id: string; sha256: string },
    ];
    db.prepare("UPDATE documents SET outlet = 'Forged Daily' WHERE id = ?").run(a.id);
    db.prepare('DELETE FROM documents WHERE id = ?').run(b.id);
    db.prepare("UPDATE provenance SET source = '/elsewhere/a.txt' WHERE sha256 = ?").run(a.sha256);
    db.close();
    const result = cli(store, ['verify', '--json']);
    expect(result.status).toBe(ExitCode.verifyFailed);
    const kinds = JSON.parse(result.stdout).problems.map((p: { kind: string }) => p.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'document-altered',
        'document-missing',
        'provenance-altered',
        'provenance-missing',
      ]),
    );
  });

  it('--deep reads the originals again and finds a text forged together with its custody entry', () => {
    const store = ingested('forged-deep');
    const db = new Database(path.join(store, 'corroborate.db'));
    db.exec('DROP TRIGGER custody_no_update; DROP TRIGGER custody_no_delete');
    const row = db.prepare('SELECT ord, * FROM documents ORDER BY ord LIMIT 1').get() as Record<
      string,
      unknown
    >;
    const text = 'Forty homes burned on the hill road.\n';
    db.prepare('UPDATE documents SET text = ?, chars = ? WHERE id = ?').run(text, text.length, row.id);
    // Rewrite the whole chain so that it binds the forged row (no checkpoint was written down).
    const forged = documentBinding(
      { ...(row as unknown as DocumentRowValues), text, chars: text.length },
      row.ord as number,
    );
    rewriteCustodyLog(db, (details) => {
      if (Array.isArray(details.records))
        details.records = details.records.map((r) =>
          (r as { id: string }).id === row.id ? forged : r,
        ) as JsonValue;
    });
    db.close();
    expect(cli(store, ['verify']).status).toBe(ExitCode.ok);
    const deep = cli(store, ['verify', '--deep']);
    expect(deep.status).toBe(ExitCode.verifyFailed);
    expect(deep.stdout).toContain(`FAIL text-rederived-mismatch: Document ${row.id}`);
    expect(deep.stdout).toContain('2 texts read again from 2 originals');
    expect(cli(store, ['verify', '--deep', '0']).status).toBe(ExitCode.usage);
  });

  it('fails naming the latest ledger when its file or its custody binding is edited', () => {
    const store = ingested('forged-ledger');
    expect(cli(store, ['analyze', '--out', path.join(dir, 'forged-ledger-out')]).status).toBe(ExitCode.ok);
    expect(cli(store, ['verify']).status).toBe(ExitCode.ok);
    const ledgers = path.join(store, 'ledger');
    const file = path.join(ledgers, fs.readdirSync(ledgers).find((f) => f.endsWith('.json')) ?? '');
    const pristine = fs.readFileSync(file);
    // One figure changed in the file that export, report and serve read.
    fs.writeFileSync(file, Buffer.from(pristine.toString('utf8').replace(/"documents"/, '"documentz"')));
    const edited = cli(store, ['verify']);
    expect(edited.status).toBe(ExitCode.verifyFailed);
    expect(edited.stdout).toMatch(
      /FAIL ledger-altered: The latest ledger \(ledger-[0-9a-f]+\.json\) was altered/,
    );
    fs.writeFileSync(file, pristine);
    expect(cli(store, ['verify']).status).toBe(ExitCode.ok);
    const db = new Database(path.join(store, 'corroborate.db'));
    db.prepare('UPDATE analysis_ledger SET custody_seq = 1').run();
    db.close();
    const rebound = cli(store, ['verify']);
    expect(rebound.status).toBe(ExitCode.verifyFailed);
    expect(rebound.stdout).toContain('names custody entry 1, which is not an analysis entry');
    fs.rmSync(file);
    expect(cli(store, ['verify']).stdout).toContain('FAIL ledger-altered');
  });

  it('fails when an older genuine ledger is put back in place of the latest', () => {
    const store = ingested('rolled-back-ledger');
    expect(cli(store, ['analyze', '--out', path.join(dir, 'rolled-back-out-1')]).status).toBe(ExitCode.ok);
    const ledgers = path.join(store, 'ledger');
    const db = new Database(path.join(store, 'corroborate.db'));
    const first = db
      .prepare('SELECT ledger, custody_seq, itemized FROM analysis_ledger WHERE id = 1')
      .get() as {
      ledger: Buffer;
      custody_seq: number;
      itemized: number;
    };
    db.close();
    const kept = new Map(fs.readdirSync(ledgers).map((f) => [f, fs.readFileSync(path.join(ledgers, f))]));
    const more = path.join(dir, 'rolled-back-more');
    fs.mkdirSync(more, { recursive: true });
    fs.writeFileSync(
      path.join(more, 'c.txt'),
      'Police said a bridge on the river road was closed after a crash.\n',
    );
    expect(cli(store, ['ingest', more]).status).toBe(ExitCode.ok);
    expect(cli(store, ['analyze', '--out', path.join(dir, 'rolled-back-out-2')]).status).toBe(ExitCode.ok);
    expect(cli(store, ['verify']).status).toBe(ExitCode.ok);
    // The first analysis's ledger, genuine and bound by its own entry, put back as the latest.
    for (const [f, bytes] of kept)
      if (!fs.existsSync(path.join(ledgers, f))) fs.writeFileSync(path.join(ledgers, f), bytes);
    const back = new Database(path.join(store, 'corroborate.db'));
    back
      .prepare('UPDATE analysis_ledger SET ledger = ?, custody_seq = ?, itemized = ? WHERE id = 1')
      .run(first.ledger, first.custody_seq, first.itemized);
    back.close();
    const rolled = cli(store, ['verify']);
    expect(rolled.status).toBe(ExitCode.verifyFailed);
    expect(rolled.stdout).toMatch(/FAIL ledger-altered: .*a later ledger/);
  });

  it('fails naming extraction rows edited after the analysis that merged them, across incremental runs', () => {
    const store = ingested('forged-extraction');
    expect(cli(store, ['analyze', '--out', path.join(dir, 'forged-extraction-out-1')]).status).toBe(
      ExitCode.ok,
    );
    const more = path.join(dir, 'forged-extraction-more');
    fs.mkdirSync(more, { recursive: true });
    fs.writeFileSync(
      path.join(more, 'c.txt'),
      'Police said four people were hurt when a crane fell in the port.\n',
    );
    // The second run adds one row to the digest the first run recorded.
    expect(cli(store, ['analyze', more, '--out', path.join(dir, 'forged-extraction-out-2')]).status).toBe(
      ExitCode.ok,
    );
    expect(cli(store, ['verify']).status).toBe(ExitCode.ok);
    const db = new Database(path.join(store, 'corroborate.db'));
    const recorded = db
      .prepare("SELECT details FROM custody WHERE kind = 'analysis' ORDER BY seq")
      .all()
      .map((r) => JSON.parse((r as { details: string }).details).extractions);
    expect(recorded.map((x) => x.rows)).toEqual([2, 3]);
    const { document_id: id } = db
      .prepare('SELECT document_id FROM analysis_extractions ORDER BY document_id LIMIT 1')
      .get() as { document_id: string };
    db.prepare(
      "UPDATE analysis_extractions SET merge_input = replace(merge_input, '}', ' }') WHERE document_id = ?",
    ).run(id);
    db.close();
    const result = cli(store, ['verify']);
    expect(result.status).toBe(ExitCode.verifyFailed);
    expect(result.stdout).toMatch(/FAIL extractions-altered: .*analysis entry \d+: a row was edited/);
  });

  it('fails naming reuse pairs edited after the analysis that merged them, across incremental runs', () => {
    const store = path.join(dir, 'forged-pairs');
    const input = path.join(dir, 'forged-pairs-in');
    fs.mkdirSync(input, { recursive: true });
    const story =
      'Flood water rose through the lower streets of Harrowgate on Sunday night, and volunteers carried ' +
      'elderly residents from their homes to the school hall on the hill. The council said forty houses ' +
      'were flooded and two bridges on the valley road were closed until engineers could inspect them. ' +
      'A spokesman for the fire service said crews pumped water from the market square through the night.';
    fs.writeFileSync(path.join(input, 'a.txt'), `${story}\n`);
    fs.writeFileSync(path.join(input, 'b.txt'), `${story} Shops will stay shut on Monday.\n`);
    expect(cli(store, ['analyze', input, '--out', path.join(dir, 'forged-pairs-out-1')]).status).toBe(
      ExitCode.ok,
    );
    const more = path.join(dir, 'forged-pairs-more');
    fs.mkdirSync(more, { recursive: true });
    fs.writeFileSync(path.join(more, 'c.txt'), `Residents said: ${story}\n`);
    // The second run folds the pairs it verified onto the digest the first run recorded.
    expect(cli(store, ['analyze', more, '--out', path.join(dir, 'forged-pairs-out-2')]).status).toBe(
      ExitCode.ok,
    );
    expect(cli(store, ['verify']).status).toBe(ExitCode.ok);
    const db = new Database(path.join(store, 'corroborate.db'));
    const recorded = db
      .prepare("SELECT details FROM custody WHERE kind = 'analysis' ORDER BY seq")
      .all()
      .map((r) => JSON.parse((r as { details: string }).details).reuse.pairs);
    expect(recorded).toEqual([1, 3]);
    const { a, b } = db.prepare('SELECT a, b FROM reuse_pairs ORDER BY a, b LIMIT 1').get() as {
      a: string;
      b: string;
    };
    db.prepare('UPDATE reuse_pairs SET shared_a = shared_a / 2 WHERE a = ? AND b = ?').run(a, b);
    db.close();
    const result = cli(store, ['verify']);
    expect(result.status).toBe(ExitCode.verifyFailed);
    expect(result.stdout).toMatch(/FAIL reuse-altered: .*analysis entry \d+: a pair was edited/);
  });

  it('a damaged database file is exit 4 with a message, not a stack trace', () => {
    const store = ingested('corrupt');
    const file = path.join(store, 'corroborate.db');
    const bytes = fs.readFileSync(file);
    bytes.fill(0x41, 0, 16);
    fs.writeFileSync(file, bytes);
    const result = cli(store, ['verify']);
    expect(result.status).toBe(ExitCode.verifyFailed);
    expect(result.stderr).toContain('damaged');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('the document record helpers bind what the row stores', () => {
    // A stored row and the values computed from the document give the same binding.
    const values = documentRowValues({
      id: 'd000000000001',
      sha256: '0'.repeat(64),
      source: 'x.txt',
      recordKey: '',
      reader: 'text',
      capturedAt: '2024-01-01T00:00:00.000Z',
      text: 'One line.',
      title: null,
      outlet: null,
      url: null,
      published: null,
      byline: null,
      dateline: null,
      credits: [],
      series: null,
      externalId: null,
      inferred: [],
    });
    expect(documentBinding(values, 1)).toEqual(documentBinding({ ...values }, 1));
    expect(documentBinding({ ...values, outlet: 'X' }, 1).record).not.toBe(documentBinding(values, 1).record);
    expect(documentBinding({ ...values, outlet: 'X' }, 1).text).toBe(documentBinding(values, 1).text);
  });
});

describe('the CLI keeps its word', () => {
  it('an unknown option of a command is a usage error (exit 2)', () => {
    const store = path.join(dir, 'unknown-option');
    for (const args of [
      ['--bogus'],
      ['export', '--bogus'],
      ['verify', '--bogus'],
      ['ingest', '--bogus', 'x'],
    ]) {
      const result = cli(store, args);
      expect(result.status, args.join(' ')).toBe(ExitCode.usage);
      expect(result.stderr).toContain("unknown option '--bogus'");
    }
  });

  it('serve beyond loopback without a token is a usage error', () => {
    const result = cli(path.join(dir, 'serve-store'), ['serve', '--host', '0.0.0.0', '--port', '0']);
    expect(result.status).toBe(ExitCode.usage);
    expect(result.stderr).toContain('needs an access token');
  });

  it('read-only commands never create a store', () => {
    const store = path.join(dir, 'never-created');
    for (const args of [
      ['export'],
      ['documents'],
      ['show', 'd000000000000'],
      ['verify'],
      ['brief'],
      ['report'],
    ]) {
      const result = cli(store, args, { cwd: dir });
      expect(result.status, args.join(' ')).toBe(ExitCode.verifyFailed);
      expect(result.stderr).toContain('There is no Corroborate store');
      expect(fs.existsSync(store), args.join(' ')).toBe(false);
    }
  });

  it('analyze of a missing path is a usage error that writes nothing', () => {
    const store = path.join(dir, 'analyze-missing');
    const out = path.join(dir, 'analyze-missing-out');
    const result = cli(store, ['analyze', path.join(dir, 'no-such-folder'), '--out', out]);
    expect(result.status).toBe(ExitCode.usage);
    expect(result.stderr).toContain('No such file or folder');
    expect(fs.existsSync(store)).toBe(false);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('analyze accepts the limit flags that ingest documents', () => {
    const store = path.join(dir, 'analyze-limits');
    const input = path.join(dir, 'analyze-limits-in');
    fs.mkdirSync(input);
    fs.writeFileSync(path.join(input, 'long.txt'), `${'A long line of words. '.repeat(20)}\n`);
    fs.writeFileSync(path.join(input, 'short.txt'), 'Two people were hurt in the fire.\n');
    const result = cli(store, [
      'analyze',
      input,
      '--max-text-chars',
      '100',
      '--out',
      path.join(dir, 'limits-out'),
    ]);
    expect(result.stderr).toContain('maxTextChars');
    expect(result.status).toBe(ExitCode.someRejected);
  });

  it('a reader that stops early (| head) ends the output quietly', () => {
    const store = path.join(dir, 'epipe');
    const input = path.join(dir, 'epipe.jsonl');
    const lines = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({ title: `Report ${i}`, text: `Report number ${i} says little.` }),
    );
    fs.writeFileSync(input, `${lines.join('\n')}\n`);
    expect(cli(store, ['ingest', input]).status).toBe(ExitCode.ok);
    const piped = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${main}" --store "${store}" documents | head -n 1; exit \${PIPESTATUS[0]}`,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(piped.stdout).toBe('id\toutlet\ttitle\tpublished\tsize\tsource\n');
    expect(piped.stderr).not.toContain('EPIPE');
    expect(piped.status).toBe(ExitCode.ok);
  });

  it('a file written to a closed pipe (report --out /dev/stdout | head) ends quietly too', () => {
    const store = ingested('epipe-file');
    const piped = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${main}" --store "${store}" report --out /dev/stdout | head -c 15; exit \${PIPESTATUS[0]}`,
      ],
      { encoding: 'utf8' },
    );
    expect(piped.stdout).toBe('<!doctype html>');
    expect(piped.stderr).not.toContain('EPIPE');
    expect(piped.status).toBe(ExitCode.ok);
  });

  it('names UTF-16 without a byte-order mark instead of calling it binary', () => {
    const store = path.join(dir, 'utf16');
    const input = path.join(dir, 'utf16.txt');
    fs.writeFileSync(input, Buffer.from('Three people were rescued from the river.\n', 'utf16le'));
    const result = cli(store, ['ingest', input]);
    expect(result.status).toBe(ExitCode.someRejected);
    expect(result.stderr).toContain('UTF-16LE text without a byte-order mark');
  });

  it('prints control characters in names as escapes', () => {
    const store = path.join(dir, 'controls');
    const input = path.join(dir, 'controls-in');
    fs.mkdirSync(input);
    fs.writeFileSync(path.join(input, 'evil\x1b[2J\rOK.txt'), 'A quiet report about a bridge.\n');
    expect(cli(store, ['ingest', input]).status).toBe(ExitCode.ok);
    const listed = cli(store, ['documents']);
    expect(listed.stdout).toContain('evil\\x1b[2J\\x0dOK.txt');
    expect(listed.stdout).not.toContain('\x1b');
    const id = listed.stdout.split('\n')[1]?.split('\t')[0] as string;
    expect(cli(store, ['show', id]).stdout).toContain('source: ');
    expect(cli(store, ['show', id]).stdout).not.toContain('\x1b');
  });
  it('prints control characters from titles, outlets and texts as escapes in reuse, compare and brief', () => {
    const store = path.join(dir, 'controls-text');
    const input = path.join(dir, 'controls-text-in');
    fs.mkdirSync(input);
    const page = (killed: string) =>
      `<html><head><title>Flood &#27;[2J&#13;update</title><meta property="og:site_name" content="Valley &#27;[31mPost"></head><body><article><p>Floodwaters killed ${killed} people in the river town of Velmora on Monday, officials said.</p><p>Rescue crews moved 240 residents overnight &#27;[2J from the lower district, the mayor said.</p></article></body></html>`;
    fs.writeFileSync(path.join(input, 'one.html'), page('four'));
    fs.writeFileSync(path.join(input, 'two.html'), page('five'));
    expect(cli(store, ['analyze', input, '--out', path.join(dir, 'controls-text-out')]).status).toBe(
      ExitCode.ok,
    );
    const ids = cli(store, ['documents'])
      .stdout.split('\n')
      .slice(1)
      .filter((line) => line !== '')
      .map((line) => line.split('\t')[0] as string);
    expect(ids.length).toBe(2);
    for (const args of [['reuse'], ['compare', ...ids], ['brief']]) {
      const result = cli(store, args);
      expect(result.status, args.join(' ')).toBe(ExitCode.ok);
      expect(result.stdout, args.join(' ')).toContain('\\x1b[');
      expect(result.stdout, args.join(' ')).not.toContain('\x1b');
    }
  });
});

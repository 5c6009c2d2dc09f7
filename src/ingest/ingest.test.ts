import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { ingest } from './ingest.js';

let dir: string;
let store: Store;
const write = (rel: string, content: string | Uint8Array): string => {
  const file = path.join(dir, 'in', rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};
const input = (rel = ''): string => path.join(dir, 'in', rel);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-ingest-'));
  store = openStore(path.join(dir, 'store'));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ingest', () => {
  it('reads folders recursively in a stable order, skipping dot files and symlinks', async () => {
    write('b.txt', 'Report B.');
    write('a/z.txt', 'Report AZ.');
    write('a/c.md', 'Report AC.');
    write('.hidden.txt', 'hidden');
    write('.git/x.txt', 'hidden too');
    fs.symlinkSync(input('b.txt'), input('link.txt'));
    const summary = await ingest(store, [input()]);
    expect(summary.documents.new).toBe(3);
    expect(summary.notes).toBe(1);
    expect(store.documents.list().map((d) => path.relative(input(), d.source))).toEqual([
      'a/c.md',
      'a/z.txt',
      'b.txt',
    ]);
    expect(store.documents.list()[0]?.text).toBe('Report AC.');
  });

  it('adds nothing when the same bytes are ingested again, and says so', async () => {
    write('a.txt', 'Report A.\r\nSecond line.');
    const first = await ingest(store, [input()]);
    const second = await ingest(store, [input()]);
    expect(first.documents).toEqual({ new: 1, existing: 0 });
    expect(second.documents).toEqual({ new: 0, existing: 1 });
    expect(second.ingested[0]).toMatchObject({ outcome: 'duplicate', newDocuments: [] });
    expect(store.documents.count()).toBe(1);
    expect(store.documents.list()[0]?.text).toBe('Report A.\nSecond line.');
    expect(store.originals.read(store.documents.list()[0]?.sha256 ?? '').toString()).toBe(
      'Report A.\r\nSecond line.',
    );
    expect(second.checkpoint.entries).toBe(2);
  });

  it('records the same text from two sources as one original with two provenance entries', async () => {
    write('one/a.txt', 'Same wire story.');
    write('two/a.txt', 'Same wire story.');
    const summary = await ingest(store, [input('one'), input('two')]);
    expect(summary.originals).toEqual({ new: 1, newSource: 1, duplicate: 0 });
    const [doc] = store.documents.list();
    expect(store.documents.count()).toBe(1);
    expect(store.documents.provenance(doc?.id ?? '').map((p) => p.source)).toEqual([
      input('one/a.txt'),
      input('two/a.txt'),
    ]);
  });

  it('rejects bad inputs with a named reason, logs them, and carries on', async () => {
    write('empty.txt', '');
    write('junk.bin', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0xc3]));
    write('nul.txt', 'text\u0000with NUL');
    write('big.txt', 'x'.repeat(2000));
    write('good.txt', 'A good report.');
    const summary = await ingest(store, [input(), path.join(dir, 'missing.txt')], {
      limits: { maxFileBytes: 1000 },
    });
    expect(summary.documents.new).toBe(1);
    expect(summary.rejected).toBe(5);
    const bySource = Object.fromEntries(
      summary.diagnostics.map((d) => [path.basename(d.source ?? ''), d.rule]),
    );
    expect(bySource).toEqual({
      'big.txt': 'ingest/too-large',
      'empty.txt': 'ingest/empty',
      'junk.bin': 'ingest/invalid-encoding',
      'nul.txt': 'ingest/binary',
      'missing.txt': 'ingest/not-found',
    });
    for (const d of summary.diagnostics) expect(d.message.length).toBeGreaterThan(10);
    for (const d of summary.diagnostics.filter((x) => /too-large|not-found/.test(x.rule)))
      expect(d.hint).toBeTruthy();
    const rejections = [...store.custody.entries()].filter((e) => e.kind === 'rejection');
    expect(rejections.map((e) => path.basename(String(e.details.source))).sort()).toEqual([
      'big.txt',
      'empty.txt',
      'junk.bin',
      'missing.txt',
      'nul.txt',
    ]);
    expect(store.originals.count()).toBe(1);
    expect((await store.verify()).ok).toBe(true);
  });

  it('reads standard input for -', async () => {
    const summary = await ingest(store, ['-'], { stdin: Readable.from([Buffer.from('From a pipe.')]) });
    expect(summary.documents.new).toBe(1);
    expect(store.documents.list()[0]).toMatchObject({ source: '-', text: 'From a pipe.' });
  });

  it('checks a large standard input while streaming it, through a temporary file it removes', async () => {
    const spills = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('corroborate-stdin-')).length;
    const before = spills();
    // 34 KiB of short lines, in 1 KiB chunks: over a prescan size of 16 KiB, so it is spilled.
    const line = 'The pump station flooded again.\n';
    const chunk = Buffer.from(line.repeat(Math.floor(1024 / line.length)));
    const chunks = () => Readable.from(Array.from({ length: 34 }, () => chunk));
    const options = { prescanBytes: 16 * 1024 };
    const refused = await ingest(store, ['-'], {
      ...options,
      stdin: chunks(),
      limits: { maxTextChars: 1000 },
    });
    expect(refused.rejected).toBe(1);
    expect(refused.diagnostics[0]).toMatchObject({ rule: 'ingest/text-too-long', source: '-' });
    expect(refused.diagnostics[0]?.message).toMatch(/measured while reading/);
    const accepted = await ingest(store, ['-'], { ...options, stdin: chunks() });
    expect(accepted.documents.new).toBe(1);
    expect(store.documents.list()[0]).toMatchObject({ source: '-', text: chunk.toString().repeat(34) });
    expect(spills()).toBe(before);
  });

  it('commits in several batches and reports progress', async () => {
    for (let i = 0; i < 25; i++) write(`f${String(i).padStart(2, '0')}.txt`, `Report number ${i}.`);
    const seen: number[] = [];
    const summary = await ingest(store, [input()], {
      batchInputs: 4,
      onProgress: (p) => seen.push(p.inputs),
      listLimit: 10,
    });
    expect(summary.documents.new).toBe(25);
    expect(summary.ingested).toHaveLength(10);
    expect(summary.truncated).toBe(true);
    expect(seen.length).toBeGreaterThanOrEqual(7);
    expect(store.documents.list().map((d) => d.text)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Report number ${i}.`),
    );
    expect([...store.custody.entries()].map((e) => e.seq)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('partly accepts an input with a malformed record, naming the line and logging it', async () => {
    write(
      'feed.jsonl',
      '{"text":"First record text.","title":"One"}\n{"text": broken\n{"text":"Third record text.","title":"Three"}\n',
    );
    const summary = await ingest(store, [input('feed.jsonl')]);
    expect(summary.documents.new).toBe(2);
    expect(summary.partial).toBe(1);
    expect(summary.rejected).toBe(0);
    const problem = summary.diagnostics.find((d) => d.severity === 'error');
    expect(problem?.record).toContain('2');
    expect(problem?.source).toBe(input('feed.jsonl'));
    const [entry] = [...store.custody.entries()];
    expect(entry?.details).toMatchObject({ outcome: 'new', partial: true, problemCount: 1, newDocuments: 2 });
    expect(store.documents.list().map((d) => d.title)).toEqual(['One', 'Three']);
    expect((await store.verify()).ok).toBe(true);
  });
});

describe('ingest of web archives', () => {
  it('refuses a gzip that may expand past the prescan size while streaming it, recording its digest', async () => {
    // Base64 of digests compresses about 1.3 times: 600 KB of it may expand past 32 MiB at ratio 100.
    const lines = Array.from(
      { length: 6000 },
      (_, i) => `${createHash('sha512').update(String(i)).digest('base64')} words.\n`,
    ).join('');
    const bytes = gzipSync(Buffer.from(lines));
    expect(bytes.length).toBeGreaterThan(340_000);
    const file = write('notes.txt.gz', bytes);
    const summary = await ingest(store, [file], { limits: { maxTextChars: 1000 } });
    expect(summary.rejected).toBe(1);
    expect(summary.diagnostics[0]?.rule).toBe('ingest/text-too-long');
    expect(summary.diagnostics[0]?.message).toMatch(/measured while reading/);
    const rejection = [...store.custody.entries()].find((e) => e.kind === 'rejection');
    expect(rejection?.details.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(rejection?.details.rule).toBe('ingest/text-too-long');
  });

  it('records in the custody entry whether each WARC record digest matched', async () => {
    const warc = path.resolve('examples/corpus/congodispatch-archive.warc.gz');
    const summary = await ingest(store, [warc]);
    expect(summary.documents.new).toBeGreaterThan(0);
    const entry = [...store.custody.entries()].find((e) => e.kind === 'ingest');
    const digests = (
      entry?.details as { digests?: { record: string; matched: boolean | null }[] } | undefined
    )?.digests;
    expect(digests?.length).toBeGreaterThan(0);
    expect(digests?.every((d) => d.matched === true)).toBe(true);
  });
});

describe('ingest time budget', () => {
  it('rejects an input whose reading outlasts maxReadSeconds, stores nothing of it, and reads it on a re-run with a larger budget', async () => {
    // About 4 MB of short paragraphs: read in far more than a millisecond on any machine.
    write('long.txt', 'Word word word.\n\n'.repeat(250_000));
    const first = await ingest(store, [input()], { limits: { maxReadSeconds: 0.001 } });
    expect(first.rejected).toBe(1);
    expect(first.diagnostics[0]).toMatchObject({ rule: 'ingest/read-timeout', severity: 'error' });
    expect(first.diagnostics[0]?.source).toBe(input('long.txt'));
    expect(first.diagnostics[0]?.message).toContain('0.001 s');
    expect(store.documents.count()).toBe(0);
    expect(store.originals.has(sha256Of(input('long.txt')))).toBe(false);
    const second = await ingest(store, [input()]);
    expect(second.rejected).toBe(0);
    expect(second.documents.new).toBe(1);
  });
});

function sha256Of(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../core/types.js';
import { openStore } from '../store/open-store.js';
import type { CaptureResult, LargeCaptureWriter } from '../store/store.js';
import { ingest } from './ingest.js';
import { resolveLimits } from './limits.js';
import { readLarge } from './read-large.js';
import type { ReadLimits, ReadRecord } from './reader.js';
import { formatBytes } from './readers/diagnostic.js';
import { cleanRecords } from './readers/read-input.js';
import { readJsonl } from './readers/read-jsonl.js';
import { readWarc } from './readers/read-warc.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-large-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A writer that keeps what it is given, as the store would. */
function memoryWriter(): LargeCaptureWriter & { records: ReadRecord[]; bytes: number; aborted: boolean } {
  const out = {
    records: [] as ReadRecord[],
    bytes: 0,
    aborted: false,
    write: (chunk: Uint8Array) => {
      out.bytes += chunk.byteLength;
    },
    add: (documents: readonly StoredDocument[]) => {
      for (const d of documents) out.records.push(d as unknown as ReadRecord);
    },
    finish: async () => ({}) as CaptureResult,
    abort: () => {
      out.aborted = true;
    },
  };
  return out;
}

let files = 0;
async function readPieces(
  bytes: Buffer,
  limits: ReadLimits,
  pieceBytes: number,
  gzip = false,
  format: 'jsonl' | 'warc' = 'jsonl',
) {
  const file = path.join(dir, `in-${files++}.${format}${gzip ? '.gz' : ''}`);
  fs.writeFileSync(file, bytes);
  const writer = memoryWriter();
  const outcome = await readLarge(
    { absolute: file, source: 'a.jsonl', sha256: '0'.repeat(64), size: bytes.length, gzip, format },
    writer,
    {
      limits,
      pieceBytes,
      toDocuments: (records) => records as unknown as StoredDocument[],
      changesOf: () => [],
    },
  );
  fs.rmSync(file);
  return { outcome, writer };
}

const word = fc.constantFrom('the', 'river', 'rose', 'two', 'metres', 'Monday', 'école', '—', '"');
const sentence = fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));
const line = fc.oneof(
  sentence.map((text) => JSON.stringify({ text })),
  fc.record({ text: sentence, title: sentence }).map((r) => JSON.stringify(r)),
  fc.constantFrom('', '   ', '{bad', '[1,2]', '{"text": ""}', '{"text": "a\\u0007b"}'),
  fc.integer({ min: 30, max: 90 }).map((n) => JSON.stringify({ text: 'y'.repeat(n) })),
);
const ending = fc.constantFrom('\n', '\r\n');

describe('large JSON Lines read in pieces', () => {
  it('gives exactly the records and diagnostics of reading the input whole (fast-check, seed 20261202)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 40 }),
        ending,
        fc.boolean(),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 50 }),
        async (lines, eol, finalNewline, pieceBytes, maxRecords) => {
          const text = lines.join(eol) + (finalNewline ? eol : '');
          if (text.trim() === '') return;
          const limits = resolveLimits({ maxLineBytes: 60, maxRecords });
          const bytes = Buffer.from(text);
          const whole = cleanRecords(readJsonl(bytes, { source: 'a.jsonl', limits }));
          const { outcome, writer } = await readPieces(bytes, limits, pieceBytes);
          expect(writer.bytes).toBe(bytes.length);
          // Nothing read is refused as a whole read refuses it: nothing stored.
          expect('stored' in outcome || 'empty' in outcome).toBe(true);
          if (!('stored' in outcome || 'empty' in outcome)) return;
          expect(writer.aborted).toBe('empty' in outcome);
          expect(writer.records.map((r) => [r.recordKey, r.text, r.meta.title])).toEqual(
            whole.records.map((r) => [r.recordKey, r.text, r.meta.title]),
          );
          const said = (ds: { rule: string; record?: string; message: string }[]) =>
            ds.map((d) => `${d.rule} ${d.record} ${d.message}`).sort();
          expect(said(outcome.diagnostics)).toEqual(said(whole.diagnostics));
        },
      ),
      { seed: 20261202, numRuns: 200 },
    );
  });

  it('reads gzip in pieces too, and keeps what a truncated stream holds', async () => {
    const text = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify({ text: `Report ${i} was filed.` }),
    ).join('\n');
    const limits = resolveLimits({});
    const gz = gzipSync(Buffer.from(text));
    const { outcome, writer } = await readPieces(gz, limits, 100, true);
    expect(writer.records.length).toBe(300);
    expect('stored' in outcome && outcome.problemCount).toBe(0);
    const cut = await readPieces(gz.subarray(0, gz.length - 40), limits, 100, true);
    expect(cut.writer.records.length).toBeGreaterThan(200);
    expect('stored' in cut.outcome && cut.outcome.diagnostics.map((d) => d.rule)).toContain(
      'ingest/gzip-truncated',
    );
  });

  it('drops a line longer than maxLineBytes while streaming, without holding it', async () => {
    const long = `{"text":"${'z'.repeat(5000)}"}`;
    const text = `${JSON.stringify({ text: 'First.' })}\n${long}\r\n${JSON.stringify({ text: 'Last.' })}`;
    const limits = resolveLimits({ maxLineBytes: 100 });
    const { outcome, writer } = await readPieces(Buffer.from(text), limits, 64);
    expect(writer.records.map((r) => r.recordKey)).toEqual(['line 1', 'line 3']);
    const said = 'stored' in outcome ? outcome.diagnostics.map((d) => d.message) : [];
    expect(said).toEqual([expect.stringContaining(`Skipped line 2: it is ${formatBytes(long.length)} long`)]);
  });
});

describe('large WARC read in pieces', () => {
  const page = (n: number) =>
    `<html><head><title>Page ${n}</title></head><body><article><p>Report ${n}: the ferry stopped after a storm on Monday, officials said.</p></article></body></html>`;
  const record = fc
    .tuple(
      fc.integer({ min: 0, max: 999 }),
      fc.constantFrom('response', 'resource', 'request', 'warcinfo'),
      fc.constantFrom(0, 0, 0, 1, -1),
      fc.constantFrom('\r\n\r\n', '\r\n\r\n', '\n\n', ''),
      fc.boolean(),
      fc.constantFrom('', 'garbage before the record\n'),
    )
    .map(([n, type, skew, close, withId, junk]) => {
      const http = `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${page(n)}`;
      const block = type === 'resource' ? page(n) : http;
      const length = Buffer.byteLength(block) + skew;
      const headers = [
        `WARC-Type: ${type}`,
        type === 'resource' ? 'Content-Type: text/html' : 'Content-Type: application/http; msgtype=response',
        `WARC-Target-URI: https://news.example.org/${n}`,
        ...(withId ? [`WARC-Record-ID: <urn:uuid:${n}>`] : []),
        `Content-Length: ${length}`,
      ];
      return `${junk}WARC/1.1\r\n${headers.join('\r\n')}\r\n\r\n${block}${close}`;
    });

  it('reads every page of a WARC.gz handed over in small pieces', async () => {
    const records = fc.sample(record, { seed: 7, numRuns: 40 });
    const bytes = Buffer.from(records.join(''));
    const whole = readWarc(bytes, { source: 'a.jsonl', limits: resolveLimits({}) });
    expect(whole.records.length).toBeGreaterThan(5);
    const { writer } = await readPieces(gzipSync(bytes), resolveLimits({}), 97, true, 'warc');
    expect(writer.records.map((r) => r.recordKey)).toEqual(whole.records.map((r) => r.recordKey));
  });

  it('gives exactly the records and diagnostics of reading the input whole (fast-check, seed 20261202)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 700 }),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        async (records, pieceBytes, maxRecords, cut) => {
          let bytes = Buffer.from(records.join(''));
          if (cut) bytes = bytes.subarray(0, Math.floor(bytes.length * 0.8));
          const limits = resolveLimits({ maxRecords });
          const whole = cleanRecords(readWarc(bytes, { source: 'a.jsonl', limits }));
          const { outcome, writer } = await readPieces(bytes, limits, pieceBytes, false, 'warc');
          expect('stored' in outcome || 'empty' in outcome).toBe(true);
          if (!('stored' in outcome || 'empty' in outcome)) return;
          expect(writer.aborted).toBe(whole.records.length === 0);
          expect(writer.records.map((r) => [r.recordKey, r.text, r.digestMatched])).toEqual(
            whole.records.map((r) => [r.recordKey, r.text, r.digestMatched]),
          );
          const said = (ds: { rule: string; record?: string; message: string }[]) =>
            ds.map((d) => `${d.rule} ${d.record} ${d.message}`).sort();
          expect(said(outcome.diagnostics)).toEqual(said(whole.diagnostics));
        },
      ),
      { seed: 20261202, numRuns: 150 },
    );
  });
});

describe('ingest stores a large JSON Lines input while reading it', () => {
  const lines = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) =>
      JSON.stringify({
        title: `Report ${from + i}`,
        text: `Report ${from + i}: a bridge closed after a flood.`,
      }),
    ).join('\n');

  it('stores the same documents as a whole read, bound in custody, and verify holds', async () => {
    const file = path.join(dir, 'big.jsonl');
    fs.writeFileSync(file, `${lines(600)}\n{bad\n`);
    const whole = openStore(path.join(dir, 'whole'));
    const streamed = openStore(path.join(dir, 'streamed'));
    try {
      const a = await ingest(whole, [file]);
      const b = await ingest(streamed, [file], { prescanBytes: 1024 });
      expect(b.documents).toEqual(a.documents);
      expect(b.partial).toBe(1);
      expect(b.diagnostics.map((d) => d.rule)).toEqual(a.diagnostics.map((d) => d.rule));
      const docs = (s: typeof whole) => s.documents.list().map(({ capturedAt: _, ...d }) => d);
      expect(docs(streamed)).toEqual(docs(whole));
      expect(streamed.originals.read(b.ingested[0]?.sha256 ?? '')).toEqual(fs.readFileSync(file));
      const entry = [...streamed.custody.entries()].find((e) => e.kind === 'ingest');
      expect(entry?.details).toMatchObject({ newDocuments: 600, partial: true, problemCount: 1 });
      expect(entry?.details.recordGroups).toHaveLength(Math.ceil(600 / 256));
      expect(await streamed.verify()).toMatchObject({ ok: true, problems: [] });

      // The same bytes again add nothing; from another place, one more source.
      const again = await ingest(streamed, [file], { prescanBytes: 1024 });
      expect(again.originals).toEqual({ new: 0, newSource: 0, duplicate: 1 });
      const copy = path.join(dir, 'big-copy.jsonl');
      fs.copyFileSync(file, copy);
      const other = await ingest(streamed, [copy], { prescanBytes: 1024 });
      expect(other.originals).toEqual({ new: 0, newSource: 1, duplicate: 0 });
      expect(streamed.documents.count()).toBe(600);
      expect(await streamed.verify()).toMatchObject({ ok: true });
    } finally {
      whole.close();
      streamed.close();
    }
  });

  it('refuses a large input from which no document could be read, as a whole read does', async () => {
    const file = path.join(dir, 'nothing.jsonl');
    fs.writeFileSync(file, `${'{bad\n'.repeat(300)}{"title": "no text"}\n`);
    for (const prescanBytes of [Number.POSITIVE_INFINITY, 256]) {
      const store = openStore(path.join(dir, `nothing-${prescanBytes}`));
      try {
        const summary = await ingest(store, [file], { prescanBytes });
        expect(summary.rejected).toBe(1);
        expect(summary.documents.new).toBe(0);
        expect(store.originals.count()).toBe(0);
        expect([...store.custody.entries()].map((e) => [e.kind, e.details.rule])).toEqual([
          ['rejection', 'ingest/json-malformed'],
        ]);
        expect(await store.verify()).toMatchObject({ ok: true, unreferenced: 0 });
      } finally {
        store.close();
      }
    }
  });

  it('stores nothing of an input refused half way (time budget), and a re-run stores it whole', async () => {
    const file = path.join(dir, 'slow.jsonl');
    fs.writeFileSync(file, lines(8000));
    const store = openStore(path.join(dir, 'refused'));
    try {
      const small = path.join(dir, 'small.txt');
      fs.writeFileSync(small, 'A small report read before the large one.');
      await ingest(store, [small]);
      const refused = await ingest(store, [file], { prescanBytes: 1024, limits: { maxReadSeconds: 0.001 } });
      expect(refused.rejected).toBe(1);
      expect(refused.diagnostics.map((d) => d.rule)).toEqual(['ingest/read-timeout']);
      expect(store.documents.count()).toBe(1);
      expect(store.originals.count()).toBe(1);
      expect([...store.custody.entries()].map((e) => e.kind)).toEqual(['ingest', 'rejection']);
      expect(await store.verify()).toMatchObject({ ok: true, unreferenced: 0 });

      const accepted = await ingest(store, [file], { prescanBytes: 1024 });
      expect(accepted.documents.new).toBe(8000);
      expect(await store.verify()).toMatchObject({ ok: true });
    } finally {
      store.close();
    }
  });
});

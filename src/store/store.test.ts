import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../core/types.js';
import { canonicalJson } from './canonical-json.js';
import { formatCheckpoint, parseCheckpoint } from './checkpoint.js';
import { documentId, sha256Hex } from './document-id.js';
import { openStore } from './open-store.js';
import type { Capture, Store } from './store.js';

let dir: string;
let store: Store;
let tick = 0;
const clock = (): Date => new Date(Date.UTC(2024, 0, 1, 0, 0, tick++));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-store-'));
  store = openStore(dir, { clock });
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function capture(text: string, source: string, recordKeys: string[] = ['']): Capture {
  const bytes = Buffer.from(text);
  const sha256 = sha256Hex(bytes);
  const documents: StoredDocument[] = recordKeys.map((recordKey) => ({
    id: documentId(sha256, recordKey),
    sha256,
    source,
    recordKey,
    reader: 'text',
    capturedAt: '2024-01-01T00:00:00.000Z',
    text: `${text} ${recordKey}`.trim(),
    title: 'A title',
    outlet: 'Outlet',
    url: null,
    published: '2024-01-01',
    byline: null,
    dateline: { place: 'KYIV', date: 'April 3', text: 'KYIV, April 3 –', span: [0, 15] },
    credits: ['AP'],
    series: null,
    externalId: null,
    inferred: ['dateline'],
  }));
  return {
    sha256,
    bytes,
    source,
    capturedAt: '2024-01-01T00:00:00.000Z',
    reader: 'text',
    readerVersion: 't',
    documents,
    diagnostics: [],
  };
}

describe('SQLite store', () => {
  it('round-trips documents, originals and provenance', async () => {
    const c = capture('Report one.', 'a.txt', ['line 1', 'line 2']);
    const result = await store.commit({ captures: [c], rejections: [] });
    expect(result.captures[0]).toMatchObject({ outcome: 'new', newDocuments: c.documents.map((d) => d.id) });
    expect(store.documents.count()).toBe(2);
    expect(store.documents.get(c.documents[0]!.id)).toEqual(c.documents[0]);
    expect(store.documents.list().map((d) => d.id)).toEqual(c.documents.map((d) => d.id));
    expect([...store.documents.iterate()]).toEqual(store.documents.list());
    expect(store.documents.list({ offset: 1, limit: 5 })).toHaveLength(1);
    expect(store.originals.read(c.sha256).toString()).toBe('Report one.');
    expect(store.originals.path(c.sha256)).toBe(
      path.join(dir, 'originals', c.sha256.slice(0, 2), c.sha256.slice(2)),
    );
    expect([...store.documents.summaries()][0]).toMatchObject({
      title: 'A title',
      chars: c.documents[0]!.text.length,
    });
    expect(store.documents.get('dmissing')).toBeNull();
  });

  it('keeps one original with two provenance entries for the same bytes from two sources', async () => {
    const first = await store.commit({ captures: [capture('Same.', 'a.txt')], rejections: [] });
    const second = await store.commit({ captures: [capture('Same.', 'b/copy.txt')], rejections: [] });
    const again = await store.commit({ captures: [capture('Same.', 'a.txt')], rejections: [] });
    expect(first.captures[0]?.outcome).toBe('new');
    expect(second.captures[0]).toMatchObject({ outcome: 'new-source', newDocuments: [] });
    expect(again.captures[0]).toMatchObject({ outcome: 'duplicate', newDocuments: [] });
    expect(store.originals.count()).toBe(1);
    expect(store.documents.count()).toBe(1);
    const id = store.documents.list()[0]!.id;
    expect(store.documents.provenance(id).map((p) => p.source)).toEqual(['a.txt', 'b/copy.txt']);
    expect([...store.custody.entries()].map((e) => e.details.outcome)).toEqual([
      'new',
      'new-source',
      'duplicate',
    ]);
  });

  it('verifies a clean store and names the document whose original was altered', async () => {
    const c = capture('Original bytes.', 'a.txt');
    await store.commit({ captures: [c, capture('Other.', 'b.txt')], rejections: [] });
    store.custody.append('analysis', { documents: 2 });
    const clean = await store.verify();
    expect(clean).toMatchObject({ ok: true, originals: 2, documents: 2, problems: [] });
    expect(clean.checkpoint).toEqual(store.custody.head());
    expect(clean.checkpoint.entries).toBe(3);

    const file = store.originals.path(c.sha256);
    const bytes = fs.readFileSync(file);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    fs.writeFileSync(file, bytes);
    const tampered = await store.verify();
    expect(tampered.ok).toBe(false);
    expect(tampered.problems).toHaveLength(1);
    expect(tampered.problems[0]).toMatchObject({
      kind: 'original-mismatch',
      documents: [c.documents[0]!.id],
    });
    expect(tampered.problems[0]?.message).toContain(c.documents[0]!.id);

    fs.rmSync(file);
    expect((await store.verify()).problems[0]).toMatchObject({ kind: 'original-missing', sha256: c.sha256 });
  });

  it('detects an edited custody entry and a log cut below a checkpoint', async () => {
    await store.commit({ captures: [capture('One.', 'a.txt'), capture('Two.', 'b.txt')], rejections: [] });
    store.custody.append('export', { file: 'ledger.json' });
    const checkpoint = store.custody.head();
    expect(() =>
      (store as unknown as { db: Database.Database }).db.prepare('DELETE FROM custody').run(),
    ).toThrow(/append-only/);
    store.close();

    const db = new Database(path.join(dir, 'corroborate.db'));
    db.exec('DROP TRIGGER custody_no_update; DROP TRIGGER custody_no_delete');
    const row = db.prepare('SELECT details FROM custody WHERE seq = 2').get() as { details: string };
    db.prepare('UPDATE custody SET details = ? WHERE seq = 2').run(row.details.replace('b.txt', 'c.txt'));
    db.close();
    store = openStore(dir, { clock });
    const edited = await store.verify();
    expect(edited.ok).toBe(false);
    expect(edited.problems.map((p) => [p.kind, p.seq])).toEqual([['custody-broken', 2]]);

    store.close();
    const db2 = new Database(path.join(dir, 'corroborate.db'));
    db2.prepare('UPDATE custody SET details = ? WHERE seq = 2').run(row.details);
    db2.prepare('DELETE FROM custody WHERE seq = 3').run();
    db2.close();
    store = openStore(dir, { clock });
    expect((await store.verify()).ok).toBe(true);
    const cut = await store.verify({ checkpoint });
    expect(cut.problems.map((p) => p.kind)).toEqual(['checkpoint-mismatch']);
  });

  it('logs rejections in the chain without adding rows', async () => {
    await store.commit({
      captures: [],
      rejections: [
        {
          source: 'bad.bin',
          sha256: null,
          size: 3,
          capturedAt: 'x',
          rule: 'ingest/binary',
          reason: 'binary',
        },
      ],
    });
    expect(store.documents.count()).toBe(0);
    expect([...store.custody.entries()][0]).toMatchObject({
      kind: 'rejection',
      details: { source: 'bad.bin', rule: 'ingest/binary' },
    });
    expect((await store.verify()).ok).toBe(true);
  });
});

describe('checkpoint and hashing helpers', () => {
  it('formats and parses the checkpoint line', () => {
    const cp = { entries: 42, head: 'ab'.repeat(32) };
    expect(parseCheckpoint(formatCheckpoint(cp))).toEqual(cp);
    expect(parseCheckpoint(`42:${cp.head}`)).toEqual(cp);
    expect(() => parseCheckpoint('nonsense')).toThrow(/Expected a checkpoint/);
  });

  it('writes canonical JSON independent of key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }] })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('derives stable document ids from the original hash and the record key', () => {
    expect(documentId('00', '')).toMatch(/^d[0-9a-f]{12}$/);
    expect(documentId('00', '')).toBe(documentId('00', ''));
    expect(documentId('00', 'line 1')).not.toBe(documentId('00', 'line 2'));
  });
});

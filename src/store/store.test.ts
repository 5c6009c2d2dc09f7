import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../core/types.js';
import { canonicalJson } from './canonical-json.js';
import { formatCheckpoint, parseCheckpoint } from './checkpoint.js';
import { capture } from './contract/contract.js';
import { entryHash, GENESIS_HASH } from './custody-chain.js';
import { documentId, sha256Hex } from './document-id.js';
import { openStore } from './open-store.js';
import { packContent } from './original-packs.js';
import { LOOSE_MIN_BYTES } from './originals-folder.js';
import { rewriteCustodyLog } from './rewrite-custody-log.js';
import type { Capture, CustodyKind, Store } from './store.js';

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

describe('SQLite store', () => {
  it('records an analysis entry and its ledger together, or neither', () => {
    const folder = store.analysis.ledgerFolder();
    fs.writeFileSync(path.join(folder, 'first.json'), '{"ledger":1}\n');
    const first = store.analysis.recordLedgerFile('first.json', () =>
      store.custody.append('analysis', { ledgerSha256: 'a' }),
    );
    fs.writeFileSync(path.join(folder, 'second.json'), '{"ledger":2}\n');
    // A run that dies after its custody entry but before the ledger is recorded leaves neither.
    expect(() =>
      store.analysis.recordLedgerFile('second.json', () => {
        store.custody.append('analysis', { ledgerSha256: 'b' });
        throw new Error('killed');
      }),
    ).toThrow('killed');
    expect([...store.custody.entries()].at(-1)?.seq).toBe(first.seq);
    expect(store.analysis.latestLedger()).toBe('{"ledger":1}\n');
    const second = store.analysis.recordLedgerFile('second.json', () =>
      store.custody.append('analysis', { ledgerSha256: 'b' }),
    );
    expect(second.seq).toBe(first.seq + 1);
    expect(store.analysis.latestLedger()).toBe('{"ledger":2}\n');
    expect(fs.existsSync(path.join(folder, 'first.json'))).toBe(false);
  });

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
    // Small originals are appended to the batch's pack file.
    const at = store.originals.locate(c.sha256);
    expect(at).toMatchObject({ offset: 0, length: 11, packed: true });
    expect(path.dirname(at!.file)).toBe(path.join(dir, 'originals', 'packs'));
    expect(store.originals.path(c.sha256)).toBe(at!.file);
    expect(store.originals.locate('0'.repeat(64))).toBeNull();
    expect([...store.documents.summaries()][0]).toMatchObject({
      title: 'A title',
      chars: c.documents[0]!.text.length,
    });
    expect(store.documents.get('dmissing')).toBeNull();
    // The short listing and the one-row look-up agree with the full listing.
    const summaries = [...store.documents.summaries()];
    expect(store.documents.listing()).toEqual(summaries.map((d) => ({ id: d.id, published: d.published })));
    for (const d of summaries) expect(store.documents.summary(d.id)).toEqual(d);
    expect(store.documents.summary('dmissing')).toBeNull();
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
    const other = capture('Other.', 'c.txt').sha256;
    expect(store.originals.knownAmong([other, first.captures[0]!.sha256])).toEqual(
      new Set([first.captures[0]!.sha256]),
    );
    expect(store.originals.knownAmong([])).toEqual(new Set());
    expect(store.originals.knownAmong([other])).toEqual(new Set());
    const id = store.documents.list()[0]!.id;
    expect(store.documents.provenance(id).map((p) => p.source)).toEqual(['a.txt', 'b/copy.txt']);
    expect([...store.custody.entries()].map((e) => e.details.outcome)).toEqual([
      'new',
      'new-source',
      'duplicate',
    ]);
  });

  it('verifies a clean store and names the document whose packed original was altered', async () => {
    const c = capture('Original bytes.', 'a.txt');
    const other = capture('Other.', 'b.txt');
    await store.commit({ captures: [other, c], rejections: [] });
    store.custody.append('analysis', { documents: 2 });
    const clean = await store.verify();
    expect(clean).toMatchObject({ ok: true, originals: 2, documents: 2, problems: [], unreferenced: 0 });
    expect(clean.checkpoint).toEqual(store.custody.head());
    expect(clean.checkpoint.entries).toBe(3);

    // Both originals share one pack; one byte of the second is flipped.
    const at = store.originals.locate(c.sha256)!;
    expect(at).toMatchObject({ packed: true, offset: 6 });
    expect(store.originals.locate(other.sha256)!.file).toBe(at.file);
    const bytes = fs.readFileSync(at.file);
    bytes[at.offset + 3] = (bytes[at.offset + 3] ?? 0) ^ 1;
    fs.writeFileSync(at.file, bytes);
    const tampered = await store.verify();
    expect(tampered.ok).toBe(false);
    expect(tampered.problems).toHaveLength(1);
    expect(tampered.problems[0]).toMatchObject({
      kind: 'original-mismatch',
      sha256: c.sha256,
      documents: [c.documents[0]!.id],
    });
    expect(tampered.problems[0]?.message).toContain(c.documents[0]!.id);

    // A pack cut short loses the originals at its end; one removed loses all of them.
    fs.writeFileSync(at.file, bytes.subarray(0, at.offset + 2));
    expect((await store.verify()).problems.map((p) => [p.kind, p.sha256])).toEqual([
      ['pack-record-altered', undefined],
      ['original-mismatch', c.sha256],
    ]);
    fs.rmSync(at.file);
    expect((await store.verify()).problems.map((p) => p.kind)).toEqual([
      'original-missing',
      'original-missing',
    ]);
  });

  it('keeps large originals as loose files and verifies them', async () => {
    const big = capture(`Big report. ${'x'.repeat(LOOSE_MIN_BYTES)}`, 'big.txt');
    await store.commit({ captures: [big, capture('Small.', 's.txt')], rejections: [] });
    const at = store.originals.locate(big.sha256)!;
    expect(at).toMatchObject({
      packed: false,
      offset: 0,
      file: path.join(dir, 'originals', big.sha256.slice(0, 2), big.sha256.slice(2)),
    });
    expect(store.originals.read(big.sha256).equals(big.bytes as Buffer)).toBe(true);
    expect((await store.verify()).ok).toBe(true);
    const bytes = fs.readFileSync(at.file);
    bytes[5] = (bytes[5] ?? 0) ^ 1;
    fs.writeFileSync(at.file, bytes);
    expect((await store.verify()).problems).toMatchObject([
      { kind: 'original-mismatch', documents: [big.documents[0]!.id] },
    ]);
    fs.rmSync(at.file);
    expect((await store.verify()).problems).toMatchObject([{ kind: 'original-missing', sha256: big.sha256 }]);
  });

  it('reads and verifies a store written before packs (one loose file per original)', async () => {
    store.close();
    // Take the schema back to migrations 100 and 110 and store an original the old way.
    const db = new Database(path.join(dir, 'corroborate.db'));
    db.exec(`DELETE FROM schema_migrations WHERE id IN (101, 103); DROP TABLE original_packs;
      ALTER TABLE originals DROP COLUMN pack; ALTER TABLE originals DROP COLUMN pack_offset;`);
    const old = capture('Stored by the previous version.', 'old.txt');
    const file = path.join(dir, 'originals', old.sha256.slice(0, 2), old.sha256.slice(2));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, old.bytes);
    db.prepare('INSERT INTO originals (sha256, size, reader, captured_at) VALUES (?, ?, ?, ?)').run(
      old.sha256,
      old.bytes.byteLength,
      'text',
      old.capturedAt,
    );
    // Its ingest entry and provenance, as that version wrote them (no document records bound).
    const details = {
      sha256: old.sha256,
      size: old.bytes.byteLength,
      source: 'old.txt',
      capturedAt: old.capturedAt,
      reader: 'text',
      readerVersion: 't',
      outcome: 'new',
      documents: 0,
      newDocuments: 0,
    };
    const at = '2023-12-31T00:00:00.000Z';
    const hash = entryHash(GENESIS_HASH, { seq: 1, kind: 'ingest', at, details });
    db.prepare('INSERT INTO custody (seq, kind, at, details, hash) VALUES (1, ?, ?, ?, ?)').run(
      'ingest',
      at,
      canonicalJson(details),
      hash,
    );
    db.prepare('INSERT INTO provenance (sha256, source, captured_at, custody_seq) VALUES (?, ?, ?, 1)').run(
      old.sha256,
      'old.txt',
      old.capturedAt,
    );
    db.close();
    store = openStore(dir, { clock });
    expect(store.originals.locate(old.sha256)).toMatchObject({ file, packed: false });
    expect(store.originals.read(old.sha256).toString()).toBe('Stored by the previous version.');
    await store.commit({
      captures: [capture('New.', 'new.txt'), capture('Stored by the previous version.', 'copy.txt')],
      rejections: [],
    });
    expect(store.originals.locate(old.sha256)).toMatchObject({ file, packed: false });
    const r = await store.verify();
    expect(r.problems).toEqual([]);
    expect(r).toMatchObject({ ok: true, originals: 2 });
    fs.writeFileSync(file, 'Stored by the previous version!');
    expect((await store.verify()).problems).toMatchObject([
      { kind: 'original-mismatch', sha256: old.sha256 },
    ]);
  });

  it('verifies a store whose ingest entries bound its pack (before packs left custody)', async () => {
    await store.commit({ captures: [capture('One.', 'a.txt'), capture('Two.', 'b.txt')], rejections: [] });
    store.close();
    // The schema and log as the previous version wrote them: the pack row with its count and
    // time, and the first ingest entry binding the pack's content and size; chain intact.
    const db = new Database(path.join(dir, 'corroborate.db'));
    const triggers = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'custody'")
      .pluck()
      .all() as string[];
    db.exec(`DROP TRIGGER custody_no_update; DROP TRIGGER custody_no_delete;
      DELETE FROM schema_migrations WHERE id = 103;
      ALTER TABLE original_packs ADD COLUMN originals INTEGER NOT NULL DEFAULT 2;
      ALTER TABLE original_packs ADD COLUMN created_at TEXT NOT NULL DEFAULT '2024-01-01T00:00:00.000Z';`);
    const pack = db.prepare('SELECT name, size FROM original_packs').get() as { name: string; size: number };
    rewriteCustodyLog(db, (details, row) => {
      if (row.seq === 1) {
        details.pack = { content: packContent(pack.name), size: pack.size, originals: 2, createdAt: row.at };
      }
    });
    for (const sql of triggers) db.exec(sql);
    db.close();

    store = openStore(dir, { clock });
    expect(await store.verify()).toMatchObject({ ok: true, problems: [] });
    store.close();
    const edit = new Database(path.join(dir, 'corroborate.db'));
    expect(edit.prepare('SELECT * FROM original_packs').get()).toEqual(pack);
    edit.prepare('UPDATE original_packs SET size = size + 1').run();
    edit.close();
    store = openStore(dir, { clock });
    const problems = (await store.verify()).problems;
    expect(problems.map((p) => [p.kind, p.seq])).toEqual([['pack-record-altered', 1]]);
    expect(problems[0]?.message).toContain(`size ${pack.size + 1} (custody: ${pack.size})`);
  });

  it('ignores a pack no transaction refers to, and removes it once its writer is gone', async () => {
    await store.commit({ captures: [capture('Kept.', 'a.txt')], rejections: [] });
    // A pack as left by a process killed before its transaction committed.
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    const orphan = path.join(dir, 'originals', 'packs', `${dead}-0-deadbeef.pack`);
    fs.writeFileSync(orphan, 'Lost.');
    const report = await store.verify();
    expect(report).toMatchObject({ ok: true, originals: 1, unreferenced: 1 });
    store.close();
    store = openStore(dir, { clock });
    await store.commit({ captures: [capture('Next.', 'b.txt')], rejections: [] });
    expect(fs.existsSync(orphan)).toBe(false);
    expect(await store.verify()).toMatchObject({ ok: true, originals: 2, unreferenced: 0 });
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
    // The entry no longer matches its hash, nor the provenance row it recorded.
    expect(edited.problems.map((p) => [p.kind, p.seq])).toEqual([
      ['custody-broken', 2],
      ['provenance-altered', 2],
      ['provenance-missing', 2],
    ]);

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

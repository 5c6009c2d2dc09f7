import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtraction } from '../core/empty-extraction.js';
import { ingest } from '../ingest/ingest.js';
import { serializeExtraction } from './analysis-store.js';
import { sha256Hex } from './document-id.js';
import { openSharedStore } from './open-store.js';
import { openWorkingCopy } from './working-copy.js';

/** The working copy of a PostgreSQL store. Needs CORROBORATE_TEST_PG (set by .ci/run). */
const url = process.env.CORROBORATE_TEST_PG ?? '';
if (!url) process.stderr.write('skipping the working-copy tests: CORROBORATE_TEST_PG is not set\n');
const schemas: string[] = [];
let dir: string;

function schemaUrl(schema = `copy_${crypto.randomBytes(6).toString('hex')}`): string {
  schemas.push(schema);
  const u = new URL(url);
  u.searchParams.set('schema', schema);
  return u.toString();
}

function report(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe.skipIf(!url)('working copy of a shared store', () => {
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-working-copy-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });

  it('mirrors only what is new, holds appended entries until publish, and shares extractions', async () => {
    const shared = await openSharedStore(schemaUrl());
    const folder = path.join(dir, 'copy-a');
    try {
      await ingest(shared, [report('a1.txt', 'The bridge reopened on Monday.\n')]);
      let copy = await openWorkingCopy(shared, folder, { version: 'v1' });
      expect(copy.fetched).toEqual({ documents: 1, custody: 1, extractions: 0 });
      const [id] = copy.store.documents.listing().map((d) => d.id);
      // An appended entry is chained after the mirror but reaches the shared log only on publish.
      const held = copy.store.custody.append('analysis', { run: 1 });
      expect(held.seq).toBe(2);
      expect((await shared.custody.head()).entries).toBe(1);
      copy.store.analysis.putSerializedExtractions('v1', [serializeExtraction(emptyExtraction(id ?? ''))]);
      const published = await copy.publish('v1');
      expect(published.extractions).toBe(1);
      expect(published.entries.map((e) => [e.seq, e.kind])).toEqual([[2, 'analysis']]);
      expect(await shared.analysis.extractedIds('v1')).toEqual(new Set([id]));
      copy.close();

      await ingest(shared, [report('a2.txt', 'The market closed early on Tuesday.\n')]);
      copy = await openWorkingCopy(shared, folder, { version: 'v1' });
      // Only the new document and the entries since the last open.
      expect(copy.fetched).toEqual({ documents: 1, custody: 2, extractions: 0 });
      expect(copy.store.custody.head()).toEqual(await shared.custody.head());
      copy.close();

      // Another machine's copy fetches the published extraction.
      const other = await openWorkingCopy(shared, path.join(dir, 'copy-b'), { version: 'v1' });
      expect(other.fetched).toEqual({ documents: 2, custody: 3, extractions: 1 });
      other.close();
    } finally {
      await shared.close();
    }
  });

  it('publishes an analysis entry and its ledger together: a failed ledger write leaves neither', async () => {
    const name = `copy_${crypto.randomBytes(6).toString('hex')}`;
    const shared = await openSharedStore(schemaUrl(name));
    const folder = path.join(dir, 'copy-d');
    /** One analysis over the copy: a ledger file and the entry recording it, then publish. */
    const analyse = async (text: string) => {
      const copy = await openWorkingCopy(shared, folder, { version: 'v1' });
      try {
        const bytes = Buffer.from(text);
        const file = `ledger-${sha256Hex(bytes).slice(0, 16)}.json`;
        fs.writeFileSync(path.join(copy.store.analysis.ledgerFolder(), file), bytes);
        copy.store.analysis.recordLedgerFile(file, () =>
          copy.store.custody.append('analysis', { ledgerSha256: sha256Hex(bytes) }),
        );
        copy.store.custody.append('export', { format: 'ledger-json', sha256: sha256Hex(bytes) });
        return await copy.publish('v1');
      } finally {
        copy.close();
      }
    };
    try {
      await ingest(shared, [report('d1.txt', 'The harbour wall gave way in the storm.\n')]);
      expect((await analyse('{"ledger":1}\n')).entries.map((e) => e.kind)).toEqual(['analysis', 'export']);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        // A crash between the two writes: the ledger's is refused.
        await admin.query(
          `CREATE FUNCTION ${name}.fail_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN RAISE EXCEPTION 'the disk is full'; END $$`,
        );
        await admin.query(
          `CREATE TRIGGER fail_ledger BEFORE INSERT OR UPDATE ON ${name}.analysis_ledger
             FOR EACH ROW EXECUTE FUNCTION ${name}.fail_ledger()`,
        );
      } finally {
        await admin.end();
      }
      const head = await shared.custody.head();
      await expect(analyse('{"ledger":2}\n')).rejects.toThrow(/the disk is full/);
      expect(await shared.custody.head()).toEqual(head);
      expect(await shared.analysis.latestLedgerBytes()).toEqual(Buffer.from('{"ledger":1}\n'));
      expect(await shared.verify()).toMatchObject({ ok: true, problems: [] });
    } finally {
      await shared.close();
    }
  });

  it('rebuilds itself when the shared store was replaced, and refuses another store’s folder', async () => {
    const name = `copy_${crypto.randomBytes(6).toString('hex')}`;
    const location = schemaUrl(name);
    const folder = path.join(dir, 'copy-c');
    let shared = await openSharedStore(location);
    await ingest(shared, [report('c1.txt', 'A ferry ran aground in the fog.\n')]);
    (await openWorkingCopy(shared, folder, { version: 'v1' })).close();
    await shared.close();

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${name} CASCADE`);
    await admin.end();
    shared = await openSharedStore(location);
    try {
      await ingest(shared, [report('c2.txt', 'Snow closed the mountain pass overnight.\n')]);
      const copy = await openWorkingCopy(shared, folder, { version: 'v1' });
      expect(copy.fetched.documents).toBe(1);
      expect(copy.store.documents.listing().map((d) => d.id)).toEqual(
        (await shared.documents.listing()).map((d) => d.id),
      );
      copy.close();

      const elsewhere = await openSharedStore(schemaUrl());
      try {
        await expect(openWorkingCopy(elsewhere, folder, { version: 'v1' })).rejects.toThrow(
          /working copy of/,
        );
      } finally {
        await elsewhere.close();
      }
    } finally {
      await shared.close();
    }
  });
});

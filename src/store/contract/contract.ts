import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentExtraction, ReusePair, StoredDocument } from '../../core/types.js';
import { mergeInputText, serializeExtraction, trimForMerge } from '../analysis-store.js';
import type { AsyncStore } from '../async-store.js';
import { documentId, sha256Hex } from '../document-id.js';
import { KeyKind } from '../reuse-store.js';
import type { Capture, JsonValue } from '../store.js';

/**
 * One backend under test: a fresh, empty store per test, which `open` may open several times (as
 * several machines would), and the two ways a tamperer edits it behind Corroborate's back.
 */
export interface ContractStore {
  open(): Promise<AsyncStore>;
  /** Rewrites a custody entry's details in place (bypassing the append-only guard). */
  tamperCustody(seq: number, details: string): Promise<void>;
  /** Overwrites a stored original's bytes (same length). */
  tamperOriginal(sha256: string, bytes: Buffer): Promise<void>;
  /**
   * Runs one SQL statement (`?` placeholders) on the store's database with its guards off
   * (foreign keys, triggers), as a tamperer with database access would; returns the rows read.
   * The evidence tables `originals`, `provenance` and `documents` have the same names and
   * evidence columns in every backend.
   */
  tamperSql(statement: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** Makes every later write of the latest ledger fail (a crash between two writes). */
  failLedgerWrites(): Promise<void>;
  dispose(): Promise<void>;
}

export interface ContractBackend {
  name: string;
  /** Why the backend cannot be tested here (the suite is then skipped with this message), or null. */
  unavailable: string | null;
  /**
   * Why the backend's reuse pairs and merge state are not evidence `verify` checks (null when they
   * are): on PostgreSQL every analysis keeps them in the working copy of the machine that ran it.
   */
  analysisStateElsewhere: string | null;
  create(clock: () => Date): Promise<ContractStore>;
}

/** A capture of `text` read from `source`, with one document per record key (test data). */
export function capture(text: string, source: string, recordKeys: string[] = ['']): Capture {
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
    published: '2024-01-02',
    byline: null,
    dateline: { place: 'TOWN', date: 'May 1', text: 'TOWN, May 1 –', span: [0, 13] },
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

/** The same capture read again: known bytes come without documents. */
function again(c: Capture, source = c.source): Capture {
  return { ...c, source, documents: [] };
}

function extraction(documentIdValue: string, sentence: string): DocumentExtraction {
  return {
    documentId: documentIdValue,
    sentences: [{ span: [0, sentence.length], text: sentence }],
    quantities: [],
    dates: [],
    diagnostics: [],
  } as unknown as DocumentExtraction;
}

export function pair(a: string, b: string, shared: number): ReusePair {
  return {
    a,
    b,
    relation: 'verbatim',
    shared_a: shared,
    shared_b: shared / 2,
    direction: 'a>b',
    reason: 'earlier publication',
    passages: [{ a: [0, 5], b: [3, 8], kind: 'verbatim', score: 1 }],
  } as ReusePair;
}

/**
 * The store contract: the same tests for every backend. Call it from one test file per backend.
 */
export function storeContract(backend: ContractBackend): void {
  describe.skipIf(backend.unavailable !== null)(`store contract: ${backend.name}`, () => {
    let tick = 0;
    const clock = (): Date => new Date(Date.UTC(2024, 0, 1, 0, 0, tick++));
    let handle: ContractStore;
    let store: AsyncStore;
    beforeEach(async () => {
      tick = 0;
      handle = await backend.create(clock);
      store = await handle.open();
    });
    afterEach(async () => {
      await store.close();
      await handle.dispose();
    });

    it('stores documents and lists them in ingest order', async () => {
      const one = capture('The first report.', 'a.txt');
      const two = capture('A feed of two records.', 'feed.jsonl', ['r1', 'r2']);
      const result = await store.commit({ captures: [one, two], rejections: [] });
      expect(result.captures.map((c) => [c.outcome, c.newDocuments.length])).toEqual([
        ['new', 1],
        ['new', 2],
      ]);
      const ids = [...one.documents, ...two.documents].map((d) => d.id);
      expect(await store.documents.count()).toBe(3);
      expect((await store.documents.list()).map((d) => d.id)).toEqual(ids);
      expect((await store.documents.list({ offset: 1, limit: 1 })).map((d) => d.id)).toEqual([ids[1]]);
      expect(await store.documents.listing()).toEqual(ids.map((id) => ({ id, published: '2024-01-02' })));
      expect(await store.documents.get(ids[0] as string)).toEqual(one.documents[0]);
      expect(await store.documents.get('d000000000000')).toBeNull();
      const many = await store.documents.getMany([ids[2] as string, 'd000000000000']);
      expect([...many.keys()]).toEqual([ids[2]]);
      expect(many.get(ids[2] as string)).toEqual(two.documents[1]);
      expect(await store.documents.idsForOriginal(two.sha256)).toEqual(ids.slice(1));
      const all = [];
      for await (const doc of store.documents.iterate()) all.push(doc);
      expect(all).toEqual([...one.documents, ...two.documents]);
      const summaries = [];
      for await (const summary of store.documents.summaries()) summaries.push(summary);
      expect(summaries.map((d) => [d.id, d.recordKey, d.chars, d.source])).toEqual(
        [...one.documents, ...two.documents].map((d) => [d.id, d.recordKey, d.text.length, d.source]),
      );
    });

    it('keeps originals as content-addressed blobs: one copy per SHA-256, one provenance per source', async () => {
      const c = capture('Bytes that arrive twice.', 'first.txt');
      await store.commit({ captures: [c], rejections: [] });
      const second = await store.commit({ captures: [again(c, 'second.txt'), again(c)], rejections: [] });
      expect(second.captures.map((r) => r.outcome)).toEqual(['new-source', 'duplicate']);
      expect(second.captures[0]?.existingDocuments).toEqual([c.documents[0]?.id]);
      expect(await store.originals.count()).toBe(1);
      expect(await store.originals.read(c.sha256)).toEqual(Buffer.from(c.bytes));
      expect(await store.originals.read(sha256Hex('never stored'))).toBeNull();
      expect(await store.originals.has(c.sha256)).toBe(true);
      expect(await store.originals.knownAmong([c.sha256, sha256Hex('x')])).toEqual(new Set([c.sha256]));
      expect(await store.originals.hasSource(c.sha256, 'second.txt')).toBe(true);
      expect(await store.originals.hasSource(c.sha256, 'third.txt')).toBe(false);
      const provenance = await store.documents.provenance(c.documents[0]?.id as string);
      expect(provenance.map((p) => p.source)).toEqual(['first.txt', 'second.txt']);
    });

    it('decides each capture of a batch after the ones before it', async () => {
      const c = capture('New bytes met twice in one batch.', 'a.txt');
      const other = capture('Other bytes.', 'b.txt');
      const result = await store.commit({
        captures: [c, other, c, { ...c, source: 'c.txt' }],
        rejections: [],
      });
      expect(
        result.captures.map((r) => [r.outcome, r.newDocuments.length, r.existingDocuments.length]),
      ).toEqual([
        ['new', 1, 0],
        ['new', 1, 0],
        ['duplicate', 0, 1],
        ['new-source', 0, 1],
      ]);
      expect(result.captures.map((r) => r.custodySeq)).toEqual([1, 2, 3, 4]);
      expect([await store.originals.count(), await store.documents.count()]).toEqual([2, 2]);
      expect((await store.documents.list()).map((d) => d.id)).toEqual([
        c.documents[0]?.id,
        other.documents[0]?.id,
      ]);
      expect((await store.verify()).problems).toEqual([]);
    });

    it('keeps binary originals byte for byte', async () => {
      const bytes = Buffer.from([0, 255, 1, 254, 0x1f, 0x8b, 0, 0]);
      const c = { ...capture('x', 'bin.gz'), bytes, sha256: sha256Hex(bytes), documents: [] };
      await store.commit({ captures: [c], rejections: [] });
      expect(await store.originals.read(c.sha256)).toEqual(bytes);
    });

    it('chains custody entries and verifies them, with a checkpoint', async () => {
      await store.commit({
        captures: [capture('One report.', 'a.txt')],
        rejections: [
          {
            source: 'bad.bin',
            sha256: null,
            size: 3,
            capturedAt: '2024-01-01T00:00:00.000Z',
            rule: 'ingest/unknown-format',
            reason: 'not a report',
          },
        ],
      });
      const exported = await store.custody.append('export', { format: 'ledger-json', sha256: 'ab' });
      expect(exported.seq).toBe(3);
      const entries = await store.custody.entries();
      expect(entries.map((e) => e.kind)).toEqual(['ingest', 'rejection', 'export']);
      expect((await store.custody.entries({ from: 2, limit: 1 })).map((e) => e.seq)).toEqual([2]);
      const head = await store.custody.head();
      expect(head).toEqual({ entries: 3, head: exported.hash });
      const report = await store.verify({ checkpoint: head });
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.checkpoint).toEqual(head);
      expect([report.originals, report.documents]).toEqual([1, 1]);
      const wrong = await store.verify({ checkpoint: { entries: 2, head: exported.hash } });
      expect(wrong.problems.map((p) => p.kind)).toEqual(['checkpoint-mismatch']);
    });

    it('detects an edited custody entry', async () => {
      await store.commit({
        captures: [capture('One report.', 'a.txt'), capture('Two.', 'b.txt')],
        rejections: [],
      });
      const [first] = await store.custody.entries({ from: 1, limit: 1 });
      const edited: { [key: string]: JsonValue } = { ...(first?.details ?? {}), source: 'elsewhere.txt' };
      // Canonical key order, so that only the hash (not the form) gives the edit away.
      await handle.tamperCustody(1, JSON.stringify(Object.fromEntries(Object.entries(edited).sort())));
      const report = await store.verify();
      expect(report.ok).toBe(false);
      expect(report.problems.some((p) => p.kind === 'custody-broken' && p.seq === 1)).toBe(true);
    });

    it('detects an altered original', async () => {
      const c = capture('Original bytes kept unaltered.', 'a.txt');
      await store.commit({ captures: [c], rejections: [] });
      const altered = Buffer.from(c.bytes);
      altered[0] = 'X'.charCodeAt(0);
      await handle.tamperOriginal(c.sha256, altered);
      const report = await store.verify();
      expect(report.problems.map((p) => [p.kind, p.sha256])).toEqual([['original-mismatch', c.sha256]]);
    });

    it('keeps one linear custody chain when several writers append at once', async () => {
      const writers = [store, await handle.open(), await handle.open()];
      try {
        await Promise.all(
          writers.map(async (w, i) => {
            for (let k = 0; k < 8; k++) {
              if (k % 2 === 0) await w.custody.append('export', { writer: i, k });
              else
                await w.commit({
                  captures: [capture(`Writer ${i} report ${k}.`, `w${i}-${k}.txt`)],
                  rejections: [],
                });
            }
          }),
        );
      } finally {
        for (const w of writers.slice(1)) await w.close();
      }
      const entries = await store.custody.entries();
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      const report = await store.verify();
      expect(report.problems).toEqual([]);
      expect(report.documents).toBe(12);
    });

    it('lets one holder at a time run under a named lock, across handles', async () => {
      const other = await handle.open();
      try {
        const log: string[] = [];
        const hold = (who: string, s: AsyncStore) =>
          s.exclusive('merge', async () => {
            log.push(`${who} in`);
            await new Promise((resolve) => setTimeout(resolve, 30));
            log.push(`${who} out`);
            return who;
          });
        const results = await Promise.all([hold('a', store), hold('b', other), hold('c', store)]);
        expect(results).toEqual(['a', 'b', 'c']);
        // Never two inside at once.
        for (let i = 0; i < log.length; i += 2) expect(log[i]?.replace(' in', ' out')).toBe(log[i + 1]);
        // Another name is not held by the first.
        const inner = await store.exclusive('merge', () => other.exclusive('other', async () => 'nested'));
        expect(inner).toBe('nested');
        // A failing holder releases the lock.
        await expect(store.exclusive('merge', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
          'boom',
        );
        expect(await other.exclusive('merge', async () => 'after')).toBe('after');
      } finally {
        await other.close();
      }
    });

    it('keeps the reuse index, pairs, signatures and families', async () => {
      expect(await store.reuse.parameters()).toBeNull();
      await store.reuse.reset('p1');
      expect(await store.reuse.parameters()).toBe('p1');
      const signature = Uint32Array.from([1, 2, 3, 4294967295]);
      await store.reuse.addDocuments([
        {
          documentId: 'db',
          signature,
          keys: [
            { key: 10, kind: KeyKind.band },
            { key: 4294967295, kind: KeyKind.band },
            { key: 10, kind: KeyKind.sentence },
          ],
          processedAt: 't',
        },
        { documentId: 'da', signature, keys: [{ key: 10, kind: KeyKind.band }], processedAt: 't' },
        { documentId: 'dc', signature, keys: [{ key: 10, kind: KeyKind.band }], processedAt: 't' },
      ]);
      expect(await store.reuse.processedIds()).toEqual(new Set(['da', 'db', 'dc']));
      expect(await store.reuse.holders([4294967295, 10, 11], KeyKind.band, 3)).toEqual([
        ['db'],
        ['da', 'db', 'dc'],
        [],
      ]);
      expect(await store.reuse.holders([10], KeyKind.band, 2)).toEqual([null]);
      expect(await store.reuse.holders([10], KeyKind.sentence, 2)).toEqual([['db']]);
      expect(await store.reuse.signature('db')).toEqual(signature);
      expect(await store.reuse.signature('dz')).toBeNull();
      // Re-indexing a document replaces its keys.
      await store.reuse.addDocuments([{ documentId: 'db', signature, keys: [], processedAt: 't2' }]);
      expect(await store.reuse.holders([4294967295], KeyKind.band, 3)).toEqual([[]]);

      await store.reuse.putPairs([pair('da', 'db', 0.5), pair('db', 'dc', 0.25)]);
      await store.reuse.putPairs([pair('da', 'db', 0.75)]);
      const pairs = await store.reuse.pairs();
      expect(pairs.map((p) => [p.a, p.b, p.shared_a])).toEqual([
        ['da', 'db', 0.75],
        ['db', 'dc', 0.25],
      ]);
      expect(pairs[0]?.passages).toEqual(pair('da', 'db', 1).passages);
      const of = await store.reuse.pairsOfMany(['db', 'dz']);
      expect(of.get('db')?.map((p) => `${p.a}-${p.b}`)).toEqual(['da-db', 'db-dc']);
      expect(of.get('dz')).toEqual([]);

      expect(await store.reuse.familiesIndexed()).toBeNull();
      await store.reuse.saveFamilies(
        [
          ['da', 'fa'],
          ['db', 'fa'],
          ['dc', 'fc'],
        ],
        3,
        true,
      );
      expect(await store.reuse.familiesIndexed()).toBe(3);
      const families = await store.reuse.familiesOfMany(['db']);
      expect(families.get('db')).toEqual({ id: 'fa', documents: ['da', 'db'] });
      await store.reuse.reset('p2');
      expect([await store.reuse.processedIds(), await store.reuse.pairs()]).toEqual([new Set(), []]);
      expect(await store.reuse.familiesIndexed()).toBeNull();
    });

    it('keeps extractions per extractor version and the latest ledger', async () => {
      const rows = [extraction('db', 'Second sentence.'), extraction('da', 'First sentence.')];
      await store.analysis.putSerializedExtractions('v1', rows.map(serializeExtraction));
      expect(await store.analysis.extractedIds('v1')).toEqual(new Set(['da', 'db']));
      expect(await store.analysis.extractedIds('v2')).toEqual(new Set());
      expect(await store.analysis.getExtraction('da', 'v1')).toEqual(rows[1]);
      expect(await store.analysis.getExtraction('da', 'v2')).toBeNull();
      const inputs = await store.analysis.mergeInputs('v1');
      expect(inputs.map((x) => x.documentId)).toEqual(['da', 'db']);
      // The merge's view leaves sentence texts out.
      expect(inputs[0]?.sentences[0]?.text).toBe('');
      expect(
        (await store.analysis.mergeInputsFor('v1', ['db', 'dz', 'da'])).map((x) => x.documentId),
      ).toEqual(['db', 'da']);
      await store.analysis.putSerializedExtractions('v1', [
        serializeExtraction(extraction('da', 'Changed.')),
      ]);
      expect((await store.analysis.getExtraction('da', 'v1'))?.sentences[0]?.text).toBe('Changed.');
      // The stored rows, as another store's working copy fetches them: in the order asked for.
      const stored = await store.analysis.serializedExtractions('v1', ['db', 'dz', 'da']);
      expect(stored.map((r) => r.documentId)).toEqual(['db', 'da']);
      // Read back as stored whether written as text or as bytes (each backend may return either).
      const changed = serializeExtraction(extraction('da', 'Changed.'));
      expect(mergeInputText(stored[1] ?? { mergeInput: '' })).toBe(mergeInputText(changed));
      expect(mergeInputText(changed)).toBe(JSON.stringify(trimForMerge(extraction('da', 'Changed.'))));
      const db = serializeExtraction(extraction('db', 'Second sentence.'));
      expect(Buffer.from(stored[0]?.extraction ?? []).equals(Buffer.from(db.extraction))).toBe(true);
      expect(await store.analysis.serializedExtractions('v2', ['da'])).toEqual([]);

      expect(await store.analysis.latestLedgerBytes()).toBeNull();
      await store.analysis.saveLedger(Buffer.from('{"ledger":1}\n'), 4);
      await store.analysis.saveLedger(Buffer.from('{"ledger":2}\n'), 5);
      expect((await store.analysis.latestLedgerBytes())?.toString('utf8')).toBe('{"ledger":2}\n');
    });

    it('keeps the merge state: namespaces of JSON values, in key order', async () => {
      await store.mergeState.write([
        { ns: 'events', key: 'e2', value: { n: 2 } },
        { ns: 'events', key: 'e10', value: [1, 'x'] },
        { ns: 'quotes', key: 'q', value: 'text' },
      ]);
      expect(await store.mergeState.get('events', 'e2')).toEqual({ n: 2 });
      expect(await store.mergeState.get('events', 'missing')).toBeUndefined();
      expect(await store.mergeState.getMany('events', ['e10', 'zz'])).toEqual(new Map([['e10', [1, 'x']]]));
      expect((await store.mergeState.scan('events')).map(([k]) => k)).toEqual(['e10', 'e2']);
      await store.mergeState.write([{ ns: 'events', key: 'e2', value: undefined }]);
      expect((await store.mergeState.scan('events')).map(([k]) => k)).toEqual(['e10']);
      await store.mergeState.clear();
      expect(await store.mergeState.scan('quotes')).toEqual([]);
    });
  });
}

import { describe, expect, it } from 'vitest';
import type { DocumentExtraction } from '../../core/types.js';
import { serializeExtraction } from '../analysis-store.js';
import { sha256Hex } from '../document-id.js';
import { DOCUMENT_META_COLUMNS } from '../document-record.js';
import { extractionRowHash, RowFold } from '../extraction-digest.js';
import { MergeStateFold } from '../merge-state-digest.js';
import { pairRowHash, pairRowOf } from '../reuse-digest.js';
import type { Capture, VerifyReport } from '../store.js';
import { type ContractBackend, capture, pair } from './contract.js';

/**
 * The store contract's tamper tests: a small store is made, then one evidence row at a time is
 * edited (every evidence column of one row per table), deleted (every row) or forged behind
 * Corroborate's back, in a fresh store each time, and `verify` must fail naming the row, on every
 * backend. The columns are the evidence columns the backends
 * share; where a backend keeps an original's bytes (a file, a column) is covered by
 * `tamperOriginal` in the main contract, and the embedded store's own tables by
 * `src/store/verify-mutations.test.ts`.
 */

const clock = (): Date => new Date(Date.UTC(2024, 0, 1));

const a = capture('Rescuers said three people were hurt when a wall fell.', 'a.txt');
const feed = capture('The river rose two metres overnight.', 'feed.jsonl', ['line 1', 'line 2']);
const c = capture('Police closed the bridge after a truck struck its rail.', 'c.txt');
/** The same bytes as `a` from another place: a second provenance row. */
const aCopy: Capture = { ...a, source: 'a-copy.txt', documents: [] };

const TABLES = {
  documents: {
    key: ['id'],
    columns: ['ord', ...DOCUMENT_META_COLUMNS, 'text'],
    names: (row: Record<string, unknown>) => String(row.id),
  },
  provenance: {
    key: ['sha256', 'source'],
    columns: ['sha256', 'source', 'captured_at', 'custody_seq'],
    names: (row: Record<string, unknown>) => String(row.sha256),
  },
  originals: {
    key: ['sha256'],
    columns: ['sha256', 'size', 'reader', 'captured_at'],
    names: (row: Record<string, unknown>) => String(row.sha256),
  },
} as const;

interface Mutation {
  name: string;
  /** Text a problem's message must contain (the row's id or hash). */
  names: string;
  statement: string;
  params: unknown[];
}

/** A value that differs from `value` and stays well formed for its column. */
function changed(value: unknown): unknown {
  if (value === null) return 'forged';
  // Numbers (PostgreSQL returns its bigints as text) move past every row's.
  if (typeof value === 'number') return value + 1000;
  const text = String(value);
  if (/^\d+$/.test(text)) return Number(text) + 1000;
  // Hex hashes stay well formed: one digit changes.
  if (/^[0-9a-f]{64}$/.test(text)) return `${text.slice(0, -1)}${text.endsWith('0') ? '1' : '0'}`;
  if (text.startsWith('[') || text.startsWith('{')) return text.replace(/.$/, ' $&');
  return `${text}x`;
}

/** A store holding the small collection; `work` runs on it, then the store is removed. */
async function withStore<T>(
  backend: ContractBackend,
  work: (
    tamperSql: (statement: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>,
    verify: () => Promise<VerifyReport>,
  ) => Promise<T>,
): Promise<T> {
  const handle = await backend.create(clock);
  const store = await handle.open();
  try {
    await store.commit({ captures: [a, aCopy, feed, c], rejections: [] });
    return await work(
      (statement, params) => handle.tamperSql(statement, params),
      () => store.verify(),
    );
  } finally {
    await store.close();
    await handle.dispose();
  }
}

async function plan(backend: ContractBackend): Promise<Mutation[]> {
  return withStore(backend, async (sql, verify) => {
    expect(await verify()).toMatchObject({ ok: true, problems: [], legacyDocuments: 0 });
    const out: Mutation[] = [];
    for (const [table, { key, columns, names }] of Object.entries(TABLES)) {
      const rows = await sql(`SELECT * FROM ${table}`);
      expect(rows.length, table).toBeGreaterThan(1);
      const where = key.map((k) => `${k} = ?`).join(' AND ');
      for (const [i, row] of rows.entries()) {
        const keyValues = key.map((k) => row[k]);
        // Every column of one row (the embedded store's harness edits every row's).
        if (i === rows.length - 1)
          for (const column of columns) {
            out.push({
              name: `edit ${table}.${column} of ${keyValues.join('/')}`,
              names: names(row),
              statement: `UPDATE ${table} SET ${column} = ? WHERE ${where}`,
              params: [changed(row[column]), ...keyValues],
            });
          }
        out.push({
          name: `delete ${table} row ${keyValues.join('/')}`,
          names: names(row),
          statement: `DELETE FROM ${table} WHERE ${where}`,
          params: keyValues,
        });
      }
      // A forged row: a copy of the first (every column, the backend's own too) with a new key.
      const forged: Record<string, unknown> = { ...rows[0] };
      for (const k of key) forged[k] = changed(forged[k]);
      if (table === 'documents') Object.assign(forged, { ord: 5000, record_key: 'forged' });
      const all = Object.keys(forged);
      out.push({
        name: `insert a forged ${table} row`,
        names: names(forged),
        statement: `INSERT INTO ${table} (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})`,
        params: all.map((column) => forged[column]),
      });
    }
    return out;
  });
}

export function tamperContract(backend: ContractBackend): void {
  describe.skipIf(backend.unavailable !== null)(`store contract, tampering: ${backend.name}`, () => {
    it('names every edited, deleted or forged evidence row', async () => {
      const mutations = await plan(backend);
      expect(mutations.length).toBeGreaterThan(35);
      const missed: string[] = [];
      const unnamed: string[] = [];
      for (const m of mutations) {
        const report = await withStore(backend, async (sql, verify) => {
          await sql(m.statement, m.params);
          return verify();
        });
        if (report.ok) missed.push(m.name);
        else if (!report.problems.some((p) => p.message.includes(m.names))) unnamed.push(m.name);
      }
      expect(missed).toEqual([]);
      expect(unnamed).toEqual([]);
    }, 300_000);

    const doc = a.documents[0]?.id as string;
    const cases: { name: string; statement: string; params: unknown[]; kinds: string[] }[] = [
      {
        name: "a document's text",
        statement: 'UPDATE documents SET text = ? WHERE id = ?',
        params: ['Four hundred were hurt.', doc],
        kinds: ['document-altered'],
      },
      {
        name: "a document's title",
        statement: 'UPDATE documents SET title = ? WHERE id = ?',
        params: ['Another title', doc],
        kinds: ['document-altered'],
      },
      {
        name: 'a deleted document',
        statement: 'DELETE FROM documents WHERE id = ?',
        params: [doc],
        kinds: ['document-missing'],
      },
      {
        name: "a provenance row's source",
        statement: 'UPDATE provenance SET source = ? WHERE source = ?',
        params: ['elsewhere.txt', 'a-copy.txt'],
        kinds: ['provenance-altered', 'provenance-missing'],
      },
      {
        name: "an original's reader",
        statement: 'UPDATE originals SET reader = ? WHERE sha256 = ?',
        params: ['html', c.sha256],
        kinds: ['original-record-altered'],
      },
      {
        name: 'a deleted original row',
        statement: 'DELETE FROM originals WHERE sha256 = ?',
        params: [c.sha256],
        kinds: ['original-record-missing', 'document-without-original'],
      },
    ];
    it('names a latest ledger that is not the bytes its analysis entry recorded', async () => {
      const handle = await backend.create(clock);
      const store = await handle.open();
      try {
        await store.commit({ captures: [a], rejections: [] });
        const write = async (bytes: Buffer): Promise<number> => {
          const entry = await store.custody.append('analysis', { ledgerSha256: sha256Hex(bytes) });
          await store.analysis.saveLedger(bytes, entry.seq);
          return entry.seq;
        };
        const first = await write(Buffer.from('{"ledger":"first"}\n'));
        const second = await write(Buffer.from('{"ledger":"second"}\n'));
        expect(await store.verify()).toMatchObject({ ok: true, problems: [] });
        const kinds = async (): Promise<string[]> => (await store.verify()).problems.map((p) => p.kind);
        // The bytes replaced (on the embedded store the column names a file: it then names another).
        const [row] = await handle.tamperSql('SELECT ledger FROM analysis_ledger WHERE id = 1');
        await handle.tamperSql('UPDATE analysis_ledger SET ledger = ? WHERE id = 1', [
          Buffer.from('{"ledger":"forged"}\n'),
        ]);
        expect(await kinds()).toEqual(['ledger-altered']);
        // The genuine older ledger put back under its own entry.
        await handle.tamperSql('UPDATE analysis_ledger SET ledger = ?, custody_seq = ? WHERE id = 1', [
          row?.ledger,
          first,
        ]);
        expect((await store.verify()).problems.map((p) => p.message).join('\n')).toMatch(
          new RegExp(`entry ${second} recorded a later ledger`),
        );
      } finally {
        await store.close();
        await handle.dispose();
      }
    });

    it.each([
      {
        name: 'an edited row',
        statement: 'UPDATE analysis_extractions SET merge_input = ? WHERE document_id = ?',
        params: ['{"documentId":"forged"}', a.documents[0]?.id],
      },
      {
        name: 'a deleted row',
        statement: 'DELETE FROM analysis_extractions WHERE document_id = ?',
        params: [c.documents[0]?.id],
      },
      {
        name: 'a row added for a document the analysis merged without one',
        statement:
          "INSERT INTO analysis_extractions (document_id, extractor_version, extraction, merge_input) VALUES (?, 'x1', ?, '{}')",
        params: [feed.documents[0]?.id, Buffer.from('forged')],
      },
    ])('names extraction rows the latest ledger was merged from: $name', async ({ statement, params }) => {
      const handle = await backend.create(clock);
      const store = await handle.open();
      try {
        await store.commit({ captures: [a, feed, c], rejections: [] });
        const rows = [a, c].map((x) =>
          serializeExtraction({
            documentId: x.documents[0]?.id ?? '',
            sentences: [{ span: [0, 4], text: 'Text' }],
          } as unknown as DocumentExtraction),
        );
        await store.analysis.putSerializedExtractions('x1', rows);
        const fold = new RowFold();
        for (const row of rows) fold.add(extractionRowHash(row));
        await store.custody.append('analysis', {
          extractions: { version: 'x1', rows: fold.rows, digest: fold.digest, alg: fold.alg },
        });
        // A row of a document stored after the analysis (left by a killed run) is not yet relied on.
        const later = capture('A later report of the flood.', 'later.txt');
        await store.commit({ captures: [later], rejections: [] });
        await store.analysis.putSerializedExtractions('x1', [
          serializeExtraction({
            documentId: later.documents[0]?.id ?? '',
            sentences: [],
          } as unknown as DocumentExtraction),
        ]);
        expect(await store.verify()).toMatchObject({ ok: true, problems: [] });
        await handle.tamperSql(statement, params);
        expect((await store.verify()).problems.map((p) => p.kind)).toEqual(['extractions-altered']);
      } finally {
        await store.close();
        await handle.dispose();
      }
    });

    it('records analysis entries and their ledger together: a failed ledger write leaves neither', async () => {
      const handle = await backend.create(clock);
      const store = await handle.open();
      try {
        await store.commit({ captures: [a], rejections: [] });
        const run = (bytes: Buffer) =>
          store.analysis.recordLedger(
            [
              { kind: 'analysis', details: { ledgerSha256: sha256Hex(bytes) } },
              { kind: 'export', details: { format: 'ledger-json', sha256: sha256Hex(bytes) } },
            ],
            bytes,
          );
        const first = Buffer.from('{"ledger":"first"}\n');
        const entries = await run(first);
        expect(entries.map((e) => [e.seq, e.kind])).toEqual([
          [2, 'analysis'],
          [3, 'export'],
        ]);
        expect(await store.analysis.latestLedgerBytes()).toEqual(first);
        await handle.failLedgerWrites();
        await expect(run(Buffer.from('{"ledger":"second"}\n'))).rejects.toThrow(/the disk is full/);
        // Neither the entries nor the ledger: the latest ledger is still the newest entry's.
        expect((await store.custody.head()).entries).toBe(3);
        expect(await store.analysis.latestLedgerBytes()).toEqual(first);
        expect(await store.verify()).toMatchObject({ ok: true, problems: [] });
      } finally {
        await store.close();
        await handle.dispose();
      }
    });

    // A skipped case says why, in the output and in its name.
    if (backend.unavailable === null && backend.analysisStateElsewhere !== null)
      console.warn(
        `store contract, tampering: ${backend.name}: the analysis-state cases are skipped: ${backend.analysisStateElsewhere}`,
      );
    describe.skipIf(backend.analysisStateElsewhere !== null)(
      `the analysis state the next run builds on${backend.analysisStateElsewhere === null ? '' : ` (skipped: ${backend.analysisStateElsewhere})`}`,
      () => {
        const [da, dc] = [a, c].map((x) => x.documents[0]?.id ?? '') as [string, string];
        const [df] = feed.documents.map((d) => d.id) as [string];
        /** A store with an analysis that recorded its reuse pairs and merge state, and its ledger. */
        async function analysedStore(
          work: (
            sql: (s: string, p?: unknown[]) => Promise<unknown>,
            verify: () => Promise<string[]>,
          ) => Promise<void>,
        ) {
          const handle = await backend.create(clock);
          const store = await handle.open();
          try {
            await store.commit({ captures: [a, feed, c], rejections: [] });
            const pairs = [pair(da, dc, 0.5), pair(dc, df, 0.25)];
            await store.reuse.putPairs(pairs);
            const reuse = new RowFold();
            for (const p of pairs) reuse.add(pairRowHash(pairRowOf(p)));
            const changes = [
              { ns: 'events', key: 'e1', value: { mentions: [da, dc], killed: 3 } },
              { ns: 'events', key: 'e2', value: { mentions: [df] } },
              { ns: 'blocking', key: 'town', value: ['e1'] },
            ];
            await store.mergeState.write(changes);
            const state = new MergeStateFold();
            for (const ch of changes) state.replace(ch.ns, ch.key, undefined, JSON.stringify(ch.value));
            const bytes = Buffer.from('{"ledger":1}\n');
            await store.analysis.recordLedger(
              [
                {
                  kind: 'analysis',
                  details: {
                    ledgerSha256: sha256Hex(bytes),
                    reuse: { pairs: reuse.rows, digest: reuse.digest, alg: reuse.alg },
                    mergeState: { ...state.value },
                  },
                },
              ],
              bytes,
            );
            expect(await store.verify()).toMatchObject({ ok: true, problems: [] });
            await work(
              (statement, params) => handle.tamperSql(statement, params),
              async () => (await store.verify()).problems.map((p) => p.kind),
            );
          } finally {
            await store.close();
            await handle.dispose();
          }
        }

        it.each([
          [
            'an edited value',
            "UPDATE analysis_merge_state SET value = ? WHERE ns = 'events' AND key = 'e1'",
            ['{"mentions":[],"killed":30}'],
          ],
          ['a deleted row', "DELETE FROM analysis_merge_state WHERE ns = 'blocking'", []],
          [
            'an inserted row',
            "INSERT INTO analysis_merge_state (ns, key, value) VALUES ('events', 'e3', '{}')",
            [],
          ],
          [
            'a row moved to another key',
            "UPDATE analysis_merge_state SET key = 'e9' WHERE ns = 'events' AND key = 'e2'",
            [],
          ],
        ])('names the merge state: %s', async (_name, statement, params) => {
          await analysedStore(async (sql, kinds) => {
            await sql(statement, params);
            expect(await kinds()).toEqual(['merge-state-altered']);
          });
        });

        it.each([
          ['an edited share', 'UPDATE reuse_pairs SET shared_a = 0.9 WHERE a = ?', [da]],
          ['an edited direction', "UPDATE reuse_pairs SET direction = 'b>a' WHERE b = ?", [df]],
          ['a deleted pair', 'DELETE FROM reuse_pairs WHERE a = ?', [da]],
          [
            'an inserted pair',
            "INSERT INTO reuse_pairs (a, b, relation, shared_a, shared_b, direction, reason, passages) VALUES (?, ?, 'verbatim', 1, 1, 'a>b', 'forged', '[]')",
            [da, df],
          ],
        ])('names the reuse pairs: %s', async (_name, statement, params) => {
          await analysedStore(async (sql, kinds) => {
            await sql(statement, params);
            expect(await kinds()).toEqual(['reuse-altered']);
          });
        });
      },
    );

    it.each(cases)('says what changed: $name', async ({ statement, params, kinds }) => {
      const report = await withStore(backend, async (sql, verify) => {
        await sql(statement, params);
        return verify();
      });
      expect(report.problems.map((p) => p.kind).sort()).toEqual([...kinds].sort());
    });
  });
}

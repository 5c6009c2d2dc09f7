import fs from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { DocumentExtraction } from '../../core/types.js';
import {
  type AnalysisStore,
  deserializeExtraction,
  type SerializedExtraction,
  serializeExtraction,
} from '../analysis-store.js';
import { type MergeStateDigest, type MergeStateFold, mergeStateRowHash } from '../merge-state-digest.js';
import type { MergeStateStore } from '../merge-state-store.js';
import { BACKGROUND_CHUNK, RowFold } from '../row-fold.js';
import { emptyTrash, moveToTrash } from '../trash.js';
import type { Migration, SqliteDatabase } from './database.js';

export const analysisMigrations: readonly Migration[] = [
  {
    id: 400,
    name: 'analysis: extractions per document and extractor version, latest ledger',
    sql: `
      CREATE TABLE analysis_extractions (
        document_id       TEXT NOT NULL,
        extractor_version TEXT NOT NULL,
        extraction        BLOB NOT NULL,
        merge_input       TEXT NOT NULL,
        PRIMARY KEY (document_id, extractor_version)
      ) WITHOUT ROWID;
      CREATE TABLE analysis_ledger (
        id          INTEGER PRIMARY KEY CHECK (id = 1),
        ledger      BLOB NOT NULL,
        custody_seq INTEGER
      );
    `,
  },
  {
    id: 401,
    name: 'analysis: the merge state kept between runs (clusters, blocking index, built events, groups)',
    sql: `
      CREATE TABLE analysis_merge_state (
        ns    TEXT NOT NULL,
        key   TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (ns, key)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 402,
    name: 'analysis: the latest ledger kept as a file in the store folder (see saveLedgerFile)',
    sql: `ALTER TABLE analysis_ledger ADD COLUMN itemized INTEGER NOT NULL DEFAULT 0;`,
  },
];

export class SqliteAnalysisStore implements AnalysisStore {
  constructor(private readonly db: SqliteDatabase) {}

  extractedIds(version: string): Set<string> {
    const rows = this.db
      .prepare('SELECT document_id FROM analysis_extractions WHERE extractor_version = ?')
      .pluck()
      .all(version) as string[];
    return new Set(rows);
  }

  putExtractions(version: string, extractions: readonly DocumentExtraction[]): void {
    this.putSerializedExtractions(version, extractions.map(serializeExtraction));
  }

  putSerializedExtractions(version: string, rows: readonly SerializedExtraction[]): void {
    // CAST: a merge input given as UTF-8 bytes is stored as the text it encodes, as a string is.
    const insert = this.db.prepare(
      'INSERT OR REPLACE INTO analysis_extractions (document_id, extractor_version, extraction, merge_input) VALUES (?, ?, ?, CAST(? AS TEXT))',
    );
    this.db.transaction(() => {
      for (const r of rows) insert.run(r.documentId, version, r.extraction, r.mergeInput);
    })();
  }

  deleteExtractions(version: string, ids: readonly string[]): void {
    const del = this.db.prepare(
      'DELETE FROM analysis_extractions WHERE document_id = ? AND extractor_version = ?',
    );
    this.db.transaction(() => {
      for (const id of ids) del.run(id, version);
    })();
  }

  getExtraction(documentId: string, version: string): DocumentExtraction | null {
    const blob = this.db
      .prepare('SELECT extraction FROM analysis_extractions WHERE document_id = ? AND extractor_version = ?')
      .pluck()
      .get(documentId, version) as Buffer | undefined;
    return blob ? deserializeExtraction(blob) : null;
  }

  /** The stored rows of these documents' extractions (absent ones left out), in the order of `ids`. */
  serializedExtractions(version: string, ids: readonly string[]): SerializedExtraction[] {
    // The merge input as its UTF-8 bytes (the same bytes a string of it hashes and stores as): a
    // long report's is tens of MB, read here to be hashed or copied, never parsed.
    const get = this.db.prepare(
      'SELECT extraction, CAST(merge_input AS BLOB) AS merge_input FROM analysis_extractions WHERE document_id = ? AND extractor_version = ?',
    );
    const out: SerializedExtraction[] = [];
    for (const documentId of ids) {
      const row = get.get(documentId, version) as { extraction: Buffer; merge_input: Buffer } | undefined;
      if (row) out.push({ documentId, extraction: row.extraction, mergeInput: row.merge_input });
    }
    return out;
  }

  *mergeInputs(version: string): IterableIterator<DocumentExtraction> {
    const rows = this.db
      .prepare(
        'SELECT merge_input FROM analysis_extractions WHERE extractor_version = ? ORDER BY document_id',
      )
      .pluck()
      .iterate(version) as IterableIterator<string>;
    for (const json of rows) yield JSON.parse(json) as DocumentExtraction;
  }

  *mergeInputsFor(version: string, ids: readonly string[]): IterableIterator<DocumentExtraction> {
    const get = this.db
      .prepare('SELECT merge_input FROM analysis_extractions WHERE document_id = ? AND extractor_version = ?')
      .pluck();
    for (const id of ids) {
      const json = get.get(id, version) as string | undefined;
      if (json !== undefined) yield JSON.parse(json) as DocumentExtraction;
    }
  }

  mergeState(digest?: MergeStateFold): MergeStateStore {
    const db = this.db;
    const get = db.prepare('SELECT value FROM analysis_merge_state WHERE ns = ? AND key = ?').pluck();
    // The text of each row read (null: read as absent), kept while a digest is folded: writing a
    // row back takes out the hash of the text it held, which then needs no second read. A row
    // written is forgotten (a from-scratch run writes every row and reads none).
    const known = digest ? new Map<string, string | null>() : null;
    const rowKey = (ns: string, key: string) => `${ns}\u0000${key}`;
    const scan = db.prepare('SELECT key, value FROM analysis_merge_state WHERE ns = ? ORDER BY key').raw();
    const keys = db.prepare('SELECT key FROM analysis_merge_state WHERE ns = ? ORDER BY key').pluck();
    const put = db.prepare('INSERT OR REPLACE INTO analysis_merge_state (ns, key, value) VALUES (?, ?, ?)');
    const del = db.prepare('DELETE FROM analysis_merge_state WHERE ns = ? AND key = ?');
    const many = new Map<number, ReturnType<SqliteDatabase['prepare']>>();
    const CHUNK = 500;
    /** The stored text of each of these keys that has a row, read in chunks. */
    const texts = (ns: string, keys: readonly string[]): Map<string, string> => {
      const out = new Map<string, string>();
      for (let i = 0; i < keys.length; i += CHUNK) {
        const chunk = keys.slice(i, i + CHUNK);
        let stmt = many.get(chunk.length);
        if (!stmt) {
          stmt = db
            .prepare(
              `SELECT key, value FROM analysis_merge_state WHERE ns = ? AND key IN (${chunk.map(() => '?').join(',')})`,
            )
            .raw();
          many.set(chunk.length, stmt);
        }
        for (const [k, json] of stmt.all([ns, ...chunk]) as [string, string][]) out.set(k, json);
      }
      return out;
    };
    /**
     * The text each changed row holds now (absent: no row), for the digest: from the read that
     * loaded it, else read with the other changes of its namespace in one look-up per chunk.
     */
    const held = (changes: readonly { ns: string; key: string }[]): Map<string, string | undefined> => {
      const out = new Map<string, string | undefined>();
      const unread = new Map<string, string[]>();
      for (const c of changes) {
        const text = known?.get(rowKey(c.ns, c.key));
        if (text !== undefined) out.set(rowKey(c.ns, c.key), text ?? undefined);
        else {
          const list = unread.get(c.ns);
          if (list) list.push(c.key);
          else unread.set(c.ns, [c.key]);
        }
      }
      for (const [ns, keys] of unread) {
        const found = texts(ns, keys);
        for (const k of keys) out.set(rowKey(ns, k), found.get(k));
      }
      return out;
    };
    /** Writes one change; `held`: the text its row holds now (absent: none), when a digest is folded. */
    const change = (c: { ns: string; key: string; value: unknown }, held: string | undefined) => {
      if (c.value === undefined) {
        del.run(c.ns, c.key);
        digest?.replace(c.ns, c.key, held, undefined);
        known?.delete(rowKey(c.ns, c.key));
        return;
      }
      const json = JSON.stringify(c.value);
      // A row written back as it was (a value the merge read and marked, unchanged) changes
      // neither the table nor the fold: taking its hash out and putting it back is a no-op.
      if (held === json) return;
      put.run(c.ns, c.key, json);
      digest?.replace(c.ns, c.key, held, json);
      known?.delete(rowKey(c.ns, c.key));
    };
    return {
      get(ns, key) {
        const json = get.get(ns, key) as string | undefined;
        known?.set(rowKey(ns, key), json ?? null);
        return json === undefined ? undefined : JSON.parse(json);
      },
      getMany(ns, keys) {
        const out = new Map<string, unknown>();
        for (const [k, json] of texts(ns, keys)) {
          known?.set(rowKey(ns, k), json);
          out.set(k, JSON.parse(json));
        }
        if (known) for (const k of keys) if (!out.has(k)) known.set(rowKey(ns, k), null);
        return out;
      },
      *scan(ns) {
        for (const [key, json] of scan.all(ns) as [string, string][]) yield [key, JSON.parse(json)];
      },
      keys: (ns) => keys.all(ns) as string[],
      write: db.transaction((changes: readonly { ns: string; key: string; value: unknown }[]) => {
        for (let i = 0; i < changes.length; i += CHUNK) {
          const chunk = changes.slice(i, i + CHUNK);
          const before = digest ? held(chunk) : null;
          // A key changed twice in one chunk holds, the second time, what the first change wrote.
          const done = new Set<string>();
          for (const c of chunk) {
            const k = rowKey(c.ns, c.key);
            const now = !before
              ? undefined
              : done.has(k)
                ? (get.get(c.ns, c.key) as string | undefined)
                : before.get(k);
            done.add(k);
            change(c, now);
          }
        }
      }),
      clear: () => {
        db.prepare('DELETE FROM analysis_merge_state').run();
        known?.clear();
        digest?.clear();
      },
    };
  }

  mergeStateDigest(): MergeStateDigest {
    const fold = new RowFold(undefined, BACKGROUND_CHUNK);
    const rows = this.db.prepare('SELECT ns, key, value FROM analysis_merge_state').raw();
    for (const [ns, key, value] of rows.iterate() as IterableIterator<[string, string, string]>)
      fold.add(mergeStateRowHash(ns, key, value));
    return { rows: fold.rows, digest: fold.digest, alg: fold.alg };
  }

  recordedLedger(): { name: string; custodySeq: number } | null {
    const row = this.db
      .prepare('SELECT ledger, custody_seq, itemized FROM analysis_ledger WHERE id = 1')
      .get() as { ledger: Buffer; custody_seq: number | null; itemized: number } | undefined;
    return row?.itemized === 1 && row.custody_seq !== null
      ? { name: row.ledger.toString('utf8'), custodySeq: row.custody_seq }
      : null;
  }

  ledgerFolder(): string {
    const dir = path.join(path.dirname(this.db.name), 'ledger');
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }

  trashFolder(): string {
    return path.join(path.dirname(this.db.name), 'trash');
  }

  saveLedgerFile(name: string, custodySeq: number | null, keep: readonly string[] = []): void {
    this.setLatestLedger(name, custodySeq);
    this.removeOtherLedgerFiles(name, keep);
  }

  recordLedgerFile<E extends { seq: number }>(
    name: string,
    append: () => E,
    keep: readonly string[] = [],
  ): E {
    // The custody append's own transaction becomes a savepoint of this one.
    const entry = this.db
      .transaction(() => {
        const e = append();
        this.setLatestLedger(name, e.seq);
        return e;
      })
      .immediate();
    // Inside a run's transaction, the files it replaces stay until it commits.
    if (this.db.inTransaction) this.onCommit = () => this.removeOtherLedgerFiles(name, keep);
    else this.removeOtherLedgerFiles(name, keep);
    return entry;
  }

  private onCommit: (() => void) | null = null;

  beginRun(): { commit(): void; rollback(): void } {
    this.db.exec('BEGIN IMMEDIATE');
    // What earlier runs replaced is deleted while this one merges (see trash.ts).
    void emptyTrash(this.trashFolder());
    this.onCommit = null;
    let open = true;
    return {
      commit: () => {
        if (!open) return;
        open = false;
        this.db.exec('COMMIT');
        const after = this.onCommit;
        this.onCommit = null;
        after?.();
      },
      rollback: () => {
        if (!open) return;
        open = false;
        this.onCommit = null;
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
      },
    };
  }

  private setLatestLedger(name: string, custodySeq: number | null): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO analysis_ledger (id, ledger, custody_seq, itemized) VALUES (1, ?, ?, 1)',
      )
      .run(Buffer.from(name, 'utf8'), custodySeq);
  }

  private removeOtherLedgerFiles(name: string, keep: readonly string[]): void {
    const dir = this.ledgerFolder();
    for (const f of fs.readdirSync(dir)) {
      if (f !== name && !keep.includes(f)) moveToTrash(path.join(dir, f), this.trashFolder());
    }
  }

  beginLedgerFile(): string | null {
    const row = this.db.prepare('SELECT ledger, itemized FROM analysis_ledger WHERE id = 1').get() as
      | { ledger: Buffer; itemized: number }
      | undefined;
    if (row?.itemized !== 1) return null;
    this.db.prepare('UPDATE analysis_ledger SET itemized = 2 WHERE id = 1').run();
    return path.join(this.ledgerFolder(), row.ledger.toString('utf8'));
  }

  latestLedger(): string | null {
    return this.latestLedgerBytes()?.toString('utf8') ?? null;
  }

  latestLedgerBytes(): Buffer | null {
    const row = this.db.prepare('SELECT ledger, itemized FROM analysis_ledger WHERE id = 1').get() as
      | { ledger: Buffer; itemized: number }
      | undefined;
    if (!row) return null;
    if (!row.itemized) return inflateRawSync(row.ledger);
    // A file: itemized 1, or 2 while a run updates the state it derives from (it stays the latest).
    return fs.readFileSync(path.join(this.ledgerFolder(), row.ledger.toString('utf8')));
  }
}

import type { Statement } from 'better-sqlite3';
import type { ReusePair } from '../../core/types.js';
import { familyRowHash } from '../reuse-digest.js';
import {
  type FamilyChanges,
  type KeyHit,
  type KeyKindValue,
  type PairRow,
  pairOfRow,
  type ReuseStore,
} from '../reuse-store.js';
import type { Migration, SqliteDatabase } from './database.js';

export const reuseMigrations: readonly Migration[] = [
  {
    id: 200,
    name: 'reuse: processed documents with MinHash signatures, LSH keys, verified pairs, parameters',
    sql: `
      CREATE TABLE reuse_documents (
        document_id  TEXT PRIMARY KEY,
        signature    BLOB NOT NULL,
        processed_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE reuse_keys (
        key         INTEGER NOT NULL,
        kind        INTEGER NOT NULL,
        document_id TEXT NOT NULL
      );
      CREATE INDEX reuse_keys_by_key ON reuse_keys (key, kind);
      CREATE INDEX reuse_keys_by_document ON reuse_keys (document_id);
      CREATE TABLE reuse_pairs (
        a         TEXT NOT NULL,
        b         TEXT NOT NULL,
        relation  TEXT NOT NULL,
        shared_a  REAL NOT NULL,
        shared_b  REAL NOT NULL,
        direction TEXT NOT NULL,
        reason    TEXT NOT NULL,
        passages  TEXT NOT NULL,
        PRIMARY KEY (a, b)
      ) WITHOUT ROWID;
      CREATE TABLE reuse_parameters (
        name  TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 201,
    name: 'reuse: LSH keys in one clustered b-tree (key, kind, document) instead of a table and two indexes',
    sql: `
      CREATE TABLE reuse_keys_clustered (
        key         INTEGER NOT NULL,
        kind        INTEGER NOT NULL,
        document_id TEXT NOT NULL,
        PRIMARY KEY (key, kind, document_id)
      ) WITHOUT ROWID;
      INSERT OR IGNORE INTO reuse_keys_clustered (key, kind, document_id)
        SELECT key, kind, document_id FROM reuse_keys;
      DROP TABLE reuse_keys;
      ALTER TABLE reuse_keys_clustered RENAME TO reuse_keys;
    `,
  },
  {
    id: 202,
    name: "reuse: pairs found from either side, and each document's family kept between runs",
    sql: `
      CREATE INDEX reuse_pairs_by_b ON reuse_pairs (b);
      CREATE TABLE reuse_families (
        document_id TEXT PRIMARY KEY,
        family_id   TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX reuse_families_by_family ON reuse_families (family_id);
    `,
  },
];

/** Key rows written per INSERT statement (fewer calls into SQLite). */
const KEY_ROWS_PER_INSERT = 64;

export class SqliteReuseStore implements ReuseStore {
  constructor(private readonly db: SqliteDatabase) {}

  /** Family rows changed since `takeFamilyChanges` (see there). */
  private familyChanges: FamilyChanges = { replaced: false, removed: [], added: [] };

  takeFamilyChanges(): FamilyChanges {
    const changes = this.familyChanges;
    this.familyChanges = { replaced: false, removed: [], added: [] };
    return changes;
  }

  private familiesReplaced(): void {
    this.familyChanges = { replaced: true, removed: [], added: [] };
  }

  *familyRows(): Iterable<[string, string]> {
    yield* this.db.prepare('SELECT document_id, family_id FROM reuse_families').raw().iterate() as Iterable<
      [string, string]
    >;
  }

  private readonly statements = new Map<string, Statement<unknown[]>>();

  /** A prepared statement, compiled once per store (the index is written a document at a time). */
  private statement(sql: string): Statement<unknown[]> {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare<unknown[]>(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  parameters(): string | null {
    return (
      (this.db.prepare("SELECT value FROM reuse_parameters WHERE name = 'index'").pluck().get() as
        | string
        | undefined) ?? null
    );
  }

  reset(parameters: string): void {
    this.familiesReplaced();
    this.db.transaction(() => {
      this.db.exec(
        "DELETE FROM reuse_keys; DELETE FROM reuse_documents; DELETE FROM reuse_pairs; DELETE FROM reuse_families; DELETE FROM reuse_parameters WHERE name = 'families';",
      );
      this.db
        .prepare("INSERT OR REPLACE INTO reuse_parameters (name, value) VALUES ('index', ?)")
        .run(parameters);
    })();
  }

  processedIds(): Set<string> {
    return new Set(this.db.prepare('SELECT document_id FROM reuse_documents').pluck().all() as string[]);
  }

  holders(keys: ArrayLike<number>, kind: KeyKindValue, maxPerKey: number): (string[] | null)[] {
    const query = this.db
      .prepare('SELECT document_id FROM reuse_keys WHERE key = ? AND kind = ? LIMIT ?')
      .pluck();
    const out: (string[] | null)[] = new Array(keys.length);
    for (let k = 0; k < keys.length; k++) {
      const ids = query.all(keys[k], kind, maxPerKey + 1) as string[];
      out[k] = ids.length > maxPerKey ? null : ids;
    }
    return out;
  }

  lookup(keys: readonly { key: number; kind: KeyKindValue }[], maxPerKey: number): KeyHit[] {
    const query = this.db
      .prepare('SELECT document_id FROM reuse_keys WHERE key = ? AND kind = ? LIMIT ?')
      .pluck();
    const hits: KeyHit[] = [];
    for (const k of keys) {
      const ids = query.all(k.key, k.kind, maxPerKey + 1) as string[];
      if (ids.length > maxPerKey) continue;
      for (const documentId of ids) hits.push({ documentId, kind: k.kind, key: k.key });
    }
    return hits;
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  addDocument(
    documentId: string,
    signature: Uint32Array,
    keys: readonly { key: number; kind: KeyKindValue }[],
    processedAt: string,
  ): void {
    const known = this.statement('SELECT 1 FROM reuse_documents WHERE document_id = ?').get(documentId);
    // Re-indexing a document (rare: a new index is emptied first) removes its old keys.
    if (known) this.statement('DELETE FROM reuse_keys WHERE document_id = ?').run(documentId);
    const many = this.statement(
      `INSERT OR IGNORE INTO reuse_keys (key, kind, document_id) VALUES ${Array(KEY_ROWS_PER_INSERT).fill('(?, ?, ?)').join(', ')}`,
    );
    const one = this.statement('INSERT OR IGNORE INTO reuse_keys (key, kind, document_id) VALUES (?, ?, ?)');
    let k = 0;
    const values: unknown[] = new Array(KEY_ROWS_PER_INSERT * 3);
    for (; k + KEY_ROWS_PER_INSERT <= keys.length; k += KEY_ROWS_PER_INSERT) {
      for (let r = 0; r < KEY_ROWS_PER_INSERT; r++) {
        const key = keys[k + r] as { key: number; kind: KeyKindValue };
        values[3 * r] = key.key;
        values[3 * r + 1] = key.kind;
        values[3 * r + 2] = documentId;
      }
      many.run(...values);
    }
    for (; k < keys.length; k++) {
      const key = keys[k] as { key: number; kind: KeyKindValue };
      one.run(key.key, key.kind, documentId);
    }
    this.statement(
      'INSERT OR REPLACE INTO reuse_documents (document_id, signature, processed_at) VALUES (?, ?, ?)',
    ).run(documentId, Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength), processedAt);
  }

  putPair(p: ReusePair): void {
    this.statement(
      'INSERT OR REPLACE INTO reuse_pairs (a, b, relation, shared_a, shared_b, direction, reason, passages) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(p.a, p.b, p.relation, p.shared_a, p.shared_b, p.direction, p.reason, JSON.stringify(p.passages));
  }

  pairs(): ReusePair[] {
    return (this.db.prepare('SELECT * FROM reuse_pairs ORDER BY a, b').all() as PairRow[]).map(pairOfRow);
  }

  *pairRows(): Iterable<PairRow> {
    yield* this.db.prepare('SELECT * FROM reuse_pairs').iterate() as Iterable<PairRow>;
  }

  forget(documentIds: readonly string[]): void {
    this.familiesReplaced();
    const ids = JSON.stringify(documentIds);
    this.db.transaction(() => {
      // The keys are clustered by key: this scans them (only after a killed run or an edit).
      for (const table of ['reuse_keys', 'reuse_documents', 'reuse_families'])
        this.db
          .prepare(`DELETE FROM ${table} WHERE document_id IN (SELECT value FROM json_each(?))`)
          .run(ids);
      this.db
        .prepare(
          'DELETE FROM reuse_pairs WHERE a IN (SELECT value FROM json_each(?)) OR b IN (SELECT value FROM json_each(?))',
        )
        .run(ids, ids);
      this.db.exec("DELETE FROM reuse_parameters WHERE name = 'families'");
    })();
  }

  pairCount(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM reuse_pairs').get() as { n: number }).n;
  }

  pairsOf(documentId: string): ReusePair[] {
    return this.pairsOfMany([documentId]).get(documentId) ?? [];
  }

  pairsOfMany(documentIds: readonly string[]): Map<string, ReusePair[]> {
    const out = new Map<string, ReusePair[]>(documentIds.map((d) => [d, []]));
    const rows = this.statement(
      `SELECT * FROM reuse_pairs WHERE a IN (SELECT value FROM json_each(?))
       UNION SELECT * FROM reuse_pairs WHERE b IN (SELECT value FROM json_each(?))
       ORDER BY a, b`,
    ).all(JSON.stringify(documentIds), JSON.stringify(documentIds)) as PairRow[];
    for (const row of rows) {
      const pair = pairOfRow(row);
      out.get(pair.a)?.push(pair);
      if (pair.b !== pair.a) out.get(pair.b)?.push(pair);
    }
    return out;
  }

  familiesOfMany(documentIds: readonly string[]): Map<string, { id: string; documents: string[] }> {
    const families = new Map<string, { id: string; documents: string[] }>();
    const rows = this.statement(
      `SELECT family_id, document_id FROM reuse_families WHERE family_id IN (
         SELECT family_id FROM reuse_families WHERE document_id IN (SELECT value FROM json_each(?)))
       ORDER BY family_id, document_id`,
    ).all(JSON.stringify(documentIds)) as { family_id: string; document_id: string }[];
    const out = new Map<string, { id: string; documents: string[] }>();
    for (const r of rows) {
      let f = families.get(r.family_id);
      if (!f) {
        f = { id: r.family_id, documents: [] };
        families.set(r.family_id, f);
      }
      f.documents.push(r.document_id);
      out.set(r.document_id, f);
    }
    return out;
  }

  familiesIndexed(): number | null {
    const value = this.statement("SELECT value FROM reuse_parameters WHERE name = 'families'")
      .pluck()
      .get() as string | undefined;
    return value === undefined ? null : Number(value);
  }

  familyOf(documentId: string): string | null {
    return (
      (this.statement('SELECT family_id FROM reuse_families WHERE document_id = ?').pluck().get(documentId) as
        | string
        | undefined) ?? null
    );
  }

  saveFamilies(entries: Iterable<[string, string]>, indexed: number, replace: boolean): void {
    this.db.transaction(() => {
      if (replace) {
        this.db.exec('DELETE FROM reuse_families');
        this.familiesReplaced();
      }
      const put = this.statement(
        'INSERT OR REPLACE INTO reuse_families (document_id, family_id) VALUES (?, ?)',
      );
      const changes = this.familyChanges;
      for (const [document, family] of entries) {
        if (!changes.replaced) {
          const old = this.familyOf(document);
          if (old !== null) changes.removed.push(familyRowHash(document, old));
          changes.added.push(familyRowHash(document, family));
        }
        put.run(document, family);
      }
      this.statement("INSERT OR REPLACE INTO reuse_parameters (name, value) VALUES ('families', ?)").run(
        String(indexed),
      );
    })();
  }

  signature(documentId: string): Uint32Array | null {
    const blob = this.db
      .prepare('SELECT signature FROM reuse_documents WHERE document_id = ?')
      .pluck()
      .get(documentId) as Buffer | undefined;
    if (!blob) return null;
    const copy = new Uint8Array(blob);
    return new Uint32Array(copy.buffer, 0, copy.byteLength / 4);
  }
}

import type { ReaderName, StoredDocument } from '../../core/types.js';
import {
  DOCUMENT_COLUMNS,
  type DocumentBinding,
  type DocumentRow,
  documentBinding,
  documentRowValues,
  toDocument,
} from '../document-record.js';
import type { WrittenPack } from '../original-packs.js';
import type { OriginalsFolder } from '../originals-folder.js';
import type {
  DocumentListing,
  DocumentStore,
  DocumentSummary,
  OriginalLocator,
  OriginalStore,
  Provenance,
} from '../store.js';
import type { Migration, SqliteDatabase } from './database.js';

export const documentsMigrations: readonly Migration[] = [
  {
    id: 100,
    name: 'originals, provenance and documents',
    sql: `
      CREATE TABLE originals (
        sha256      TEXT PRIMARY KEY,
        size        INTEGER NOT NULL,
        reader      TEXT NOT NULL,
        captured_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE provenance (
        sha256      TEXT NOT NULL REFERENCES originals(sha256),
        source      TEXT NOT NULL,
        captured_at TEXT NOT NULL,
        custody_seq INTEGER NOT NULL,
        PRIMARY KEY (sha256, source)
      ) WITHOUT ROWID;
      CREATE TABLE documents (
        ord         INTEGER PRIMARY KEY,
        id          TEXT NOT NULL UNIQUE,
        sha256      TEXT NOT NULL REFERENCES originals(sha256),
        record_key  TEXT NOT NULL,
        source      TEXT NOT NULL,
        reader      TEXT NOT NULL,
        captured_at TEXT NOT NULL,
        title       TEXT,
        outlet      TEXT,
        url         TEXT,
        published   TEXT,
        byline      TEXT,
        dateline    TEXT,
        credits     TEXT NOT NULL,
        series      TEXT,
        external_id TEXT,
        inferred    TEXT NOT NULL,
        chars       INTEGER NOT NULL,
        text        TEXT NOT NULL,
        UNIQUE (sha256, record_key)
      );
    `,
  },
  {
    id: 101,
    name: 'originals in pack files',
    // A NULL pack is a loose file named by the hash (large originals, and stores made before packs).
    sql: `
      ALTER TABLE originals ADD COLUMN pack TEXT;
      ALTER TABLE originals ADD COLUMN pack_offset INTEGER;
      CREATE TABLE original_packs (
        name        TEXT PRIMARY KEY,
        size        INTEGER NOT NULL,
        originals   INTEGER NOT NULL,
        created_at  TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 102,
    name: 'documents listed in ingest order from an index (no row pages, which hold the texts)',
    sql: `
      CREATE INDEX documents_listing ON documents (ord, id, published);
    `,
  },
  {
    id: 103,
    name: 'pack rows are storage layout: name and size only',
    // A pack's count and creation time were bound into custody, which made the custody log depend
    // on the backend's layout. What a pack holds is proven by re-hashing each original at its
    // offset; its row only has to agree with its file.
    sql: `
      ALTER TABLE original_packs DROP COLUMN originals;
      ALTER TABLE original_packs DROP COLUMN created_at;
    `,
  },
];

/** Where an original's bytes are: a range of a pack file, or (pack null) its own loose file. */
export interface OriginalLocation {
  sha256: string;
  size: number;
  pack: string | null;
  offset: number | null;
}

function summaryOfRow(row: Record<string, unknown>): DocumentSummary {
  return {
    id: row.id as string,
    sha256: row.sha256 as string,
    source: row.source as string,
    recordKey: row.record_key as string,
    reader: row.reader as ReaderName,
    outlet: row.outlet as string | null,
    title: row.title as string | null,
    published: row.published as string | null,
    url: row.url as string | null,
    chars: row.chars as number,
    capturedAt: row.captured_at as string,
  };
}

export class SqliteDocumentStore implements DocumentStore {
  private readonly byId;
  private readonly page;
  private readonly all;
  private readonly summaryRows;
  private readonly bySha;
  private readonly listingRows;
  private readonly summaryById;
  private readonly provenanceRows;
  private readonly countRows;
  private readonly insertRow;

  constructor(db: SqliteDatabase) {
    this.byId = db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`);
    this.page = db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents ORDER BY ord LIMIT ? OFFSET ?`);
    this.all = db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents ORDER BY ord`);
    this.summaryRows = db.prepare(
      'SELECT id, sha256, source, record_key, reader, outlet, title, published, url, chars, captured_at FROM documents ORDER BY ord',
    );
    this.bySha = db.prepare('SELECT id FROM documents WHERE sha256 = ? ORDER BY ord');
    this.listingRows = db.prepare('SELECT id, published FROM documents ORDER BY ord');
    this.summaryById = db.prepare(
      'SELECT id, sha256, source, record_key, reader, outlet, title, published, url, chars, captured_at FROM documents WHERE id = ?',
    );
    this.provenanceRows = db.prepare(
      `SELECT p.sha256, p.source, p.captured_at, p.custody_seq FROM provenance p
       JOIN documents d ON d.sha256 = p.sha256 WHERE d.id = ? ORDER BY p.custody_seq`,
    );
    this.countRows = db.prepare('SELECT count(*) AS n FROM documents');
    this.insertRow = db.prepare(
      `INSERT INTO documents (${DOCUMENT_COLUMNS}, chars) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    );
  }

  get(id: string): StoredDocument | null {
    const row = this.byId.get(id) as DocumentRow | undefined;
    return row ? toDocument(row) : null;
  }

  list(options: { offset?: number; limit?: number } = {}): StoredDocument[] {
    return (this.page.all(options.limit ?? -1, options.offset ?? 0) as DocumentRow[]).map(toDocument);
  }

  *iterate(): IterableIterator<StoredDocument> {
    for (const row of this.all.iterate() as IterableIterator<DocumentRow>) yield toDocument(row);
  }

  *summaries(): IterableIterator<DocumentSummary> {
    for (const row of this.summaryRows.iterate() as IterableIterator<Record<string, unknown>>) {
      yield summaryOfRow(row);
    }
  }

  summary(id: string): DocumentSummary | null {
    const row = this.summaryById.get(id) as Record<string, unknown> | undefined;
    return row ? summaryOfRow(row) : null;
  }

  listing(): DocumentListing[] {
    return this.listingRows.all() as DocumentListing[];
  }

  idsForOriginal(sha256: string): string[] {
    return (this.bySha.all(sha256) as { id: string }[]).map((r) => r.id);
  }

  provenance(id: string): Provenance[] {
    return (this.provenanceRows.all(id) as Record<string, unknown>[]).map((r) => ({
      sha256: r.sha256 as string,
      source: r.source as string,
      capturedAt: r.captured_at as string,
      custodySeq: r.custody_seq as number,
    }));
  }

  count(): number {
    return (this.countRows.get() as { n: number }).n;
  }

  /**
   * Inserts a document unless its id exists. Returns its binding (row number and hashes of what
   * the row holds, for its custody entry) when it was added, null when it existed.
   */
  insert(doc: StoredDocument): DocumentBinding | null {
    const row = documentRowValues(doc);
    const info = this.insertRow.run(
      row.id,
      row.sha256,
      row.record_key,
      row.source,
      row.reader,
      row.captured_at,
      row.title,
      row.outlet,
      row.url,
      row.published,
      row.byline,
      row.dateline,
      row.credits,
      row.series,
      row.external_id,
      row.inferred,
      row.text,
      row.chars,
    );
    return info.changes > 0 ? documentBinding(row, Number(info.lastInsertRowid)) : null;
  }
}

export class SqliteOriginalStore implements OriginalStore {
  private readonly hasRow;
  private readonly knownRows;
  private readonly hasSourceRow;
  private readonly countRows;
  private readonly insertOriginal;
  private readonly insertProvenance;
  private readonly insertPack;
  private readonly hasPackRow;
  private readonly allRows;
  private readonly locationRow;

  constructor(
    db: SqliteDatabase,
    private readonly folder: OriginalsFolder,
  ) {
    this.hasRow = db.prepare('SELECT 1 FROM originals WHERE sha256 = ?').pluck();
    this.knownRows = db
      .prepare('SELECT sha256 FROM originals WHERE sha256 IN (SELECT value FROM json_each(?))')
      .pluck();
    this.hasSourceRow = db.prepare('SELECT 1 FROM provenance WHERE sha256 = ? AND source = ?').pluck();
    this.countRows = db.prepare('SELECT count(*) FROM originals').pluck();
    this.insertOriginal = db.prepare(
      'INSERT INTO originals (sha256, size, reader, captured_at, pack, pack_offset) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    this.insertProvenance = db.prepare(
      'INSERT INTO provenance (sha256, source, captured_at, custody_seq) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    this.insertPack = db.prepare('INSERT INTO original_packs (name, size) VALUES (?, ?)');
    this.hasPackRow = db.prepare('SELECT 1 FROM original_packs WHERE name = ?').pluck();
    this.allRows = db.prepare(
      'SELECT sha256, size, pack, pack_offset AS offset FROM originals ORDER BY pack, pack_offset, sha256',
    );
    this.locationRow = db.prepare(
      'SELECT sha256, size, pack, pack_offset AS offset FROM originals WHERE sha256 = ?',
    );
  }

  has(sha256: string): boolean {
    return this.hasRow.get(sha256) !== undefined;
  }

  knownAmong(sha256s: readonly string[]): Set<string> {
    if (sha256s.length === 0) return new Set();
    if (sha256s.length === 1) return this.has(sha256s[0] as string) ? new Set(sha256s) : new Set();
    return new Set(this.knownRows.all(JSON.stringify(sha256s)) as string[]);
  }

  hasSource(sha256: string, source: string): boolean {
    return this.hasSourceRow.get(sha256, source) !== undefined;
  }

  read(sha256: string): Buffer {
    const at = this.location(sha256);
    if (at?.pack && at.offset !== null) return this.folder.packs.read(at.pack, at.offset, at.size);
    return this.folder.read(sha256);
  }

  path(sha256: string): string {
    const at = this.location(sha256);
    return at?.pack ? this.folder.packs.pathOf(at.pack) : this.folder.pathOf(sha256);
  }

  locate(sha256: string): OriginalLocator | null {
    const at = this.location(sha256);
    if (!at) return null;
    if (at.pack && at.offset !== null)
      return { file: this.folder.packs.pathOf(at.pack), offset: at.offset, length: at.size, packed: true };
    return { file: this.folder.pathOf(sha256), offset: 0, length: at.size, packed: false };
  }

  count(): number {
    return this.countRows.get() as number;
  }

  /** Every recorded original with its location, grouped by pack in file order (loose ones first). */
  all(): OriginalLocation[] {
    return this.allRows.all() as OriginalLocation[];
  }

  location(sha256: string): OriginalLocation | null {
    return (this.locationRow.get(sha256) as OriginalLocation | undefined) ?? null;
  }

  /**
   * Records an original (its bytes must already be durable: a loose file, or `pack` written);
   * returns true when it is new.
   */
  record(
    sha256: string,
    size: number,
    reader: string,
    capturedAt: string,
    pack: string | null = null,
    offset: number | null = null,
  ): boolean {
    return this.insertOriginal.run(sha256, size, reader, capturedAt, pack, offset).changes > 0;
  }

  /** Records a pack file written durably for this transaction's originals. */
  recordPack(pack: WrittenPack): void {
    this.insertPack.run(pack.name, pack.size);
  }

  /** True when a committed transaction refers to the pack. */
  hasPack(name: string): boolean {
    return this.hasPackRow.get(name) !== undefined;
  }

  /** Records one more source of an original; returns true when the source is new. */
  recordSource(sha256: string, source: string, capturedAt: string, custodySeq: number): boolean {
    return this.insertProvenance.run(sha256, source, capturedAt, custodySeq).changes > 0;
  }
}

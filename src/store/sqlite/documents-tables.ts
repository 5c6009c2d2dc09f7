import type { ReaderName, StoredDocument } from '../../core/types.js';
import type { OriginalsFolder } from '../originals-folder.js';
import type { DocumentStore, DocumentSummary, OriginalStore, Provenance } from '../store.js';
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
];

interface DocumentRow {
  id: string;
  sha256: string;
  record_key: string;
  source: string;
  reader: string;
  captured_at: string;
  title: string | null;
  outlet: string | null;
  url: string | null;
  published: string | null;
  byline: string | null;
  dateline: string | null;
  credits: string;
  series: string | null;
  external_id: string | null;
  inferred: string;
  text: string;
}

const DOCUMENT_COLUMNS =
  'id, sha256, record_key, source, reader, captured_at, title, outlet, url, published, byline, dateline, credits, series, external_id, inferred, text';

function toDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    sha256: row.sha256,
    recordKey: row.record_key,
    source: row.source,
    reader: row.reader as ReaderName,
    capturedAt: row.captured_at,
    title: row.title,
    outlet: row.outlet,
    url: row.url,
    published: row.published,
    byline: row.byline,
    dateline: row.dateline === null ? null : JSON.parse(row.dateline),
    credits: JSON.parse(row.credits),
    series: row.series,
    externalId: row.external_id,
    inferred: JSON.parse(row.inferred),
    text: row.text,
  };
}

export class SqliteDocumentStore implements DocumentStore {
  private readonly byId;
  private readonly page;
  private readonly all;
  private readonly summaryRows;
  private readonly bySha;
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
      yield {
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

  /** Inserts a document unless its id exists; returns true when it was added. */
  insert(doc: StoredDocument): boolean {
    const info = this.insertRow.run(
      doc.id,
      doc.sha256,
      doc.recordKey,
      doc.source,
      doc.reader,
      doc.capturedAt,
      doc.title,
      doc.outlet,
      doc.url,
      doc.published,
      doc.byline,
      doc.dateline === null ? null : JSON.stringify(doc.dateline),
      JSON.stringify(doc.credits),
      doc.series,
      doc.externalId,
      JSON.stringify(doc.inferred),
      doc.text,
      doc.text.length,
    );
    return info.changes > 0;
  }
}

export class SqliteOriginalStore implements OriginalStore {
  private readonly hasRow;
  private readonly hasSourceRow;
  private readonly countRows;
  private readonly insertOriginal;
  private readonly insertProvenance;
  private readonly allRows;

  constructor(
    db: SqliteDatabase,
    private readonly folder: OriginalsFolder,
  ) {
    this.hasRow = db.prepare('SELECT 1 FROM originals WHERE sha256 = ?').pluck();
    this.hasSourceRow = db.prepare('SELECT 1 FROM provenance WHERE sha256 = ? AND source = ?').pluck();
    this.countRows = db.prepare('SELECT count(*) FROM originals').pluck();
    this.insertOriginal = db.prepare(
      'INSERT INTO originals (sha256, size, reader, captured_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    this.insertProvenance = db.prepare(
      'INSERT INTO provenance (sha256, source, captured_at, custody_seq) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    this.allRows = db.prepare('SELECT sha256, size FROM originals ORDER BY sha256');
  }

  has(sha256: string): boolean {
    return this.hasRow.get(sha256) !== undefined;
  }

  hasSource(sha256: string, source: string): boolean {
    return this.hasSourceRow.get(sha256, source) !== undefined;
  }

  read(sha256: string): Buffer {
    return this.folder.read(sha256);
  }

  path(sha256: string): string {
    return this.folder.pathOf(sha256);
  }

  count(): number {
    return this.countRows.get() as number;
  }

  /** Every recorded original, by hash. */
  all(): { sha256: string; size: number }[] {
    return this.allRows.all() as { sha256: string; size: number }[];
  }

  /** Records an original (its file must already be durable); returns true when it is new. */
  record(sha256: string, size: number, reader: string, capturedAt: string): boolean {
    return this.insertOriginal.run(sha256, size, reader, capturedAt).changes > 0;
  }

  /** Records one more source of an original; returns true when the source is new. */
  recordSource(sha256: string, source: string, capturedAt: string, custodySeq: number): boolean {
    return this.insertProvenance.run(sha256, source, capturedAt, custodySeq).changes > 0;
  }
}

import pg from 'pg';
import { StoreError } from '../../core/errors.js';
import type { DocumentExtraction, ReusePair, StoredDocument } from '../../core/types.js';
import { deserializeExtraction, mergeInputText, type SerializedExtraction } from '../analysis-store.js';
import type {
  AsyncAnalysisStore,
  AsyncCustodyLog,
  AsyncDocumentStore,
  AsyncMergeStateStore,
  AsyncReuseStore,
  AsyncStore,
  BlobStore,
} from '../async-store.js';
import { canonicalJson } from '../canonical-json.js';
import { type CustodyRow, entryOfRow, GENESIS_HASH, nextCustodyRow } from '../custody-chain.js';
import {
  DOCUMENT_COLUMNS,
  type DocumentBinding,
  type DocumentRow,
  type DocumentRowValues,
  documentBinding,
  documentRowValues,
  toDocument,
} from '../document-record.js';
import { ingestDetails } from '../ingest-details.js';
import { type PairRow, pairOfRow } from '../reuse-store.js';
import type {
  CaptureBatch,
  CaptureResult,
  CommitResult,
  CustodyEntry,
  CustodyKind,
  JsonValue,
  VerifyOptions,
  VerifyReport,
} from '../store.js';
import { pgMigrations } from './schema.js';
import { verifyPostgres } from './verify.js';

/** First key of the advisory locks this store takes (the second is the schema's hash). */
const LOCK_CUSTODY = 0x436f7201;
const LOCK_MIGRATE = 0x436f7202;
/** First key of the named locks of `exclusive` (the second hashes the schema and the name). */
const LOCK_NAMED = 0x436f7203;
/** Rows read per round trip when a whole table is scanned. */
const PAGE = 1000;

export interface PostgresStoreOptions {
  /** Injected clock for custody timestamps (tests). */
  clock?: () => Date;
  /** Connections in the pool. */
  maxConnections?: number;
}

/**
 * Splits a store URL into the driver's connection string and the schema holding the store's
 * tables (`?schema=NAME`, default `corroborate`), so several stores can share one database.
 */
export function parseStoreUrl(url: string): { connectionString: string; schema: string; display: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StoreError(`${url} is not a valid PostgreSQL URL.`, 'Use postgres://USER@HOST/DATABASE.');
  }
  const schema = parsed.searchParams.get('schema') ?? 'corroborate';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new StoreError(
      `The schema name ${JSON.stringify(schema)} is not allowed.`,
      'Use lowercase letters, digits and underscores.',
    );
  }
  parsed.searchParams.delete('schema');
  const display = new URL(parsed.toString());
  if (display.password) display.password = '***';
  // The schema names the store: messages (and each machine's working copy) tell stores apart.
  display.searchParams.set('schema', schema);
  return { connectionString: parsed.toString(), schema, display: display.toString() };
}

type Queryable = pg.Pool | pg.PoolClient;

/** Chains one custody entry (kept in memory); `flush` writes the pending entries. */
type Appender = ((kind: CustodyKind, details: { [key: string]: JsonValue }) => Promise<CustodyEntry>) & {
  flush(): Promise<void>;
};

/**
 * The store in PostgreSQL: every table of the embedded store, with the originals' bytes in the
 * database (bytea, one row per SHA-256) so that every machine of a team reaches them. Custody
 * appends take a transaction-scoped advisory lock, so writers on any number of machines extend
 * one linear chain. Open it with `PostgresStore.open` (it applies the schema's migrations).
 */
export class PostgresStore implements AsyncStore {
  readonly backend = 'postgres' as const;
  readonly documents: AsyncDocumentStore;
  readonly originals: BlobStore;
  readonly custody: AsyncCustodyLog;
  readonly reuse: AsyncReuseStore;
  readonly analysis: AsyncAnalysisStore;
  readonly mergeState: AsyncMergeStateStore;
  private readonly clock: () => Date;

  private constructor(
    private readonly pool: pg.Pool,
    readonly location: string,
    readonly schema: string,
    options: PostgresStoreOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.documents = documentsOf(pool);
    this.originals = originalsOf(pool);
    this.custody = {
      append: (kind, details) =>
        this.transaction(async (c) => {
          const append = await this.appender(c);
          const entry = await append(kind, details);
          await append.flush();
          return entry;
        }),
      head: async () => {
        const r = await pool.query('SELECT seq, hash FROM custody ORDER BY seq DESC LIMIT 1');
        const row = r.rows[0];
        return { entries: row ? Number(row.seq) : 0, head: row?.hash ?? GENESIS_HASH };
      },
      entries: async ({ from = 1, limit } = {}) => {
        const r = await pool.query(
          'SELECT seq, kind, at, details, hash FROM custody WHERE seq >= $1 ORDER BY seq LIMIT $2',
          [from, limit ?? null],
        );
        return r.rows.map((row) => entryOfRow({ ...row, seq: Number(row.seq) }));
      },
    };
    this.reuse = reuseOf(pool, (work) => this.transaction(work));
    this.analysis = {
      ...analysisOf(pool),
      recordLedger: (entries, bytes) =>
        this.transaction(async (c) => {
          const append = await this.appender(c);
          const out: CustodyEntry[] = [];
          for (const e of entries) out.push(await append(e.kind, e.details));
          await append.flush();
          const analysis = out.filter((e) => e.kind === 'analysis').pop();
          if (bytes && analysis) await upsertLedger(c, bytes, analysis.seq);
          return out;
        }),
    };
    this.mergeState = mergeStateOf(pool, (work) => this.transaction(work));
  }

  /** Connects, creates the schema when absent and applies pending migrations. */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const { connectionString, schema, display } = parseStoreUrl(url);
    const pool = new pg.Pool({
      connectionString,
      max: options.maxConnections ?? 4,
      options: `-c search_path=${schema}`,
    });
    // An idle connection's error (the server restarting) is reported by the next query.
    pool.on('error', () => {});
    try {
      await migrate(pool, schema);
    } catch (err) {
      await pool.end();
      throw new StoreError(
        `Cannot open the PostgreSQL store ${display}: ${(err as Error).message}`,
        'Check the URL given with --store or CORROBORATE_STORE, and that the server is running.',
      );
    }
    return new PostgresStore(pool, display, schema, options);
  }

  /** Runs `work` in one transaction on one connection; rolls back on error. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const out = await work(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * Takes the custody lock for the rest of the transaction and returns a function that chains
   * entries after the head it read: every writer, on any machine, waits here for the one before.
   * Entries are kept in memory until `flush` writes them in one statement (also before commit).
   */
  private async appender(client: pg.PoolClient): Promise<Appender> {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [LOCK_CUSTODY]);
    const r = await client.query('SELECT seq, hash FROM custody ORDER BY seq DESC LIMIT 1');
    let head: { seq: number; hash: string } | undefined = r.rows[0]
      ? { seq: Number(r.rows[0].seq), hash: r.rows[0].hash }
      : undefined;
    let pending: CustodyRow[] = [];
    const append = (async (kind: CustodyKind, details: { [key: string]: JsonValue }) => {
      const row = nextCustodyRow(head, kind, this.clock().toISOString(), canonicalJson(details));
      pending.push(row);
      head = row;
      return entryOfRow(row);
    }) as Appender;
    append.flush = async () => {
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      await client.query(
        `INSERT INTO custody (seq, kind, at, details, hash)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])`,
        [
          rows.map((x) => x.seq),
          rows.map((x) => x.kind),
          rows.map((x) => x.at),
          rows.map((x) => x.details),
          rows.map((x) => x.hash),
        ],
      );
    };
    return append;
  }

  /**
   * One transaction for the whole batch, in a few statements: the custody lock is taken first, so
   * what the batch reads (which originals, sources and documents exist) cannot change before it
   * writes; outcomes are then decided in memory and every table is written with one bulk insert.
   */
  async commit(batch: CaptureBatch): Promise<CommitResult> {
    const captures = batch.captures;
    const shas = [...new Set(captures.map((c) => c.sha256))];
    const docs = captures.flatMap((c) => c.documents);
    return this.transaction(async (client) => {
      const append = await this.appender(client);
      const storedOriginals = new Set(
        (await client.query('SELECT sha256 FROM originals WHERE sha256 = ANY($1::text[])', [shas])).rows.map(
          (r) => r.sha256 as string,
        ),
      );
      const sourceKey = (sha256: string, source: string): string => `${sha256}\n${source}`;
      const storedSources = new Set(
        (
          await client.query(
            `SELECT p.sha256, p.source FROM provenance p
             JOIN unnest($1::text[], $2::text[]) AS u(sha256, source) ON p.sha256 = u.sha256 AND p.source = u.source`,
            [captures.map((c) => c.sha256), captures.map((c) => c.source)],
          )
        ).rows.map((r) => sourceKey(r.sha256, r.source)),
      );
      const storedDocuments = new Map<string, string>(
        (
          await client.query('SELECT id, sha256 FROM documents WHERE id = ANY($1::text[])', [
            docs.map((d) => d.id),
          ])
        ).rows.map((r) => [r.id as string, r.sha256 as string]),
      );
      const withoutDocuments = captures.filter((c) => c.documents.length === 0).map((c) => c.sha256);
      const idsBySha = new Map<string, string[]>();
      if (withoutDocuments.length > 0) {
        const r = await client.query(
          'SELECT sha256, id FROM documents WHERE sha256 = ANY($1::text[]) ORDER BY ord',
          [withoutDocuments],
        );
        for (const row of r.rows as { sha256: string; id: string }[]) {
          const list = idsBySha.get(row.sha256) ?? [];
          list.push(row.id);
          idsBySha.set(row.sha256, list);
        }
      }
      const newDocs = docs.filter((d) => !storedDocuments.has(d.id));
      const ords =
        newDocs.length === 0
          ? []
          : (
              await client.query("SELECT nextval('documents_ord_seq') AS ord FROM generate_series(1, $1)", [
                newDocs.length,
              ])
            ).rows.map((r) => Number(r.ord));
      let nextOrd = 0;

      const originalRows: {
        sha256: string;
        size: number;
        reader: string;
        capturedAt: string;
        bytes: Buffer;
      }[] = [];
      const documentRows: (DocumentRowValues & { ord: number })[] = [];
      const provenanceRows: { sha256: string; source: string; capturedAt: string; seq: number }[] = [];
      const results: CaptureResult[] = [];
      for (const capture of captures) {
        const knownOriginal = storedOriginals.has(capture.sha256);
        if (!knownOriginal) {
          storedOriginals.add(capture.sha256);
          originalRows.push({
            sha256: capture.sha256,
            size: capture.bytes.byteLength,
            reader: capture.reader,
            capturedAt: capture.capturedAt,
            bytes: Buffer.from(capture.bytes.buffer, capture.bytes.byteOffset, capture.bytes.byteLength),
          });
        }
        const knownSource = knownOriginal && storedSources.has(sourceKey(capture.sha256, capture.source));
        const outcome = !knownOriginal ? 'new' : knownSource ? 'duplicate' : 'new-source';
        const newDocuments: string[] = [];
        const bindings: DocumentBinding[] = [];
        const existingDocuments: string[] = [];
        for (const doc of capture.documents) {
          const existing = storedDocuments.get(doc.id);
          if (existing === undefined) {
            const row = documentRowValues(doc);
            const ord = ords[nextOrd++] as number;
            storedDocuments.set(doc.id, doc.sha256);
            documentRows.push({ ...row, ord });
            newDocuments.push(doc.id);
            bindings.push(documentBinding(row, ord));
          } else {
            if (existing !== doc.sha256) {
              throw new StoreError(
                `Document id ${doc.id} of ${capture.source} collides with the document of the same id from original ${existing}.`,
                'This is a 48-bit id collision; please report it.',
              );
            }
            existingDocuments.push(doc.id);
          }
        }
        if (capture.documents.length === 0) existingDocuments.push(...(idsBySha.get(capture.sha256) ?? []));
        const entry = await append(
          'ingest',
          ingestDetails(capture, outcome, bindings, existingDocuments.length),
        );
        if (!knownSource) {
          storedSources.add(sourceKey(capture.sha256, capture.source));
          provenanceRows.push({
            sha256: capture.sha256,
            source: capture.source,
            capturedAt: capture.capturedAt,
            seq: entry.seq,
          });
        }
        results.push({
          sha256: capture.sha256,
          source: capture.source,
          outcome,
          partial: capture.diagnostics.some((d) => d.severity === 'error'),
          newDocuments,
          existingDocuments,
          custodySeq: entry.seq,
        });
      }
      const rejections: { source: string; custodySeq: number }[] = [];
      for (const r of batch.rejections) {
        const entry = await append('rejection', {
          source: r.source,
          sha256: r.sha256,
          size: r.size,
          capturedAt: r.capturedAt,
          rule: r.rule,
          reason: r.reason,
        });
        rejections.push({ source: r.source, custodySeq: entry.seq });
      }
      if (originalRows.length > 0) {
        await client.query(
          `INSERT INTO originals (sha256, size, reader, captured_at, bytes)
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bytea[])`,
          [
            originalRows.map((o) => o.sha256),
            originalRows.map((o) => o.size),
            originalRows.map((o) => o.reader),
            originalRows.map((o) => o.capturedAt),
            originalRows.map((o) => o.bytes),
          ],
        );
      }
      if (documentRows.length > 0) {
        const columns = ['ord', ...DOCUMENT_COLUMNS.split(', '), 'chars'];
        const types = columns.map((c) => (c === 'ord' ? 'bigint' : c === 'chars' ? 'integer' : 'text'));
        await client.query(
          `INSERT INTO documents (${columns.join(', ')})
           SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`,
          columns.map((c) => documentRows.map((r) => r[c as keyof typeof r])),
        );
      }
      await append.flush();
      if (provenanceRows.length > 0) {
        await client.query(
          `INSERT INTO provenance (sha256, source, captured_at, custody_seq)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])`,
          [
            provenanceRows.map((p) => p.sha256),
            provenanceRows.map((p) => p.source),
            provenanceRows.map((p) => p.capturedAt),
            provenanceRows.map((p) => p.seq),
          ],
        );
      }
      return { captures: results, rejections };
    });
  }

  /** The embedded store's checks, row by row (`verify.ts`). */
  verify(options: VerifyOptions = {}): Promise<VerifyReport> {
    return verifyPostgres(this.pool, options);
  }

  /**
   * Holds a session advisory lock on a connection of its own while `work` runs: every process and
   * machine using this schema waits here for the holder before it; a holder that dies (SIGKILL)
   * loses its connection, and with it the lock.
   */
  async exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const key = [LOCK_NAMED, `${this.schema}/${name}`];
    try {
      await client.query('SELECT pg_advisory_lock($1, hashtext($2))', key);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', key).catch(() => {});
      }
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

async function migrate(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    // Several processes may open a new store at once: one migrates, the others wait.
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_MIGRATE, schema]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)',
      );
      const applied = new Set(
        (await client.query('SELECT id FROM schema_migrations')).rows.map((r) => Number(r.id)),
      );
      const known = new Set(pgMigrations.map((m) => m.id));
      const unknown = [...applied].filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new Error(
          `the schema has migrations ${unknown.join(', ')} that this version of Corroborate does not know (upgrade it)`,
        );
      }
      for (const m of pgMigrations) {
        if (applied.has(m.id)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [
            m.id,
            m.name,
            new Date().toISOString(),
          ]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_MIGRATE, schema]);
    }
  } finally {
    client.release();
  }
}

function documentsOf(db: Queryable): AsyncDocumentStore {
  const select = `SELECT ${DOCUMENT_COLUMNS} FROM documents`;
  return {
    get: async (id) => {
      const r = await db.query(`${select} WHERE id = $1`, [id]);
      return r.rows[0] ? toDocument(r.rows[0] as DocumentRow) : null;
    },
    getMany: async (ids) => {
      const out = new Map<string, StoredDocument>();
      const r = await db.query(`${select} WHERE id = ANY($1::text[])`, [ids]);
      for (const row of r.rows as DocumentRow[]) out.set(row.id, toDocument(row));
      return out;
    },
    list: async ({ offset = 0, limit } = {}) => {
      const r = await db.query(`${select} ORDER BY ord LIMIT $1 OFFSET $2`, [limit ?? null, offset]);
      return (r.rows as DocumentRow[]).map(toDocument);
    },
    listing: async () => (await db.query('SELECT id, published FROM documents ORDER BY ord')).rows,
    async *summaries() {
      for (let after = 0; ; ) {
        const r = await db.query(
          `SELECT ord, id, sha256, source, record_key, reader, outlet, title, published, url, chars, captured_at
           FROM documents WHERE ord > $1 ORDER BY ord LIMIT $2`,
          [after, PAGE],
        );
        for (const row of r.rows) {
          yield {
            id: row.id,
            sha256: row.sha256,
            source: row.source,
            recordKey: row.record_key,
            reader: row.reader,
            outlet: row.outlet,
            title: row.title,
            published: row.published,
            url: row.url,
            chars: row.chars,
            capturedAt: row.captured_at,
          };
        }
        if (r.rows.length < PAGE) return;
        after = Number(r.rows[r.rows.length - 1].ord);
      }
    },
    async *iterate() {
      for (let after = 0; ; ) {
        const r = await db.query(
          `SELECT ord, ${DOCUMENT_COLUMNS} FROM documents WHERE ord > $1 ORDER BY ord LIMIT $2`,
          [after, PAGE],
        );
        for (const row of r.rows) yield toDocument(row as DocumentRow);
        if (r.rows.length < PAGE) return;
        after = Number(r.rows[r.rows.length - 1].ord);
      }
    },
    idsForOriginal: async (sha256) =>
      (await db.query('SELECT id FROM documents WHERE sha256 = $1 ORDER BY ord', [sha256])).rows.map(
        (r) => r.id as string,
      ),
    provenance: async (id) => {
      const r = await db.query(
        `SELECT p.sha256, p.source, p.captured_at, p.custody_seq FROM provenance p
         JOIN documents d ON d.sha256 = p.sha256 WHERE d.id = $1 ORDER BY p.custody_seq`,
        [id],
      );
      return r.rows.map((row) => ({
        sha256: row.sha256,
        source: row.source,
        capturedAt: row.captured_at,
        custodySeq: Number(row.custody_seq),
      }));
    },
    count: async () => Number((await db.query('SELECT count(*) AS n FROM documents')).rows[0].n),
  };
}

function originalsOf(db: Queryable): BlobStore {
  return {
    has: async (sha256) =>
      (await db.query('SELECT 1 FROM originals WHERE sha256 = $1', [sha256])).rowCount !== 0,
    knownAmong: async (sha256s) => {
      if (sha256s.length === 0) return new Set();
      const r = await db.query('SELECT sha256 FROM originals WHERE sha256 = ANY($1::text[])', [sha256s]);
      return new Set(r.rows.map((row) => row.sha256 as string));
    },
    hasSource: async (sha256, source) =>
      (await db.query('SELECT 1 FROM provenance WHERE sha256 = $1 AND source = $2', [sha256, source]))
        .rowCount !== 0,
    read: async (sha256) =>
      ((await db.query('SELECT bytes FROM originals WHERE sha256 = $1', [sha256])).rows[0]?.bytes as
        | Buffer
        | undefined) ?? null,
    count: async () => Number((await db.query('SELECT count(*) AS n FROM originals')).rows[0].n),
  };
}

type InTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

function reuseOf(db: pg.Pool, transaction: InTransaction): AsyncReuseStore {
  const familiesParameter = async (client: Queryable, indexed: number) =>
    client.query(
      `INSERT INTO reuse_parameters (name, value) VALUES ('families', $1)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
      [String(indexed)],
    );
  return {
    parameters: async () =>
      ((await db.query("SELECT value FROM reuse_parameters WHERE name = 'index'")).rows[0]?.value as
        | string
        | undefined) ?? null,
    reset: (parameters) =>
      transaction(async (c) => {
        await c.query(
          "DELETE FROM reuse_keys; DELETE FROM reuse_documents; DELETE FROM reuse_pairs; DELETE FROM reuse_families; DELETE FROM reuse_parameters WHERE name = 'families'",
        );
        await c.query(
          `INSERT INTO reuse_parameters (name, value) VALUES ('index', $1)
           ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
          [parameters],
        );
      }),
    processedIds: async () =>
      new Set(
        (await db.query('SELECT document_id FROM reuse_documents')).rows.map((r) => r.document_id as string),
      ),
    holders: async (keys, kind, maxPerKey) => {
      const list = Array.from(keys);
      const r = await db.query(
        `SELECT k.i, ARRAY(SELECT document_id FROM reuse_keys r WHERE r.key = k.key AND r.kind = $2
                           ORDER BY document_id LIMIT $3) AS ids
         FROM unnest($1::bigint[]) WITH ORDINALITY AS k(key, i) ORDER BY k.i`,
        [list, kind, maxPerKey + 1],
      );
      return r.rows.map((row) => ((row.ids as string[]).length > maxPerKey ? null : (row.ids as string[])));
    },
    addDocuments: (documents) =>
      transaction(async (c) => {
        for (const d of documents) {
          // Re-indexing a document (rare: a new index is emptied first) removes its old keys.
          await c.query('DELETE FROM reuse_keys WHERE document_id = $1', [d.documentId]);
          await c.query(
            `INSERT INTO reuse_keys (key, kind, document_id)
             SELECT k, t, $3 FROM unnest($1::bigint[], $2::smallint[]) AS u(k, t) ON CONFLICT DO NOTHING`,
            [d.keys.map((k) => k.key), d.keys.map((k) => k.kind), d.documentId],
          );
          await c.query(
            `INSERT INTO reuse_documents (document_id, signature, processed_at) VALUES ($1, $2, $3)
             ON CONFLICT (document_id) DO UPDATE SET signature = EXCLUDED.signature, processed_at = EXCLUDED.processed_at`,
            [
              d.documentId,
              Buffer.from(d.signature.buffer, d.signature.byteOffset, d.signature.byteLength),
              d.processedAt,
            ],
          );
        }
      }),
    putPairs: (pairs) =>
      transaction(async (c) => {
        for (const p of pairs) {
          await c.query(
            `INSERT INTO reuse_pairs (a, b, relation, shared_a, shared_b, direction, reason, passages)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (a, b) DO UPDATE SET relation = EXCLUDED.relation, shared_a = EXCLUDED.shared_a,
               shared_b = EXCLUDED.shared_b, direction = EXCLUDED.direction, reason = EXCLUDED.reason,
               passages = EXCLUDED.passages`,
            [p.a, p.b, p.relation, p.shared_a, p.shared_b, p.direction, p.reason, JSON.stringify(p.passages)],
          );
        }
      }),
    pairs: async () => (await db.query('SELECT * FROM reuse_pairs ORDER BY a, b')).rows.map(pairOfRow),
    pairsOfMany: async (ids) => {
      const out = new Map<string, ReusePair[]>(ids.map((d) => [d, []]));
      const r = await db.query(
        `SELECT * FROM reuse_pairs WHERE a = ANY($1::text[])
         UNION SELECT * FROM reuse_pairs WHERE b = ANY($1::text[]) ORDER BY a, b`,
        [ids],
      );
      for (const row of r.rows as PairRow[]) {
        const pair = pairOfRow(row);
        out.get(pair.a)?.push(pair);
        if (pair.b !== pair.a) out.get(pair.b)?.push(pair);
      }
      return out;
    },
    signature: async (id) => {
      const blob = (await db.query('SELECT signature FROM reuse_documents WHERE document_id = $1', [id]))
        .rows[0]?.signature as Buffer | undefined;
      if (!blob) return null;
      const copy = new Uint8Array(blob);
      return new Uint32Array(copy.buffer, 0, copy.byteLength / 4);
    },
    familiesIndexed: async () => {
      const value = (await db.query("SELECT value FROM reuse_parameters WHERE name = 'families'")).rows[0]
        ?.value;
      return value === undefined ? null : Number(value);
    },
    familiesOfMany: async (ids) => {
      const r = await db.query(
        `SELECT family_id, document_id FROM reuse_families WHERE family_id IN (
           SELECT family_id FROM reuse_families WHERE document_id = ANY($1::text[]))
         ORDER BY family_id, document_id`,
        [ids],
      );
      const families = new Map<string, { id: string; documents: string[] }>();
      const out = new Map<string, { id: string; documents: string[] }>();
      for (const row of r.rows as { family_id: string; document_id: string }[]) {
        let f = families.get(row.family_id);
        if (!f) {
          f = { id: row.family_id, documents: [] };
          families.set(row.family_id, f);
        }
        f.documents.push(row.document_id);
        out.set(row.document_id, f);
      }
      return out;
    },
    saveFamilies: (entries, indexed, replace) =>
      transaction(async (c) => {
        if (replace) await c.query('DELETE FROM reuse_families');
        const list = [...entries];
        await c.query(
          `INSERT INTO reuse_families (document_id, family_id) SELECT * FROM unnest($1::text[], $2::text[])
           ON CONFLICT (document_id) DO UPDATE SET family_id = EXCLUDED.family_id`,
          [list.map((e) => e[0]), list.map((e) => e[1])],
        );
        await familiesParameter(c, indexed);
      }),
  };
}

async function upsertLedger(db: Queryable, bytes: Uint8Array, custodySeq: number | null): Promise<void> {
  await db.query(
    `INSERT INTO analysis_ledger (id, ledger, custody_seq) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET ledger = EXCLUDED.ledger, custody_seq = EXCLUDED.custody_seq`,
    [Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), custodySeq],
  );
}

function analysisOf(db: pg.Pool): Omit<AsyncAnalysisStore, 'recordLedger'> {
  return {
    extractedIds: async (version) =>
      new Set(
        (
          await db.query('SELECT document_id FROM analysis_extractions WHERE extractor_version = $1', [
            version,
          ])
        ).rows.map((r) => r.document_id as string),
      ),
    putSerializedExtractions: async (version, rows) => {
      if (rows.length === 0) return;
      // One statement: atomic without an explicit transaction.
      await db.query(
        `INSERT INTO analysis_extractions (document_id, extractor_version, extraction, merge_input)
         SELECT d, $1, x, m FROM unnest($2::text[], $3::bytea[], $4::text[]) AS u(d, x, m)
         ON CONFLICT (extractor_version, document_id)
         DO UPDATE SET extraction = EXCLUDED.extraction, merge_input = EXCLUDED.merge_input`,
        [
          version,
          rows.map((r) => r.documentId),
          rows.map((r) => Buffer.from(r.extraction.buffer, r.extraction.byteOffset, r.extraction.byteLength)),
          rows.map(mergeInputText),
        ],
      );
    },
    getExtraction: async (id, version) => {
      const blob = (
        await db.query(
          'SELECT extraction FROM analysis_extractions WHERE document_id = $1 AND extractor_version = $2',
          [id, version],
        )
      ).rows[0]?.extraction as Buffer | undefined;
      return blob ? deserializeExtraction(blob) : null;
    },
    serializedExtractions: async (version, ids) => {
      const r = await db.query(
        `SELECT document_id, extraction, merge_input FROM analysis_extractions
         WHERE extractor_version = $1 AND document_id = ANY($2::text[])`,
        [version, ids],
      );
      const byId = new Map(r.rows.map((row) => [row.document_id as string, row]));
      const out: SerializedExtraction[] = [];
      for (const documentId of ids) {
        const row = byId.get(documentId);
        if (row)
          out.push({
            documentId,
            extraction: row.extraction as Buffer,
            mergeInput: row.merge_input as string,
          });
      }
      return out;
    },
    mergeInputs: async (version) =>
      (
        await db.query(
          'SELECT merge_input FROM analysis_extractions WHERE extractor_version = $1 ORDER BY document_id',
          [version],
        )
      ).rows.map((r) => JSON.parse(r.merge_input) as DocumentExtraction),
    mergeInputsFor: async (version, ids) => {
      const r = await db.query(
        'SELECT document_id, merge_input FROM analysis_extractions WHERE extractor_version = $1 AND document_id = ANY($2::text[])',
        [version, ids],
      );
      const byId = new Map(r.rows.map((row) => [row.document_id as string, row.merge_input as string]));
      const out: DocumentExtraction[] = [];
      for (const id of ids) {
        const json = byId.get(id);
        if (json !== undefined) out.push(JSON.parse(json));
      }
      return out;
    },
    saveLedger: (bytes, custodySeq) => upsertLedger(db, bytes, custodySeq),
    latestLedgerBytes: async () =>
      ((await db.query('SELECT ledger FROM analysis_ledger WHERE id = 1')).rows[0]?.ledger as
        | Buffer
        | undefined) ?? null,
  };
}

function mergeStateOf(db: pg.Pool, transaction: InTransaction): AsyncMergeStateStore {
  return {
    get: async (ns, key) => {
      const json = (
        await db.query('SELECT value FROM analysis_merge_state WHERE ns = $1 AND key = $2', [ns, key])
      ).rows[0]?.value as string | undefined;
      return json === undefined ? undefined : JSON.parse(json);
    },
    getMany: async (ns, keys) => {
      const r = await db.query(
        'SELECT key, value FROM analysis_merge_state WHERE ns = $1 AND key = ANY($2::text[])',
        [ns, keys],
      );
      return new Map(r.rows.map((row) => [row.key as string, JSON.parse(row.value)]));
    },
    scan: async (ns) =>
      (
        await db.query('SELECT key, value FROM analysis_merge_state WHERE ns = $1 ORDER BY key', [ns])
      ).rows.map((row) => [row.key as string, JSON.parse(row.value)] as [string, unknown]),
    write: (changes) =>
      transaction(async (c) => {
        for (const ch of changes) {
          if (ch.value === undefined)
            await c.query('DELETE FROM analysis_merge_state WHERE ns = $1 AND key = $2', [ch.ns, ch.key]);
          else
            await c.query(
              `INSERT INTO analysis_merge_state (ns, key, value) VALUES ($1, $2, $3)
               ON CONFLICT (ns, key) DO UPDATE SET value = EXCLUDED.value`,
              [ch.ns, ch.key, JSON.stringify(ch.value)],
            );
        }
      }),
    clear: async () => {
      await db.query('DELETE FROM analysis_merge_state');
    },
  };
}

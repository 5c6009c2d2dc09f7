/**
 * The PostgreSQL schema, one migration per step as in SQLite. Every text column that is sorted
 * on uses the "C" collation, so that rows come back in the same (code-point) order as SQLite's
 * and a ledger built from either backend is byte-identical.
 */
export interface PgMigration {
  id: number;
  name: string;
  sql: string;
}

export const pgMigrations: readonly PgMigration[] = [
  {
    id: 100,
    name: 'originals (bytes stored in the database), provenance, documents, custody',
    sql: `
      CREATE TABLE originals (
        sha256      text COLLATE "C" PRIMARY KEY,
        size        bigint NOT NULL,
        reader      text NOT NULL,
        captured_at text NOT NULL,
        bytes       bytea NOT NULL
      );
      CREATE TABLE provenance (
        sha256      text COLLATE "C" NOT NULL REFERENCES originals (sha256),
        source      text COLLATE "C" NOT NULL,
        captured_at text NOT NULL,
        custody_seq bigint NOT NULL,
        PRIMARY KEY (sha256, source)
      );
      CREATE TABLE documents (
        ord         bigserial PRIMARY KEY,
        id          text COLLATE "C" NOT NULL UNIQUE,
        sha256      text COLLATE "C" NOT NULL REFERENCES originals (sha256),
        record_key  text COLLATE "C" NOT NULL,
        source      text NOT NULL,
        reader      text NOT NULL,
        captured_at text NOT NULL,
        title       text,
        outlet      text,
        url         text,
        published   text,
        byline      text,
        dateline    text,
        credits     text NOT NULL,
        series      text,
        external_id text,
        inferred    text NOT NULL,
        chars       integer NOT NULL,
        text        text NOT NULL,
        UNIQUE (sha256, record_key)
      );
      CREATE INDEX documents_by_sha256 ON documents (sha256, ord);
      CREATE TABLE custody (
        seq     bigint PRIMARY KEY,
        kind    text NOT NULL,
        at      text NOT NULL,
        details text NOT NULL,
        hash    text NOT NULL
      );
      CREATE FUNCTION custody_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the custody log is append-only'; END $$;
      CREATE TRIGGER custody_no_change BEFORE UPDATE OR DELETE ON custody
        FOR EACH ROW EXECUTE FUNCTION custody_append_only();
    `,
  },
  {
    id: 200,
    name: 'reuse: signatures, LSH keys, verified pairs, families, parameters',
    sql: `
      CREATE TABLE reuse_documents (
        document_id  text COLLATE "C" PRIMARY KEY,
        signature    bytea NOT NULL,
        processed_at text NOT NULL
      );
      CREATE TABLE reuse_keys (
        key         bigint NOT NULL,
        kind        smallint NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        PRIMARY KEY (key, kind, document_id)
      );
      CREATE INDEX reuse_keys_by_document ON reuse_keys (document_id);
      CREATE TABLE reuse_pairs (
        a         text COLLATE "C" NOT NULL,
        b         text COLLATE "C" NOT NULL,
        relation  text NOT NULL,
        shared_a  double precision NOT NULL,
        shared_b  double precision NOT NULL,
        direction text NOT NULL,
        reason    text NOT NULL,
        passages  text NOT NULL,
        PRIMARY KEY (a, b)
      );
      CREATE INDEX reuse_pairs_by_b ON reuse_pairs (b);
      CREATE TABLE reuse_families (
        document_id text COLLATE "C" PRIMARY KEY,
        family_id   text COLLATE "C" NOT NULL
      );
      CREATE INDEX reuse_families_by_family ON reuse_families (family_id);
      CREATE TABLE reuse_parameters (
        name  text PRIMARY KEY,
        value text NOT NULL
      );
    `,
  },
  {
    id: 400,
    name: 'analysis: extractions, the latest ledger (as bytes), the merge state',
    sql: `
      CREATE TABLE analysis_extractions (
        document_id       text COLLATE "C" NOT NULL,
        extractor_version text COLLATE "C" NOT NULL,
        extraction        bytea NOT NULL,
        merge_input       text NOT NULL,
        PRIMARY KEY (extractor_version, document_id)
      );
      CREATE TABLE analysis_ledger (
        id          integer PRIMARY KEY CHECK (id = 1),
        ledger      bytea NOT NULL,
        custody_seq bigint
      );
      CREATE TABLE analysis_merge_state (
        ns    text COLLATE "C" NOT NULL,
        key   text COLLATE "C" NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (ns, key)
      );
    `,
  },
];

import { StoreError } from '../../core/errors.js';
import { canonicalJson } from '../canonical-json.js';
import { sha256Hex } from '../document-id.js';
import type {
  Checkpoint,
  CustodyEntry,
  CustodyKind,
  CustodyLog,
  JsonValue,
  VerifyProblem,
} from '../store.js';
import type { Migration, SqliteDatabase } from './database.js';

/** The hash that precedes the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export const custodyMigrations: readonly Migration[] = [
  {
    id: 110,
    name: 'custody log',
    sql: `
      CREATE TABLE custody (
        seq     INTEGER PRIMARY KEY,
        kind    TEXT NOT NULL,
        at      TEXT NOT NULL,
        details TEXT NOT NULL,
        hash    TEXT NOT NULL
      );
      CREATE TRIGGER custody_no_update BEFORE UPDATE ON custody
        BEGIN SELECT RAISE(ABORT, 'the custody log is append-only'); END;
      CREATE TRIGGER custody_no_delete BEFORE DELETE ON custody
        BEGIN SELECT RAISE(ABORT, 'the custody log is append-only'); END;
    `,
  },
];

/**
 * Hash of one entry: sha256 over the previous hash (64 hex characters) immediately followed by
 * the canonical JSON of `{at, details, kind, seq}`.
 */
export function entryHash(previous: string, entry: Omit<CustodyEntry, 'hash'>): string {
  return hashBody(previous, entry.seq, entry.kind, entry.at, canonicalJson(entry.details));
}

/** `entryHash` with the details already in canonical JSON: builds the same canonical object text. */
function hashBody(previous: string, seq: number, kind: string, at: string, details: string): string {
  const body = `{"at":${JSON.stringify(at)},"details":${details},"kind":${JSON.stringify(kind)},"seq":${seq}}`;
  return sha256Hex(previous + body);
}

interface ChainHead {
  seq: number;
  hash: string;
}

interface CustodyRow {
  seq: number;
  kind: string;
  at: string;
  details: string;
  hash: string;
}

/** The append-only custody log in SQLite. Appends must run inside a write transaction. */
export class SqliteCustodyLog implements CustodyLog {
  private readonly insert;
  private readonly last;
  private readonly all;
  private readonly countRows;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: () => Date,
  ) {
    this.insert = db.prepare('INSERT INTO custody (seq, kind, at, details, hash) VALUES (?, ?, ?, ?, ?)');
    this.last = db.prepare('SELECT seq, hash FROM custody ORDER BY seq DESC LIMIT 1');
    this.all = db.prepare('SELECT seq, kind, at, details, hash FROM custody WHERE seq >= ? ORDER BY seq');
    this.countRows = db.prepare('SELECT count(*) AS n FROM custody');
  }

  append(kind: CustodyKind, details: { [key: string]: JsonValue }): CustodyEntry {
    return this.db.transaction(() => this.appendInTransaction(kind, details)).immediate();
  }

  /** For the store's own transactions: appends without opening one. */
  appendInTransaction(kind: CustodyKind, details: { [key: string]: JsonValue }): CustodyEntry {
    const text = canonicalJson(details);
    const { seq, at, hash } = this.insertEntry(this.last.get() as ChainHead | undefined, kind, text);
    return { seq, kind, at, details: JSON.parse(text), hash };
  }

  /**
   * For many appends inside one transaction (a batch commit): reads the head once and chains from
   * it in memory. Returns a function that appends one entry and gives its `seq`. Use it only
   * within the transaction it was created in.
   */
  appender(): (kind: CustodyKind, details: { [key: string]: JsonValue }) => number {
    let head = this.last.get() as ChainHead | undefined;
    return (kind, details) => {
      const entry = this.insertEntry(head, kind, canonicalJson(details));
      head = entry;
      return entry.seq;
    };
  }

  private insertEntry(
    previous: ChainHead | undefined,
    kind: CustodyKind,
    text: string,
  ): ChainHead & { at: string } {
    if (!this.db.inTransaction)
      throw new StoreError('Custody entries must be appended inside a transaction.');
    const at = this.clock().toISOString();
    const seq = (previous?.seq ?? 0) + 1;
    // What is stored is exactly the canonical text that was hashed.
    const hash = hashBody(previous?.hash ?? GENESIS_HASH, seq, kind, at, text);
    this.insert.run(seq, kind, at, text, hash);
    return { seq, at, hash };
  }

  head(): Checkpoint {
    const row = this.last.get() as { seq: number; hash: string } | undefined;
    return { entries: row?.seq ?? 0, head: row?.hash ?? GENESIS_HASH };
  }

  count(): number {
    return (this.countRows.get() as { n: number }).n;
  }

  *entries(options: { from?: number } = {}): IterableIterator<CustodyEntry> {
    for (const row of this.all.iterate(options.from ?? 1) as IterableIterator<CustodyRow>) {
      yield {
        seq: row.seq,
        kind: row.kind as CustodyKind,
        at: row.at,
        details: JSON.parse(row.details),
        hash: row.hash,
      };
    }
  }

  /**
   * Recomputes the chain from the first entry. Reports a gap in numbering, an entry whose stored
   * hash differs from the recomputed one, and a checkpoint that is no longer a prefix of the log.
   */
  verifyChain(
    checkpoint?: Checkpoint,
    onEntry?: (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }) => void,
  ): { head: Checkpoint; problems: VerifyProblem[] } {
    const problems: VerifyProblem[] = [];
    let previous = GENESIS_HASH;
    let expectedSeq = 1;
    let checkpointSeen = false;
    for (const row of this.all.iterate(1) as IterableIterator<CustodyRow>) {
      if (row.seq !== expectedSeq) {
        problems.push({
          kind: 'custody-broken',
          seq: row.seq,
          message: `Custody entry ${row.seq} follows entry ${expectedSeq - 1}: entries are missing from the log.`,
        });
      }
      let details: { [key: string]: JsonValue } | null = null;
      try {
        details = JSON.parse(row.details);
      } catch {
        problems.push({
          kind: 'custody-broken',
          seq: row.seq,
          message: `Custody entry ${row.seq} is not valid JSON.`,
        });
      }
      const kind = row.kind as CustodyKind;
      if (details && onEntry) onEntry(row.seq, kind, details);
      const recomputed = details ? entryHash(previous, { seq: row.seq, kind, at: row.at, details }) : '';
      if (details && canonicalJson(details) !== row.details) {
        problems.push({
          kind: 'custody-broken',
          seq: row.seq,
          message: `Custody entry ${row.seq} is not stored in canonical form: it was edited outside Corroborate.`,
        });
      } else if (recomputed !== row.hash) {
        problems.push({
          kind: 'custody-broken',
          seq: row.seq,
          message: `Custody entry ${row.seq} (${row.kind}, ${row.at}) does not match its hash: the entry or one before it was altered.`,
        });
      }
      if (checkpoint && row.seq === checkpoint.entries) {
        checkpointSeen = true;
        if (row.hash !== checkpoint.head) {
          problems.push({
            kind: 'checkpoint-mismatch',
            seq: row.seq,
            message: `The log's entry ${row.seq} has hash ${row.hash}, not the checkpoint's ${checkpoint.head}: the log was rewritten since the checkpoint.`,
          });
        }
      }
      previous = row.hash;
      expectedSeq = row.seq + 1;
    }
    if (checkpoint && checkpoint.entries > 0 && !checkpointSeen) {
      problems.push({
        kind: 'checkpoint-mismatch',
        message: `The checkpoint names ${checkpoint.entries} entries but the log holds ${expectedSeq - 1}: entries were removed since the checkpoint.`,
      });
    }
    return { head: { entries: expectedSeq - 1, head: previous }, problems };
  }
}

import { StoreError } from '../../core/errors.js';
import { canonicalJson } from '../canonical-json.js';
import {
  type CustodyRow,
  chainHash,
  entryOfRow,
  GENESIS_HASH,
  nextCustodyRow,
  verifyCustodyRows,
} from '../custody-chain.js';
import type {
  Checkpoint,
  CustodyEntry,
  CustodyKind,
  CustodyLog,
  JsonValue,
  VerifyProblem,
} from '../store.js';
import type { Migration, SqliteDatabase } from './database.js';

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

interface ChainHead {
  seq: number;
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
    // What is stored is exactly the canonical text that was hashed.
    const row = nextCustodyRow(previous, kind, this.clock().toISOString(), text);
    this.insert.run(row.seq, row.kind, row.at, row.details, row.hash);
    return row;
  }

  /**
   * For a working copy of another store's log (see src/store/working-copy.ts): stores entries as
   * they are, in one transaction, after checking that each one chains from the entry before it.
   */
  mirror(entries: readonly CustodyEntry[]): void {
    this.db
      .transaction(() => {
        let head = this.last.get() as ChainHead | undefined;
        for (const e of entries) {
          const details = canonicalJson(e.details);
          const row = { seq: e.seq, kind: e.kind, at: e.at, details, hash: e.hash };
          if (
            e.seq !== (head?.seq ?? 0) + 1 ||
            e.hash !== chainHash(head?.hash ?? GENESIS_HASH, e.seq, e.kind, e.at, details)
          ) {
            throw new StoreError(`Custody entry ${e.seq} does not chain from the entry before it.`);
          }
          this.insert.run(row.seq, row.kind, row.at, row.details, row.hash);
          head = row;
        }
      })
      .immediate();
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
      yield entryOfRow(row);
    }
  }

  /** Recomputes the chain from the first entry (see `verifyCustodyRows`). */
  verifyChain(
    checkpoint?: Checkpoint,
    onEntry?: (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }) => void,
  ): { head: Checkpoint; problems: VerifyProblem[] } {
    return verifyCustodyRows(this.all.iterate(1) as IterableIterator<CustodyRow>, checkpoint, onEntry);
  }
}

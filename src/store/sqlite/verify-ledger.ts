import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { CustodyKind, JsonValue, VerifyProblem } from '../store.js';
import type { SqliteDatabase } from './database.js';

/** SHA-256 of a file, read in pieces. */
function hashFile(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * The embedded store's latest ledger (what `export`, `report`, `brief` and `serve` read), checked
 * for `verify`: it must be the bytes the analysis entry it names recorded (its `ledgerSha256`).
 * Feed it the custody log (`collect`, as the chain is checked), then call `check`.
 */
export class LedgerChecker {
  /** `ledgerSha256` of each analysis entry, by its seq. */
  private readonly ledgers = new Map<number, string>();

  constructor(
    private readonly db: SqliteDatabase,
    /** The store's folder of ledger files. */
    private readonly ledgerFolder: string,
  ) {}

  collect = (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }): void => {
    if (kind === 'analysis' && typeof details.ledgerSha256 === 'string')
      this.ledgers.set(seq, details.ledgerSha256);
  };

  check(): VerifyProblem[] {
    const problems: VerifyProblem[] = [];
    const row = this.db
      .prepare('SELECT ledger, custody_seq, itemized FROM analysis_ledger WHERE id = 1')
      .get() as { ledger: Buffer; custody_seq: number | null; itemized: number } | undefined;
    if (!row) return problems;
    const name = row.itemized ? row.ledger.toString('utf8') : 'the ledger kept in the database';
    const problem = (message: string, seq?: number): void => {
      problems.push({ kind: 'ledger-altered', ...(seq !== undefined ? { seq } : {}), message });
    };
    if (row.custody_seq === null) {
      if (this.ledgers.size > 0)
        problem(`The latest ledger (${name}) names no analysis entry of the custody log that wrote it.`);
      return problems;
    }
    const recorded = this.ledgers.get(row.custody_seq);
    if (recorded === undefined) {
      problem(
        `The latest ledger (${name}) names custody entry ${row.custody_seq}, which is not an analysis entry recording a ledger.`,
        row.custody_seq,
      );
      return problems;
    }
    // A genuine older ledger put back in place of the latest is still a forgery of what was read.
    let newest = row.custody_seq;
    for (const seq of this.ledgers.keys()) if (seq > newest) newest = seq;
    if (row.custody_seq !== newest)
      problem(
        `The latest ledger (${name}) is the one custody entry ${row.custody_seq} recorded, but entry ${newest} recorded a later ledger: an older ledger was put back.`,
        row.custody_seq,
      );
    let actual: string | null;
    try {
      actual = row.itemized
        ? hashFile(path.join(this.ledgerFolder, path.basename(row.ledger.toString('utf8'))))
        : createHash('sha256').update(inflateRawSync(row.ledger)).digest('hex');
    } catch {
      actual = null;
    }
    if (actual === null) problem(`The latest ledger (${name}) is missing or unreadable.`, row.custody_seq);
    else if (actual !== recorded)
      problem(
        `The latest ledger (${name}) was altered: it hashes to ${actual}, but custody entry ${row.custody_seq} recorded ${recorded}.`,
        row.custody_seq,
      );
    return problems;
  }
}

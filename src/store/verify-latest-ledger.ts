import type { CustodyKind, JsonValue, VerifyProblem } from './store.js';

/** The latest ledger as a backend keeps it, for `LatestLedgerCheck.check`. */
export interface StoredLedger {
  /** How messages name it (a file name, or where the database keeps it). */
  name: string;
  /** The analysis entry the backend says wrote it, or null. */
  custodySeq: number | null;
  /** SHA-256 of its bytes as stored now, or null when missing or unreadable. */
  sha256: string | null;
  /**
   * SHA-256 of its index (`indexFileSha256`), which the next analysis copies byte ranges by: null
   * when missing (the next run then writes every item), absent when the backend keeps none.
   */
  indexSha256?: string | null;
}

/**
 * The latest ledger (what `export`, `report`, `brief` and `serve` read), checked for `verify` the
 * same way on every backend: it must be the bytes the newest analysis entry recorded (its
 * `ledgerSha256`). Feed it the custody log (`collect`, as the chain is checked), then call `check`
 * with the ledger the backend holds.
 */
export class LatestLedgerCheck {
  /** `ledgerSha256` of each analysis entry, by its seq. */
  private readonly ledgers = new Map<number, string>();
  /** `ledgerIndexSha256` of each analysis entry that recorded one, by its seq. */
  private readonly indexes = new Map<number, string>();

  collect = (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }): void => {
    if (kind === 'analysis' && typeof details.ledgerSha256 === 'string')
      this.ledgers.set(seq, details.ledgerSha256);
    if (kind === 'analysis' && typeof details.ledgerIndexSha256 === 'string')
      this.indexes.set(seq, details.ledgerIndexSha256);
  };

  check(ledger: StoredLedger | null): VerifyProblem[] {
    const problems: VerifyProblem[] = [];
    // No ledger: nothing reads a forged one (`export` and the others say there is none).
    if (!ledger) return problems;
    const { name, custodySeq } = ledger;
    const problem = (message: string, seq?: number): void => {
      problems.push({ kind: 'ledger-altered', ...(seq !== undefined ? { seq } : {}), message });
    };
    if (custodySeq === null) {
      if (this.ledgers.size > 0)
        problem(`The latest ledger (${name}) names no analysis entry of the custody log that wrote it.`);
      return problems;
    }
    const recorded = this.ledgers.get(custodySeq);
    if (recorded === undefined) {
      problem(
        `The latest ledger (${name}) names custody entry ${custodySeq}, which is not an analysis entry recording a ledger.`,
        custodySeq,
      );
      return problems;
    }
    // A genuine older ledger put back in place of the latest is still a forgery of what was read.
    let newest = custodySeq;
    for (const seq of this.ledgers.keys()) if (seq > newest) newest = seq;
    if (custodySeq !== newest)
      problem(
        `The latest ledger (${name}) is the one custody entry ${custodySeq} recorded, but entry ${newest} recorded a later ledger: an older ledger was put back.`,
        custodySeq,
      );
    if (ledger.sha256 === null) problem(`The latest ledger (${name}) is missing or unreadable.`, custodySeq);
    else if (ledger.sha256 !== recorded)
      problem(
        `The latest ledger (${name}) was altered: it hashes to ${ledger.sha256}, but custody entry ${custodySeq} recorded ${recorded}.`,
        custodySeq,
      );
    // The index says which bytes of the file are which item: an edited one makes the next run
    // copy one item's bytes under another's key. A missing one is rebuilt by the next run.
    const index = this.indexes.get(custodySeq);
    if (index !== undefined && typeof ledger.indexSha256 === 'string' && ledger.indexSha256 !== index)
      problem(
        `The index of the latest ledger (${name}.idx: each item's key and byte range) was altered: it hashes to ${ledger.indexSha256}, but custody entry ${custodySeq} recorded ${index}. The next analysis would copy items under the wrong keys.`,
        custodySeq,
      );
    return problems;
  }
}

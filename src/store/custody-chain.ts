import { canonicalJson } from './canonical-json.js';
import { sha256Hex } from './document-id.js';
import type { Checkpoint, CustodyEntry, CustodyKind, JsonValue, VerifyProblem } from './store.js';

/**
 * The custody log's hash chain, the same for every backend: how an entry is hashed, and how a
 * stored log is checked. A backend only stores rows `{seq, kind, at, details, hash}` with
 * `details` as the exact canonical JSON text that was hashed.
 */

/** The hash that precedes the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Hash of one entry: sha256 over the previous hash (64 hex characters) immediately followed by
 * the canonical JSON of `{at, details, kind, seq}`.
 */
export function entryHash(previous: string, entry: Omit<CustodyEntry, 'hash'>): string {
  return chainHash(previous, entry.seq, entry.kind, entry.at, canonicalJson(entry.details));
}

/** `entryHash` with the details already in canonical JSON: builds the same canonical object text. */
export function chainHash(previous: string, seq: number, kind: string, at: string, details: string): string {
  const body = `{"at":${JSON.stringify(at)},"details":${details},"kind":${JSON.stringify(kind)},"seq":${seq}}`;
  return sha256Hex(previous + body);
}

/** One custody entry as a backend stores it: `details` is the canonical JSON text. */
export interface CustodyRow {
  seq: number;
  kind: string;
  at: string;
  details: string;
  hash: string;
}

/** The next entry after `previous` (the head, or none for an empty log), ready to be stored. */
export function nextCustodyRow(
  previous: { seq: number; hash: string } | undefined,
  kind: CustodyKind,
  at: string,
  details: string,
): CustodyRow {
  const seq = (previous?.seq ?? 0) + 1;
  return { seq, kind, at, details, hash: chainHash(previous?.hash ?? GENESIS_HASH, seq, kind, at, details) };
}

/** A stored row as an entry. */
export function entryOfRow(row: CustodyRow): CustodyEntry {
  return {
    seq: row.seq,
    kind: row.kind as CustodyKind,
    at: row.at,
    details: JSON.parse(row.details),
    hash: row.hash,
  };
}

/**
 * Recomputes the chain from the first entry (`rows` in `seq` order). Reports a gap in numbering,
 * an entry whose stored hash differs from the recomputed one, and a checkpoint that is no longer
 * a prefix of the log. `onEntry` sees each entry's parsed details (evidence checks).
 */
export function verifyCustodyRows(
  rows: Iterable<CustodyRow>,
  checkpoint?: Checkpoint,
  onEntry?: (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }) => void,
): { head: Checkpoint; problems: VerifyProblem[] } {
  const checker = new CustodyChainChecker(checkpoint, onEntry);
  for (const row of rows) checker.add(row);
  return checker.finish();
}

/**
 * `verifyCustodyRows` fed one row at a time, for a log read in pages (a backend reached over the
 * network): memory stays constant whatever the log's length.
 */
export class CustodyChainChecker {
  private readonly problems: VerifyProblem[] = [];
  private previous = GENESIS_HASH;
  private expectedSeq = 1;
  private checkpointSeen = false;

  constructor(
    private readonly checkpoint?: Checkpoint,
    private readonly onEntry?: (
      seq: number,
      kind: CustodyKind,
      details: { [key: string]: JsonValue },
    ) => void,
  ) {}

  add(row: CustodyRow): void {
    const { problems, checkpoint } = this;
    if (row.seq !== this.expectedSeq) {
      problems.push({
        kind: 'custody-broken',
        seq: row.seq,
        message: `Custody entry ${row.seq} follows entry ${this.expectedSeq - 1}: entries are missing from the log.`,
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
    if (details && this.onEntry) this.onEntry(row.seq, kind, details);
    const recomputed = details ? entryHash(this.previous, { seq: row.seq, kind, at: row.at, details }) : '';
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
      this.checkpointSeen = true;
      if (row.hash !== checkpoint.head) {
        problems.push({
          kind: 'checkpoint-mismatch',
          seq: row.seq,
          message: `The log's entry ${row.seq} has hash ${row.hash}, not the checkpoint's ${checkpoint.head}: the log was rewritten since the checkpoint.`,
        });
      }
    }
    this.previous = row.hash;
    this.expectedSeq = row.seq + 1;
  }

  finish(): { head: Checkpoint; problems: VerifyProblem[] } {
    const { checkpoint } = this;
    if (checkpoint && checkpoint.entries > 0 && !this.checkpointSeen) {
      this.problems.push({
        kind: 'checkpoint-mismatch',
        message: `The checkpoint names ${checkpoint.entries} entries but the log holds ${this.expectedSeq - 1}: entries were removed since the checkpoint.`,
      });
    }
    return { head: { entries: this.expectedSeq - 1, head: this.previous }, problems: this.problems };
  }
}

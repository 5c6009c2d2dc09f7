import { pairRowHash, type ReuseDigest, recordedReuse } from './reuse-digest.js';
import type { PairRow } from './reuse-store.js';
import { CheckFold } from './row-fold.js';
import type { CustodyKind, JsonValue, VerifyProblem } from './store.js';

/**
 * The reuse pairs the latest ledger was merged from, checked for `verify` (the embedded store's:
 * a shared store's pairs live in the working copies that analysed it): the stored pairs between
 * documents stored before the latest analysis entry must still fold to the digest it recorded
 * (`reuseDigest`). Feed it the custody log (`collect`), then every `reuse_pairs` row, then `finish`.
 */
export class ReuseCheck {
  private latest: { seq: number; recorded: ReuseDigest | null } | null = null;
  private readonly fold = new CheckFold();

  constructor(private readonly storedBy: (documentId: string) => number | undefined) {}

  collect = (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }): void => {
    if (kind === 'analysis') this.latest = { seq, recorded: recordedReuse(details) };
  };

  /** Whether there is a recorded digest to check the rows against. */
  get wanted(): boolean {
    return Boolean(this.latest?.recorded);
  }

  row(row: PairRow): void {
    if (!this.latest) return;
    const before = (id: string): boolean => (this.storedBy(id) ?? 0) < (this.latest?.seq ?? 0);
    if (before(row.a) && before(row.b)) this.fold.add(pairRowHash(row));
  }

  finish(): VerifyProblem[] {
    const recorded = this.latest?.recorded;
    if (!this.latest || !recorded) return [];
    const rows = this.fold.rows;
    if (this.fold.matches({ ...recorded, rows: recorded.pairs })) return [];
    const what =
      rows === recorded.pairs
        ? 'a pair was edited'
        : rows > recorded.pairs
          ? `${rows - recorded.pairs} pair(s) were added`
          : `${recorded.pairs - rows} pair(s) were deleted`;
    return [
      {
        kind: 'reuse-altered',
        seq: this.latest.seq,
        message: `The stored reuse pairs the latest ledger was merged from no longer match analysis entry ${this.latest.seq}: ${what} (${rows} pairs now, ${recorded.pairs} recorded). The ledger's copy counts and families may rest on forged pairs.`,
      },
    ];
  }
}

import {
  familyRowHash,
  pairRowHash,
  type ReuseDigest,
  recordedFamilies,
  recordedReuse,
} from './reuse-digest.js';
import type { PairRow } from './reuse-store.js';
import { CheckFold, RowFold } from './row-fold.js';
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
  private readonly families = new RowFold();

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

  /** Whether the latest entry recorded the families, to be fed by `familyRow`. */
  get wantsFamilies(): boolean {
    return recordedFamilies(this.latest?.recorded ?? null) !== null;
  }

  /** A document of the reuse index (`reuse_documents`), fed before `finish` when `wantsFamilies`. */
  indexed(documentId: string): void {
    if ((this.storedBy(documentId) ?? Number.POSITIVE_INFINITY) > (this.latest?.seq ?? 0))
      this.rebuilt = true;
  }
  /**
   * A document stored after the latest entry is in the reuse index (a run killed after its reuse
   * stage): the next run takes it out and rebuilds every family from the bound pairs, so the
   * family rows, rewritten by the killed run, are not compared.
   */
  private rebuilt = false;

  familyRow(documentId: string, familyId: string): void {
    this.families.add(familyRowHash(documentId, familyId));
  }

  finish(): VerifyProblem[] {
    const recorded = this.latest?.recorded;
    if (!this.latest || !recorded) return [];
    const problems: VerifyProblem[] = [];
    // Every family row: the families are rewritten as documents join them, so all of them must be
    // as the entry recorded (an incremental run reads a document's family from its row).
    const families = recordedFamilies(recorded);
    if (
      families &&
      !this.rebuilt &&
      (this.families.rows !== families.rows || this.families.digest !== families.digest)
    )
      problems.push({
        kind: 'reuse-altered',
        seq: this.latest.seq,
        message: `The stored reuse families (each document's family) no longer match analysis entry ${this.latest.seq}: ${this.families.rows === families.rows ? 'a row was edited' : `${this.families.rows} rows now, ${families.rows} recorded`}. The next analysis would count sources by forged families.`,
      });
    return [...problems, ...this.pairProblems(recorded)];
  }

  private pairProblems(recorded: ReuseDigest): VerifyProblem[] {
    if (!this.latest) return [];
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

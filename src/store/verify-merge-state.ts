import { type MergeStateDigest, mergeStateRowHash, recordedMergeState } from './merge-state-digest.js';
import { CheckFold, describeRowChange } from './row-fold.js';
import type { CustodyKind, JsonValue, VerifyProblem } from './store.js';

/**
 * The merge state the next analysis builds on, checked for `verify` (the embedded store's: a
 * shared store's merge state lives in the working copy of each machine that analysed it): when
 * the latest ledger is up to date with the state and was recorded by the latest analysis entry,
 * every row must fold to the digest that entry recorded (`startMergeStateFold`). When it is not
 * (a run was killed after it began changing the state), the next analysis clears the state and
 * merges from nothing, so no row of it is relied on. Feed it the custody log (`collect`), say
 * which entry the latest ledger names (`ledgerSeq`), feed every row (`row`), then `finish`.
 */
export class MergeStateCheck {
  private latest: { seq: number; recorded: MergeStateDigest | null } | null = null;
  private readonly fold = new CheckFold();

  constructor(
    /** The entry that recorded the latest ledger, when it is up to date with the merge state. */
    private readonly ledgerSeq: number | null,
  ) {}

  collect = (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }): void => {
    if (kind === 'analysis') this.latest = { seq, recorded: recordedMergeState(details) };
  };

  /** Whether there is a recorded digest the rows must fold to. */
  get wanted(): boolean {
    return Boolean(this.latest?.recorded) && this.latest?.seq === this.ledgerSeq;
  }

  row(ns: string, key: string, value: string): void {
    this.fold.add(mergeStateRowHash(ns, key, value));
  }

  finish(): VerifyProblem[] {
    const recorded = this.latest?.recorded;
    if (!this.wanted || !this.latest || !recorded) return [];
    const rows = this.fold.rows;
    if (this.fold.matches(recorded)) return [];
    const what = describeRowChange(rows, recorded.rows);
    return [
      {
        kind: 'merge-state-altered',
        seq: this.latest.seq,
        message: `The stored merge state (clusters, blocking index, built events) the next analysis builds on no longer matches analysis entry ${this.latest.seq}: ${what} (${rows} rows now, ${recorded.rows} recorded). The next ledger would rest on a forged state.`,
      },
    ];
  }
}

import type { SerializedExtraction } from './analysis-store.js';
import { type ExtractionsDigest, extractionRowHash, recordedExtractions } from './extraction-digest.js';
import { CheckFold, describeRowChange } from './row-fold.js';
import type { CustodyKind, JsonValue, VerifyProblem } from './store.js';

/**
 * The extraction rows the latest ledger was merged from, checked for `verify` the same way on every
 * backend: the rows (of the recorded extractor version) of the documents stored before the latest
 * analysis entry must still fold to the digest that entry recorded (`extractionsDigest`). Rows of
 * documents ingested since then are not yet relied on (a run killed after extracting them leaves
 * them; the next analysis binds them). Feed it the custody log (`collect`), then every row of the
 * recorded version (`row`, in any order), then call `finish`.
 */
export class ExtractionsCheck {
  private latest: { seq: number; recorded: ExtractionsDigest | null } | null = null;
  private readonly fold = new CheckFold();

  constructor(
    /** The custody entry that stored a document, when known (documents of older stores are not). */
    private readonly storedBy: (documentId: string) => number | undefined,
  ) {}

  collect = (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }): void => {
    if (kind === 'analysis') this.latest = { seq, recorded: recordedExtractions(details) };
  };

  /** The extractor version whose rows `row` must be fed, or null when there is nothing to check. */
  get version(): string | null {
    return this.latest?.recorded?.version ?? null;
  }

  row(row: SerializedExtraction): void {
    const seq = this.storedBy(row.documentId);
    if (this.latest && (seq === undefined || seq < this.latest.seq)) this.fold.add(extractionRowHash(row));
  }

  finish(): VerifyProblem[] {
    const recorded = this.latest?.recorded;
    if (!this.latest || !recorded) return [];
    const rows = this.fold.rows;
    if (this.fold.matches(recorded)) return [];
    const what = describeRowChange(rows, recorded.rows);
    return [
      {
        kind: 'extractions-altered',
        seq: this.latest.seq,
        message: `The stored extractions (extractor version ${recorded.version}) the latest ledger was merged from no longer match analysis entry ${this.latest.seq}: ${what} (${rows} rows now, ${recorded.rows} recorded). The ledger may rest on forged extractions.`,
      },
    ];
  }
}

import path from 'node:path';
import { DigestMismatchError } from './extraction-digest.js';
import { hashFile } from './hash-file.js';
import type { BoundEntry } from './merge-state-digest.js';
import type { Store } from './store.js';

/**
 * Before an incremental run copies the unchanged items of the latest ledger file as byte ranges,
 * that file must still hash to the `ledgerSha256` its analysis entry recorded: else an edit to it
 * would be copied into the new ledger and bound by the new entry (`DigestMismatchError`,
 * `ledger-altered`). The whole file is hashed (about 1 s for the ~300 MB ledger of 100k
 * documents), which is simpler and no slower than hashing each copied range. A missing file is
 * no threat: the writer then serialises every item.
 */
export function checkPreviousLedger(store: Store, bound: BoundEntry | null): void {
  const recorded = store.analysis.recordedLedger();
  const expected = bound?.details.ledgerSha256;
  if (!bound || !recorded || typeof expected !== 'string') return;
  let found: string;
  try {
    found = hashFile(path.join(store.analysis.ledgerFolder(), path.basename(recorded.name)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (found !== expected)
    throw new DigestMismatchError(
      'ledger-altered',
      `bytes of the latest ledger file (${recorded.name})`,
      bound.seq,
      `SHA-256 ${found.slice(0, 16)}… now, ${expected.slice(0, 16)}… recorded`,
    );
}

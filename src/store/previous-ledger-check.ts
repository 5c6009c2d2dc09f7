import path from 'node:path';
import { INDEX_SUFFIX, indexFileSha256 } from '../ledger-file/file-index.js';
import { DigestMismatchError } from './extraction-digest.js';
import { hashFile } from './hash-file.js';
import type { BoundEntry } from './merge-state-digest.js';
import type { Store } from './store.js';

/**
 * The SHA-256 the bound entry recorded of the latest ledger file's index (`ledgerIndexSha256`),
 * or null when it recorded none (an entry of an earlier release, or no entry).
 */
export function recordedIndexSha256(bound: BoundEntry | null): string | null {
  const x = bound?.details.ledgerIndexSha256;
  return typeof x === 'string' ? x : null;
}

/** SHA-256 of a file, or null when it is missing. */
function hashOrMissing(hash: () => string): string | null {
  try {
    return hash();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Before an incremental run copies the unchanged items of the latest ledger file as byte ranges,
 * that file must still hash to the `ledgerSha256` its analysis entry recorded, and its index (the
 * byte range and key of each item) to the `ledgerIndexSha256`: else an edit to either would be
 * copied into the new ledger (an item's bytes under another item's key) and bound by the new
 * entry (`DigestMismatchError`, `ledger-altered`). The whole file is hashed (about 1 s for the
 * ~300 MB ledger of 100k documents), which is simpler and no slower than hashing each copied
 * range, and the whole index (a few MB). A missing file or index is no threat: the writer then
 * serialises every item; so is an index no entry recorded a digest of, which the writer does not use.
 */
export function checkPreviousLedger(store: Store, bound: BoundEntry | null): void {
  const recorded = store.analysis.recordedLedger();
  const expected = bound?.details.ledgerSha256;
  if (!bound || !recorded || typeof expected !== 'string') return;
  const file = path.join(store.analysis.ledgerFolder(), path.basename(recorded.name));
  const found = hashOrMissing(() => hashFile(file));
  if (found === null) return;
  if (found !== expected)
    throw new DigestMismatchError(
      'ledger-altered',
      `bytes of the latest ledger file (${recorded.name})`,
      bound.seq,
      `SHA-256 ${found.slice(0, 16)}… now, ${expected.slice(0, 16)}… recorded`,
    );
  const expectedIndex = recordedIndexSha256(bound);
  if (expectedIndex === null) return;
  const index = hashOrMissing(() => indexFileSha256(`${file}${INDEX_SUFFIX}`));
  if (index !== null && index !== expectedIndex)
    throw new DigestMismatchError(
      'ledger-altered',
      `index of the latest ledger file (${recorded.name}${INDEX_SUFFIX}: each item's key and byte range)`,
      bound.seq,
      `SHA-256 ${index.slice(0, 16)}… now, ${expectedIndex.slice(0, 16)}… recorded`,
    );
}

import fs from 'node:fs';
import path from 'node:path';
import type { AsyncStore } from '../store/async-store.js';
import { DigestMismatchError } from '../store/extraction-digest.js';
import { type BoundEntry, checkMergeState } from '../store/merge-state-digest.js';
import { openStore } from '../store/open-store.js';
import type { Store, VerifyProblem } from '../store/store.js';
import { workingCopyFolder } from './analyze-shared.js';

/**
 * The part of a shared store's evidence that lives on this machine: the merge state of its working
 * copy (docs/scale.md), which its next `analyze` builds on. Every row must fold to the digest the
 * copy's own latest analysis entry recorded; an edited, deleted or inserted row is named as
 * `merge-state-altered`. Nothing is checked when this machine has no working copy of the store, or
 * when the copy's state is bound by no entry (its next analysis starts from nothing). Other
 * machines' copies can only be checked on those machines.
 *
 * @example
 * const { problems } = await verifyWorkingCopy(await openSharedStore(url));
 */
export async function verifyWorkingCopy(
  shared: AsyncStore,
  cache?: string,
): Promise<{ folder: string | null; problems: VerifyProblem[] }> {
  const folder = workingCopyFolder(shared, cache);
  if (!fs.existsSync(path.join(folder, 'corroborate.db'))) return { folder: null, problems: [] };
  const copy = openStore(folder, { mustExist: true });
  try {
    // The copy mirrors the shared log only when an analysis opens it: its own entries are read
    // from the shared log, at the place its latest ledger names.
    const bound = await ownEntry(shared, copy);
    try {
      checkMergeState(copy, bound, Number.POSITIVE_INFINITY);
    } catch (err) {
      if (!(err instanceof DigestMismatchError)) throw err;
      return {
        folder,
        problems: [
          {
            kind: 'merge-state-altered',
            seq: bound?.seq,
            message: `This machine's working copy (${folder}): the stored merge state (clusters, blocking index, built events) its next analysis builds on no longer matches its analysis entry ${bound?.seq}. The next ledger published from this machine would rest on a forged state; delete the folder to have it rebuilt from the shared store.`,
          },
        ],
      };
    }
    return { folder, problems: [] };
  } finally {
    copy.close();
  }
}

/**
 * The shared log's analysis entry that recorded the copy's latest ledger (and so its merge state,
 * as `boundEntry` decides for the copy), or null when the copy's state is bound by none.
 */
async function ownEntry(shared: AsyncStore, copy: Store): Promise<BoundEntry | null> {
  const ledger = copy.analysis.recordedLedger();
  if (!ledger) return null;
  const [entry] = await shared.custody.entries({ from: ledger.custodySeq, limit: 1 });
  const sha = entry?.details.ledgerSha256;
  return entry?.seq === ledger.custodySeq &&
    entry.kind === 'analysis' &&
    typeof sha === 'string' &&
    ledger.name === `ledger-${sha.slice(0, 16)}.json`
    ? { seq: entry.seq, details: entry.details }
    : null;
}

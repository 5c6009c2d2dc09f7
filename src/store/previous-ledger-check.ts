import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DigestMismatchError } from './extraction-digest.js';
import { hashFile } from './hash-file.js';
import type { BoundEntry } from './merge-state-digest.js';
import type { Store } from './store.js';

/** Files at least this large are hashed on a worker thread while the run merges. */
const BACKGROUND_BYTES = 16 << 20;

/**
 * Before an incremental run copies the unchanged items of the latest ledger file as byte ranges,
 * that file must still hash to the `ledgerSha256` its analysis entry recorded: else an edit to it
 * would be copied into the new ledger and bound by the new entry (`DigestMismatchError`,
 * `ledger-altered`). The whole file is hashed, which is simpler and no slower than hashing each
 * copied range. A missing file is no threat: the writer then serialises every item.
 *
 * The check starts here and its verdict is awaited before the first byte is copied
 * (`startPreviousLedgerCheck(...)()`): a large file (about 300 MB at 100k documents, about 1 s of
 * hashing) is hashed on a worker thread while the run merges, on the core the merge leaves free.
 */
export function startPreviousLedgerCheck(
  store: Store,
  bound: BoundEntry | null,
  backgroundBytes = BACKGROUND_BYTES,
): () => Promise<void> {
  const recorded = store.analysis.recordedLedger();
  const expected = bound?.details.ledgerSha256;
  if (!bound || !recorded || typeof expected !== 'string') return async () => {};
  const file = path.join(store.analysis.ledgerFolder(), path.basename(recorded.name));
  const verdict = (found: string | null): void => {
    if (found !== null && found !== expected)
      throw new DigestMismatchError(
        'ledger-altered',
        `bytes of the latest ledger file (${recorded.name})`,
        bound.seq,
        `SHA-256 ${found.slice(0, 16)}… now, ${expected.slice(0, 16)}… recorded`,
      );
  };
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return async () => {};
    throw err;
  }
  if (size < backgroundBytes) {
    verdict(hashOrMissing(file));
    return async () => {};
  }
  const found = hashOnWorker(file);
  // Awaited by the caller; until then a failure must not count as unhandled.
  found.catch(() => {});
  return async () => verdict(await found);
}

function hashOrMissing(file: string): string | null {
  try {
    return hashFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The same reading as `hashFile`, on a worker thread (plain JavaScript: it runs from src and dist alike). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
try {
  const hash = createHash('sha256');
  const fd = fs.openSync(workerData, 'r');
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
  parentPort.postMessage({ sha256: hash.digest('hex') });
} catch (err) {
  parentPort.postMessage({ error: String(err && err.message || err), code: err && err.code });
}
`;

/** SHA-256 of a file hashed on a worker thread; null when the file has gone. */
function hashOnWorker(file: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: file,
      name: 'corroborate-ledger-hash',
    });
    worker.unref();
    let settled = false;
    worker.once('message', (m: { sha256?: string; error?: string; code?: string }) => {
      settled = true;
      if (m.sha256) resolve(m.sha256);
      else if (m.code === 'ENOENT') resolve(null);
      else reject(new Error(`hashing ${file}: ${m.error}`));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`hashing ${file}: the worker stopped (${code})`));
    });
  });
}

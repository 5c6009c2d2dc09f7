import { createHash } from 'node:crypto';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { INDEX_SUFFIX, indexFileSha256 } from '../../ledger-file/file-index.js';
import { hashFile } from '../hash-file.js';
import type { StoredLedger } from '../verify-latest-ledger.js';
import type { SqliteDatabase } from './database.js';

/**
 * The embedded store's latest ledger, for `LatestLedgerCheck`: a file of the store's ledger
 * folder (or, in older stores, deflated bytes in the database), hashed as stored now.
 */
export function storedLedger(db: SqliteDatabase, ledgerFolder: string): StoredLedger | null {
  const row = db.prepare('SELECT ledger, custody_seq, itemized FROM analysis_ledger WHERE id = 1').get() as
    | { ledger: Buffer; custody_seq: number | null; itemized: number }
    | undefined;
  if (!row) return null;
  let sha256: string | null;
  let indexSha256: string | null = null;
  try {
    sha256 = row.itemized
      ? hashFile(path.join(ledgerFolder, path.basename(row.ledger.toString('utf8'))))
      : createHash('sha256').update(inflateRawSync(row.ledger)).digest('hex');
  } catch {
    sha256 = null;
  }
  if (row.itemized) {
    try {
      indexSha256 = indexFileSha256(
        `${path.join(ledgerFolder, path.basename(row.ledger.toString('utf8')))}${INDEX_SUFFIX}`,
      );
    } catch {
      indexSha256 = null;
    }
  }
  return {
    name: row.itemized ? row.ledger.toString('utf8') : 'the ledger kept in the database',
    custodySeq: row.custody_seq,
    sha256,
    ...(row.itemized ? { indexSha256 } : {}),
  };
}

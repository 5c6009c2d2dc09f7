import { createHash } from 'node:crypto';

/**
 * A document's id: `d` followed by the first 12 hex digits of
 * `sha256(<original sha256 hex> + "\n" + <record key>)`. The same record of the same bytes always
 * gets the same id, in every store, so re-ingesting is idempotent and ids are stable across
 * machines. 48 bits keep a collision unlikely below tens of millions of documents; the store
 * refuses (rather than overwrites) a colliding id.
 *
 * @example documentId('9f86d08…', '') // 'd3a1f0c9b2e47'
 */
export function documentId(sha256: string, recordKey: string): string {
  return `d${createHash('sha256').update(`${sha256}\n${recordKey}`).digest('hex').slice(0, 12)}`;
}

/** SHA-256 of bytes, lowercase hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

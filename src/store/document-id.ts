import crypto from 'node:crypto';

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
  return `d${sha256Hex(`${sha256}\n${recordKey}`).slice(0, 12)}`;
}

type OneShotHash = (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string;
// `crypto.hash` (Node 20.12+) hashes in one call, several times cheaper than a Hash object for
// the small inputs of a bulk ingest; older Node 20 releases fall back to `createHash`.
const oneShot = (crypto as unknown as { hash?: OneShotHash }).hash;

/** SHA-256 of bytes (or of a string's UTF-8 encoding), lowercase hex. */
export function sha256Hex(data: Uint8Array | string): string {
  if (oneShot) return oneShot('sha256', data, 'hex');
  return crypto.createHash('sha256').update(data).digest('hex');
}

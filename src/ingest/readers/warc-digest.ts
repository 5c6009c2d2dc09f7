import { createHash } from 'node:crypto';

const algorithms: Record<string, string> = {
  sha1: 'sha1',
  'sha-1': 'sha1',
  sha256: 'sha256',
  'sha-256': 'sha256',
  sha512: 'sha512',
  'sha-512': 'sha512',
  md5: 'md5',
};

/**
 * Checks a WARC digest field (`sha1:BASE32`, usually; also hex or base64, and sha256/sha512/md5)
 * against bytes. Returns null when the field is absent or its algorithm unknown.
 * Several candidate byte strings may be given (e.g. a payload with and without its chunked
 * transfer coding, which tools disagree on); any match counts.
 */
export function checkDigest(field: string | undefined, ...candidates: Uint8Array[]): boolean | null {
  if (!field) return null;
  const colon = field.indexOf(':');
  if (colon < 0) return null;
  const algorithm = algorithms[field.slice(0, colon).trim().toLowerCase()];
  if (!algorithm) return null;
  const expected = field.slice(colon + 1).trim();
  return candidates.some((bytes) => {
    const digest = createHash(algorithm).update(bytes).digest();
    return (
      base32(digest) === expected.toUpperCase().replace(/=+$/, '') ||
      digest.toString('hex') === expected.toLowerCase() ||
      digest.toString('base64').replace(/=+$/, '') === expected.replace(/=+$/, '')
    );
  });
}

/** RFC 4648 base32 without padding, as WARC writers use it. */
export function base32(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

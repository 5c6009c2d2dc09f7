/**
 * The byte order of UTF-16 text without a byte-order mark, or null. Such text is mostly ASCII
 * letters each paired with a NUL byte: in the first 4 KiB, at least 90% of the even (UTF-16BE) or
 * odd (UTF-16LE) bytes are NUL while the bytes between them are not. Used to name the input's
 * real encoding instead of calling it binary.
 */
export function looksUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul >= pairs * 0.9 && evenNul < pairs * 0.1) return 'utf-16le';
  if (evenNul >= pairs * 0.9 && oddNul < pairs * 0.1) return 'utf-16be';
  return null;
}

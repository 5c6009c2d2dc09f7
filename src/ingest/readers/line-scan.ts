/**
 * Line scanning over raw bytes, without building strings: a 200 MB line is measured, never decoded.
 */
export interface LineSlice {
  /** 1-based line number. */
  number: number;
  start: number;
  /** End offset, excluding `\n` (and a `\r` before it). */
  end: number;
}

/** Calls `visit` for each line of `bytes` (the last one even without a final newline). */
export function forEachLine(bytes: Uint8Array, visit: (line: LineSlice) => void): void {
  let start = 0;
  let number = 1;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    const next = end < 0 ? bytes.length : end + 1;
    if (end < 0) end = bytes.length;
    const trimmed = end > start && bytes[end - 1] === 0x0d ? end - 1 : end;
    visit({ number, start, end: trimmed });
    start = next;
    number++;
  }
}

/** The first line longer than `maxBytes`, or null. */
export function firstLongLine(bytes: Uint8Array, maxBytes: number): LineSlice | null {
  if (bytes.length <= maxBytes) return null;
  let found: LineSlice | null = null;
  let start = 0;
  let number = 1;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    if (end - start > maxBytes) {
      found = { number, start, end };
      break;
    }
    start = end + 1;
    number++;
  }
  return found;
}

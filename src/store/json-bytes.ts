/**
 * Characters of JSON gathered before they are encoded into a piece of the result. Small enough
 * that no piece weighs on the heap, large enough that a report of a few KB is one piece.
 */
const PIECE_CHARS = 1 << 16;

/**
 * `JSON.stringify(value)` as UTF-8 bytes, the same bytes, built piece by piece: the members of an
 * object and the items of an array at its first two levels are serialised one at a time and
 * encoded as they come. The extraction of one long report is tens of MB of JSON; as one string it
 * sat on the JS heap (with the builder's own copies) beside the objects it was made from, and
 * the heap stayed that large. The pieces are outside the heap and are freed as soon as they are
 * joined. Plain data only (no `toJSON`, no cycles), which is what extractions are.
 *
 * @example jsonBytes({ a: [1, undefined] }).toString() // '{"a":[1,null]}'
 */
export function jsonBytes(value: unknown): Buffer {
  const pieces: Buffer[] = [];
  let pending = '';
  const write = (s: string) => {
    pending += s;
    if (pending.length >= PIECE_CHARS) {
      pieces.push(Buffer.from(pending, 'utf8'));
      pending = '';
    }
  };
  writeValue(value, 2, write, true);
  if (pending.length > 0 || pieces.length === 0) pieces.push(Buffer.from(pending, 'utf8'));
  return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
}

/** Writes `value` (a member or an item: `item` says which, for how `undefined` is written). */
function writeValue(value: unknown, depth: number, write: (s: string) => void, item: boolean): void {
  if (depth === 0 || value === null || typeof value !== 'object') {
    // JSON.stringify gives undefined for undefined, functions and symbols: an item is then null.
    const json = JSON.stringify(value) as string | undefined;
    write(json ?? (item ? 'null' : ''));
    return;
  }
  if (Array.isArray(value)) {
    write('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) write(',');
      writeValue(value[i], depth - 1, write, true);
    }
    write(']');
    return;
  }
  write('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    write(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    writeValue(member, depth - 1, write, false);
  }
  write('}');
}

/** Sorted (key, document) codes of the reuse benchmark and the document pairs that share keys. */

/** Multiplier packing (key, document) and (document, document) into one number. */
export const SHIFT = 1048576;

export class Growable {
  data = new Float64Array(1 << 16);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  result(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

/** Pair codes (lo * SHIFT + hi) of documents sharing a key, for keys held by at most `cap` docs. */
export function pairsFromRuns(sorted: Float64Array, cap: number): Float64Array {
  const out = new Growable();
  let s = 0;
  while (s < sorted.length) {
    const key = Math.floor((sorted[s] as number) / SHIFT);
    let e = s + 1;
    while (e < sorted.length && Math.floor((sorted[e] as number) / SHIFT) === key) e++;
    if (e - s >= 2 && e - s <= cap) {
      for (let x = s; x < e; x++) {
        const dx = (sorted[x] as number) - key * SHIFT;
        for (let y = x + 1; y < e; y++) {
          const dy = (sorted[y] as number) - key * SHIFT;
          if (dx !== dy) out.push(Math.min(dx, dy) * SHIFT + Math.max(dx, dy));
        }
      }
    }
    s = e;
  }
  return out.data.slice(0, out.length).sort();
}

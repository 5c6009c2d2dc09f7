import { createHash } from 'node:crypto';
import { FoldThread } from './row-fold-thread.js';
import type { JsonValue } from './store.js';

/**
 * How an analysis entry's digests of stored rows (extractions, reuse pairs, merge state) are
 * folded, recorded as `alg` beside each digest. `muhash3072` since this version; entries without
 * `alg` were folded with `xor-sha256` (a XOR of SHA-256 values) and are still checked that way.
 * XOR is linear: a forger who may pad rows (a space in their JSON) can solve for a set of padded
 * rows that hides an edit, so no new entry is written with it.
 */
export type FoldAlg = 'xor-sha256' | 'muhash3072';
export const FOLD_ALG: FoldAlg = 'muhash3072';

/** Hashes gathered before a fold of many rows hands them to its worker thread (`RowFold`). */
export const BACKGROUND_CHUNK = 8192;

/** The `alg` of a recorded digest (absent: `xor-sha256`), or null when it names no known one. */
export function recordedAlg(x: { [key: string]: JsonValue }): FoldAlg | null {
  if (x.alg === undefined) return 'xor-sha256';
  return x.alg === 'xor-sha256' || x.alg === 'muhash3072' ? x.alg : null;
}

/** The MuHash prime: the largest prime below 2^3072 (2^3072 − 1103717). */
const C = 1103717n;
const BITS = 3072n;
const MASK = (1n << BITS) - 1n;
const P = (1n << BITS) - C;
const HEX = Number(BITS / 4n);

/** x mod P for 0 <= x < 2^6144, using 2^3072 ≡ C (mod P). */
function reduce(x: bigint): bigint {
  x = (x >> BITS) * C + (x & MASK);
  x = (x >> BITS) * C + (x & MASK);
  return x >= P ? x - P : x;
}

/**
 * The inverse of x modulo P (0 for 0), by the extended Euclidean algorithm: the same number as
 * x^(P−2) mod P, in a few thousand small divisions instead of about 4,600 full multiplications.
 */
export function inverseModP(x: bigint): bigint {
  let r0 = P;
  let r1 = x % P;
  let t0 = 0n;
  let t1 = 1n;
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  // r0 is 1 for every x not divisible by P (P is prime); t0 * x ≡ 1.
  if (r0 !== 1n) return 0n;
  return t0 < 0n ? t0 + P : t0;
}

/** A row's hash expanded (SHAKE256) to a number modulo P, never 0. */
function element(hash: Uint8Array): bigint {
  // 384 bytes are below 2^3072 < 2P, so one subtraction reduces them (a division costs more).
  let x = BigInt(`0x${createHash('shake256', { outputLength: 384 }).update(hash).digest('hex')}`);
  if (x >= P) x -= P;
  return x === 0n ? 1n : x;
}

/**
 * An incremental multiset hash of row hashes (MuHash): the product modulo a 3072-bit prime of
 * each row's hash expanded to 3072 bits. Not linear, so padding other rows cannot cancel an edit;
 * independent of row order, and it grows by the rows a run adds. Rows taken out multiply a
 * separate denominator, so a removal costs one multiplication; the one inverse is taken when the
 * digest is read (768 hex digits: the whole state, so that the next run can continue from it).
 */
export class RowFold {
  readonly alg: FoldAlg = 'muhash3072';
  rows: number;
  private numerator: bigint;
  private denominator = 1n;
  /** Hashes not folded yet (see `background`): added, taken out, each with its count. */
  private adds: Uint8Array | null = null;
  private removes: Uint8Array | null = null;
  private nAdds = 0;
  private nRemoves = 0;
  private thread: FoldThread | null = null;

  /**
   * `background`: the number of hashes gathered before they are folded on a worker thread
   * (`FoldThread`), the thread being started by the first full chunk; 0 folds every hash at once.
   * The digest is the same either way (the products do not depend on order).
   */
  constructor(
    from?: { rows: number; digest: string },
    private readonly background = 0,
  ) {
    this.numerator = from ? BigInt(`0x${from.digest}`) % P : 1n;
    this.rows = from?.rows ?? 0;
  }

  add(hash: Uint8Array): void {
    this.rows++;
    if (this.background > 0 && hash.length === 32) {
      this.adds ??= new Uint8Array(this.background * 32);
      this.adds.set(hash.subarray(0, 32), this.nAdds++ * 32);
      if (this.nAdds === this.background) this.hand();
      return;
    }
    this.numerator = reduce(this.numerator * element(hash));
  }

  /** Takes out a row added before. */
  remove(hash: Uint8Array): void {
    this.rows--;
    if (this.background > 0 && hash.length === 32) {
      this.removes ??= new Uint8Array(this.background * 32);
      this.removes.set(hash.subarray(0, 32), this.nRemoves++ * 32);
      if (this.nRemoves === this.background) this.hand();
      return;
    }
    this.denominator = reduce(this.denominator * element(hash));
  }

  /** Stops the thread of a fold whose digest will not be read. */
  discard(): void {
    this.thread?.discard();
    this.thread = null;
  }

  /** Sends the gathered hashes to the thread (started now if need be). */
  private hand(): void {
    this.thread ??= new FoldThread();
    this.thread.send(
      this.adds && this.nAdds > 0 ? this.adds.subarray(0, this.nAdds * 32) : null,
      this.removes && this.nRemoves > 0 ? this.removes.subarray(0, this.nRemoves * 32) : null,
    );
    this.adds = null;
    this.removes = null;
    this.nAdds = 0;
    this.nRemoves = 0;
  }

  /** Folds in what the thread and the last, partial chunks hold. */
  private settle(): void {
    if (this.thread) {
      if (this.nAdds > 0 || this.nRemoves > 0) this.hand();
      const done = this.thread.finish();
      this.thread = null;
      this.numerator = reduce(this.numerator * done.numerator);
      this.denominator = reduce(this.denominator * done.denominator);
    }
    for (let i = 0; i < this.nAdds; i++)
      this.numerator = reduce(
        this.numerator * element((this.adds as Uint8Array).subarray(i * 32, i * 32 + 32)),
      );
    for (let i = 0; i < this.nRemoves; i++)
      this.denominator = reduce(
        this.denominator * element((this.removes as Uint8Array).subarray(i * 32, i * 32 + 32)),
      );
    this.adds = null;
    this.removes = null;
    this.nAdds = 0;
    this.nRemoves = 0;
  }

  get digest(): string {
    this.settle();
    if (this.denominator !== 1n) {
      this.numerator = reduce(this.numerator * inverseModP(this.denominator));
      this.denominator = 1n;
    }
    return this.numerator.toString(16).padStart(HEX, '0');
  }
}

/** The fold of entries written before `alg` was recorded: a running XOR of row hashes. */
export class XorFold {
  readonly alg: FoldAlg = 'xor-sha256';
  private readonly acc = Buffer.alloc(32);
  rows = 0;

  add(hash: Uint8Array): void {
    for (let i = 0; i < 32; i++) this.acc[i] = (this.acc[i] as number) ^ (hash[i] as number);
    this.rows++;
  }

  get digest(): string {
    return this.acc.toString('hex');
  }
}

/** Rows folded both ways, for checking a digest recorded with either `alg`. */
export class CheckFold {
  private readonly mu = new RowFold(undefined, BACKGROUND_CHUNK);
  private readonly xor = new XorFold();

  add(hash: Uint8Array): void {
    this.mu.add(hash);
    this.xor.add(hash);
  }

  get rows(): number {
    return this.mu.rows;
  }

  /** Whether the rows fold to `recorded` under its algorithm. */
  matches(recorded: { rows: number; digest: string; alg: FoldAlg }): boolean {
    const fold = recorded.alg === 'xor-sha256' ? this.xor : this.mu;
    return fold.rows === recorded.rows && fold.digest === recorded.digest;
  }
}

/** How a stored row count differs from the one an analysis entry recorded, for verify's message. */
export function describeRowChange(rows: number, recordedRows: number): string {
  if (rows === recordedRows) return 'a row was edited';
  return rows > recordedRows
    ? `${rows - recordedRows} row(s) were added`
    : `${recordedRows - rows} row(s) were deleted`;
}

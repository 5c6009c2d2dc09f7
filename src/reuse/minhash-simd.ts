/**
 * The MinHash inner loop as a small WebAssembly function with 128-bit SIMD: four permutations per
 * instruction, `h = fmix(a·x + b)` and an unsigned minimum per lane, exactly the arithmetic of
 * the JavaScript loop in `minhash.ts` (which stays the fallback where WebAssembly SIMD is absent).
 * The module is assembled here from its instructions (no build step, no binary file).
 *
 * Memory layout per call: `a` and `b` (the permutation constants) at `A` and `B`, the signature
 * written at `OUT`, the elements from `X` on (the memory grows for large sets).
 */

/** Byte offsets in the module's memory (room for 1,024 permutations). */
const A = 0;
const B = 4096;
const OUT = 8192;
const X = 12288;

export interface SimdMinHash {
  /** Writes the signature of `elements` (unsigned 32-bit values) into `out`, `out.length` a multiple of 4. */
  signature(elements: Uint32Array, out: Uint32Array): void;
}

// Opcodes (WebAssembly core and SIMD proposals).
const I32 = 0x7f;
const V128 = 0x7b;
const BLOCK = [0x02, 0x40];
const LOOP = [0x03, 0x40];
const END = 0x0b;
const BR = 0x0c;
const BR_IF = 0x0d;
const GET = 0x20;
const SET = 0x21;
const I32_LOAD = [0x28, 0x02, 0x00];
const I32_CONST = 0x41;
const I32_GE_U = 0x4f;
const I32_ADD = 0x6a;
const I32_SHL = 0x74;
const simd = (op: number) => (op < 0x80 ? [0xfd, op] : [0xfd, (op & 0x7f) | 0x80, op >> 7]);
const V128_LOAD = [...simd(0x00), 0x04, 0x00];
const V128_STORE = [...simd(0x0b), 0x04, 0x00];
const V128_CONST = simd(0x0c);
const I32X4_SPLAT = simd(0x11);
const V128_XOR = simd(0x51);
const I32X4_SHR_U = simd(0xad);
const I32X4_ADD = simd(0xae);
const I32X4_MUL = simd(0xb5);
const I32X4_MIN_U = simd(0xb7);

/** Unsigned LEB128. */
function uleb(v: number): number[] {
  const out: number[] = [];
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

const splat4 = (v: number) => {
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) view.setUint32(4 * i, v >>> 0, true);
  return [...V128_CONST, ...bytes];
};

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

/** `sig(a, b, out, x, n, groups)`: params 0–5; locals g (6), e (7), va (8), vb (9), min (10), h (11). */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const [a, b, out, x, n, groups, g, e, va, vb, min, h] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  const offset = [GET, g, I32_CONST, 4, I32_SHL]; // g * 16
  const body = [
    ...[2, 2, I32, 4, V128], // locals: 2 × i32, 4 × v128
    ...[I32_CONST, 0, SET, g],
    ...BLOCK,
    ...LOOP,
    ...[GET, g, GET, groups, I32_GE_U, BR_IF, 1],
    ...[GET, a, ...offset, I32_ADD, ...V128_LOAD, SET, va],
    ...[GET, b, ...offset, I32_ADD, ...V128_LOAD, SET, vb],
    ...splat4(0xffffffff),
    ...[SET, min, I32_CONST, 0, SET, e],
    ...BLOCK,
    ...LOOP,
    ...[GET, e, GET, n, I32_GE_U, BR_IF, 1],
    // h = splat(x[e]) * a + b
    ...[GET, x, GET, e, I32_CONST, 2, I32_SHL, I32_ADD, ...I32_LOAD, ...I32X4_SPLAT],
    ...[GET, va, ...I32X4_MUL, GET, vb, ...I32X4_ADD, SET, h],
    // h = (h ^ (h >>> 15)) * 0x2c1b3c6d
    ...[GET, h, GET, h, I32_CONST, 15, ...I32X4_SHR_U, ...V128_XOR],
    ...[...splat4(0x2c1b3c6d), ...I32X4_MUL, SET, h],
    // min = min_u(min, h ^ (h >>> 12))
    ...[GET, min, GET, h, GET, h, I32_CONST, 12, ...I32X4_SHR_U, ...V128_XOR, ...I32X4_MIN_U, SET, min],
    ...[GET, e, I32_CONST, 1, I32_ADD, SET, e, BR, 0],
    END,
    END,
    ...[GET, out, ...offset, I32_ADD, GET, min, ...V128_STORE],
    ...[GET, g, I32_CONST, 1, I32_ADD, SET, g, BR, 0],
    END,
    END,
    END,
  ]; // every i32.const immediate above is below 64: one LEB128 byte
  const name = (s: string) => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 6, I32, I32, I32, I32, I32, I32, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0, 1]),
    ...section(7, [2, ...name('sig'), 0x00, 0, ...name('mem'), 0x02, 0]),
    ...section(10, [1, ...uleb(body.length), ...body]),
  ]);
}

let compiled: WebAssembly.Module | null | undefined;

/** A SIMD MinHash for the constants `a`, `b` (length a multiple of 4, at most 1,024), or null. */
export function simdMinHash(a: Uint32Array, b: Uint32Array): SimdMinHash | null {
  if (a.length % 4 !== 0 || a.length > 1024) return null;
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(moduleBytes());
    } catch {
      compiled = null;
    }
  }
  if (!compiled) return null;
  const instance = new WebAssembly.Instance(compiled, {});
  const memory = instance.exports.mem as WebAssembly.Memory;
  const sig = instance.exports.sig as (...args: number[]) => void;
  let words = new Uint32Array(memory.buffer);
  words.set(a, A / 4);
  words.set(b, B / 4);
  const groups = a.length / 4;
  return {
    signature(elements, out) {
      const need = X + elements.length * 4;
      if (need > memory.buffer.byteLength) {
        memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65536));
        words = new Uint32Array(memory.buffer);
      }
      words.set(elements, X / 4);
      sig(A, B, OUT, X, elements.length, groups);
      out.set(words.subarray(OUT / 4, OUT / 4 + out.length));
    },
  };
}

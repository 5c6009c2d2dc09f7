/**
 * The index beside each ledger file (`ledger-<hash>.json.idx`): per section, each item's byte
 * length, key, order string and (input sections) content digest, so that the next run copies
 * unchanged items as byte ranges. Format: docs/ledger-file.md.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { hasSig, LEDGER_SECTIONS, type Section, SIG } from './sections.js';

/** Strings of one field, concatenated: item i is `text.slice(ends[i - 1] ?? 0, ends[i])`. */
export interface Column {
  text: string;
  ends: Uint32Array;
}
export const startOf = (c: Column, i: number) => (i === 0 ? 0 : (c.ends[i - 1] ?? 0));
export const stringAt = (c: Column, i: number) => c.text.slice(startOf(c, i), c.ends[i]);

/**
 * A section of a ledger file: item i's bytes are `[offsets[i], offsets[i] + lengths[i])`; items
 * follow each other with `,\n` between them.
 */
export interface SectionIndex {
  count: number;
  offsets: Float64Array;
  lengths: Uint32Array;
  keys: Column;
  /** Ordering strings of the merged sections; null in the input sections, ordered by key. */
  sorts: Column | null;
  /** SHA-1 digests of the input sections' items, SIG bytes each; null in the merged sections. */
  sigs: Uint8Array | null;
}
export type LedgerIndex = Record<Section, SectionIndex>;

/** Binary index format 2 (little-endian; see docs/ledger-file.md). Format 1 is the JSON `.index.json`. */
const MAGIC = Buffer.from('CRBLIDX2', 'latin1');
export const INDEX_SUFFIX = '.idx';
const HEAD = 40;

class IndexError extends Error {}

function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new IndexError(what);
}

/** Reads an index file in order, hashing what it reads, into arrays of exactly the sizes kept. */
class IndexReader {
  private at = 0;
  readonly size: number;
  private readonly sha = createHash('sha1');
  /** SHA-256 of the same bytes: what an analysis entry records of the index (`ledgerIndexSha256`). */
  private readonly sha256 = createHash('sha256');
  constructor(
    private readonly fd: number,
    private readonly scratch: Buffer,
  ) {
    this.size = fs.fstatSync(fd).size;
  }

  /** Fills `target` with the next bytes; `hashed` false for the head, which holds the digest. */
  read<T extends Uint8Array | Uint32Array>(target: T, hashed = true): T {
    const bytes = new Uint8Array(target.buffer, target.byteOffset, target.byteLength);
    check(this.at + bytes.length <= this.size, 'truncated');
    for (let done = 0; done < bytes.length; ) {
      const n = fs.readSync(this.fd, bytes, done, bytes.length - done, this.at + done);
      check(n > 0, 'truncated');
      done += n;
    }
    if (hashed) {
      this.sha.update(bytes);
      this.sha256.update(bytes);
    }
    this.at += bytes.length;
    return target;
  }

  /** The next `size` bytes as UTF-8 text, split after item `ends[i]` of its characters. */
  column(size: number, ends: Uint32Array): Column {
    const decoder = new StringDecoder('utf8');
    const parts: string[] = [];
    for (let left = size; left > 0; ) {
      const chunk = this.read(this.scratch.subarray(0, Math.min(left, this.scratch.length)));
      parts.push(decoder.write(chunk));
      left -= chunk.length;
    }
    parts.push(decoder.end());
    const text = parts.join('');
    let last = 0;
    for (const e of ends) {
      check(e >= last, 'string ends out of order');
      last = e;
    }
    check(last === text.length, 'string lengths');
    return { text, ends };
  }

  digest(): Buffer {
    check(this.at === this.size, 'trailing bytes');
    return this.sha.digest();
  }

  /** Hex SHA-256 of the bytes after the head (call after `digest`). */
  sha256Hex(): string {
    return this.sha256.digest('hex');
  }
}

/** Offsets of items laid out from `start` with `,\n` between them; checked against the file size. */
function offsetsOf(start: number, lengths: Uint32Array, fileSize: number): Float64Array {
  const offsets = new Float64Array(lengths.length);
  let at = start;
  for (let i = 0; i < lengths.length; i++) {
    offsets[i] = at;
    at += (lengths[i] ?? 0) + 2;
  }
  check(lengths.length === 0 || at - 2 <= fileSize, 'items beyond the end of the file');
  return offsets;
}

function readBinaryIndex(
  file: string,
  fileSize: number,
  scratch: Buffer,
): { index: LedgerIndex; sha256: string } {
  const fd = fs.openSync(file, 'r');
  try {
    const r = new IndexReader(fd, scratch);
    const head = r.read(Buffer.alloc(HEAD), false);
    check(head.subarray(0, 8).equals(MAGIC), 'not an index');
    check(head.readDoubleLE(8) === fileSize, 'index of another file');
    const index = {} as LedgerIndex;
    for (const section of LEDGER_SECTIONS) {
      const sectionHead = r.read(Buffer.alloc(24));
      const count = sectionHead.readUInt32LE(0);
      const keyBytes = sectionHead.readUInt32LE(4);
      const sortBytes = sectionHead.readUInt32LE(8);
      const start = sectionHead.readDoubleLE(16);
      check(count * 4 <= r.size, 'item count');
      const lengths = r.read(new Uint32Array(count));
      const keyEnds = r.read(new Uint32Array(count));
      const sortEnds = hasSig(section) ? null : r.read(new Uint32Array(count));
      const sigs = hasSig(section) ? r.read(new Uint8Array(SIG * count)) : null;
      const keys = r.column(keyBytes, keyEnds);
      const sorts = sortEnds ? r.column(sortBytes, sortEnds) : null;
      index[section] = { count, offsets: offsetsOf(start, lengths, fileSize), lengths, keys, sorts, sigs };
    }
    check(r.digest().equals(head.subarray(16, 36)), 'index digest');
    return { index, sha256: r.sha256Hex() };
  } finally {
    fs.closeSync(fd);
  }
}

/** The JSON index of earlier releases: per section `[key, sort, sig (base64), offset, length][]`. */
function readJsonIndex(text: string, fileSize: number): LedgerIndex {
  const json = JSON.parse(text) as Record<Section, [string, string, string, number, number][]>;
  const index = {} as LedgerIndex;
  for (const section of LEDGER_SECTIONS) {
    const entries = json[section];
    check(Array.isArray(entries), `no ${section}`);
    const count = entries.length;
    const lengths = new Uint32Array(count);
    const keyEnds = new Uint32Array(count);
    const sortEnds = new Uint32Array(count);
    const sigs = hasSig(section) ? new Uint8Array(SIG * count) : null;
    let keyLength = 0;
    let sortLength = 0;
    entries.forEach(([key, sort, sig, , length], i) => {
      lengths[i] = length;
      keyLength += key.length;
      keyEnds[i] = keyLength;
      sortLength += sort.length;
      sortEnds[i] = sortLength;
      if (sigs) {
        const raw = Buffer.from(sig, 'base64');
        if (raw.length === SIG) sigs.set(raw, SIG * i);
      }
    });
    const offsets = offsetsOf(entries[0]?.[3] ?? 0, lengths, fileSize);
    entries.forEach((e, i) => {
      check(e[3] === offsets[i], 'items not laid out one after another');
    });
    const keys = { text: entries.map((e) => e[0]).join(''), ends: keyEnds };
    const sorts = hasSig(section) ? null : { text: entries.map((e) => e[1]).join(''), ends: sortEnds };
    index[section] = { count, offsets, lengths, keys, sorts, sigs };
  }
  return index;
}

export interface Previous {
  fd: number;
  size: number;
  index: LedgerIndex;
}

/**
 * The SHA-256 (hex) an analysis entry records of a binary index (`ledgerIndexSha256`): of its
 * bytes after the head. The head holds the magic, the ledger file's size (checked against the
 * file, itself bound by its own SHA-256) and the SHA-1 of those same bytes. Reads the index once
 * in 1 MB chunks (a few MB for a store of 100k documents).
 */
export function indexFileSha256(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const sha = createHash('sha256');
    const buf = Buffer.allocUnsafe(1 << 20);
    for (let at = HEAD; ; ) {
      const n = fs.readSync(fd, buf, 0, buf.length, at);
      if (n === 0) break;
      sha.update(buf.subarray(0, n));
      at += n;
    }
    return sha.digest('hex');
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The previous ledger file (open for reading) and its index, or null when either is missing or
 * unreadable, or when the index is not the one `indexSha256` names:
 * - a string: the binary index must hash to it (`indexFileSha256`); an index that does not, or
 *   the JSON index of earlier releases (which no digest binds), is not used;
 * - null: no digest vouches for the index (an analysis entry of an earlier release): none is used;
 * - absent: the caller vouches for the index (tests); the JSON format of earlier releases is read too.
 * Without an index the writer serialises every item, rebuilding the index from the ledger.
 */
export function readPrevious(
  file: string | null,
  scratch: Buffer,
  indexSha256?: string | null,
): Previous | null {
  if (!file || indexSha256 === null) return null;
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
    const size = fs.fstatSync(fd).size;
    let index: LedgerIndex;
    if (fs.existsSync(`${file}${INDEX_SUFFIX}`)) {
      const read = readBinaryIndex(`${file}${INDEX_SUFFIX}`, size, scratch);
      check(indexSha256 === undefined || read.sha256 === indexSha256, 'index digest not the one recorded');
      index = read.index;
    } else {
      check(indexSha256 === undefined, 'an index no digest binds');
      index = readJsonIndex(fs.readFileSync(`${file}.index.json`, 'utf8'), size);
    }
    return { fd, size, index };
  } catch {
    if (fd !== null) fs.closeSync(fd);
    return null;
  }
}

/** The new index of one section, filled part by part as the file is written. */
export class SectionWriter {
  readonly lengths: Uint32Array;
  readonly keyEnds: Uint32Array;
  readonly sortEnds: Uint32Array | null;
  readonly sigs: Uint8Array | null;
  readonly keys: string[] = [];
  readonly sorts: string[] = [];
  start = 0;
  private n = 0;
  private keyLength = 0;
  private sortLength = 0;

  constructor(section: Section, count: number) {
    this.lengths = new Uint32Array(count);
    this.keyEnds = new Uint32Array(count);
    this.sortEnds = hasSig(section) ? null : new Uint32Array(count);
    this.sigs = hasSig(section) ? new Uint8Array(SIG * count) : null;
  }

  run(prev: SectionIndex, from: number, to: number): void {
    this.lengths.set(prev.lengths.subarray(from, to), this.n);
    this.keyLength = this.slice(prev.keys, from, to, this.keys, this.keyEnds, this.keyLength);
    if (prev.sorts && this.sortEnds) {
      this.sortLength = this.slice(prev.sorts, from, to, this.sorts, this.sortEnds, this.sortLength);
    }
    if (this.sigs && prev.sigs) this.sigs.set(prev.sigs.subarray(SIG * from, SIG * to), SIG * this.n);
    this.n += to - from;
  }

  item(f: { key: string; sort: string; sig: Uint8Array | null; bytes: Uint8Array }): void {
    this.lengths[this.n] = f.bytes.length;
    this.keys.push(f.key);
    this.keyLength += f.key.length;
    this.keyEnds[this.n] = this.keyLength;
    if (this.sortEnds) {
      this.sorts.push(f.sort);
      this.sortLength += f.sort.length;
      this.sortEnds[this.n] = this.sortLength;
    }
    if (this.sigs && f.sig) this.sigs.set(f.sig, SIG * this.n);
    this.n++;
  }

  private slice(c: Column, from: number, to: number, texts: string[], ends: Uint32Array, length: number) {
    const start = startOf(c, from);
    const end = c.ends[to - 1] ?? 0;
    texts.push(c.text.slice(start, end));
    for (let i = from; i < to; i++) ends[this.n + i - from] = length + (c.ends[i] ?? 0) - start;
    return length + end - start;
  }
}

/**
 * Writes the index in one pass (no copy of it in memory), its digest last into its head. Returns
 * its SHA-256 (`indexFileSha256`).
 */
export function writeIndex(file: string, sections: Record<Section, SectionWriter>, fileSize: number): string {
  const fd = fs.openSync(file, 'w');
  try {
    const sha = createHash('sha1');
    const sha256 = createHash('sha256');
    let at = HEAD;
    const put = (data: Uint8Array | string) => {
      sha.update(data);
      sha256.update(data);
      if (typeof data === 'string') {
        const size = Buffer.byteLength(data, 'utf8');
        if (fs.writeSync(fd, data, at, 'utf8') !== size) throw new Error(`Short write to ${file}.`);
        at += size;
        return;
      }
      for (let done = 0; done < data.byteLength; ) {
        done += fs.writeSync(fd, data, done, data.byteLength - done, at + done);
      }
      at += data.byteLength;
    };
    for (const section of LEDGER_SECTIONS) {
      const s = sections[section];
      const keys = s.keys.join('');
      const sorts = s.sorts.join('');
      const head = Buffer.alloc(24);
      head.writeUInt32LE(s.lengths.length, 0);
      head.writeUInt32LE(Buffer.byteLength(keys, 'utf8'), 4);
      head.writeUInt32LE(Buffer.byteLength(sorts, 'utf8'), 8);
      head.writeDoubleLE(s.start, 16);
      put(head);
      put(bytesOf(s.lengths));
      put(bytesOf(s.keyEnds));
      if (s.sortEnds) put(bytesOf(s.sortEnds));
      if (s.sigs) put(s.sigs);
      put(keys);
      put(sorts);
    }
    const head = Buffer.alloc(HEAD);
    MAGIC.copy(head, 0);
    head.writeDoubleLE(fileSize, 8);
    sha.digest().copy(head, 16);
    fs.writeSync(fd, head, 0, HEAD, 0);
    return sha256.digest('hex');
  } finally {
    fs.closeSync(fd);
  }
}

const bytesOf = (a: Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

import { createHash, hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { getSystemErrorName } from 'node:util';
import { Worker } from 'node:worker_threads';
import type {
  Family,
  Ledger,
  LedgerClaim,
  LedgerDocument,
  LedgerEvent,
  LedgerQuote,
  ReusePair,
} from '../core/types.js';
import { canonicalLedger } from '../export/ledger-json.js';
import { LEDGER_SECTIONS } from '../store/analysis-store.js';
import { ledgerJsonChunks, withoutItems } from './write-ledger.js';

type Section = (typeof LEDGER_SECTIONS)[number];
type InputSection = 'documents' | 'families' | 'reuse';
type Item = Ledger[Section][number];

/**
 * The items a run changed, by key (null: removed). The merged sections always come with their
 * changes. An input section (documents, families, reuse) may too; without its map, every item of
 * `base[section]` is compared with the previous ledger file.
 */
export interface MergedChanges {
  events: ReadonlyMap<string, LedgerEvent | null>;
  quotes: ReadonlyMap<string, LedgerQuote | null>;
  claims: ReadonlyMap<string, LedgerClaim | null>;
  /** By document id. */
  documents?: ReadonlyMap<string, LedgerDocument | null>;
  /** By family id. */
  families?: ReadonlyMap<string, Family | null>;
  /** By `${a}\u0000${b}`. */
  reuse?: ReadonlyMap<string, ReusePair | null>;
}

export interface WrittenLedgerFile {
  sha256: string;
  bytes: number;
  /** Items in each section. */
  counts: Record<Section, number>;
  /** Items serialised in this run (the others were copied from the previous file). */
  serialised: number;
  /** The new file's name (in the store's ledger folder) and its index's. */
  name: string;
  index: string;
}

const pad = (n: number) => String(9_999_999_999 - n).padStart(10, '0');

const hasSig = (section: Section): section is InputSection =>
  section === 'documents' || section === 'families' || section === 'reuse';

/** Each item's key in its section and the string that orders the section as the merge sorts it. */
function keyOf(section: Section, item: Item): { key: string; sort: string } {
  switch (section) {
    case 'documents':
    case 'families': {
      const id = (item as { id: string }).id;
      return { key: id, sort: id };
    }
    case 'reuse': {
      const p = item as ReusePair;
      const key = `${p.a}\u0000${p.b}`;
      return { key, sort: key };
    }
    case 'events': {
      // compareEvents: most independent sources, most sources, earliest start, id.
      const e = item as LedgerEvent;
      return {
        key: e.id,
        sort: `${pad(e.independent_sources)}${pad(e.sources)}${e.date?.start ?? '9999'}\u0000${e.id}`,
      };
    }
    case 'quotes': {
      const q = item as LedgerQuote;
      return { key: q.id, sort: `${pad(q.independent_sources)}${pad(q.sources)}${q.id}` };
    }
    case 'claims': {
      const c = item as LedgerClaim;
      return { key: c.id, sort: `${pad(c.independent_sources ?? 0)}${pad(c.sources ?? 0)}${c.id}` };
    }
  }
}

/** An input item's content digest (SHA-1 of its JSON), to tell an unchanged item without its map. */
const SIG = 20;
const sigOf = (item: Item): Buffer => hash('sha1', JSON.stringify(item), 'buffer') as unknown as Buffer;

/** An item's JSON as ledger.json lists it (two-space indentation at the depth of a section's items). */
function itemText(canonical: unknown): Buffer {
  // JSON text never holds a raw line break, so indenting every line is exact.
  return Buffer.from(`    ${JSON.stringify(canonical, null, 2).replace(/\n/g, '\n    ')}`, 'utf8');
}

// ---------------------------------------------------------------------------------------------
// The index: per section, parallel arrays over the items of a ledger file.

/** Strings of one field, concatenated: item i is `text.slice(ends[i - 1] ?? 0, ends[i])`. */
interface Column {
  text: string;
  ends: Uint32Array;
}
const startOf = (c: Column, i: number) => (i === 0 ? 0 : (c.ends[i - 1] ?? 0));
const stringAt = (c: Column, i: number) => c.text.slice(startOf(c, i), c.ends[i]);

/**
 * A section of a ledger file: item i's bytes are `[offsets[i], offsets[i] + lengths[i])`; items
 * follow each other with `,\n` between them.
 */
interface SectionIndex {
  count: number;
  offsets: Float64Array;
  lengths: Uint32Array;
  keys: Column;
  /** Ordering strings of the merged sections; null in the input sections, ordered by key. */
  sorts: Column | null;
  /** SHA-1 digests of the input sections' items, SIG bytes each; null in the merged sections. */
  sigs: Uint8Array | null;
}
type LedgerIndex = Record<Section, SectionIndex>;

/** Binary index format 2 (little-endian; see docs/ledger.md). Format 1 is the JSON `.index.json`. */
const MAGIC = Buffer.from('CRBLIDX2', 'latin1');
const INDEX_SUFFIX = '.idx';
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
    if (hashed) this.sha.update(bytes);
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

function readBinaryIndex(file: string, fileSize: number, scratch: Buffer): LedgerIndex {
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
    return index;
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

interface Previous {
  fd: number;
  size: number;
  index: LedgerIndex;
}

/**
 * The previous ledger file (open for reading) and its index, or null when either is missing or
 * unreadable. An index in the JSON format of earlier releases is read too.
 */
function readPrevious(file: string | null, scratch: Buffer): Previous | null {
  if (!file) return null;
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
    const size = fs.fstatSync(fd).size;
    const index = fs.existsSync(`${file}${INDEX_SUFFIX}`)
      ? readBinaryIndex(`${file}${INDEX_SUFFIX}`, size, scratch)
      : readJsonIndex(fs.readFileSync(`${file}.index.json`, 'utf8'), size);
    return { fd, size, index };
  } catch {
    if (fd !== null) fs.closeSync(fd);
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The new file's sections: runs of the previous file's items and fresh items, in order.

/** Items `[from, to)` of the previous file's section, copied as one byte range. */
interface Run {
  from: number;
  to: number;
}
interface Fresh {
  key: string;
  sort: string;
  sig: Buffer | null;
  item: Item | undefined;
  bytes: Buffer;
}
type Part = Run | Fresh;
const isRun = (p: Part): p is Run => 'from' in p;

class Plan {
  readonly parts: Part[] = [];
  count = 0;
  copy(from: number, to: number): void {
    if (to <= from) return;
    const last = this.parts.at(-1);
    if (last && isRun(last) && last.to === from) last.to = to;
    else this.parts.push({ from, to });
    this.count += to - from;
  }
  add(fresh: Fresh): void {
    this.parts.push(fresh);
    this.count++;
  }
}

const EMPTY = Buffer.alloc(0);

function fresh(section: Section, item: Item, sig: Buffer | null = null): Fresh {
  return { ...keyOf(section, item), sig: hasSig(section) ? (sig ?? sigOf(item)) : null, item, bytes: EMPTY };
}

const compareFresh = (a: Fresh, b: Fresh) =>
  a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** The first item of `prev` at or after `from` that sorts after `f`. */
function insertionPoint(prev: SectionIndex, f: Fresh, from: number): number {
  let lo = from;
  let hi = prev.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const key = stringAt(prev.keys, mid);
    const sort = prev.sorts ? stringAt(prev.sorts, mid) : key;
    const after = sort > f.sort || (sort === f.sort && key > f.key);
    if (after) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Marks the previous items whose key is in `changed`. */
function changedItems(prev: SectionIndex, changed: ReadonlyMap<string, unknown>): Uint8Array {
  const marks = new Uint8Array(prev.count);
  if (changed.size === 0) return marks;
  if (prev.sorts === null) {
    // Ordered by key: look each change up.
    for (const key of changed.keys()) {
      let lo = 0;
      let hi = prev.count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (stringAt(prev.keys, mid) < key) lo = mid + 1;
        else hi = mid;
      }
      if (lo < prev.count && stringAt(prev.keys, lo) === key) marks[lo] = 1;
    }
  } else {
    for (let i = 0; i < prev.count; i++) if (changed.has(stringAt(prev.keys, i))) marks[i] = 1;
  }
  return marks;
}

/** A section from the previous one and its changes: the unchanged items in place, the new ones merged in. */
function planChanges(section: Section, prev: SectionIndex, changed: ReadonlyMap<string, Item | null>): Plan {
  const plan = new Plan();
  const marks = changedItems(prev, changed);
  const copyKept = (from: number, to: number) => {
    let run = from;
    for (let i = from; i < to; i++) {
      if (marks[i] === 0) continue;
      plan.copy(run, i);
      run = i + 1;
    }
    plan.copy(run, to);
  };
  const added: Fresh[] = [];
  for (const item of changed.values()) if (item) added.push(fresh(section, item));
  added.sort(compareFresh);
  let at = 0;
  for (const f of added) {
    const next = insertionPoint(prev, f, at);
    copyKept(at, next);
    plan.add(f);
    at = next;
  }
  copyKept(at, prev.count);
  return plan;
}

/** An input section compared item by item with the previous one (both ordered by key). */
function planCompared(
  section: InputSection,
  prev: SectionIndex,
  items: readonly Item[],
  unchanged: ((section: InputSection, key: string) => boolean) | undefined,
): Plan {
  const plan = new Plan();
  const sigs = prev.sigs ?? new Uint8Array(0);
  let p = 0;
  for (const item of items) {
    const { key } = keyOf(section, item);
    while (p < prev.count && stringAt(prev.keys, p) < key) p++;
    const held = p < prev.count && stringAt(prev.keys, p) === key ? p++ : -1;
    if (held >= 0 && unchanged?.(section, key)) {
      plan.copy(held, held + 1);
      continue;
    }
    const sig = sigOf(item);
    if (held >= 0 && sig.equals(sigs.subarray(SIG * held, SIG * held + SIG))) plan.copy(held, held + 1);
    else plan.add(fresh(section, item, sig));
  }
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Writing: one pass that hashes each chunk and writes it to the store's file and the `--out` copy.

/** The previous file does not hold what its index says: the run writes every item afresh. */
class StalePrevious extends Error {}

const OPEN_ITEM = Buffer.from('    {', 'utf8');
const CLOSE_ITEM = 0x7d; // }

/** Where the sink's filled buffers go: `write` takes one and gives the buffer to fill next. */
interface Output {
  first(): Buffer;
  write(buf: Buffer, length: number): Buffer;
  /** Waits until everything given is written. */
  finish(): void;
  /** `finish` after a failure: never throws. */
  close(): void;
}

const writeAll = (fd: number, bytes: Uint8Array, length: number) => {
  for (let done = 0; done < length; ) done += fs.writeSync(fd, bytes, done, length - done);
};

/** Writes each buffer to every file in this thread. */
class DirectOutput implements Output {
  constructor(
    private readonly fds: readonly number[],
    private readonly buf: Buffer,
  ) {}
  first(): Buffer {
    return this.buf;
  }
  write(buf: Buffer, length: number): Buffer {
    for (const fd of this.fds) writeAll(fd, buf, length);
    return buf;
  }
  finish(): void {}
  close(): void {}
}

/**
 * A writing thread: writes the slots the main thread publishes, in order, to its files.
 * control: [0] slots published, [1] slots written, [2] 1 when a write failed, [3] who writes
 * (0 not started, 1 this thread, 2 the main thread, which gave up waiting; 3 this thread ended),
 * [4] the errno.
 * A slot of size -1 ends it.
 */
const WRITER_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { control, sizes, data, fds, slotSize } = workerData;
if (Atomics.compareExchange(control, 3, 0, 1) === 0) {
  try {
    for (let done = 0; ; done++) {
      while (Atomics.load(control, 0) === done) Atomics.wait(control, 0, done);
      const slot = done % sizes.length;
      const n = sizes[slot];
      if (n < 0) break;
      const bytes = new Uint8Array(data, slot * slotSize, n);
      for (const fd of fds) for (let w = 0; w < n; ) w += fs.writeSync(fd, bytes, w, n - w);
      Atomics.store(control, 1, done + 1);
      Atomics.notify(control, 1);
    }
  } catch (err) {
    Atomics.store(control, 4, typeof err.errno === 'number' ? err.errno : 0);
    Atomics.store(control, 2, 1);
  } finally {
    Atomics.store(control, 3, 3);
    Atomics.notify(control, 1);
  }
}
`;

const SLOTS = 4;
/** Previous files from this size on are written in a second thread. */
const THREAD_FROM = 64 << 20;
const SLOT_SIZE = 1 << 21;
/** How long to wait for the writing thread to start before writing in this thread. */
const WRITER_START_MS = 10_000;

/**
 * Hands each filled buffer to one writing thread per file and fills the next one meanwhile: the
 * writes (two files of hundreds of MB at 100k documents) overlap each other, the reads and the
 * hashing.
 */
class ThreadOutput implements Output {
  private readonly sizes = new Int32Array(new SharedArrayBuffer(SLOTS * 4));
  private readonly data = new SharedArrayBuffer(SLOTS * SLOT_SIZE);
  /** One writing thread per file, each with its `control`. */
  private readonly lanes: { fd: number; control: Int32Array }[];
  private published = 0;
  private ended = false;

  constructor(fds: readonly number[]) {
    this.lanes = fds.map((fd) => {
      const control = new Int32Array(new SharedArrayBuffer(5 * 4));
      const worker = new Worker(WRITER_SOURCE, {
        eval: true,
        workerData: { control, sizes: this.sizes, data: this.data, fds: [fd], slotSize: SLOT_SIZE },
      });
      // Failures are reported through `control`; the thread ends after the last slot.
      worker.on('error', () => {});
      worker.unref();
      return { fd, control };
    });
  }

  first(): Buffer {
    return this.slot(0);
  }

  write(_buf: Buffer, length: number): Buffer {
    this.publish(length);
    // The next slot is free once the write of the slot published SLOTS ago is done.
    this.waitFor(this.published - SLOTS + 1);
    return this.slot(this.published % SLOTS);
  }

  /** Ends the threads after what they were given (also after a failure: the files are closed next). */
  close(): void {
    try {
      this.finish();
    } catch {
      // Reported by finish() on the way that ended normally.
    }
  }

  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.publish(-1);
    this.waitFor(this.published - 1);
  }

  private slot(i: number): Buffer {
    return Buffer.from(this.data, i * SLOT_SIZE, SLOT_SIZE);
  }

  private publish(length: number): void {
    this.sizes[this.published % SLOTS] = length;
    this.published++;
    for (const lane of this.lanes) {
      if (Atomics.load(lane.control, 3) === 2) this.writeHere(lane);
      Atomics.store(lane.control, 0, this.published);
      Atomics.notify(lane.control, 0);
    }
  }

  private waitFor(written: number): void {
    for (const lane of this.lanes) {
      const { control } = lane;
      const start = Date.now();
      for (;;) {
        if (Atomics.load(control, 2) === 1) {
          const errno = Atomics.load(control, 4);
          const code = errno < 0 ? getSystemErrorName(errno) : 'unknown error';
          throw new Error(`Writing the ledger file failed (${code}): check the space and permissions there.`);
        }
        const done = Atomics.load(control, 1);
        if (done >= written) break;
        if (Atomics.load(control, 3) === 3 && Atomics.load(control, 1) < written) {
          throw new Error('The ledger file writing thread ended before the file was written (a bug).');
        }
        if (Date.now() - start > WRITER_START_MS && Atomics.compareExchange(control, 3, 0, 2) === 0) {
          this.writeHere(lane);
          break;
        }
        Atomics.wait(control, 1, done, 100);
      }
    }
  }

  /** The lane's thread never started: writes its published slots not written yet in this thread. */
  private writeHere(lane: { fd: number; control: Int32Array }): void {
    for (let k = Atomics.load(lane.control, 1); k < this.published; k++) {
      const length = this.sizes[k % SLOTS] ?? -1;
      if (length >= 0) writeAll(lane.fd, this.slot(k % SLOTS), length);
    }
    Atomics.store(lane.control, 1, this.published);
  }
}

class Sink {
  private buf: Buffer;
  private used = 0;
  private readonly sha = createHash('sha256');
  bytes = 0;
  constructor(private readonly output: Output) {
    this.buf = output.first();
  }

  put(b: Buffer): void {
    for (let at = 0; at < b.length; ) {
      if (this.used === this.buf.length) this.flush();
      const n = Math.min(b.length - at, this.buf.length - this.used);
      b.copy(this.buf, this.used, at, at + n);
      this.used += n;
      at += n;
    }
    this.bytes += b.length;
  }

  /** Copies `length` bytes of item text from `fd` at `position`, checking they start and end an item. */
  copy(fd: number, position: number, length: number): void {
    if (length < OPEN_ITEM.length + 1) throw new StalePrevious();
    if (this.buf.length - this.used < OPEN_ITEM.length) this.flush();
    let first = true;
    while (length > 0) {
      if (this.used === this.buf.length) this.flush();
      const n = Math.min(length, this.buf.length - this.used);
      if (fs.readSync(fd, this.buf, this.used, n, position) !== n) throw new StalePrevious();
      if (first && !this.buf.subarray(this.used, this.used + OPEN_ITEM.length).equals(OPEN_ITEM)) {
        throw new StalePrevious();
      }
      first = false;
      this.used += n;
      this.bytes += n;
      position += n;
      length -= n;
    }
    if (this.buf[this.used - 1] !== CLOSE_ITEM) throw new StalePrevious();
  }

  flush(): void {
    if (this.used === 0) return;
    this.sha.update(this.buf.subarray(0, this.used));
    this.buf = this.output.write(this.buf, this.used);
    this.used = 0;
  }

  digest(): string {
    this.flush();
    this.output.finish();
    return this.sha.digest('hex');
  }
}

/** The new index of one section, filled part by part as the file is written. */
class SectionWriter {
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

  item(f: Fresh): void {
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

/** Writes the index in one pass (no copy of it in memory), its digest last into its head. */
function writeIndex(file: string, sections: Record<Section, SectionWriter>, fileSize: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    const sha = createHash('sha1');
    let at = HEAD;
    const put = (data: Uint8Array | string) => {
      sha.update(data);
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
  } finally {
    fs.closeSync(fd);
  }
}

const bytesOf = (a: Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * Renames `from` to `to`, removing the file at `to`. Not a plain rename over it: on ext4 that
 * starts writing the whole new file to disk first (auto_da_alloc), a stall of up to a second for
 * hundreds of MB. `to` is missing only between two renames.
 */
function replaceFile(from: string, to: string): void {
  const aside = `${from}.old`;
  let moved = true;
  try {
    fs.renameSync(to, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    moved = false;
  }
  fs.renameSync(from, to);
  if (moved) fs.rmSync(aside, { force: true });
}

type Options = Parameters<typeof writeLedgerFile>[0];

/**
 * Writes the ledger file into `folder` (and a copy to `out`), serialising only what changed since
 * the previous file. The merged sections take the merge's `changes`; an input section takes its
 * map in `changes` when given, else its items in `base` are compared one by one (a digest of each
 * item's JSON, kept in the file's index) with the previous file. Unchanged items are copied from
 * the previous file as byte ranges, consecutive items in one read. Without a previous file, or
 * without changes (a merge from scratch), or when the previous file does not match its index,
 * every item of `all()` is serialised. Byte for byte what `toLedgerJson` gives for the whole ledger.
 */
export function writeLedgerFile(options: {
  folder: string;
  previous: string | null;
  /** The header fields and, for each input section without a map in `changes`, its items. */
  base: Pick<Ledger, 'documents' | 'families' | 'reuse' | 'custody'>;
  changes: MergedChanges | null;
  /**
   * True for a documents, families or reuse item known to be the same as in the previous file
   * (then it is copied without comparing its content).
   */
  unchanged?: (section: InputSection, key: string) => boolean;
  all: () => Ledger;
  out: string | null;
  /**
   * Write in a second thread while this one reads and hashes (default: when the previous file
   * is 64 MB or more).
   */
  thread?: boolean;
}): WrittenLedgerFile {
  // One buffer for every read and write: a large ArrayBuffer allocated here, with the merge's
  // heap of a large store behind it, would make V8 collect that heap (external memory pressure).
  const scratch = Buffer.allocUnsafeSlow(1 << 21);
  const prior = options.changes ? readPrevious(options.previous, scratch) : null;
  try {
    return write(options, prior, scratch);
  } catch (err) {
    if (!(err instanceof StalePrevious)) throw err;
    return write(options, null, scratch);
  } finally {
    if (prior) fs.closeSync(prior.fd);
  }
}

function write(options: Options, prior: Previous | null, scratch: Buffer): WrittenLedgerFile {
  const ledger: Partial<Ledger> & Options['base'] = prior ? options.base : options.all();
  // Only the custody fields: reading a section of \`base\` may assemble it (the merge's lists are
  // read when first asked for), and only sections without a change map are read, below.
  const header = withoutItems({ custody: ledger.custody } as Ledger);
  const plans = {} as Record<Section, Plan>;
  let serialised = 0;
  for (const section of LEDGER_SECTIONS) {
    const changed = options.changes?.[section] as ReadonlyMap<string, Item | null> | undefined;
    if (!prior) {
      plans[section] = new Plan();
      for (const item of (ledger[section] ?? []) as readonly Item[]) plans[section].add(fresh(section, item));
    } else if (changed) plans[section] = planChanges(section, prior.index[section], changed);
    else if (hasSig(section)) {
      plans[section] = planCompared(section, prior.index[section], ledger[section], options.unchanged);
    } else throw new TypeError(`writeLedgerFile: changes.${section} is required`);
  }

  for (const section of LEDGER_SECTIONS) {
    const pieces = plans[section].parts.filter((p): p is Fresh => !isRun(p));
    serialised += pieces.length;
    // A thousand items at a time: a whole section's canonical copy at once strains a large heap.
    for (let k = 0; k < pieces.length; k += 1000) {
      const part = pieces.slice(k, k + 1000);
      const canonical = canonicalLedger({ ...header, [section]: part.map((p) => p.item) })[
        section
      ] as unknown[];
      part.forEach((p, i) => {
        p.bytes = itemText(canonical[i]);
        p.item = undefined;
      });
    }
  }

  const temp = path.join(options.folder, `.ledger.${process.pid}.tmp`);
  const outTemp = options.out
    ? path.join(path.dirname(options.out), `.${path.basename(options.out)}.${process.pid}.tmp`)
    : null;
  const fds: number[] = [];
  const sections = {} as Record<Section, SectionWriter>;
  let sha256: string;
  let bytes: number;
  let output: Output | null = null;
  try {
    fds.push(fs.openSync(temp, 'w'));
    if (outTemp) fds.push(fs.openSync(outTemp, 'w'));
    const threaded = options.thread ?? (prior !== null && prior.size >= THREAD_FROM);
    output = threaded ? new ThreadOutput(fds) : new DirectOutput(fds, scratch);
    const sink = new Sink(output);
    const comma = Buffer.from(',\n', 'utf8');
    // The header's text with each section's items in place of its empty list.
    const lines = [...ledgerJsonChunks(header)].join('').split('\n');
    lines.pop(); // the text ends with a line break
    for (const line of lines) {
      const empty = /^ {2}"(\w+)": \[\](,?)$/.exec(line);
      const section = empty?.[1] as Section | undefined;
      const plan = section && section in plans ? plans[section] : null;
      if (!section || !plan) {
        sink.put(Buffer.from(`${line}\n`, 'utf8'));
        continue;
      }
      const index = new SectionWriter(section, plan.count);
      sections[section] = index;
      if (plan.count === 0) {
        sink.put(Buffer.from(`${line}\n`, 'utf8'));
        continue;
      }
      sink.put(Buffer.from(`  "${section}": [\n`, 'utf8'));
      index.start = sink.bytes;
      plan.parts.forEach((p, i) => {
        if (i > 0) sink.put(comma);
        if (isRun(p)) {
          const prev = (prior as Previous).index[section];
          const start = prev.offsets[p.from] ?? 0;
          const end = (prev.offsets[p.to - 1] ?? 0) + (prev.lengths[p.to - 1] ?? 0);
          sink.copy((prior as Previous).fd, start, end - start);
          index.run(prev, p.from, p.to);
        } else {
          sink.put(p.bytes);
          index.item(p);
        }
      });
      sink.put(Buffer.from(`\n  ]${empty?.[2] ?? ''}\n`, 'utf8'));
    }
    sha256 = sink.digest();
    bytes = sink.bytes;
  } catch (err) {
    // Nothing may still be writing to the files once they are closed.
    output?.close();
    for (const f of [temp, outTemp]) if (f) fs.rmSync(f, { force: true });
    throw err;
  } finally {
    for (const fd of fds) fs.closeSync(fd);
  }
  const name = `ledger-${sha256.slice(0, 16)}.json`;
  const file = path.join(options.folder, name);
  writeIndex(`${file}${INDEX_SUFFIX}`, sections, bytes);
  fs.renameSync(temp, file);
  if (options.out && outTemp) replaceFile(outTemp, options.out);
  const counts = {} as Record<Section, number>;
  for (const section of LEDGER_SECTIONS) counts[section] = plans[section].count;
  return { sha256, bytes, counts, serialised, name, index: `${name}${INDEX_SUFFIX}` };
}

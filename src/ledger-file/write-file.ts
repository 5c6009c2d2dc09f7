import { createHash, hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  Family,
  Ledger,
  LedgerClaim,
  LedgerDocument,
  LedgerEvent,
  LedgerQuote,
  ReusePair,
} from '../core/types.js';
import { moveToTrash } from '../store/trash.js';
import { canonicalLedger } from './canonical.js';
import {
  INDEX_SUFFIX,
  type Previous,
  readPrevious,
  type SectionIndex,
  SectionWriter,
  stringAt,
  writeIndex,
} from './file-index.js';
import { ledgerJsonChunks, withoutItems } from './json-text.js';
import { DirectOutput, type Output, THREAD_FROM, WritingThreads } from './output.js';
import { hasSig, type InputSection, type Item, LEDGER_SECTIONS, type Section, SIG } from './sections.js';

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
  /** SHA-256 of the index (`indexFileSha256`), for the analysis entry (`ledgerIndexSha256`). */
  indexSha256: string;
  /**
   * With `deferOut`: puts the copy written beside `out` in its place (call it once the file is
   * recorded), or removes it (`keep` false). Without `deferOut`, `out` is already in place.
   */
  publishOut: (keep?: boolean) => void;
}

const pad = (n: number) => String(9_999_999_999 - n).padStart(10, '0');

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
const sigOf = (item: Item): Buffer => hash('sha1', JSON.stringify(item), 'buffer') as unknown as Buffer;

/** An item's JSON as ledger.json lists it (two-space indentation at the depth of a section's items). */
function itemText(canonical: unknown): Buffer {
  // JSON text never holds a raw line break, so indenting every line is exact.
  return Buffer.from(`    ${JSON.stringify(canonical, null, 2).replace(/\n/g, '\n    ')}`, 'utf8');
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

/**
 * Renames `from` to `to`, removing the file at `to`: into `trash` when given (`moveToTrash`:
 * deleting a file of hundreds of MB waits most of a second), else at once. Not a plain rename
 * over it: on ext4 that starts writing the whole new file to disk first (auto_da_alloc), a stall
 * of up to a second for hundreds of MB. `to` is missing only between two renames.
 */
function replaceFile(from: string, to: string, trash: string | undefined): void {
  const aside = `${from}.old`;
  let moved = true;
  try {
    fs.renameSync(to, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    moved = false;
  }
  fs.renameSync(from, to);
  if (moved) moveToTrash(aside, trash);
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
  /**
   * The SHA-256 the previous file's index must have (`readPrevious`): null when none was recorded
   * (the index is then not used: every item is serialised); absent when the caller vouches for it.
   */
  previousIndex?: string | null;
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
  /** Leave the copy for `out` under a temporary name until `publishOut()` (see WrittenLedgerFile). */
  deferOut?: boolean;
  /** Where the file `out` replaces is moved (`moveToTrash`) instead of being deleted at once. */
  trash?: string;
  /**
   * Write in a second thread while this one reads and hashes (default: when the previous file
   * is 64 MB or more).
   */
  thread?: boolean;
}): WrittenLedgerFile {
  // One buffer for every read and write: a large ArrayBuffer allocated here, with the merge's
  // heap of a large store behind it, would make V8 collect that heap (external memory pressure).
  const scratch = Buffer.allocUnsafeSlow(1 << 21);
  const prior = options.changes ? readPrevious(options.previous, scratch, options.previousIndex) : null;
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
  // Started first, so that the threads set up while the changed items are serialised.
  const threaded = options.thread ?? (prior !== null && prior.size >= THREAD_FROM);
  const threads = threaded ? new WritingThreads(options.out ? 2 : 1) : null;
  try {
    return writeWith(options, prior, scratch, threads);
  } finally {
    threads?.close();
  }
}

function writeWith(
  options: Options,
  prior: Previous | null,
  scratch: Buffer,
  threads: WritingThreads | null,
): WrittenLedgerFile {
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
    output = threads?.output(fds) ?? new DirectOutput(fds, scratch);
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
  const indexSha256 = writeIndex(`${file}${INDEX_SUFFIX}`, sections, bytes);
  fs.renameSync(temp, file);
  const publishOut = (keep = true) => {
    if (!options.out || !outTemp) return;
    if (keep) replaceFile(outTemp, options.out, options.trash);
    else fs.rmSync(outTemp, { force: true });
  };
  if (!options.deferOut) publishOut();
  const counts = {} as Record<Section, number>;
  for (const section of LEDGER_SECTIONS) counts[section] = plans[section].count;
  return {
    sha256,
    bytes,
    counts,
    serialised,
    name,
    index: `${name}${INDEX_SUFFIX}`,
    indexSha256,
    publishOut: options.deferOut ? publishOut : () => {},
  };
}

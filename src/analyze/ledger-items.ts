import { createHash, hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Ledger, LedgerClaim, LedgerEvent, LedgerQuote } from '../core/types.js';
import { canonicalLedger } from '../export/ledger-json.js';
import { LEDGER_SECTIONS } from '../store/sqlite/analysis-tables.js';
import { ledgerJsonChunks, withoutItems } from './write-ledger.js';

type Section = (typeof LEDGER_SECTIONS)[number];
type Item = Ledger[Section][number];

/**
 * The merged sections' items changed by a run, by item id (null: removed). Every other section
 * is compared item by item with the previous ledger file.
 */
export interface MergedChanges {
  events: ReadonlyMap<string, LedgerEvent | null>;
  quotes: ReadonlyMap<string, LedgerQuote | null>;
  claims: ReadonlyMap<string, LedgerClaim | null>;
}

/** One item of a ledger file: key, ordering string, content digest (input sections), byte range. */
type Entry = [key: string, sort: string, sig: string, offset: number, length: number];
type LedgerIndex = Record<Section, Entry[]>;

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

/** Each item's key in its section and the string that orders the section as the merge sorts it. */
function keyOf(section: Section, item: Item): { key: string; sort: string } {
  switch (section) {
    case 'documents':
    case 'families': {
      const id = (item as { id: string }).id;
      return { key: id, sort: id };
    }
    case 'reuse': {
      const p = item as Ledger['reuse'][number];
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

/** An item's JSON as ledger.json lists it (two-space indentation at the depth of a section's items). */
function itemText(canonical: unknown): Buffer {
  // JSON text never holds a raw line break, so indenting every line is exact.
  return Buffer.from(`    ${JSON.stringify(canonical, null, 2).replace(/\n/g, '\n    ')}`, 'utf8');
}

const EMPTY = Buffer.alloc(0);

const compareEntries = (a: { sort: string; key: string }, b: { sort: string; key: string }) =>
  a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** The previous ledger file and its index, or null when either is missing or unreadable. */
function readPrevious(file: string | null): { bytes: Buffer; index: LedgerIndex } | null {
  if (!file) return null;
  try {
    const index = JSON.parse(fs.readFileSync(`${file}.index.json`, 'utf8')) as LedgerIndex;
    return { bytes: fs.readFileSync(file), index };
  } catch {
    return null;
  }
}

/**
 * Writes the ledger file into `folder` (and a copy to `out`), serialising only what changed since
 * the previous file: the documents, families and reuse sections are compared item by item (a
 * digest of each item's JSON, kept in the file's index) with the previous file; the merged
 * sections take the merge's `changes`. Without a previous file (or without changes: a merge from
 * scratch) every item of `all()` is serialised. Byte for byte what `toLedgerJson` gives for the
 * whole ledger.
 */
export function writeLedgerFile(options: {
  folder: string;
  previous: string | null;
  base: Pick<Ledger, 'documents' | 'families' | 'reuse' | 'custody'>;
  changes: MergedChanges | null;
  /**
   * True for a documents, families or reuse item known to be the same as in the previous file
   * (then it is copied without comparing its content).
   */
  unchanged?: (section: 'documents' | 'families' | 'reuse', key: string) => boolean;
  all: () => Ledger;
  out: string | null;
}): WrittenLedgerFile {
  const prior = options.changes ? readPrevious(options.previous) : null;
  const ledger: Partial<Ledger> & typeof options.base = prior ? options.base : options.all();
  const header = withoutItems({ ...ledger, events: [], quotes: [], claims: [] } as Ledger);
  type Piece = { key: string; sort: string; sig: string; bytes: Buffer; item?: Item };
  const sections = {} as Record<Section, Piece[]>;
  let serialised = 0;
  // Serialised below, a section at a time (the contract's key order set once per section).
  const fresh = (section: Section, item: Item, sig: string): Piece => {
    serialised++;
    return { ...keyOf(section, item), sig, bytes: EMPTY, item };
  };
  const slice = (e: Entry): Piece => ({
    key: e[0],
    sort: e[1],
    sig: e[2],
    bytes: (prior as { bytes: Buffer }).bytes.subarray(e[3], e[3] + e[4]),
  });
  for (const section of ['documents', 'families', 'reuse'] as const) {
    const held = new Map((prior?.index[section] ?? []).map((e) => [e[0], e]));
    // The input lists are in ledger order already.
    sections[section] = (ledger[section] as readonly Item[]).map((item) => {
      const key = keyOf(section, item).key;
      const e = held.get(key);
      if (e && options.unchanged?.(section, key)) return slice(e);
      const sig = hash('sha1', JSON.stringify(item), 'base64');
      return e && e[2] === sig ? slice(e) : fresh(section, item, sig);
    });
  }
  for (const section of ['events', 'quotes', 'claims'] as const) {
    if (!prior) {
      sections[section] = (ledger[section] ?? []).map((item) => fresh(section, item, ''));
      continue;
    }
    const changed = (options.changes as MergedChanges)[section] as ReadonlyMap<string, Item | null>;
    const list = prior.index[section].filter((e) => !changed.has(e[0])).map(slice);
    for (const item of changed.values()) if (item) list.push(fresh(section, item, ''));
    sections[section] = list.sort(compareEntries);
  }

  for (const section of LEDGER_SECTIONS) {
    const pieces = sections[section].filter((p) => p.item !== undefined);
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

  // The file, streamed: header lines with each section's items in place of its empty list.
  const sha = createHash('sha256');
  const temp = path.join(options.folder, `.ledger.${process.pid}.tmp`);
  const fd = fs.openSync(temp, 'w');
  const index = {} as LedgerIndex;
  const counts = {} as Record<Section, number>;
  let offset = 0;
  let batch: Buffer[] = [];
  let size = 0;
  const flush = () => {
    const b = Buffer.concat(batch, size);
    sha.update(b);
    fs.writeSync(fd, b);
    batch = [];
    size = 0;
  };
  const put = (b: Buffer) => {
    batch.push(b);
    size += b.length;
    offset += b.length;
    if (size >= 1 << 22) flush();
  };
  const comma = Buffer.from(',\n', 'utf8');
  try {
    const lines = [...ledgerJsonChunks(header)].join('').split('\n');
    lines.pop(); // the text ends with a line break
    for (const line of lines) {
      const empty = /^ {2}"(\w+)": \[\](,?)$/.exec(line);
      const section = empty?.[1] as Section | undefined;
      const list = section && section in sections ? sections[section] : null;
      if (!section || !list) {
        put(Buffer.from(`${line}\n`, 'utf8'));
        continue;
      }
      counts[section] = list.length;
      index[section] = [];
      if (list.length === 0) {
        put(Buffer.from(`${line}\n`, 'utf8'));
        continue;
      }
      put(Buffer.from(`  "${section}": [\n`, 'utf8'));
      list.forEach((p, i) => {
        index[section].push([p.key, p.sort, p.sig, offset, p.bytes.length]);
        put(p.bytes);
        if (i + 1 < list.length) put(comma);
      });
      put(Buffer.from(`\n  ]${empty?.[2] ?? ''}\n`, 'utf8'));
    }
    flush();
  } finally {
    fs.closeSync(fd);
  }
  const sha256 = sha.digest('hex');
  const name = `ledger-${sha256.slice(0, 16)}.json`;
  const file = path.join(options.folder, name);
  fs.writeFileSync(`${file}.index.json`, JSON.stringify(index));
  fs.renameSync(temp, file);
  if (options.out) {
    const outTemp = path.join(path.dirname(options.out), `.${path.basename(options.out)}.${process.pid}.tmp`);
    fs.copyFileSync(file, outTemp);
    fs.renameSync(outTemp, options.out);
  }
  return { sha256, bytes: offset, counts, serialised, name, index: `${name}.index.json` };
}

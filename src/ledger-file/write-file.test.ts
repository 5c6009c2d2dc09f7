import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.js';
import type {
  Family,
  Ledger,
  LedgerClaim,
  LedgerDocument,
  LedgerEvent,
  LedgerQuote,
  ReusePair,
} from '../core/types.js';
import { compareLedgerClaims } from '../merge/group-claims.js';
import { compareLedgerQuotes } from '../merge/group-quotes.js';
import { openStore } from '../store/open-store.js';
import { toLedgerJson } from './canonical.js';
import { ledgerJsonChunks } from './json-text.js';
import { type MergedChanges, type WrittenLedgerFile, writeLedgerFile } from './write-file.js';

/**
 * The ledger file written from the previous one (docs/ledger-file.md): after any
 * changes, byte for byte `toLedgerJson` of the whole new ledger, with only the changed items
 * serialised.
 */

const corpus = path.resolve('examples/corpus');
const SECTIONS = ['documents', 'families', 'reuse', 'events', 'quotes', 'claims'] as const;
type Section = (typeof SECTIONS)[number];
type Item = Ledger[Section][number];

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const keyOf: Record<Section, (x: never) => string> = {
  documents: (d: LedgerDocument) => d.id,
  families: (f: Family) => f.id,
  reuse: (p: ReusePair) => `${p.a}\u0000${p.b}`,
  events: (e: LedgerEvent) => e.id,
  quotes: (q: LedgerQuote) => q.id,
  claims: (c: LedgerClaim) => c.id,
};
/** The merge's orders (src/merge/build-ledger.ts). */
const order: Record<Section, (a: never, b: never) => number> = {
  documents: (a: LedgerDocument, b: LedgerDocument) => compare(a.id, b.id),
  families: (a: Family, b: Family) => compare(a.id, b.id),
  reuse: (a: ReusePair, b: ReusePair) => compare(a.a, b.a) || compare(a.b, b.b),
  events: (a: LedgerEvent, b: LedgerEvent) =>
    b.independent_sources - a.independent_sources ||
    b.sources - a.sources ||
    compare(a.date?.start ?? '9999', b.date?.start ?? '9999') ||
    compare(a.id, b.id),
  quotes: compareLedgerQuotes,
  claims: compareLedgerClaims,
};

type Changes = { [S in Section]: Map<string, Ledger[S][number] | null> };

/** An item with other content (and, in the merged sections, another place in the order). */
function altered(section: Section, item: Item, n: number): Item {
  const x = structuredClone(item) as Item & Record<string, unknown>;
  switch (section) {
    case 'documents':
      return { ...(x as LedgerDocument), title: `Revised headline ${n}` };
    case 'families':
      return { ...(x as Family), origin: null };
    case 'reuse':
      return { ...(x as ReusePair), reason: `revised ${n}` };
    case 'events':
      return { ...(x as LedgerEvent), summary: `Revised ${n}.`, independent_sources: 50 + n, sources: 60 };
    case 'quotes':
      return { ...(x as LedgerQuote), text: `revised “${n}”`, sources: 40 + n };
    case 'claims':
      return { ...(x as LedgerClaim), text: `revised ${n}`, independent_sources: 0, sources: 0 };
  }
}

/** A new item next to `item` in the order: its copy under a key that sorts right after it. */
function added(section: Section, item: Item, n: number): Item {
  const x = structuredClone(item) as Item & Record<string, unknown>;
  if (section === 'reuse') return { ...(x as ReusePair), b: `${(x as ReusePair).b}-ü${n}` };
  return { ...x, id: `${x.id as string}-ü${n}` } as Item;
}

/** In every section: item i changed, item j removed, a new item after item k. */
function changesOf(ledger: Ledger, i: number, j: number, k: number, n: number): Changes {
  const changes = {} as Record<Section, Map<string, Item | null>>;
  for (const section of SECTIONS) {
    const items = ledger[section] as Item[];
    const key = keyOf[section] as (x: Item) => string;
    const at = (m: number) => items[Math.min(m, items.length - 1)] as Item;
    const map = new Map<string, Item | null>();
    map.set(key(at(i)), altered(section, at(i), n));
    map.set(key(at(j)), null);
    const fresh = added(section, at(k), n);
    map.set(key(fresh), fresh);
    changes[section] = map;
  }
  return changes as Changes;
}

function applied(ledger: Ledger, changes: Changes, custody: Ledger['custody']): Ledger {
  const next = { ...ledger, custody };
  const lists = next as unknown as Record<Section, Item[]>;
  for (const section of SECTIONS) {
    const key = keyOf[section] as (x: Item) => string;
    const map = changes[section] as Map<string, Item | null>;
    const items = (ledger[section] as Item[]).filter((x) => !map.has(key(x)));
    for (const item of map.values()) if (item) items.push(item);
    lists[section] = items.sort(order[section] as (a: Item, b: Item) => number);
  }
  return next;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const countsOf = (l: Ledger) => Object.fromEntries(SECTIONS.map((s) => [s, l[s].length]));

describe('writeLedgerFile', () => {
  let dir: string;
  let ledger: Ledger;
  let n = 0;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-ledger-items-'));
    const store = openStore(path.join(dir, 'store'), { clock: () => new Date('2024-05-03T12:00:00Z') });
    try {
      const result = await analyze(store, [corpus], {
        manifest: path.join(corpus, 'manifest.jsonl'),
        workers: 1,
      });
      ledger = result.ledger;
    } finally {
      store.close();
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A fresh folder for a series of files, and `--out` in another one. */
  function folders(): { folder: string; out: string } {
    const base = path.join(dir, `series-${++n}`);
    fs.mkdirSync(path.join(base, 'ledger'), { recursive: true });
    fs.mkdirSync(path.join(base, 'out'), { recursive: true });
    return { folder: path.join(base, 'ledger'), out: path.join(base, 'out', 'ledger.json') };
  }

  /** The written file (and its `--out` copy) must be `toLedgerJson(expected)` exactly. */
  function expectFile(written: WrittenLedgerFile, folder: string, out: string, expected: Ledger): string {
    const file = path.join(folder, written.name);
    const bytes = fs.readFileSync(file);
    expect(bytes.toString('utf8')).toBe(toLedgerJson(expected));
    expect(written.sha256).toBe(sha256(bytes));
    expect(written.name).toBe(`ledger-${written.sha256.slice(0, 16)}.json`);
    expect(written.bytes).toBe(bytes.length);
    expect(written.counts).toEqual(countsOf(expected));
    expect(fs.readFileSync(out).equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(folder, written.index))).toBe(true);
    // No temporary file is left behind.
    expect(fs.readdirSync(folder).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(fs.readdirSync(path.dirname(out))).toEqual(['ledger.json']);
    return file;
  }

  const first = (folder: string, out: string, l = ledger) =>
    writeLedgerFile({ folder, previous: null, base: l, changes: null, all: () => l, out });

  /** Every input section by its map, as the merge reports them; `base` holds only the header. */
  function byMaps(
    folder: string,
    out: string,
    previous: string,
    changes: Changes,
    next: Ledger,
    thread = false,
  ) {
    return writeLedgerFile({
      thread,
      folder,
      previous,
      base: { documents: [], families: [], reuse: [], custody: next.custody },
      changes: changes as MergedChanges,
      all: () => next,
      out,
    });
  }

  const changedItems = (changes: Changes) =>
    SECTIONS.reduce((sum, s) => sum + [...changes[s].values()].filter((x) => x !== null).length, 0);

  it('has a ledger with a few items in every section to change', () => {
    for (const section of SECTIONS) expect(ledger[section].length, section).toBeGreaterThanOrEqual(3);
  });

  it('writes a ledger from scratch as toLedgerJson does', () => {
    const { folder, out } = folders();
    const written = first(folder, out);
    expectFile(written, folder, out, ledger);
    expect(written.serialised).toBe(SECTIONS.reduce((sum, s) => sum + ledger[s].length, 0));
  });

  it.each([
    ['in this thread', false],
    ['in a second thread', true],
  ])(
    'rewrites only the changed items, run after run, by the sections’ change maps (written %s)',
    (_, thread) => {
      const { folder, out } = folders();
      let file = expectFile(first(folder, out), folder, out, ledger);
      let current = ledger;
      const steps: [number, number, number][] = [
        [0, 1, 2],
        [2, 0, 1],
        [1, 99, 0],
        [99, 2, 99],
      ];
      steps.forEach(([i, j, k], step) => {
        const changes = changesOf(current, i, j, k, step);
        const next = applied(current, changes, { entries: 100 + step, head: `${step}`.repeat(64) });
        const written = byMaps(folder, out, file, changes, next, thread);
        file = expectFile(written, folder, out, next);
        expect(written.serialised).toBe(changedItems(changes));
        current = next;
      });
    },
  );

  it('writes a ledger larger than the writing thread’s buffers (8 MB) in a second thread', () => {
    const { folder, out } = folders();
    const model = ledger.documents[0] as LedgerDocument;
    const documents = Array.from({ length: 40_000 }, (_, i) => ({
      ...model,
      id: `d${String(i).padStart(6, '0')}`,
      title: `Report ${i} ${'·'.repeat(i % 50)}`,
    }));
    const large = { ...ledger, documents };
    const file = expectFile(first(folder, out, large), folder, out, large);
    const changes = changesOf(large, 20_000, 30_000, 10_000, 9);
    const next = applied(large, changes, large.custody);
    const written = byMaps(folder, out, file, changes, next, true);
    expect(written.bytes).toBeGreaterThan(12 << 20);
    expectFile(written, folder, out, next);
    expect(written.serialised).toBe(changedItems(changes));
  });

  it('compares the input sections item by item when they come without maps', () => {
    const { folder, out } = folders();
    const file = expectFile(first(folder, out), folder, out, ledger);
    const changes = changesOf(ledger, 1, 2, 0, 7);
    const next = applied(ledger, changes, ledger.custody);
    const merged = { events: changes.events, quotes: changes.quotes, claims: changes.claims };
    const written = writeLedgerFile({
      folder,
      previous: file,
      base: next,
      changes: merged,
      all: () => next,
      out,
    });
    const second = expectFile(written, folder, out, next);
    expect(written.serialised).toBe(changedItems(changes));

    // Items said to be unchanged are copied without comparing them, even when they differ.
    const stale = structuredClone(next);
    (stale.documents[0] as LedgerDocument).title = 'Never written';
    const third = writeLedgerFile({
      folder,
      previous: second,
      base: stale,
      changes: { events: new Map(), quotes: new Map(), claims: new Map() },
      unchanged: (section, key) => section === 'documents' && key === next.documents[0]?.id,
      all: () => stale,
      out,
    });
    expectFile(third, folder, out, next);
    expect(third.serialised).toBe(0);
  });

  it('uses the previous index only when it hashes to the SHA-256 given (null: none is trusted)', () => {
    const { folder, out } = folders();
    const written = first(folder, out);
    const file = expectFile(written, folder, out, ledger);
    expect(written.indexSha256).toMatch(/^[0-9a-f]{64}$/);
    const changes = changesOf(ledger, 2, 0, 1, 3);
    const next = applied(ledger, changes, ledger.custody);
    const all = SECTIONS.reduce((sum, s) => sum + next[s].length, 0);
    const run = (previousIndex: string | null) =>
      writeLedgerFile({
        folder,
        previous: file,
        previousIndex,
        base: { documents: [], families: [], reuse: [], custody: next.custody },
        changes: changes as MergedChanges,
        all: () => next,
        out,
      });
    for (const other of [null, '0'.repeat(64)]) {
      const fresh = run(other);
      expectFile(fresh, folder, out, next);
      expect(fresh.serialised).toBe(all);
    }
    const copied = run(written.indexSha256);
    expectFile(copied, folder, out, next);
    expect(copied.serialised).toBe(changedItems(changes));
  });

  it('reads an index in the JSON format of earlier releases', () => {
    const { folder, out } = folders();
    const written = first(folder, out);
    const file = expectFile(written, folder, out, ledger);
    fs.rmSync(path.join(folder, written.index));
    fs.writeFileSync(`${file}.index.json`, JSON.stringify(jsonIndex(ledger)));
    const changes = changesOf(ledger, 2, 0, 1, 3);
    const next = applied(ledger, changes, ledger.custody);
    const second = byMaps(folder, out, file, changes, next);
    expectFile(second, folder, out, next);
    expect(second.serialised).toBe(changedItems(changes));
    expect(second.index).toBe(`${second.name}.idx`);
  });

  describe('serialises everything when the previous file cannot be trusted', () => {
    const total = (l: Ledger) => SECTIONS.reduce((sum, s) => sum + l[s].length, 0);
    const cases: [string, (file: string, index: string) => void][] = [
      ['no index', (_, index) => fs.rmSync(index)],
      ['a truncated index', (_, index) => fs.truncateSync(index, fs.statSync(index).size - 7)],
      [
        'an index with a changed byte',
        (_, index) => {
          const bytes = fs.readFileSync(index);
          bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 1;
          fs.writeFileSync(index, bytes);
        },
      ],
      ['an index that is not one', (_, index) => fs.writeFileSync(index, '{"documents": [')],
      [
        'a previous file whose item ends elsewhere',
        (file) => {
          // Same size; the last family's closing brace gone.
          const text = fs.readFileSync(file, 'utf8');
          const at = text.indexOf('\n  ]', text.indexOf('"families"'));
          fs.writeFileSync(file, `${text.slice(0, at - 1)} ${text.slice(at)}`);
        },
      ],
      ['no previous file', (file) => fs.rmSync(file)],
      ['a truncated previous file', (file) => fs.truncateSync(file, fs.statSync(file).size - 100)],
      [
        'a previous file whose items are not where the index says',
        (file) => {
          // Same size; an item moved by one byte.
          const text = fs.readFileSync(file, 'utf8');
          const at = text.indexOf('\n    {', text.indexOf('"families"'));
          fs.writeFileSync(file, `${text.slice(0, at)}\n     {${text.slice(at + 6, -2)}\n`);
        },
      ],
    ];
    for (const [name, spoil] of cases) {
      it.each([false, true])(`${name} (second thread: %s)`, (thread) => {
        const { folder, out } = folders();
        const written = first(folder, out);
        const file = path.join(folder, written.name);
        spoil(file, path.join(folder, written.index));
        const changes = changesOf(ledger, 0, 1, 2, 5);
        const next = applied(ledger, changes, ledger.custody);
        const second = byMaps(folder, out, file, changes, next, thread);
        expectFile(second, folder, out, next);
        expect(second.serialised).toBe(total(next));
      });
    }
  });
});

/** The index as the previous release wrote it: per section `[key, sort, sig, offset, length]`. */
function jsonIndex(ledger: Ledger): Record<Section, [string, string, string, number, number][]> {
  const pad = (n: number) => String(9_999_999_999 - n).padStart(10, '0');
  const sortOf: Record<Section, (x: never) => string> = {
    ...(keyOf as Record<Section, (x: never) => string>),
    events: (e: LedgerEvent) =>
      `${pad(e.independent_sources)}${pad(e.sources)}${e.date?.start ?? '9999'}\u0000${e.id}`,
    quotes: (q: LedgerQuote) => `${pad(q.independent_sources)}${pad(q.sources)}${q.id}`,
    claims: (c: LedgerClaim) => `${pad(c.independent_sources ?? 0)}${pad(c.sources ?? 0)}${c.id}`,
  };
  const index = {} as Record<Section, [string, string, string, number, number][]>;
  let offset = 0;
  let section = 0;
  // One item a chunk: each item's text, followed by `,\n` or `\n`.
  for (const chunk of ledgerJsonChunks(ledger, 1)) {
    const bytes = Buffer.byteLength(chunk, 'utf8');
    const name = SECTIONS[section];
    if (name && chunk.startsWith('    ')) {
      const items = ledger[name] as Item[];
      index[name] ??= [];
      const list = index[name];
      const item = items[list.length] as Item;
      const sig = ['documents', 'families', 'reuse'].includes(name)
        ? createHash('sha1').update(JSON.stringify(item)).digest('base64')
        : '';
      const key = (keyOf[name] as (x: Item) => string)(item);
      list.push([
        key,
        (sortOf[name] as (x: Item) => string)(item),
        sig,
        offset,
        bytes - (chunk.endsWith(',\n') ? 2 : 1),
      ]);
    } else if (name && chunk.startsWith(`  "${name}": [`)) {
      index[name] ??= [];
      if (chunk.includes('[]')) section++;
    } else if (chunk === '  ],\n') section++;
    offset += bytes;
  }
  return index;
}

import { createHash, hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Ledger, LedgerClaim, LedgerEvent, LedgerQuote } from '../core/types.js';
import { canonicalLedger } from '../export/ledger-json.js';
import {
  itemizedLedger,
  type LEDGER_SECTIONS,
  type LedgerItemRow,
  type LedgerItemsStore,
  sortedItems,
} from '../store/sqlite/analysis-tables.js';
import { ledgerJsonChunks, withoutItems } from './write-ledger.js';

type Section = (typeof LEDGER_SECTIONS)[number];
type Item = Ledger[Section][number];

/**
 * The merged sections' items changed by a run, by item id (null: removed), or all of them. Every
 * other section is compared item by item with what the store holds.
 */
export interface MergedChanges {
  events: ReadonlyMap<string, LedgerEvent | null>;
  quotes: ReadonlyMap<string, LedgerQuote | null>;
  claims: ReadonlyMap<string, LedgerClaim | null>;
}

export interface WrittenItems {
  sha256: string;
  bytes: number;
  /** Items in each section. */
  counts: Record<Section, number>;
  /** Items (re)serialised in this run. */
  written: number;
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
function itemText(canonical: unknown): string {
  // JSON text never holds a raw line break, so indenting every line is exact.
  return `    ${JSON.stringify(canonical, null, 2).replace(/\n/g, '\n    ')}`;
}

/** The canonical (contract key order) form of a section's items. */
function canonicalItems(section: Section, items: readonly Item[], header: Ledger): unknown[] {
  return canonicalLedger({ ...header, [section]: items })[section] as unknown[];
}

/**
 * Brings the store's itemised ledger up to date and writes ledger.json from it: the documents,
 * families and reuse sections are compared item by item (a digest of each item's JSON) with the
 * stored ones; the merged sections take the merge's changes (`changes`), or every item when
 * `complete` is false (the stored items are not known to be complete, e.g. a first run). Only
 * changed items are serialised; the file is streamed from the stored items in ledger order and
 * hashed, byte for byte what `toLedgerJson` gives for the whole ledger.
 */
export function writeLedgerItems(
  items: LedgerItemsStore,
  ledger: Pick<Ledger, 'documents' | 'families' | 'reuse' | 'custody'> & Partial<Ledger>,
  changes: MergedChanges | null,
  file: string | null,
): WrittenItems & { header: string } {
  const header = withoutItems({ ...ledger, events: [], quotes: [], claims: [] } as Ledger);
  const rows: { section: string; key: string; row: LedgerItemRow | null }[] = [];
  const complete = changes !== null;
  for (const section of ['documents', 'families', 'reuse'] as const) {
    const list = ledger[section] as readonly Item[];
    const stored = complete ? items.signatures(section) : new Map<string, string>();
    const canonical = canonicalItems(section, list, header);
    list.forEach((item, i) => {
      const { key, sort } = keyOf(section, item);
      const json = JSON.stringify(canonical[i]);
      const sig = hash('sha1', json, 'base64');
      const held = stored.get(key);
      stored.delete(key);
      if (held === sig) return;
      rows.push({ section, key, row: { key, sort, sig, json: Buffer.from(itemText(canonical[i]), 'utf8') } });
    });
    for (const key of stored.keys()) rows.push({ section, key, row: null });
  }
  for (const section of ['events', 'quotes', 'claims'] as const) {
    const entries: [string, Item | null][] = changes
      ? [...(changes[section] as ReadonlyMap<string, Item | null>)]
      : (ledger[section] ?? []).map((x) => [keyOf(section, x).key, x]);
    const present = entries.filter((e): e is [string, Item] => e[1] !== null).map(([, x]) => x);
    const canonical = canonicalItems(section, present, header);
    let k = 0;
    for (const [key, item] of entries) {
      if (item === null) {
        rows.push({ section, key, row: null });
        continue;
      }
      const text = itemText(canonical[k++]);
      rows.push({
        section,
        key,
        row: { key, sort: keyOf(section, item).sort, sig: '', json: Buffer.from(text, 'utf8') },
      });
    }
  }
  items.write(rows, !complete);
  const head = [...ledgerJsonChunks(header)].join('');
  const counts = {} as Record<Section, number>;
  const sections = items.sections();
  const written = streamLedger(
    itemizedLedger(head, (s) => {
      const list = sortedItems(sections.get(s) ?? []);
      sections.delete(s);
      counts[s as Section] = list.length;
      return list;
    }),
    file,
  );
  return { ...written, counts, written: rows.filter((r) => r.row).length, header: head };
}

/** Streams pieces to `file` (written beside and renamed into place) and to a SHA-256. */
function streamLedger(pieces: Iterable<Buffer>, file: string | null): { sha256: string; bytes: number } {
  const hash = createHash('sha256');
  const temp = file ? path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`) : null;
  const fd = temp ? fs.openSync(temp, 'w') : null;
  let bytes = 0;
  try {
    let batch: Buffer[] = [];
    let size = 0;
    const flush = () => {
      const b = Buffer.concat(batch, size);
      hash.update(b);
      if (fd !== null) fs.writeSync(fd, b);
      batch = [];
      size = 0;
    };
    for (const piece of pieces) {
      batch.push(piece);
      size += piece.length;
      bytes += piece.length;
      if (size >= 1 << 22) flush();
    }
    flush();
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
  if (temp && file) fs.renameSync(temp, file);
  return { sha256: hash.digest('hex'), bytes };
}

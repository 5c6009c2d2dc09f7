import type { StateCache } from './merge-state.js';
import { compareStrings } from './stable-id.js';
import type { DocRecord } from './state-schema.js';

/**
 * The merge's document records, read one at a time: a run that adds a hundred documents to a
 * large store reads the records of the documents it touches, not every record. Besides the
 * records (`doc`), the state indexes them by text hash (`hash`: exact copies) and lists those
 * whose extraction is not merged yet (`unmerged`), so neither question needs a pass over all of
 * them. The ids are listed from the state's keys alone (no record is read for that).
 */
export class DocRecords {
  private readonly ids: Set<string>;

  constructor(
    private readonly cache: StateCache,
    ids: Iterable<string>,
  ) {
    this.ids = new Set(ids);
  }

  get size(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  get(id: string): DocRecord | undefined {
    return this.ids.has(id) ? this.cache.get('doc', id) : undefined;
  }

  /** Every document with a record: the stored ones in id order, then those added by this run. */
  keys(): IterableIterator<string> {
    return this.ids.values();
  }

  /** Reads the records of many documents, and who shares their texts, at once, before they are asked for one by one. */
  prefetch(ids: Iterable<string>): void {
    const known = [...ids].filter((id) => this.ids.has(id));
    this.cache.prefetch('doc', known);
    const hashes = new Set<string>();
    for (const id of known) {
      const hash = this.cache.get('doc', id)?.hash;
      if (hash !== undefined) hashes.add(hash);
    }
    this.cache.prefetch('hash', hashes);
  }

  /** Records a document first seen (not merged yet), indexed by its text hash. */
  add(id: string, record: DocRecord): void {
    this.ids.add(id);
    this.cache.set('doc', id, record);
    // Inserted in place: a text copied thousands of times (empty or boilerplate pages) would
    // otherwise have its whole list copied and sorted again for each copy.
    const same = this.cache.get('hash', record.hash);
    if (!same) this.cache.set('hash', record.hash, [id]);
    else if (insertSorted(same, id)) this.cache.set('hash', record.hash, same);
    if (!record.extracted) this.cache.set('unmerged', id, true);
  }

  /** Marks a record as changed (after mutating the object obtained with `get`). */
  changed(id: string, record: DocRecord): void {
    this.cache.set('doc', id, record);
  }

  /** The documents with the same text as `id` (itself included), in id order. */
  sameText(id: string): readonly string[] {
    const hash = this.get(id)?.hash;
    if (hash === undefined) return [id];
    return this.cache.get('hash', hash) ?? [id];
  }

  /** The documents whose extraction is not merged yet, in id order. */
  unmerged(): string[] {
    return this.cache.keys('unmerged');
  }

  /** Marks a document's extraction as merged. */
  merged(id: string): void {
    const record = this.get(id);
    if (!record) return;
    record.extracted = true;
    this.cache.set('doc', id, record);
    this.cache.delete('unmerged', id);
  }
}

/** Builds the indexes of records kept by a state from before them (`hash`, `unmerged`), once. */
export function indexDocRecords(cache: StateCache, records: Iterable<[string, DocRecord]>): void {
  const byHash = new Map<string, string[]>();
  for (const [id, r] of records) {
    const list = byHash.get(r.hash);
    if (list) list.push(id);
    else byHash.set(r.hash, [id]);
    if (!r.extracted) cache.set('unmerged', id, true);
  }
  for (const [hash, ids] of byHash) cache.set('hash', hash, ids.sort(compareStrings));
}

/** Inserts `id` into the sorted `list` at its place (a binary search); false when it is there already. */
export function insertSorted(list: string[], id: string): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const order = compareStrings(list[mid] as string, id);
    if (order === 0) return false;
    if (order < 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, id);
  return true;
}

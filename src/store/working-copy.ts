import fs from 'node:fs';
import path from 'node:path';
import { StoreError } from '../core/errors.js';
import type { AsyncStore } from './async-store.js';
import { canonicalJson } from './canonical-json.js';
import { entryOfRow, nextCustodyRow } from './custody-chain.js';
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { Checkpoint, CustodyEntry, CustodyKind, CustodyLog, JsonValue, Store } from './store.js';

/** Documents and extractions read from the shared store per round trip. */
const CHUNK = 500;
/** Custody entries read per round trip. */
const CUSTODY_PAGE = 5000;
const MARKER = 'working-copy.json';

/**
 * A synchronous working copy of a shared store (PostgreSQL), so that the stages run over it with
 * the same code and speed as over the embedded store:
 * - documents and the custody log are mirrored from the shared store (the new ones fetched in bulk
 *   at each open; the mirror is checked against the shared log and rebuilt when they disagree);
 * - extractions of the extractor version are fetched from the shared store (made by an earlier
 *   run, another machine or a worker), and the new ones are written back by `publish`;
 * - the reuse index and the merge state stay in the local folder: they are derived from the
 *   mirrored documents, so the next run on this machine is incremental;
 * - custody entries the stages append are held and appended to the shared log by `publish`,
 *   followed by the latest ledger (a blob every machine reads).
 */
export interface WorkingCopy {
  readonly store: Store;
  /** What `open` fetched: documents, custody entries and extractions. */
  readonly fetched: { documents: number; custody: number; extractions: number };
  /**
   * Writes back what the stages made: extractions of `version` the shared store lacks, the held
   * custody entries (in order; returned as the shared log chained them) and the latest ledger.
   */
  publish(version: string): Promise<{ extractions: number; entries: CustodyEntry[] }>;
  close(): void;
}

export interface WorkingCopyOptions {
  /** Extractor version whose extractions are fetched. */
  version: string;
  clock?: () => Date;
}

/**
 * Opens (or creates) the working copy of `shared` in `folder` and brings it up to date.
 *
 * @example
 * const copy = await openWorkingCopy(shared, '/var/cache/corroborate/team', { version });
 * try { await analyze(copy.store, []); await copy.publish(version); } finally { copy.close(); }
 */
export async function openWorkingCopy(
  shared: AsyncStore,
  folder: string,
  options: WorkingCopyOptions,
): Promise<WorkingCopy> {
  let local = openLocal(shared, folder, options);
  try {
    if (!(await agrees(shared, local))) {
      local.close();
      fs.rmSync(folder, { recursive: true, force: true });
      local = openLocal(shared, folder, options);
    }
    const fetched = { documents: 0, custody: 0, extractions: 0 };
    // Documents first, then custody: every document mirrored has its ingest entry in the mirror.
    fetched.documents = await mirrorDocuments(shared, local);
    fetched.custody = await mirrorCustody(shared, local);
    fetched.extractions = await fetchExtractions(shared, local, options.version);
    return workingCopy(shared, local, fetched, options.clock ?? (() => new Date()));
  } catch (err) {
    local.close();
    throw err;
  }
}

function openLocal(shared: AsyncStore, folder: string, options: WorkingCopyOptions): SqliteStore {
  const marker = path.join(folder, MARKER);
  if (fs.existsSync(marker)) {
    const of = (JSON.parse(fs.readFileSync(marker, 'utf8')) as { of?: string }).of;
    if (of !== shared.location) {
      throw new StoreError(
        `The folder ${folder} holds the working copy of ${of}, not of ${shared.location}.`,
        'Give each shared store its own working-copy folder (CORROBORATE_CACHE).',
      );
    }
  } else if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    throw new StoreError(
      `The folder ${folder} is not empty and is not a working copy.`,
      'Give an empty or new folder for the working copy (CORROBORATE_CACHE).',
    );
  }
  const local = new SqliteStore(folder, { clock: options.clock });
  // Documents are mirrored without their originals (read from the shared store when needed).
  local.db.pragma('foreign_keys = OFF');
  fs.writeFileSync(marker, `${JSON.stringify({ of: shared.location })}\n`);
  return local;
}

/** True when the mirror is a prefix of the shared store: its last custody entry and documents. */
async function agrees(shared: AsyncStore, local: SqliteStore): Promise<boolean> {
  const head = local.custody.head();
  if (head.entries > 0) {
    const [entry] = await shared.custody.entries({ from: head.entries, limit: 1 });
    if (entry?.hash !== head.head) return false;
  }
  const mine = local.documents.listing();
  if (mine.length === 0) return true;
  const theirs = await shared.documents.list({ offset: mine.length - 1, limit: 1 });
  return theirs[0]?.id === mine[mine.length - 1]?.id;
}

async function mirrorDocuments(shared: AsyncStore, local: SqliteStore): Promise<number> {
  const have = local.documents.count();
  const listing = await shared.documents.listing();
  const missing = listing.slice(have).map((d) => d.id);
  for (let i = 0; i < missing.length; i += CHUNK) {
    const ids = missing.slice(i, i + CHUNK);
    const docs = await shared.documents.getMany(ids);
    local.db.transaction(() => {
      for (const id of ids) {
        const doc = docs.get(id);
        if (!doc)
          throw new StoreError(`Document ${id} disappeared from ${shared.location} while it was read.`);
        local.documents.insert(doc);
      }
    })();
  }
  return missing.length;
}

async function mirrorCustody(shared: AsyncStore, local: SqliteStore): Promise<number> {
  let added = 0;
  for (;;) {
    const from = local.custody.head().entries + 1;
    const entries = await shared.custody.entries({ from, limit: CUSTODY_PAGE });
    if (entries.length === 0) return added;
    local.custody.mirror(entries);
    added += entries.length;
  }
}

async function fetchExtractions(shared: AsyncStore, local: SqliteStore, version: string): Promise<number> {
  const theirs = await shared.analysis.extractedIds(version);
  const mine = local.analysis.extractedIds(version);
  const missing = local.documents
    .listing()
    .map((d) => d.id)
    .filter((id) => theirs.has(id) && !mine.has(id));
  for (let i = 0; i < missing.length; i += CHUNK) {
    const rows = await shared.analysis.serializedExtractions(version, missing.slice(i, i + CHUNK));
    local.analysis.putSerializedExtractions(version, rows);
  }
  return missing.length;
}

function workingCopy(
  shared: AsyncStore,
  local: SqliteStore,
  fetched: WorkingCopy['fetched'],
  clock: () => Date,
): WorkingCopy {
  // Entries the stages append: chained after the mirror's head here, appended to the shared log
  // (which may have grown meanwhile) by `publish`.
  let held: CustodyEntry[] = [];
  const custody: CustodyLog = {
    append(kind: CustodyKind, details: { [key: string]: JsonValue }): CustodyEntry {
      const head = custody.head();
      const previous = head.entries > 0 ? { seq: head.entries, hash: head.head } : undefined;
      const entry = entryOfRow(nextCustodyRow(previous, kind, clock().toISOString(), canonicalJson(details)));
      held.push(entry);
      return entry;
    },
    head(): Checkpoint {
      const last = held[held.length - 1];
      return last ? { entries: last.seq, head: last.hash } : local.custody.head();
    },
    *entries(options: { from?: number } = {}): IterableIterator<CustodyEntry> {
      yield* local.custody.entries(options);
      for (const e of held) if (e.seq >= (options.from ?? 1)) yield e;
    },
  };
  const refuse = (): never => {
    throw new StoreError(
      'A working copy of a shared store does not ingest or verify.',
      'Ingest into and verify the shared store itself.',
    );
  };
  const store: Store = {
    dir: local.dir,
    documents: local.documents,
    originals: local.originals,
    custody,
    reuse: local.reuse,
    analysis: local.analysis,
    get async(): never {
      return refuse();
    },
    commit: async () => refuse(),
    verify: async () => refuse(),
    close: () => local.close(),
  };
  return {
    store,
    fetched,
    async publish(version) {
      const theirs = await shared.analysis.extractedIds(version);
      const missing = [...local.analysis.extractedIds(version)].filter((id) => !theirs.has(id)).sort();
      for (let i = 0; i < missing.length; i += CHUNK) {
        await shared.analysis.putSerializedExtractions(
          version,
          local.analysis.serializedExtractions(version, missing.slice(i, i + CHUNK)),
        );
      }
      if (held.length === 0) return { extractions: missing.length, entries: [] };
      // The entries and the ledger their analysis entry records, in one transaction.
      const ledger = held.some((e) => e.kind === 'analysis') ? local.analysis.latestLedgerBytes() : null;
      const entries = await shared.analysis.recordLedger(
        held.map((e) => ({ kind: e.kind, details: e.details })),
        ledger,
      );
      // The copy's latest ledger now names its analysis entry as the shared log chained it (other
      // appends may have come first), so that the next run here finds the merge state it recorded.
      const mine = held.filter((e) => e.kind === 'analysis').pop();
      const published = entries.filter((e) => e.kind === 'analysis').pop();
      if (mine && published && mine.seq !== published.seq)
        local.db
          .prepare('UPDATE analysis_ledger SET custody_seq = ? WHERE id = 1 AND custody_seq = ?')
          .run(published.seq, mine.seq);
      held = [];
      return { extractions: missing.length, entries };
    },
    close: () => local.close(),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import type { StoredDocument } from '../../core/types.js';
import type {
  AsyncAnalysisStore,
  AsyncCustodyLog,
  AsyncDocumentStore,
  AsyncMergeStateStore,
  AsyncReuseStore,
  AsyncStore,
  BlobStore,
} from '../async-store.js';
import { sha256Hex } from '../document-id.js';
import type {
  CaptureBatch,
  CommitResult,
  CustodyEntry,
  LargeCaptureHeader,
  LargeCaptureWriter,
  VerifyOptions,
  VerifyReport,
} from '../store.js';
import type { SqliteStore } from './sqlite-store.js';

/**
 * The asynchronous store over the embedded one: each call runs the synchronous SQLite call it
 * names (SQLite answers from the local disk; there is nothing to wait for).
 */
export class SqliteAsyncStore implements AsyncStore {
  readonly backend = 'sqlite' as const;
  readonly location: string;
  readonly documents: AsyncDocumentStore;
  readonly originals: BlobStore;
  readonly custody: AsyncCustodyLog;
  readonly reuse: AsyncReuseStore;
  readonly analysis: AsyncAnalysisStore;
  readonly mergeState: AsyncMergeStateStore;

  constructor(readonly local: SqliteStore) {
    this.location = local.dir;
    const docs = local.documents;
    this.documents = {
      get: async (id) => docs.get(id),
      getMany: async (ids) => {
        const out = new Map<string, StoredDocument>();
        for (const id of ids) {
          const doc = docs.get(id);
          if (doc) out.set(id, doc);
        }
        return out;
      },
      list: async (options) => docs.list(options),
      listing: async () => docs.listing(),
      async *summaries() {
        yield* docs.summaries();
      },
      async *iterate() {
        yield* docs.iterate();
      },
      idsForOriginal: async (sha256) => docs.idsForOriginal(sha256),
      provenance: async (id) => docs.provenance(id),
      count: async () => docs.count(),
    };
    const originals = local.originals;
    this.originals = {
      has: async (sha256) => originals.has(sha256),
      knownAmong: async (sha256s) => originals.knownAmong(sha256s),
      hasSource: async (sha256, source) => originals.hasSource(sha256, source),
      read: async (sha256) => (originals.has(sha256) ? originals.read(sha256) : null),
      count: async () => originals.count(),
    };
    const custody = local.custody;
    this.custody = {
      append: async (kind, details) => custody.append(kind, details),
      head: async () => custody.head(),
      entries: async ({ from = 1, limit = Number.POSITIVE_INFINITY } = {}) => {
        const out = [];
        for (const entry of custody.entries({ from })) {
          if (out.length >= limit) break;
          out.push(entry);
        }
        return out;
      },
    };
    const reuse = local.reuse;
    this.reuse = {
      parameters: async () => reuse.parameters(),
      reset: async (parameters) => reuse.reset(parameters),
      processedIds: async () => reuse.processedIds(),
      holders: async (keys, kind, maxPerKey) => reuse.holders(keys, kind, maxPerKey),
      addDocuments: async (documents) =>
        reuse.transaction(() => {
          for (const d of documents) reuse.addDocument(d.documentId, d.signature, d.keys, d.processedAt);
        }),
      putPairs: async (pairs) =>
        reuse.transaction(() => {
          for (const p of pairs) reuse.putPair(p);
        }),
      pairs: async () => reuse.pairs(),
      pairsOfMany: async (ids) => reuse.pairsOfMany(ids),
      signature: async (id) => reuse.signature(id),
      familiesIndexed: async () => reuse.familiesIndexed(),
      familiesOfMany: async (ids) => reuse.familiesOfMany(ids),
      saveFamilies: async (entries, indexed, replace) => reuse.saveFamilies(entries, indexed, replace),
    };
    const analysis = local.analysis;
    // The ledger folder holds the latest ledger as a file named by its content.
    const writeLedgerBytes = (bytes: Uint8Array): string => {
      const name = `ledger-${sha256Hex(bytes).slice(0, 16)}.json`;
      const file = path.join(analysis.ledgerFolder(), name);
      fs.writeFileSync(`${file}.tmp`, bytes);
      fs.renameSync(`${file}.tmp`, file);
      return name;
    };
    this.analysis = {
      extractedIds: async (version) => analysis.extractedIds(version),
      putSerializedExtractions: async (version, rows) => analysis.putSerializedExtractions(version, rows),
      getExtraction: async (id, version) => analysis.getExtraction(id, version),
      serializedExtractions: async (version, ids) => analysis.serializedExtractions(version, ids),
      mergeInputs: async (version) => [...analysis.mergeInputs(version)],
      mergeInputsFor: async (version, ids) => [...analysis.mergeInputsFor(version, ids)],
      saveLedger: async (bytes, custodySeq) => {
        analysis.saveLedgerFile(writeLedgerBytes(bytes), custodySeq);
      },
      recordLedger: async (entries, bytes) => {
        const out: CustodyEntry[] = [];
        const appendAll = (): CustodyEntry | undefined => {
          for (const e of entries) out.push(local.custody.append(e.kind, e.details));
          return out.filter((e) => e.kind === 'analysis').pop();
        };
        const name = bytes ? writeLedgerBytes(bytes) : null;
        if (name && entries.some((e) => e.kind === 'analysis')) {
          analysis.recordLedgerFile(name, () => appendAll() as CustodyEntry);
        } else {
          local.db.transaction(appendAll)();
        }
        return out;
      },
      latestLedgerBytes: async () => analysis.latestLedgerBytes(),
    };
    const state = analysis.mergeState();
    this.mergeState = {
      get: async (ns, key) => state.get(ns, key),
      getMany: async (ns, keys) => state.getMany(ns, keys),
      scan: async (ns) => [...state.scan(ns)],
      write: async (changes) => state.write(changes),
      clear: async () => state.clear(),
    };
  }

  commit(batch: CaptureBatch): Promise<CommitResult> {
    return this.local.commit(batch);
  }

  beginLargeCapture(header: LargeCaptureHeader): Promise<LargeCaptureWriter> {
    return this.local.beginLargeCapture(header);
  }

  verify(options?: VerifyOptions): Promise<VerifyReport> {
    return this.local.verify(options);
  }

  /**
   * One holder at a time among the handles of this process on this store folder (the embedded
   * store is not shared between machines; SQLite serialises the writes of other processes).
   */
  async exclusive<T>(lockName: string, work: () => Promise<T>): Promise<T> {
    const name = `${path.resolve(this.local.dir)}\u0000${lockName}`;
    const locks = heldLocks;
    const previous = locks.get(name) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.then(
      () => {},
      () => {},
    );
    locks.set(name, settled);
    try {
      return await run;
    } finally {
      if (locks.get(name) === settled) locks.delete(name);
    }
  }

  async close(): Promise<void> {
    this.local.close();
  }
}

/** The last holder of each lock of `exclusive` in this process, by store folder and name. */
const heldLocks = new Map<string, Promise<void>>();

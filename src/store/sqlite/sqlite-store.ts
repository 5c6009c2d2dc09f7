import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StoreError } from '../../core/errors.js';
import {
  bindingLine,
  type DocumentBinding,
  RECORD_GROUP_SIZE,
  type RecordGroup,
} from '../document-record.js';
import { ingestDetails } from '../ingest-details.js';
import type { PackedOriginal } from '../original-packs.js';
import { LOOSE_MIN_BYTES, mapLimit, OriginalsFolder } from '../originals-folder.js';
import type {
  CaptureBatch,
  CaptureResult,
  CommitResult,
  LargeCaptureHeader,
  LargeCaptureWriter,
  Store,
  VerifyOptions,
  VerifyProblem,
  VerifyReport,
} from '../store.js';
import {
  type DocumentEvidenceRow,
  describeIds,
  EvidenceChecker,
  type OriginalEvidenceRow,
  type ProvenanceEvidenceRow,
} from '../verify-evidence.js';
import { ExtractionsCheck } from '../verify-extractions.js';
import { LatestLedgerCheck } from '../verify-latest-ledger.js';
import { MergeStateCheck } from '../verify-merge-state.js';
import { ReuseCheck } from '../verify-reuse.js';
import { SqliteAnalysisStore } from './analysis-tables.js';
import { SqliteAsyncStore } from './async-store.js';
import { SqliteCustodyLog } from './custody-tables.js';
import { openDatabase, type SqliteDatabase } from './database.js';
import { SqliteDocumentStore, SqliteOriginalStore } from './documents-tables.js';
import { migrations } from './migrations.js';
import { SqliteReuseStore } from './reuse-tables.js';
import { storedLedger } from './verify-ledger.js';
import { checkPacks } from './verify-packs.js';

export const DATABASE_FILE = 'corroborate.db';

/** Bytes of the database file read through a memory map (see `mmap_size`). */
const MMAP_BYTES = 2 ** 31 - 65536;

export interface SqliteStoreOptions {
  /** Injected clock for custody timestamps (tests). */
  clock?: () => Date;
}

/**
 * The embedded store: `<dir>/corroborate.db` (SQLite, WAL, synchronous=FULL) and
 * `<dir>/originals/`. Other stages attach their tables here as properties, one line each.
 */
export class SqliteStore implements Store {
  readonly db: SqliteDatabase;
  readonly documents: SqliteDocumentStore;
  readonly originals: SqliteOriginalStore;
  readonly custody: SqliteCustodyLog;
  readonly analysis: SqliteAnalysisStore;
  readonly reuse: SqliteReuseStore;
  readonly async: SqliteAsyncStore;
  private readonly folder: OriginalsFolder;
  private readonly clock: () => Date;

  constructor(
    readonly dir: string,
    options: SqliteStoreOptions = {},
  ) {
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (err) {
      throw new StoreError(
        `Cannot create the store folder ${dir}: ${(err as Error).message}`,
        'Pass a writable folder with --store or CORROBORATE_STORE.',
      );
    }
    this.db = openDatabase(path.join(dir, DATABASE_FILE), migrations);
    // A larger page cache (default 2 MB) keeps index pages in memory during bulk ingest; bounded,
    // so memory does not grow with the corpus.
    this.db.pragma('cache_size = -16384');
    // Pages read through a memory map instead of a read() call each: an incremental run reads
    // scattered pages of a large store (merge state, reuse keys), several seconds of system calls
    // at 100k documents. SQLite caps the map at its compile-time maximum (2 GiB in this build);
    // pages beyond it are read as before.
    this.db.pragma(`mmap_size = ${MMAP_BYTES}`);
    this.folder = new OriginalsFolder(dir);
    this.documents = new SqliteDocumentStore(this.db);
    this.originals = new SqliteOriginalStore(this.db, this.folder);
    this.clock = options.clock ?? (() => new Date());
    this.custody = new SqliteCustodyLog(this.db, this.clock);
    this.analysis = new SqliteAnalysisStore(this.db);
    this.reuse = new SqliteReuseStore(this.db);
    this.async = new SqliteAsyncStore(this);
  }

  async commit(batch: CaptureBatch): Promise<CommitResult> {
    // 1. Every original the database does not know yet is made durable before any row refers to it:
    //    small ones appended to one pack file for the batch, large ones as loose files.
    // A capture with documents was read because its bytes were unknown: it skips the lookup (if
    // another batch stored the same bytes meanwhile, the insert below says so and the copy in
    // this pack is left unused).
    const known = this.originals.knownAmong(
      batch.captures.flatMap((c) => (c.documents.length === 0 ? [c.sha256] : [])),
    );
    const fresh = new Map<string, Uint8Array>();
    for (const capture of batch.captures) {
      if (!fresh.has(capture.sha256) && !known.has(capture.sha256)) fresh.set(capture.sha256, capture.bytes);
    }
    const packed: { sha256: string; bytes: Uint8Array }[] = [];
    const loose: { sha256: string; bytes: Uint8Array }[] = [];
    for (const [sha256, bytes] of fresh)
      (bytes.byteLength >= LOOSE_MIN_BYTES ? loose : packed).push({ sha256, bytes });
    if (packed.length > 0 && !this.orphansRemoved) {
      this.folder.packs.removeOrphans((name) => this.originals.hasPack(name));
      this.orphansRemoved = true;
    }
    const [pack] = await Promise.all([
      packed.length > 0 ? this.folder.packs.write(packed) : null,
      this.folder.writeDurably(loose),
    ]);
    const offsets = new Map(pack?.entries.map((e) => [e.sha256, e.offset]));

    // 2. One transaction for the whole batch (group commit).
    return this.db
      .transaction((): CommitResult => {
        const append = this.custody.appender();
        // The pack is this backend's layout, not evidence: its row is not bound into custody, so
        // the log records the same entries as any other backend's (verify checks the pack's row
        // against its file, and each original's bytes at their offset against its hash).
        if (pack) this.originals.recordPack(pack);
        const captures: CaptureResult[] = [];
        for (const capture of batch.captures) {
          // The insert itself says whether the original is new (also when another process stored
          // the same bytes since step 1: its row, and its copy of the bytes, win).
          const knownOriginal = !(
            fresh.has(capture.sha256) &&
            this.originals.record(
              capture.sha256,
              capture.bytes.byteLength,
              capture.reader,
              capture.capturedAt,
              pack && offsets.has(capture.sha256) ? pack.name : null,
              offsets.get(capture.sha256) ?? null,
            )
          );
          const knownSource = knownOriginal && this.originals.hasSource(capture.sha256, capture.source);
          const outcome = !knownOriginal ? 'new' : knownSource ? 'duplicate' : 'new-source';
          const newDocuments: string[] = [];
          const bindings: DocumentBinding[] = [];
          const existingDocuments: string[] = [];
          for (const doc of capture.documents) {
            const binding = this.documents.insert(doc);
            if (binding) {
              newDocuments.push(doc.id);
              bindings.push(binding);
            } else {
              const existing = this.documents.get(doc.id);
              if (existing && existing.sha256 !== doc.sha256) {
                throw new StoreError(
                  `Document id ${doc.id} of ${capture.source} collides with the document of the same id from original ${existing.sha256}.`,
                  'This is a 48-bit id collision; please report it.',
                );
              }
              existingDocuments.push(doc.id);
            }
          }
          if (capture.documents.length === 0)
            existingDocuments.push(...this.documents.idsForOriginal(capture.sha256));
          const seq = append('ingest', ingestDetails(capture, outcome, bindings, existingDocuments.length));
          this.originals.recordSource(capture.sha256, capture.source, capture.capturedAt, seq);
          captures.push({
            sha256: capture.sha256,
            source: capture.source,
            outcome,
            partial: capture.diagnostics.some((d) => d.severity === 'error'),
            newDocuments,
            existingDocuments,
            custodySeq: seq,
          });
        }
        const rejections = batch.rejections.map((r) => {
          const seq = append('rejection', {
            source: r.source,
            sha256: r.sha256,
            size: r.size,
            capturedAt: r.capturedAt,
            rule: r.rule,
            reason: r.reason,
          });
          return { source: r.source, custodySeq: seq };
        });
        return { captures, rejections };
      })
      .immediate();
  }

  /**
   * Stores one large input while it is read (see `LargeCaptureWriter`): its original goes to a
   * loose file written piece by piece, its documents into one write transaction opened here, and
   * `finish` commits both with the custody entry. New documents are bound in groups
   * (`RecordGroup`), so the entry stays small however many documents the input holds. The
   * transaction holds the store's write lock until `finish` or `abort`.
   */
  async beginLargeCapture(header: LargeCaptureHeader): Promise<LargeCaptureWriter> {
    const loose = this.folder.openLoose(header.sha256);
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (err) {
      loose.abort();
      throw err;
    }
    let open = true;
    const rollback = (): void => {
      if (!open) return;
      open = false;
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      loose.abort();
    };
    let newOriginal: boolean;
    try {
      // The row comes first (documents refer to it); it commits only once the file is durable.
      newOriginal = this.originals.record(
        header.sha256,
        header.size,
        header.reader,
        header.capturedAt,
        null,
        null,
      );
    } catch (err) {
      rollback();
      throw err;
    }
    const newDocuments: string[] = [];
    const existingDocuments: string[] = [];
    const groups: RecordGroup[] = [];
    let group: { from: number; to: number; ids: string[]; hash: ReturnType<typeof createHash> } | null = null;
    const closeGroup = (): void => {
      if (!group) return;
      groups.push({ from: group.from, to: group.to, ids: group.ids, digest: group.hash.digest('hex') });
      group = null;
    };
    return {
      write: (chunk) => loose.write(chunk),
      add: (documents) => {
        try {
          for (const doc of documents) {
            const binding = this.documents.insert(doc);
            if (!binding) {
              const existing = this.documents.get(doc.id);
              if (existing && existing.sha256 !== doc.sha256) {
                throw new StoreError(
                  `Document id ${doc.id} of ${header.source} collides with the document of the same id from original ${existing.sha256}.`,
                  'This is a 48-bit id collision; please report it.',
                );
              }
              existingDocuments.push(doc.id);
              continue;
            }
            newDocuments.push(doc.id);
            if (!group) group = { from: binding.ord, to: binding.ord, ids: [], hash: createHash('sha256') };
            group.hash.update(bindingLine(binding));
            group.to = binding.ord;
            group.ids.push(binding.id);
            if (group.ids.length >= RECORD_GROUP_SIZE) closeGroup();
          }
        } catch (err) {
          rollback();
          throw err;
        }
      },
      finish: async (rest) => {
        try {
          await loose.finish(header.size);
          closeGroup();
          const knownSource = !newOriginal && this.originals.hasSource(header.sha256, header.source);
          const outcome = newOriginal ? 'new' : knownSource ? 'duplicate' : 'new-source';
          const capture = {
            ...header,
            bytes: new Uint8Array(0),
            documents: [],
            diagnostics: rest.problems,
            ...(rest.digests ? { digests: rest.digests } : {}),
            ...(rest.textChanges ? { textChanges: rest.textChanges } : {}),
          };
          const details = ingestDetails(capture, outcome, [], existingDocuments.length);
          details.documents = newDocuments.length + existingDocuments.length;
          details.newDocuments = newDocuments.length;
          details.recordGroups = groups.map((g) => ({ ...g, ids: [...g.ids] }));
          if (rest.problemCount > 0) {
            details.partial = true;
            details.problemCount = rest.problemCount;
          }
          const seq = this.custody.appendInTransaction('ingest', details).seq;
          this.originals.recordSource(header.sha256, header.source, header.capturedAt, seq);
          this.db.exec('COMMIT');
          open = false;
          return {
            sha256: header.sha256,
            source: header.source,
            outcome,
            partial: rest.problemCount > 0,
            newDocuments,
            existingDocuments,
            custodySeq: seq,
          };
        } catch (err) {
          rollback();
          throw err;
        }
      },
      abort: rollback,
    };
  }

  /** Set once this process has cleared orphan packs (before writing its first pack). */
  private orphansRemoved = false;

  async verify(options: VerifyOptions = {}): Promise<VerifyReport> {
    const problems: VerifyProblem[] = [];
    // The database's own structure first: a damaged file is named as such, not as a crash.
    const integrity = this.db.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    const damage = integrity.map((r) => r.quick_check).filter((m) => m !== 'ok');
    if (damage.length > 0) {
      problems.push({
        kind: 'database-corrupt',
        message: `SQLite reports the database file damaged: ${damage.slice(0, 5).join('; ')}${damage.length > 5 ? ` and ${damage.length - 5} more` : ''}.`,
      });
    }
    const originals = this.originals.all();
    let done = 0;
    const check = (sha256: string, actual: string | null, where: string): void => {
      if (actual !== sha256) {
        const documents = this.documents.idsForOriginal(sha256);
        const names =
          documents.length > 0
            ? `of document${documents.length > 1 ? 's' : ''} ${describeIds(documents)}`
            : '';
        problems.push(
          actual === null
            ? {
                kind: 'original-missing',
                sha256,
                documents,
                message: `The original ${sha256} ${names} is missing from ${where}.`,
              }
            : {
                kind: 'original-mismatch',
                sha256,
                documents,
                message: `The original ${sha256} ${names} was altered: its bytes now hash to ${actual}.`,
              },
        );
      }
      options.onProgress?.(++done, originals.length);
    };
    const byPack = new Map<string, PackedOriginal[]>();
    const loose: string[] = [];
    for (const o of originals) {
      if (o.pack && o.offset !== null) {
        let list = byPack.get(o.pack);
        if (!list) {
          list = [];
          byPack.set(o.pack, list);
        }
        list.push({ sha256: o.sha256, offset: o.offset, length: o.size });
      } else loose.push(o.sha256);
    }
    await mapLimit(loose, 8, async (sha256) => {
      check(sha256, await this.folder.hash(sha256), this.folder.pathOf(sha256));
    });
    for (const [pack, entries] of byPack) {
      const file = this.folder.packs.pathOf(pack);
      for (const [sha256, actual] of this.folder.packs.hashAll(pack, entries)) check(sha256, actual, file);
      // Let progress callbacks (and a terminal bar) run between packs.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const orphans = this.db
      .prepare(
        'SELECT d.id, d.sha256 FROM documents d LEFT JOIN originals o ON o.sha256 = d.sha256 WHERE o.sha256 IS NULL',
      )
      .all() as { id: string; sha256: string }[];
    for (const o of orphans) {
      problems.push({
        kind: 'document-without-original',
        sha256: o.sha256,
        documents: [o.id],
        message: `Document ${o.id} refers to original ${o.sha256}, which the store does not record.`,
      });
    }
    const evidence = new EvidenceChecker();
    const ledger = new LatestLedgerCheck();
    const extractions = new ExtractionsCheck(evidence.storedBy);
    const reuse = new ReuseCheck(evidence.storedBy);
    const mergeState = new MergeStateCheck(this.analysis.recordedLedger()?.custodySeq ?? null);
    const chain = this.custody.verifyChain(options.checkpoint, (seq, kind, details) => {
      evidence.collect(seq, kind, details);
      ledger.collect(seq, kind, details);
      extractions.collect(seq, kind, details);
      reuse.collect(seq, kind, details);
      mergeState.collect(seq, kind, details);
    });
    problems.push(...chain.problems);
    feedEvidence(this.db, evidence);
    const bound = evidence.finish();
    problems.push(...bound.problems);
    problems.push(...checkPacks(this.db, (name) => this.folder.packs.pathOf(name), evidence.packBindings));
    problems.push(...ledger.check(storedLedger(this.db, path.join(this.dir, 'ledger'))));
    if (extractions.version !== null) {
      const rows = this.db.prepare(
        'SELECT document_id, extraction, merge_input FROM analysis_extractions WHERE extractor_version = ?',
      );
      for (const r of rows.iterate(extractions.version) as IterableIterator<{
        document_id: string;
        extraction: Buffer;
        merge_input: string;
      }>)
        extractions.row({ documentId: r.document_id, extraction: r.extraction, mergeInput: r.merge_input });
    }
    problems.push(...extractions.finish());
    if (reuse.wanted) for (const r of this.reuse.pairRows()) reuse.row(r);
    if (reuse.wantsFamilies) {
      for (const id of this.db.prepare('SELECT document_id FROM reuse_documents').pluck().iterate())
        reuse.indexed(id as string);
      for (const [d, f] of this.reuse.familyRows()) reuse.familyRow(d, f);
    }
    problems.push(...reuse.finish());
    if (mergeState.wanted)
      for (const [ns, key, value] of this.db
        .prepare('SELECT ns, key, value FROM analysis_merge_state')
        .raw()
        .iterate() as IterableIterator<[string, string, string]>)
        mergeState.row(ns, key, value);
    problems.push(...mergeState.finish());
    const known = new Set(loose);
    let unreferenced = 0;
    for (const sha of this.folder.listHashes()) if (!known.has(sha)) unreferenced++;
    for (const pack of this.folder.packs.list()) if (!this.originals.hasPack(pack)) unreferenced++;
    problems.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0) || (a.sha256 ?? '').localeCompare(b.sha256 ?? ''));
    return {
      ok: problems.length === 0,
      originals: originals.length,
      documents: this.documents.count(),
      checkpoint: chain.head,
      problems,
      unreferenced,
      legacyDocuments: bound.legacyDocuments,
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Every evidence row of the embedded store, for the checker (documents streamed in ingest order). */
function feedEvidence(db: SqliteDatabase, evidence: EvidenceChecker): void {
  for (const row of db.prepare('SELECT sha256, size, reader, captured_at FROM originals').iterate())
    evidence.original(row as OriginalEvidenceRow);
  for (const row of db.prepare('SELECT sha256, source, captured_at, custody_seq FROM provenance').iterate())
    evidence.provenance(row as ProvenanceEvidenceRow);
  const documents = db.prepare(
    `SELECT ord, id, sha256, record_key, source, reader, captured_at, title, outlet, url, published,
            byline, dateline, credits, series, external_id, inferred, chars, text
     FROM documents ORDER BY ord`,
  );
  for (const row of documents.iterate()) evidence.document(row as DocumentEvidenceRow);
}

import os from 'node:os';
import { MAX_REPORT_ITEMS } from '../merge/bound-work.js';
import type { AnalysisStore } from '../store/analysis-store.js';
import type { Store } from '../store/store.js';
import { type ExtractPool, startExtractPool } from './extract-pool.js';
import type { ExtractInput, ExtractStage } from './extract-stage.js';
import {
  DEFAULT_EXTRACT_SECONDS,
  type ExtractedBatch,
  extractWithinBudget,
} from './extract-within-budget.js';

/**
 * Pending documents per extra worker: a worker spends a few seconds of CPU building its
 * extractor, which a few hundred documents (a few milliseconds each) repay.
 */
export const DOCUMENTS_PER_WORKER = 500;

/**
 * A document at least this long (in characters) is extracted in a worker thread even when it is
 * the only one pending: the extractor's gazetteer and lexicons (about 90 MB of heap) then go
 * with the worker instead of staying in this thread's heap through the merge, whose memory grows
 * with the same long document. News reports are a few thousand characters.
 */
export const LONG_DOCUMENT = 200_000;

export interface ExtractPendingOptions {
  /**
   * Worker threads; 1 extracts in this thread. Default: one per core
   * (`os.availableParallelism()`), fewer when there are fewer than `DOCUMENTS_PER_WORKER` pending
   * documents per worker. Only the published stage (`parallel`) runs in workers.
   */
  workers?: number;
  /** Documents per stored batch and per message to a worker (default 200). */
  batch?: number;
  /**
   * Ids of the documents this run ingested. When they account for every document not yet
   * extracted, the store's listing is not read (it grows with the store).
   */
  added?: readonly string[];
  /**
   * A pool started earlier (analyze starts one worker before ingest on a large store, so that it
   * builds its extractor while ingest and reuse run). It is used, grown to the worker count, or
   * closed when nothing is pending; null when it failed to start.
   */
  pool?: Promise<ExtractPool | null>;
  /** Documents this stage's version has extracted already, when the caller has read them. */
  done?: ReadonlySet<string>;
  /**
   * Seconds extracting one document may take (default `DEFAULT_EXTRACT_SECONDS`): a document
   * that takes longer is stopped, nothing of it is stored, and it is listed in `timedOut` (a
   * later run tries it again).
   */
  maxSeconds?: number;
  /**
   * The most items one report may bring (default `MAX_REPORT_ITEMS`): a report over it is stored
   * as its refusal, not its extraction (`extractWithinBound`).
   */
  maxItems?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface ExtractPendingResult {
  /** Documents extracted. */
  extracted: number;
  /** Their ids. */
  ids: string[];
  /** Documents whose extraction ran out of time (not stored), in ingest order. */
  timedOut: string[];
  /** Worker threads used (1 with none started: extracted in this thread; 0: nothing to extract). */
  workers: number;
}

/** How many workers to start for `pending` documents. */
export function workerCount(pending: number, requested: number | undefined): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, pending));
  return Math.max(1, Math.min(os.availableParallelism(), Math.floor(pending / DOCUMENTS_PER_WORKER)));
}

/**
 * Extracts every stored document that this stage's version has not extracted yet, in ingest
 * order, and stores the extractions batch by batch. With several workers the batches are
 * extracted in parallel and stored in the same order as in one thread; an extraction depends only
 * on its document, so the stored results (and the ledger) are the same whatever the worker count.
 */
export async function extractPending(
  store: Store,
  analysis: AnalysisStore,
  stage: ExtractStage,
  options: ExtractPendingOptions = {},
): Promise<ExtractPendingResult> {
  const version = stage.version;
  const done = options.done ?? analysis.extractedIds(version);
  const pending = pendingIds(store, done, options.added);
  if (pending.length === 0 || !stage.parallel) void options.pool?.then((p) => p?.close());
  if (pending.length === 0) return { extracted: 0, ids: [], timedOut: [], workers: 0 };
  const seconds = options.maxSeconds ?? DEFAULT_EXTRACT_SECONDS;
  const maxItems = options.maxItems ?? MAX_REPORT_ITEMS;
  const early = options.pool && stage.parallel ? await options.pool : null;
  const workers = stage.parallel
    ? Math.max(workerCount(pending.length, options.workers), early?.size ?? 0)
    : 1;
  const batchSize = Math.max(1, Math.min(options.batch ?? 200, Math.ceil(pending.length / workers)));

  const inputs = (from: number): ExtractInput[] => {
    const batch: ExtractInput[] = [];
    for (const id of pending.slice(from, from + batchSize)) {
      const doc = store.documents.get(id);
      if (doc) batch.push({ id: doc.id, text: doc.text, published: doc.published, dateline: doc.dateline });
    }
    return batch;
  };
  let stored = 0;
  const stopped = new Set<string>();
  const put = (batch: ExtractedBatch, size: number) => {
    analysis.putSerializedExtractions(version, batch.rows);
    for (const id of batch.timedOut) stopped.add(id);
    stored += size;
    options.onProgress?.(stored, pending.length);
  };
  const result = (workers: number): ExtractPendingResult => {
    const ids = stopped.size === 0 ? pending : pending.filter((id) => !stopped.has(id));
    return { extracted: ids.length, ids, timedOut: pending.filter((id) => stopped.has(id)), workers };
  };

  const longDocument = (): boolean =>
    pending.some((id) => (store.documents.get(id)?.text.length ?? 0) >= LONG_DOCUMENT);
  const alone =
    workers <= 1 && !early && !(stage.parallel && options.workers === undefined && longDocument());
  if (alone) {
    for (let i = 0; i < pending.length; i += batchSize) {
      put(extractWithinBudget(stage, inputs(i), seconds, maxItems), Math.min(batchSize, pending.length - i));
    }
    return result(1);
  }

  let pool = early;
  if (pool && workers > pool.size) await pool.grow(workers - pool.size);
  pool ??= await startExtractPool(workers, version);
  const started = pool;
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    await started.close();
  };
  try {
    // Two batches in flight per worker keep every worker busy while this thread reads and stores.
    const inFlight: { results: Promise<ExtractedBatch>; size: number }[] = [];
    for (let i = 0; i < pending.length; i += batchSize) {
      const results = pool.extract(inputs(i), seconds, maxItems);
      // Awaited in order below; a failure is reported there, not as an unhandled rejection.
      results.catch(() => {});
      inFlight.push({ results, size: Math.min(batchSize, pending.length - i) });
      while (inFlight.length >= 2 * workers) {
        const next = inFlight.shift() as (typeof inFlight)[number];
        put(await next.results, next.size);
      }
    }
    // The last batches are received before they are stored, and the workers stopped in between:
    // a worker's heap (its extractor, and a long report's extraction not yet collected) is then
    // freed before this thread writes, instead of both being held at once.
    const last = await Promise.all(inFlight.map((next) => next.results));
    await close();
    for (const [k, results] of last.entries()) put(results, (inFlight[k] as (typeof inFlight)[number]).size);
  } finally {
    await close();
  }
  return result(workers);
}

/**
 * Stored documents not in `done`, in ingest order. Documents are never removed from a store, so
 * when `done` and the new documents not in it add up to the store's count, they are all there is.
 */
function pendingIds(store: Store, done: ReadonlySet<string>, added: readonly string[] | undefined): string[] {
  if (added) {
    const fresh = [...new Set(added)].filter((id) => !done.has(id));
    if (done.size + fresh.length === store.documents.count()) return fresh;
  }
  const pending: string[] = [];
  for (const d of store.documents.listing()) if (!done.has(d.id)) pending.push(d.id);
  return pending;
}

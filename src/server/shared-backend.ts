import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANALYSIS_LOCK, workingCopyFolder } from '../analyze/analyze-shared.js';
import type { Ledger } from '../core/types.js';
import { loadLedger } from '../ledger-file/read.js';
import { loadReportData } from '../report/load-report-data.js';
import type { Highlight, ReportData } from '../report/types.js';
import type { AsyncStore } from '../store/async-store.js';
import { openSharedStore } from '../store/open-store.js';
import { withSharedView } from '../store/shared-view.js';
import type { Checkpoint, Store } from '../store/store.js';
import { type ServerBackend, safeUploadName, type UploadResult } from './backend.js';
import { runPipelineWorker, type WorkerPipelineOptions } from './worker-pipeline.js';

export interface SharedStoreBackendOptions {
  /** This machine's working-copy folder for the store (the one `analyze` uses). */
  folder: string;
  /** The store-wide lock `analyze` holds while it merges. */
  lock: string;
  /** Extractor version whose extractions the working copy fetches (the highlights). */
  version: string;
  /** Builds the report data from the working copy, with the shared store's latest ledger. */
  read(store: Store, generated: string): ReportData;
  /** Ingests the file at `path` into the shared store; returns the ingest summary and new documents. */
  ingest(path: string): Promise<{ summary: unknown; documents: string[] }>;
  /** Analyses the shared store again (under its analysis lock) with what it holds. */
  analyze(): Promise<void>;
  /** Uploads ingested at once by this server; default 2. */
  maxIngests?: number;
  /** Folder where an upload waits while it is ingested (its bytes then live in the store). */
  uploads: string;
  /** How often the store is asked whether another machine changed it (ms); default 2,000. */
  refreshMs?: number;
  /** Told when a background refresh fails (the data served stays the last good one). */
  onError?: (err: unknown) => void;
  clock?: () => Date;
}

export interface SharedServerBackend extends ServerBackend {
  /** Rebuilds the data now when the store's custody log moved since it was built; true if it did. */
  refresh(): Promise<boolean>;
  /** Stops the periodic check and waits for a refresh in flight. */
  close(): Promise<void>;
}

/**
 * Runs `work` so that each call is covered by a run that started after the call: a call made while
 * a run is in progress waits for the next one, which serves every call made meanwhile.
 */
function coalescing(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = () => {
    const run = work().finally(() => {
      running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (next) return next;
    if (!running) return start();
    const queued = running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    next = queued;
    return queued;
  };
}

/** At most `n` of the functions given to the result run at once; the others wait their turn. */
function limited(n: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await work();
    } finally {
      // The slot goes straight to the next waiter, so none can slip in between.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/**
 * The live backend over a shared store (PostgreSQL), for `serve` on any number of machines.
 * - Reads are answered from report data held in memory, built from this machine's working copy
 *   under the analysis lock (`withSharedView`), so they never wait for an upload or an analysis.
 * - An upload is written to `uploads` and ingested into the shared store by `ingest` (a worker
 *   thread: the server's thread keeps answering). Uploads are ingested at once (at most
 *   `maxIngests` per server), on any number of servers: the store serialises their custody
 *   appends. Then the store is analysed again by `analyze`, under the analysis lock; uploads
 *   ingested while an analysis runs share the next one. The data is rebuilt before the upload is
 *   answered.
 * - Every `refreshMs` the custody head is read (one small query); when another machine appended
 *   (an ingest, an analysis), the data is rebuilt in the background and served once built.
 *
 * @example
 * const backend = await createSharedStoreBackend(shared, { folder, lock, version, read, ingest, analyze, uploads });
 */
export async function createSharedStoreBackend(
  shared: AsyncStore,
  options: SharedStoreBackendOptions,
): Promise<SharedServerBackend> {
  const clock = options.clock ?? (() => new Date());
  let current: { data: ReportData; head: Checkpoint } | null = null;
  // The periodic check in flight.
  let pending: Promise<void> | null = null;
  const analyze = coalescing(() => options.analyze());
  const ingestSlot = limited(options.maxIngests ?? 2);
  let quietUntil = 0;
  // Work started by uploads, awaited by `close`.
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inflight.add(work);
    const done = () => inflight.delete(work);
    work.then(done, done);
    return work;
  };

  const build = async () => {
    // The head read before the view: whatever is appended while the view is made (an ingest
    // commits without the lock) makes the next check build again, so nothing is missed.
    const head = await shared.custody.head();
    let took = 0;
    const data = await withSharedView(
      shared,
      { folder: options.folder, lock: options.lock, version: options.version },
      (store) => {
        const started = performance.now();
        const out = options.read(store, clock().toISOString());
        took = performance.now() - started;
        return out;
      },
    );
    current = { data, head };
    // A build holds the analysis lock while it reads: under a steady stream of ingests, the
    // periodic check leaves at least four times that long between builds, so analyses get it.
    quietUntil = Date.now() + 4 * took;
  };
  // Rebuilds run one at a time; those asked for during one share the next.
  const rebuild = coalescing(build);
  const moved = async () => {
    const head = await shared.custody.head();
    return head.entries !== current?.head.entries || head.head !== current?.head.head;
  };

  await rebuild();

  const check = async (): Promise<boolean> => {
    if (!(await moved())) return false;
    await rebuild();
    return true;
  };
  const timer = setInterval(() => {
    if (pending || Date.now() < quietUntil) return;
    pending = check()
      .then(() => undefined, options.onError ?? (() => undefined))
      .finally(() => {
        pending = null;
      });
  }, options.refreshMs ?? 2_000);
  timer.unref();

  return {
    data() {
      if (!current) throw new Error('The shared store backend has no data yet.');
      return current.data;
    },
    refresh: check,
    async upload(file): Promise<UploadResult> {
      const result = await ingestSlot(async () => {
        mkdirSync(options.uploads, { recursive: true });
        const stamp = clock().toISOString().replace(/[:.]/g, '-');
        // Several servers of one machine may share the folder: a random part keeps names apart.
        const name = `${stamp}-${randomBytes(3).toString('hex')}-${safeUploadName(file.name)}`;
        const path = join(options.uploads, name);
        writeFileSync(path, file.bytes, { flag: 'wx' });
        try {
          return await options.ingest(path);
        } finally {
          // The original's bytes are in the shared store now (or were refused): the file goes.
          rmSync(path, { force: true });
        }
      });
      const counts = result.summary as { rejected?: number } | null;
      const refused = (counts?.rejected ?? 0) > 0 && result.documents.length === 0;
      // A refused upload adds nothing. A duplicate is analysed again too: its first upload may
      // have been stored by an analysis that then failed (a crash, a stop), and sending it again
      // is how a user retries; an analysis that finds nothing new is cheap.
      if (!refused) await track(analyze());
      // Unless a refresh that began after this analysis has already shown it.
      await track(check());
      return { summary: result.summary, documents: result.documents, ...(refused ? { refused } : {}) };
    },
    async close() {
      clearInterval(timer);
      await pending;
      // Analyses and rebuilds an upload started finish before the store is closed.
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
}

export interface OpenSharedBackendOptions {
  /** Extractor version whose extractions give the highlights. */
  version: string;
  /** Extraction highlights per document of the ledger, read from the working copy. */
  highlights?: (store: Store, ledger: Ledger | null) => Record<string, Highlight[]>;
  /** Root of this machine's working copies (default: as `analyze`, `CORROBORATE_CACHE`…). */
  cache?: string;
  refreshMs?: number;
  onError?: (err: unknown) => void;
  /** Options of the upload worker (limits; tests replace the worker). */
  worker?: WorkerPipelineOptions;
}

/**
 * Opens the shared store at `location` (a `postgres://` URL, with its password) and the `serve`
 * backend over it: reads from this machine's working copy (the folder `analyze` uses), uploads
 * ingested and analysed by `analyzeShared` in a worker thread. `close` stops the backend and
 * closes the store.
 *
 * @example
 * const { backend, close } = await openSharedBackend(url, { version });
 * const app = createApp(backend);
 */
export async function openSharedBackend(
  location: string,
  options: OpenSharedBackendOptions,
): Promise<{ backend: SharedServerBackend; location: string; close(): Promise<void> }> {
  const shared = await openSharedStore(location);
  try {
    const folder = workingCopyFolder(shared, options.cache);
    const task = { storeDir: location, ...(options.cache !== undefined ? { cache: options.cache } : {}) };
    const backend = await createSharedStoreBackend(shared, {
      folder,
      lock: ANALYSIS_LOCK,
      version: options.version,
      read: (store, generated) => {
        const ledger = loadLedger(store);
        const highlights = options.highlights?.(store, ledger);
        return loadReportData(store, { ledger, generated, ...(highlights ? { highlights } : {}) });
      },
      ingest: (path) => runPipelineWorker({ ...task, inputs: [path], analyze: false }, options.worker),
      analyze: async () => {
        await runPipelineWorker({ ...task, inputs: [] }, options.worker);
      },
      uploads: `${folder}.uploads`,
      ...(options.refreshMs !== undefined ? { refreshMs: options.refreshMs } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    });
    return {
      backend,
      location: shared.location,
      async close() {
        await backend.close();
        await shared.close();
      },
    };
  } catch (err) {
    await shared.close();
    throw err;
  }
}

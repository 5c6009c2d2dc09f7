import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Ledger } from '../core/types.js';
import { loadReportData } from '../report/load-report-data.js';
import type { Highlight, ReportData } from '../report/types.js';
import type { Store } from '../store/store.js';

export interface UploadResult {
  /** Ids of the documents the upload added (empty for a duplicate). */
  documents: string[];
  /** The ingest summary, as the CLI prints it with --json. */
  summary: unknown;
  /** True when the upload was refused (nothing could be read from it): answered 422. */
  refused?: boolean;
}

/** What the server serves: the report data (with texts) and, optionally, a way to add documents. */
export interface ServerBackend {
  data(): ReportData;
  upload?(file: { name: string; bytes: Uint8Array }): Promise<UploadResult>;
}

/** Steps the store-backed server runs; the CLI passes the library's `analyze` and `loadLedger`. */
export interface StorePipeline {
  /** Ingests the inputs exactly as the CLI does, re-analyses, and returns the new ledger. */
  run(
    store: Store,
    inputs: string[],
  ): Promise<{ summary: unknown; documents: string[]; ledger: Ledger | null }>;
  /** The current ledger without work. */
  loadLedger(store: Store): Ledger | null;
  /** Extraction highlights per document, when available. */
  highlights?(store: Store): Record<string, Highlight[]>;
}

/** A file name safe to keep in the workspace: no folders, no dot files, printable ASCII. */
export function safeUploadName(name: string): string {
  const cleaned = basename(name.replace(/\\/g, '/'))
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 120);
  return cleaned || 'upload.txt';
}

/**
 * The live backend over a store. Uploaded files are kept in `<store>/uploads/` (so the source
 * recorded in custody stays a real path), ingested exactly as the CLI does, then analysed again.
 * The report data is cached and rebuilt after each upload.
 */
export function createStoreBackend(
  store: Store,
  pipeline: StorePipeline,
  clock: () => Date = () => new Date(),
): ServerBackend {
  let cached: ReportData | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const load = (ledger: Ledger | null) =>
    loadReportData(store, {
      ledger,
      generated: clock().toISOString(),
      ...(pipeline.highlights ? { highlights: pipeline.highlights(store) } : {}),
    });
  return {
    data() {
      cached ??= load(pipeline.loadLedger(store));
      return cached;
    },
    upload(file) {
      // One upload at a time: ingest and analysis write to the store.
      const run = queue.then(async () => {
        const dir = join(store.dir, 'uploads');
        mkdirSync(dir, { recursive: true });
        const stamp = clock().toISOString().replace(/[:.]/g, '-');
        const path = join(dir, `${stamp}-${safeUploadName(file.name)}`);
        writeFileSync(path, file.bytes, { flag: 'wx' });
        let result: Awaited<ReturnType<StorePipeline['run']>>;
        try {
          result = await pipeline.run(store, [path]);
        } catch (err) {
          rmSync(path, { force: true });
          throw err;
        }
        const { summary, documents, ledger } = result;
        cached = load(ledger);
        // Only an upload whose bytes became a new original is kept: a refused or duplicate one is
        // removed (its custody entry records the rejection or the earlier original).
        const counts = summary as { rejected?: number; originals?: { new?: number } } | null;
        const refused = (counts?.rejected ?? 0) > 0 && documents.length === 0;
        if ((counts?.originals?.new ?? 0) === 0) rmSync(path, { force: true });
        return { summary, documents, ...(refused ? { refused } : {}) };
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

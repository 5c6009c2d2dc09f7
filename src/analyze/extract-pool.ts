import { startPool, workerModule } from '../workers/pool.js';
import type { ExtractInput } from './extract-stage.js';
import type { ExtractedBatch } from './extract-within-budget.js';

/**
 * One batch for a worker: its reports, the seconds each may take and the most items each may
 * bring (`extractWithinBudget`).
 */
export interface ExtractJob {
  docs: ExtractInput[];
  seconds: number;
  maxItems: number;
}

/** Worker threads that each hold one published extraction stage (`src/workers/pool.ts`). */
export interface ExtractPool {
  /** Workers started. */
  readonly size: number;
  /** Starts `n` more workers and resolves once they are ready. */
  grow(n: number): Promise<void>;
  /**
   * Extracts one batch in the least busy worker, each report within `seconds` and `maxItems`
   * (a report over it is stored as its refusal); the results, in
   * the batch's order, come in their stored form (serialised in the worker, so that this thread
   * only writes them), with the ids of the reports stopped.
   */
  extract(docs: ExtractInput[], seconds: number, maxItems: number): Promise<ExtractedBatch>;
  /** Stops every worker (pending batches are rejected). */
  close(): Promise<void>;
}

/** A batch in an error message: its documents' ids. */
function describe(job: ExtractJob): string {
  const ids = job.docs.map((d) => d.id);
  return `a batch of ${ids.length} documents (${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''})`;
}

/**
 * Starts `size` workers (`extract-worker`), each building the published extraction stage
 * (gazetteer and lexicons, a few seconds of CPU each), and resolves once all are ready. Rejects
 * when a worker fails to start or runs another extractor version than `version` (its results
 * would be stored under the wrong key).
 */
export async function startExtractPool(size: number, version: string): Promise<ExtractPool> {
  const pool = await startPool<ExtractJob, ExtractedBatch>(
    {
      module: workerModule(import.meta.url, './extract-worker'),
      name: 'extraction',
      describe,
      accept(ready) {
        if (ready !== version) {
          throw new Error(
            `An extraction worker runs extractor ${String(ready)}, not ${version}: rebuild Corroborate (npm run build).`,
          );
        }
      },
    },
    size,
  );
  return {
    get size() {
      return pool.size;
    },
    grow: (n) => pool.grow(n),
    extract: (docs, seconds, maxItems) => pool.run({ docs, seconds, maxItems }),
    close: () => pool.close(),
  };
}

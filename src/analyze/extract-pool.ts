import { Worker } from 'node:worker_threads';
import type { SerializedExtraction } from '../store/analysis-store.js';
import type { ExtractInput } from './extract-stage.js';

/** A batch sent to a worker. */
export interface WorkerTask {
  task: number;
  docs: ExtractInput[];
}

/** What a worker posts back: its stage version once started, then one reply per task. */
export type WorkerReply =
  | { ready: string }
  | { task: number; rows: SerializedExtraction[] }
  | { task: number; error: string };

/** Worker threads that each hold one published extraction stage. */
export interface ExtractPool {
  /** Workers started. */
  readonly size: number;
  /** Starts `n` more workers and resolves once they are ready. */
  grow(n: number): Promise<void>;
  /**
   * Extracts one batch in the least busy worker; the results, in the batch's order, come in their
   * stored form (serialised in the worker, so that this thread only writes them).
   */
  extract(docs: ExtractInput[]): Promise<SerializedExtraction[]>;
  /** Stops every worker (pending batches are rejected). */
  close(): Promise<void>;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, { resolve: (r: SerializedExtraction[]) => void; reject: (e: Error) => void }>;
}

/**
 * The worker script beside this module: `extract-worker.js` in the built product; when running
 * from TypeScript source (vitest, tsx) a small boot file registers tsx in the worker first, since
 * worker threads do not inherit the loader on Node 20.
 */
function workerUrl(): URL {
  const source = import.meta.url.endsWith('.ts');
  return new URL(source ? './extract-worker-boot.mjs' : './extract-worker.js', import.meta.url);
}

/**
 * Starts `size` workers, each building the published extraction stage (gazetteer and lexicons,
 * a few seconds of CPU each), and resolves once all are ready. Rejects when a worker fails to
 * start or runs another extractor version than `version` (its results would be stored under the
 * wrong key).
 */
export async function startExtractPool(size: number, version: string): Promise<ExtractPool> {
  const url = workerUrl();
  const workers: PoolWorker[] = [];
  let nextTask = 0;
  let closing = false;

  const fail = (w: PoolWorker, err: Error) => {
    for (const p of w.pending.values()) p.reject(err);
    w.pending.clear();
  };

  const spawn = (): Promise<void> => {
    const worker = new Worker(url, { name: `corroborate-extract-${workers.length + 1}` });
    const w: PoolWorker = { worker, pending: new Map() };
    workers.push(w);
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if ('ready' in reply) {
          if (reply.ready === version) resolve();
          else
            reject(
              new Error(
                `An extraction worker runs extractor ${reply.ready}, not ${version}: rebuild Corroborate (npm run build).`,
              ),
            );
          return;
        }
        const p = w.pending.get(reply.task);
        if (!p) return;
        w.pending.delete(reply.task);
        if ('error' in reply) p.reject(new Error(`Extraction failed in a worker thread: ${reply.error}`));
        else p.resolve(reply.rows);
      });
      worker.on('error', (err) => {
        reject(err);
        fail(w, err);
      });
      worker.on('exit', (code) => {
        const err = new Error(`An extraction worker stopped (exit code ${code}).`);
        reject(err);
        if (!closing) fail(w, err);
      });
    });
  };

  const close = async () => {
    closing = true;
    for (const w of workers) fail(w, new Error('The extraction pool was closed.'));
    await Promise.all(workers.map((w) => w.worker.terminate()));
  };

  const grow = async (n: number) => {
    try {
      await Promise.all(Array.from({ length: n }, spawn));
    } catch (err) {
      await close();
      throw err;
    }
  };
  await grow(size);

  return {
    get size() {
      return workers.length;
    },
    grow,
    extract(docs) {
      const w = workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const task = nextTask++;
      return new Promise((resolve, reject) => {
        w.pending.set(task, { resolve, reject });
        w.worker.postMessage({ task, docs } satisfies WorkerTask);
      });
    },
    close,
  };
}

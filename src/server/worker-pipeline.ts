import { Worker } from 'node:worker_threads';
import type { ReadLimits } from '../ingest/reader.js';
import type { Store } from '../store/store.js';
import type { StorePipeline } from './backend.js';

/**
 * What the worker is asked to do: ingest these inputs into the store at `storeDir` (a folder, or a
 * `postgres://` URL with its password) and analyse.
 */
export interface PipelineTask {
  storeDir: string;
  /** Root of the working copies of shared stores (`analyzeShared`'s `cache`); PostgreSQL only. */
  cache?: string;
  /** False: ingest only, without analysing (PostgreSQL only; `serve` analyses once for several). */
  analyze?: boolean;
  inputs: string[];
  limits?: Partial<ReadLimits>;
  /** Anything a replacement worker (tests) needs. */
  extra?: unknown;
}

/** What the worker answers: that it started, then its result or its failure. */
export type PipelineReply =
  | { started: true }
  | { done: { summary: unknown; documents: string[] } }
  | { failed: { name: string; message: string; hint?: string } };

export interface WorkerPipelineOptions {
  /** Limits applied to uploads (the CLI's defaults when absent). */
  limits?: Partial<ReadLimits>;
  /** The worker module (tests replace it); default `pipeline-worker`. */
  worker?: URL;
  /** Passed to the worker as `workerData.extra`. */
  extra?: unknown;
  /** Called when a worker has started on an upload. */
  onStarted?: () => void;
}

/**
 * An error the worker reported, under the name it had there (`UsageError`, `StoreError`…, which
 * the app answers as 422) and with the hint the library gave.
 */
export class PipelineError extends Error {
  constructor(
    message: string,
    name = 'PipelineError',
    readonly hint?: string,
  ) {
    super(message);
    this.name = name;
  }
}

function defaultWorker(): URL {
  const source = import.meta.url.endsWith('.ts');
  return new URL(source ? './pipeline-worker-boot.mjs' : './pipeline-worker.js', import.meta.url);
}

/**
 * The `serve` pipeline that ingests and analyses each upload in a worker thread (one per upload,
 * ended after it, so its memory goes back), while the server's thread keeps answering requests.
 * The worker writes through its own connection to the store; the ledger is then read here.
 *
 * @example
 * const backend = createStoreBackend(store, createWorkerPipeline({ loadLedger }));
 */
export function createWorkerPipeline(
  read: Pick<StorePipeline, 'loadLedger' | 'highlights'>,
  options: WorkerPipelineOptions = {},
): StorePipeline {
  return {
    ...read,
    async run(store: Store, inputs: string[]) {
      const result = await runPipelineWorker({ storeDir: store.dir, inputs }, options);
      return { ...result, ledger: read.loadLedger(store) };
    },
  };
}

/**
 * Runs one upload's task in a new worker thread (ended after it, so its memory goes back) and
 * returns what it ingested. The store at `task.storeDir` may be a folder or a `postgres://` URL:
 * against PostgreSQL the worker runs `analyzeShared` (ingest, then the analysis under the store's
 * analysis lock).
 */
export async function runPipelineWorker(
  task: PipelineTask,
  options: WorkerPipelineOptions = {},
): Promise<{ summary: unknown; documents: string[] }> {
  const url = options.worker ?? defaultWorker();
  const full: PipelineTask = {
    ...task,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.extra !== undefined ? { extra: options.extra } : {}),
  };
  const worker = new Worker(url, { workerData: full, name: 'corroborate-upload' });
  return new Promise<{ summary: unknown; documents: string[] }>((resolve, reject) => {
    worker.on('message', (reply: PipelineReply) => {
      if ('started' in reply) options.onStarted?.();
      else if ('done' in reply) resolve(reply.done);
      else reject(new PipelineError(reply.failed.message, reply.failed.name, reply.failed.hint));
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new PipelineError(`The upload worker stopped (exit code ${code}) before it finished.`)),
    );
  }).finally(() => worker.terminate());
}

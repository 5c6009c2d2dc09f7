import { parentPort, workerData } from 'node:worker_threads';
import { analyze } from '../analyze/analyze.js';
import { openStore } from '../store/open-store.js';
import type { PipelineReply, PipelineTask } from './worker-pipeline.js';

/**
 * Runs one upload's ingest and analysis for `serve`, in a worker thread over its own connection to
 * the store, so that the server's thread keeps answering reads meanwhile. Started per upload by
 * `createWorkerPipeline`; its memory goes back when it ends.
 */
const task = workerData as PipelineTask;
const reply = (message: PipelineReply) => parentPort?.postMessage(message);
reply({ started: true });
try {
  const store = openStore(task.storeDir, { mustExist: true });
  try {
    const result = await analyze(store, task.inputs, task.limits ? { limits: task.limits } : {});
    const documents = result.ingest?.ingested.flatMap((i) => i.newDocuments) ?? [];
    reply({ done: { summary: result.ingest, documents } });
  } finally {
    store.close();
  }
} catch (err) {
  const e = err as Error & { hint?: string };
  reply({ failed: { name: e.name, message: e.message ?? String(err), ...(e.hint ? { hint: e.hint } : {}) } });
}

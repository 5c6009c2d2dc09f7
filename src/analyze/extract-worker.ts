/**
 * Worker thread of the extraction pool (extract-pool.ts): builds the published extraction stage
 * and its extractor once, reports its version, then extracts each batch it is sent and posts the results back in
 * the batch's order, already in their stored form.
 */
import { parentPort } from 'node:worker_threads';
import { serializeExtraction } from '../store/analysis-store.js';
import type { WorkerReply, WorkerTask } from './extract-pool.js';
import { loadExtractStage } from './extract-stage.js';

const port = parentPort;
if (!port) throw new Error('extract-worker.ts runs only as a worker thread (see extract-pool.ts).');
const { stage } = await loadExtractStage();
// Ready means ready to extract: a pool started early (before ingest) builds the extractor while
// the calling thread ingests and compares.
stage.prepare?.();
port.on('message', (task: WorkerTask) => {
  let reply: WorkerReply;
  try {
    reply = { task: task.task, rows: task.docs.map((doc) => serializeExtraction(stage.extract(doc))) };
  } catch (err) {
    const e = err as Error;
    reply = { task: task.task, error: e?.stack ?? String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: stage.version } satisfies WorkerReply);

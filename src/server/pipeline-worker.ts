import { parentPort, workerData } from 'node:worker_threads';
import { analyze } from '../analyze/analyze.js';
import { isPostgresUrl } from '../store/location.js';
import { openSharedStore, openStore } from '../store/open-store.js';
import type { PipelineReply, PipelineTask } from './worker-pipeline.js';

/**
 * Runs one upload's ingest and analysis for `serve`, in a worker thread over its own connection to
 * the store, so that the server's thread keeps answering reads meanwhile. Started per upload by
 * `runPipelineWorker`; its memory goes back when it ends. Against PostgreSQL it runs
 * `analyzeShared`: the upload is ingested into the shared store (appends are serialised there),
 * then the analysis runs under the store-wide analysis lock over this machine's working copy.
 */
const task = workerData as PipelineTask;
const reply = (message: PipelineReply) => parentPort?.postMessage(message);
reply({ started: true });
try {
  const options = task.limits ? { limits: task.limits } : {};
  if (isPostgresUrl(task.storeDir)) {
    const { analyzeShared } = await import('../analyze/analyze-shared.js');
    const shared = await openSharedStore(task.storeDir);
    try {
      // `serve` ingests each upload at once and analyses once for the uploads of that while.
      const summary =
        task.analyze === false
          ? await (await import('../ingest/ingest.js')).ingest(shared, task.inputs, options)
          : (
              await analyzeShared(shared, task.inputs, {
                ...options,
                ...(task.cache !== undefined ? { cache: task.cache } : {}),
              })
            ).ingest;
      const documents = summary?.ingested.flatMap((i) => i.newDocuments) ?? [];
      reply({ done: { summary, documents } });
    } finally {
      await shared.close();
    }
  } else {
    const store = openStore(task.storeDir, { mustExist: true });
    try {
      const result = await analyze(store, task.inputs, options);
      const documents = result.ingest?.ingested.flatMap((i) => i.newDocuments) ?? [];
      reply({ done: { summary: result.ingest, documents } });
    } finally {
      store.close();
    }
  }
} catch (err) {
  const e = err as Error & { hint?: string };
  reply({ failed: { name: e.name, message: e.message ?? String(err), ...(e.hint ? { hint: e.hint } : {}) } });
}

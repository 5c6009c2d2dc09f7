/**
 * Worker thread of the extraction pool (extract-pool.ts): builds the published extraction stage
 * and its extractor once, reports its version, then extracts each batch it is sent (each report
 * within the batch's time budget) and answers with the results in the batch's order, already in
 * their stored form.
 */
import { serveJobs } from '../workers/serve.js';
import type { ExtractJob } from './extract-pool.js';
import { loadExtractStage } from './extract-stage.js';
import { type ExtractedBatch, extractWithinBudget } from './extract-within-budget.js';

await serveJobs<ExtractJob, ExtractedBatch>(async () => {
  const { stage } = await loadExtractStage();
  // Ready means ready to extract: a pool started early (before ingest) builds the extractor while
  // the calling thread ingests and compares.
  stage.prepare?.();
  return {
    run: (job) => extractWithinBudget(stage, job.docs, job.seconds, job.maxItems),
    // A long report's stored form is tens of MB: moved, not copied. Only buffers that own their
    // memory are moved (small ones share Node's buffer pool with others, which must stay here).
    transfer: (batch) => batch.rows.flatMap((row) => [row.extraction, row.mergeInput].flatMap(ownBuffer)),
    ready: stage.version,
  };
});

function ownBuffer(bytes: Uint8Array | string): ArrayBuffer[] {
  if (typeof bytes === 'string') return [];
  const whole = bytes.buffer;
  return whole instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === whole.byteLength
    ? [whole]
    : [];
}

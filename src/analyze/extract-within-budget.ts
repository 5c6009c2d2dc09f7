import { runWithTimeBudget } from '../ingest/time-budget.js';
import { MAX_REPORT_ITEMS } from '../merge/bound-work.js';
import { type SerializedExtraction, serializeExtraction } from '../store/analysis-store.js';
import type { ExtractInput, ExtractStage } from './extract-stage.js';
import { extractWithinBound } from './extract-within-bound.js';

/**
 * Seconds extracting one report may take by default (`--max-extract-seconds`). Extraction is
 * about linear in a report's length: a news report takes milliseconds, a generated report of
 * 1.6 MB of short paragraphs 3.9 s of CPU and one of 3.2 MB 11.6 s (measured 2026-12-03); wall
 * time on a loaded machine was 3–4 times that. 300 s leaves that margin for the longest text a
 * document may hold (10 M characters) while a report that would take far longer is stopped.
 */
export const DEFAULT_EXTRACT_SECONDS = 300;

/** What extracting a batch gave: the stored form of each report extracted, and the ids of those stopped. */
export interface ExtractedBatch {
  rows: SerializedExtraction[];
  /** Reports whose extraction ran out of time: stopped, nothing of them kept. */
  timedOut: string[];
}

/**
 * Extracts each report of a batch into its stored form, each within `seconds` (a watchdog stops
 * one that runs longer: `runWithTimeBudget`). The extractor is built first, outside the budget,
 * so that a report stopped never leaves it half-built; what extraction keeps between reports is
 * only caches filled whole. A report over `maxItems` items (the merge's bound on one report) is
 * stored as its refusal (`extractWithinBound`). The same step runs in this thread and in an
 * extraction worker.
 */
export function extractWithinBudget(
  stage: ExtractStage,
  docs: readonly ExtractInput[],
  seconds: number,
  maxItems: number = MAX_REPORT_ITEMS,
): ExtractedBatch {
  stage.prepare?.();
  const outcomes = runWithTimeBudget(
    docs.map((doc) => ({
      bytes: doc.text.length,
      run: () => serializeExtraction(extractWithinBound(stage.extract, doc, maxItems)),
    })),
    seconds,
  );
  const batch: ExtractedBatch = { rows: [], timedOut: [] };
  outcomes.forEach((outcome, k) => {
    if ('value' in outcome) batch.rows.push(outcome.value);
    else batch.timedOut.push((docs[k] as ExtractInput).id);
  });
  return batch;
}

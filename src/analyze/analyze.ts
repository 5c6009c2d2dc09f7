import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic, Ledger, StoredDocument } from '../core/types.js';
import { type IngestOptions, type IngestSummary, ingest } from '../ingest/ingest.js';
import { writeLedgerFile } from '../ledger-file/write-file.js';
import {
  MAX_REPORT_ITEMS,
  type MergeFinish,
  type MergeResult,
  type RefusedReport,
  startMerge,
} from '../merge/index.js';
import { checkExtractions, extractionsDigest, unboundExtractions } from '../store/extraction-digest.js';
import { boundEntry, checkMergeState, startMergeStateFold } from '../store/merge-state-digest.js';
import { checkPreviousLedger, recordedIndexSha256 } from '../store/previous-ledger-check.js';
import { checkReusePairs, forgetPending, reuseDigest } from '../store/reuse-digest.js';
import type { Checkpoint, DocumentListing, DocumentSummary, Store } from '../store/store.js';
import { DOCUMENTS_PER_WORKER, type ExtractPendingResult, extractPending } from './extract-pending.js';
import { startExtractPool } from './extract-pool.js';
import { DEFAULT_EXTRACT_SECONDS } from './extract-within-budget.js';
import { loadStages, type ReuseStage, type Stages } from './stages.js';
import { staleRefusals } from './stale-refusals.js';

/** Stores of at least this many documents start an extraction worker before ingest. */
const PRESTART_STORE = 2 * DOCUMENTS_PER_WORKER;

export interface AnalyzeOptions
  extends Pick<IngestOptions, 'manifest' | 'limits' | 'stdin' | 'clock' | 'encoding' | 'allowOutside'> {
  /** Folder to write `ledger.json` to; nothing is written when absent. */
  out?: string;
  /** Stages to use instead of the published ones (tests, benchmarks). */
  stages?: Stages;
  /** Documents extracted per stored batch (default 200). */
  batch?: number;
  /**
   * Extraction worker threads; 1 extracts in this thread. Default: one per core, fewer when few
   * documents are pending (see `extractPending`).
   */
  workers?: number;
  /**
   * Seconds extracting one document may take (default `DEFAULT_EXTRACT_SECONDS`, 300). A document
   * whose extraction runs longer is stopped and left out of this run's ledger, with an error
   * diagnostic naming its file; nothing of it is stored, so the next run tries it again.
   */
  maxExtractSeconds?: number;
  /**
   * Documents whose extraction ran out of its budget in this run's extraction jobs (on a shared
   * store's workers): not extracted again here, and reported as `timedOut` with the same error.
   */
  timedOutElsewhere?: readonly string[];
  /**
   * The most items (incident mentions, quotes, claims) one report may bring to the merge (default
   * `MAX_REPORT_ITEMS`, 50,000). A report over it is left out of this run's ledger with an error
   * diagnostic naming its file. Counted while it is extracted (a long report part by part, so
   * that one far over the bound is stopped early): its refusal is stored instead of its
   * extraction, later runs report it again from that record, and a run with a higher bound
   * extracts it again.
   */
  maxReportItems?: number;
  onProgress?: (
    stage: 'ingest' | 'reuse' | 'extract' | 'merge' | 'write',
    done: number,
    total: number,
  ) => void;
  /**
   * The store is a machine's working copy of a shared store (`analyzeShared`): its merge state
   * may be behind an analysis another machine recorded since, and is then hashed, not cleared.
   */
  workingCopy?: boolean;
  /**
   * The largest merge state (in rows) whose every row is folded again before the run builds on it
   * (default `MERGE_STATE_CHECK_ROWS`; `Infinity`: always). See `checkMergeState`.
   */
  checkStateRows?: number;
  /**
   * The largest number of stored reuse pairs that is folded again whole before every run (default
   * `REUSE_CHECK_PAIRS`; `Infinity`: always). See `checkReusePairs`.
   */
  checkPairs?: number;
}

export interface AnalyzeResult {
  ingest: IngestSummary | null;
  documents: number;
  /** Documents extracted in this run (the others were extracted before). */
  extracted: number;
  /** Documents whose extraction ran out of time in this run (left out of the ledger). */
  timedOut: string[];
  /** Documents left out of the merge: they bring more items than `maxReportItems`. */
  refused: string[];
  extractorVersion: string;
  /**
   * The ledger written, assembled from the store on first use: read it before the store is closed
   * or analysed again (a large store's ledger is hundreds of MB; \`counts\` needs none of it).
   */
  readonly ledger: Ledger;
  /** Items in each section of the ledger. */
  counts: Record<'documents' | 'families' | 'reuse' | 'events' | 'quotes' | 'claims', number>;
  /** Where ledger.json was written, or null. */
  ledgerPath: string | null;
  ledgerSha256: string;
  diagnostics: Diagnostic[];
  /** Extraction worker threads used in this run (1: extracted in the calling thread). */
  workers: number;
  /** Milliseconds per stage (for benchmarks; never written into the ledger). */
  timings: { ingest: number; reuse: number; extract: number; merge: number; write: number };
  /** What the merge did: from scratch or not, documents merged, events rebuilt, milliseconds per phase. */
  merge: Omit<MergeResult, 'ledger' | 'base'>;
}

/**
 * Runs the whole pipeline over new inputs and the store: ingest → reuse → extraction of the
 * documents not yet extracted by this extractor version → merge into the ledger → `ledger.json`.
 * Re-running with one new file only reads, compares, extracts and merges what that file adds
 * (the merge state is kept in the store). Custody gets one `analysis` entry per run and one
 * `export` entry per file written.
 *
 * @example
 * const result = await analyze(openStore('./data'), ['reports/'], { out: './out' });
 * console.log(result.ledger.events.length, result.ledgerPath);
 */
export async function analyze(
  store: Store,
  inputs: readonly string[],
  options: AnalyzeOptions = {},
): Promise<AnalyzeResult> {
  const analysis = store.analysis;
  const stages = options.stages ?? (await loadStages());
  const diagnostics: Diagnostic[] = [...stages.diagnostics];
  const now = () => performance.now();
  const timings = { ingest: 0, reuse: 0, extract: 0, merge: 0, write: 0 };

  // On a large store, one extraction worker builds its extractor (seconds of CPU) while ingest
  // and reuse run, instead of after them; extractPending uses it, grows it or closes it.
  const version = stages.extractor.version;
  const hasInput = inputs.length > 0 || options.manifest !== undefined;
  const early =
    stages.extractor.parallel &&
    options.workers !== 1 &&
    hasInput &&
    store.documents.count() >= PRESTART_STORE
      ? startExtractPool(1, version).catch(() => null)
      : undefined;

  // What the latest analysis entry bound and this run builds on is checked before anything is
  // written, the inputs' ingest included (a refused run leaves the store as it found it): the
  // latest ledger file, whose unchanged items the new file copies; the extraction rows it bound;
  // the stored reuse pairs when their number moved (a pair edited in place is left to verify);
  // the merge state, when small enough to read whole or when asked. Ingest appends no analysis
  // entry, so the bound entry is the same after it.
  const bound = boundEntry(store, { workingCopy: options.workingCopy });
  // Read once: what was extracted before, and (with this run's extractions) what the merge reads.
  const extracted = analysis.extractedIds(version);
  let listed: DocumentListing[];
  try {
    checkPreviousLedger(store, bound);
    // Documents are listed in ingest order, so the ones an entry covered lead the list before
    // ingest as after it.
    listed = store.documents.listing();
    const before = listed.map((d) => d.id);
    checkExtractions(store, version, before, extracted, { fromScratch: bound === null });
    const pending = options.workingCopy ? [] : checkReusePairs(store, before, options.checkPairs);
    checkMergeState(store, bound, options.checkStateRows);
    // Checked: pairs no entry vouches for are compared again by this run's reuse stage.
    forgetPending(store, pending);
  } catch (err) {
    void early?.then((pool) => pool?.close());
    throw err;
  }

  let t = now();
  let summary: IngestSummary | null = null;
  let reuse: Awaited<ReturnType<ReuseStage>>;
  let documents: DocumentListing[];
  try {
    if (hasInput) {
      summary = await ingest(store, inputs, ingestOptionsOf(options));
      diagnostics.push(...summary.diagnostics);
    }
    timings.ingest = now() - t;

    t = now();
    options.onProgress?.('reuse', 0, 1);
    // Extraction adds no documents: one listing serves the reuse stage and the merge.
    // The listing taken before ingest serves when the run added no document (another process
    // may have: the count says). Else listed again: the new documents' place in ingest order is
    // the store's to say (ingest commits batches as they are read).
    documents =
      (summary?.documents.new ?? 0) === 0 && store.documents.count() === listed.length
        ? listed
        : store.documents.listing();
    reuse = await stages.reuse(store, documents);
    options.onProgress?.('reuse', 1, 1);
    timings.reuse = now() - t;
  } catch (err) {
    void early?.then((pool) => pool?.close());
    throw err;
  }

  // The reuse pairs this run's reuse stage stored are added to the digest of those checked above.
  const ids = documents.map((d) => d.id);
  let reuseBound: ReturnType<typeof reuseDigest>;
  try {
    reuseBound = reuseDigest(store, reuse, ids, { workingCopy: options.workingCopy });
    // Rows nothing vouches for are extracted again, not trusted. A working copy's rows come from
    // the shared store (extracted there by workers before the lock), so they are kept.
    if (!options.workingCopy) {
      const unbound = unboundExtractions(store, version, ids, extracted);
      analysis.deleteExtractions(version, unbound);
      for (const id of unbound) extracted.delete(id);
    }
  } catch (err) {
    void early?.then((pool) => pool?.close());
    throw err;
  }

  t = now();
  const extractSeconds = options.maxExtractSeconds ?? DEFAULT_EXTRACT_SECONDS;
  const elsewhere = options.timedOutElsewhere ?? [];
  const itemBound = options.maxReportItems ?? MAX_REPORT_ITEMS;
  const extracting = extractPending(store, analysis, stages.extractor, {
    done: elsewhere.length > 0 ? new Set([...extracted, ...elsewhere]) : extracted,
    workers: options.workers,
    batch: options.batch,
    pool: early,
    maxSeconds: extractSeconds,
    // A working copy's rows are published to the shared store, where a refusal would stand for
    // every later run (the retry of stale refusals below skips working copies): it extracts
    // whole, as the workers do, and the merge applies this run's bound.
    maxItems: options.workingCopy ? Number.POSITIVE_INFINITY : itemBound,
    added: summary?.ingested.flatMap((i) => i.newDocuments) ?? [],
    onProgress: (done, total) => options.onProgress?.('extract', done, total),
  });
  // Awaited below; a failure is reported there, not as an unhandled rejection.
  extracting.catch(() => {});
  const extractStarted = t;

  // The merge state's digest, from the entry that recorded the state (else the state is cleared:
  // see startMergeStateFold); then the latest ledger file, if it is up to date with the merge
  // state (marked behind from here until the new file is saved).
  // The run's changes to the state and the latest ledger are one transaction, committed with the
  // analysis entry: a run killed before that leaves the bound state and ledger as they were, so
  // the next run merges incrementally instead of from nothing.
  const run = analysis.beginRun();
  try {
    return await finishRun();
  } catch (err) {
    run.rollback();
    throw err;
  }

  async function finishRun(): Promise<AnalyzeResult> {
    const mergeDigest = startMergeStateFold(store, bound);
    const previous = analysis.beginLedgerFile();
    t = now();
    // Incremental: the merge state in the store holds what earlier runs merged; only the documents
    // it has not seen are read (their extraction, and their text once for its hash and headline).
    // The merge's first step does not read the new extractions: it runs while the extraction
    // workers finish (on a large store they are still building their extractor).
    let finish: MergeFinish;
    try {
      finish = startMerge(analysis.mergeState(mergeDigest), {
        version,
        documents,
        describe: (ids) => describeDocuments(store, ids),
        reuse,
        extracted,
        extractions: (ids) => analysis.mergeInputsFor(version, ids),
        texts: (ids) =>
          ids.map((id) => store.documents.get(id)).filter((d): d is StoredDocument => d !== null),
        custody: lastCapture(store),
        maxReportItems: options.maxReportItems,
      });
    } catch (err) {
      await extracting.catch(() => {});
      throw err;
    }
    const firstStep = now() - t;
    let extraction = await extracting;
    for (const id of extraction.ids) extracted.add(id);
    // Reports refused by an earlier run under a lower bound than this run's are extracted again
    // (their refusal row replaced). A working copy's rows are the shared store's.
    if (!options.workingCopy) {
      const earlier = new Set(extraction.ids);
      const stale = staleRefusals(
        analysis,
        version,
        finish.pending().filter((id) => !earlier.has(id)),
        itemBound,
      );
      if (stale.length > 0) {
        analysis.deleteExtractions(version, stale);
        for (const id of stale) extracted.delete(id);
        const retried = new Set(stale);
        const again = await extractPending(store, analysis, stages.extractor, {
          done: new Set(ids.filter((id) => !retried.has(id))),
          added: stale,
          workers: options.workers,
          batch: options.batch,
          maxSeconds: extractSeconds,
          maxItems: itemBound,
        });
        for (const id of again.ids) extracted.add(id);
        extraction = joinExtractions(extraction, again);
      }
    }
    const timedOut = [...elsewhere.filter((id) => !extracted.has(id)), ...extraction.timedOut];
    diagnostics.push(...timedOut.map((id) => extractionTimeout(store, id, extractSeconds)));
    options.onProgress?.('merge', 0, 1);
    // Extraction: the time it took beyond the merge's first step, which ran beside it.
    timings.extract = now() - extractStarted - firstStep;
    t = now();
    const merged = finish();
    timings.merge = firstStep + now() - t;
    diagnostics.push(...merged.refused.map((r) => reportTooLarge(store, r, itemBound)));
    options.onProgress?.('merge', 1, 1);

    t = now();
    options.onProgress?.('write', 0, 1);
    let ledgerPath: string | null = null;
    if (options.out) {
      fs.mkdirSync(options.out, { recursive: true });
      ledgerPath = path.join(options.out, 'ledger.json');
    }
    // Only the items that changed are serialised; the others are copied from the previous ledger file
    // (a large store's ledger.json is hundreds of MB, more than one string can hold).
    const { sha256, counts, name, index, indexSha256, publishOut } = writeLedgerFile({
      folder: analysis.ledgerFolder(),
      previous: merged.full ? null : previous,
      // The index the bound entry recorded (checked by checkPreviousLedger); an entry of an earlier
      // release recorded none: its index is not trusted and every item is serialised.
      previousIndex: recordedIndexSha256(bound),
      base: merged.base,
      changes: merged.full ? null : merged.changed,
      // Without the merge's list of input changes, the input sections are compared item by item.
      unchanged:
        merged.reused && !merged.changed.documents ? unchangedItems(merged.reused, reuse) : undefined,
      all: () => merged.ledger,
      out: ledgerPath,
      deferOut: true,
      trash: analysis.trashFolder(),
    });
    // The analysis entry and the ledger it records become the latest together; --out gets the
    // ledger only once it is recorded.
    try {
      const extractionsBound = extractionsDigest(store, version, ids, extraction.ids, extracted);
      analysis.recordLedgerFile(
        name,
        () =>
          store.custody.append('analysis', {
            documents: documents.length,
            extracted: extraction.extracted,
            extractorVersion: version,
            events: counts.events,
            quotes: counts.quotes,
            claims: counts.claims,
            ledgerSha256: sha256,
            // The index of the ledger file's items, whose byte ranges the next run copies.
            ledgerIndexSha256: indexSha256,
            // The extraction rows this ledger was merged from, bound so that `verify` sees them edited.
            extractions: { ...extractionsBound },
            // And the reuse pairs (on the embedded store; a shared store's pairs live in working copies).
            reuse: { ...reuseBound },
            // And the merge state this run leaves, which the next run builds on.
            mergeState: { ...mergeDigest.value },
          }),
        [index],
      );
    } catch (err) {
      publishOut(false);
      throw err;
    }
    run.commit();
    publishOut();
    if (ledgerPath) store.custody.append('export', { format: 'ledger-json', file: ledgerPath, sha256 });
    options.onProgress?.('write', 1, 1);
    timings.write = now() - t;

    const result = {
      ingest: summary,
      documents: documents.length,
      extracted: extraction.extracted,
      timedOut,
      refused: merged.refused.map((r) => r.document),
      extractorVersion: version,
      counts,
      ledgerPath,
      ledgerSha256: sha256,
      diagnostics,
      workers: extraction.workers,
      timings,
      merge: {
        full: merged.full,
        merged: merged.merged,
        rebuilt: merged.rebuilt,
        changed: merged.changed,
        timings: merged.timings,
      },
    };
    // Not enumerable: spreading or serialising the result does not assemble the whole ledger.
    return Object.defineProperty(result, 'ledger', {
      get: () => merged.ledger,
      enumerable: false,
    }) as AnalyzeResult;
  }
}

/** The error for a document whose extraction ran out of time, naming the file it was read from. */
function extractionTimeout(store: Store, id: string, budget: number): Diagnostic {
  const doc = store.documents.summary(id);
  return {
    rule: 'analyze/extraction-timeout',
    severity: 'error',
    message: `Rejected: extracting this report took longer than its ${budget} s budget (--max-extract-seconds); it was stopped, nothing of it was stored, and it is left out of the ledger.`,
    hint: 'Check the report (split a very long one), or raise --max-extract-seconds; the next analyze tries it again.',
    ...(doc ? { source: doc.source } : {}),
    ...(doc?.recordKey ? { record: doc.recordKey } : {}),
    document: id,
  };
}

/** Two extraction passes of one run as one. */
function joinExtractions(a: ExtractPendingResult, b: ExtractPendingResult): ExtractPendingResult {
  return {
    extracted: a.extracted + b.extracted,
    ids: [...a.ids, ...b.ids],
    timedOut: [...a.timedOut, ...b.timedOut],
    workers: Math.max(a.workers, b.workers),
  };
}

/** The error for a document left out of the merge for the number of its items, naming its file. */
function reportTooLarge(store: Store, refused: RefusedReport, bound: number): Diagnostic {
  const doc = store.documents.summary(refused.document);
  const brings =
    refused.counted === 'parts'
      ? `more than ${bound} incident mentions, quotes and claims (counted part by part; counting stopped at ${refused.items})`
      : `${refused.items} incident mentions, quotes and claims`;
  return {
    rule: 'analyze/report-too-large',
    severity: 'error',
    message: `Rejected: this report brings ${brings}, over the bound of ${bound} per report (--max-report-items); none of its events, quotes or claims are in the ledger (the document and its reuse pairs are). ${refused.recorded ? 'The refusal is stored in place of its extraction: later runs report it again without extracting it.' : 'Its extraction is kept: a run with a higher bound merges it.'}`,
    hint: 'Split the report into its parts, or raise --max-report-items, which extracts it again (merging one report takes several KiB of memory per item).',
    ...(doc ? { source: doc.source } : {}),
    ...(doc?.recordKey ? { record: doc.recordKey } : {}),
    document: refused.document,
  };
}

/**
 * Ledger items of the input sections that cannot have changed since the previous run: documents
 * whose reuse the merge did not re-examine (their record never changes, their family only through
 * reuse), families without such a document, and reuse pairs stored before this run.
 */
function unchangedItems(
  reused: ReadonlySet<string>,
  reuse: Awaited<ReturnType<ReuseStage>>,
): (section: 'documents' | 'families' | 'reuse', key: string) => boolean {
  const families = new Set<string>();
  for (const f of reuse.families) if (f.documents.some((d) => reused.has(d))) families.add(f.id);
  const pairs = new Set((reuse.added?.pairs ?? []).map((p) => `${p.a}\u0000${p.b}`));
  return (section, key) =>
    section === 'documents'
      ? !reused.has(key)
      : section === 'families'
        ? !families.has(key)
        : !pairs.has(key);
}

/** Listing rows of some documents: looked up one by one when few, else read in one pass. */
function describeDocuments(store: Store, ids: readonly string[]): DocumentSummary[] {
  if (ids.length <= 2000) {
    return ids.map((id) => store.documents.summary(id)).filter((d): d is DocumentSummary => d !== null);
  }
  const wanted = new Set(ids);
  const rows: DocumentSummary[] = [];
  for (const d of store.documents.summaries()) if (wanted.has(d.id)) rows.push(d);
  return rows;
}

/**
 * The custody checkpoint the ledger cites: the last entry that captured or refused input. Later
 * analysis and export entries do not change it, so re-running over the same evidence gives the
 * same ledger, byte for byte.
 */
export function lastCapture(store: Store): Checkpoint {
  // Only the few analysis and export entries of later runs follow the last capture: read the log
  // backwards in growing windows instead of parsing every entry of a large store.
  const head = store.custody.head().entries;
  for (let window = 16; ; window *= 8) {
    const from = Math.max(1, head - window + 1);
    let last: Checkpoint | null = null;
    for (const e of store.custody.entries({ from })) {
      if (e.kind === 'ingest' || e.kind === 'rejection') last = { entries: e.seq, head: e.hash };
    }
    if (last) return last;
    if (from === 1) return { entries: 0, head: '0'.repeat(64) };
  }
}

/** The ingest options an analysis passes on (its progress reported as the `ingest` stage). */
export function ingestOptionsOf(options: AnalyzeOptions): IngestOptions {
  return {
    manifest: options.manifest,
    allowOutside: options.allowOutside,
    limits: options.limits,
    encoding: options.encoding,
    stdin: options.stdin,
    clock: options.clock,
    onProgress: (p) => options.onProgress?.('ingest', p.inputs, p.inputs),
  };
}

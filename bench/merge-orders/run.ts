/**
 * How much the incremental merge depends on the order reports arrive in: a corpus is analysed
 * once, then its documents (with their extractions and reuse) are merged in batches on one merge
 * state, for many splits into batches, and each final ledger is compared with the from-scratch
 * merge of all of them (docs/ledger.md, "Reference and exactness"). Prints, per corpus, how many
 * splits give another ledger and in which sections.
 *
 *   npx tsx bench/merge-orders/run.ts [--corpus examples/corpus,../shared/corpora/bucha-2022]
 *                                     [--batches 3] [--splits 400]
 *
 * A corpus folder's `manifest.jsonl` is read when present. With `--batches B` over N documents
 * there are B^N splits: all of them when they are at most `--splits`, else that many spread
 * evenly over them (the same ones every run).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyze } from '../../src/analyze/index.js';
import type { DocumentExtraction, Ledger, ReusePair, StoredDocument } from '../../src/core/types.js';
import { toLedgerJson } from '../../src/ledger-file/canonical.js';
import { type MergeInput, mergeLedger } from '../../src/merge/build-ledger.js';
import { memoryMergeState } from '../../src/merge/merge-state.js';
import { buildFamilies } from '../../src/reuse/index.js';
import { loadReuse } from '../../src/reuse/update-reuse.js';
import { openStore } from '../../src/store/open-store.js';

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const corpora = (option('corpus') ?? 'examples/corpus,../shared/corpora/bucha-2022').split(',');
const batches = Number(option('batches') ?? 3);
const splits = Number(option('splits') ?? 400);

/** The ledger sections compared; `events` first, since quotes and claims follow from them. */
const SECTIONS = ['events', 'quotes', 'claims', 'families', 'documents'] as const;

interface Fixture {
  documents: StoredDocument[];
  extractions: Map<string, DocumentExtraction>;
  pairs: ReusePair[];
}

/** One analysis of the corpus: its documents, their extractions and the reuse pairs among them. */
async function fixtureOf(corpus: string): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'corroborate-merge-orders-'));
  const store = openStore(join(dir, 'store'));
  try {
    const manifest = join(corpus, 'manifest.jsonl');
    await analyze(store, [corpus], {
      manifest: existsSync(manifest) ? manifest : undefined,
      out: join(dir, 'out'),
    });
    const version = (store.analysis.mergeState().get('meta', 'run') as { version: string }).version;
    const extractions = new Map<string, DocumentExtraction>();
    for (const x of store.analysis.mergeInputs(version)) extractions.set(x.documentId, x);
    return { documents: [...store.documents.iterate()], extractions, pairs: [...loadReuse(store).pairs] };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The merge input of the documents `ids` received so far (reuse among them only). */
function inputOf(f: Fixture, ids: ReadonlySet<string>): MergeInput {
  const documents = f.documents.filter((d) => ids.has(d.id));
  const pairs = f.pairs.filter((p) => ids.has(p.a) && ids.has(p.b));
  return {
    version: 'merge-orders',
    documents,
    reuse: { pairs, families: buildFamilies(documents, pairs) },
    extracted: new Set([...f.extractions.keys()].filter((id) => ids.has(id))),
    extractions: (wanted) => wanted.map((id) => f.extractions.get(id) as DocumentExtraction),
    texts: (wanted) => wanted.map((id) => documents.find((d) => d.id === id) as StoredDocument),
    custody: { entries: 1, head: 'merge-orders' },
  };
}

/** The batch (0 … batches−1) of each document in split number `code` (its digits in base `batches`). */
function splitOf(code: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0, c = code; i < n; i++, c = Math.floor(c / batches)) out.push(c % batches);
  return out;
}

/** The final ledger of merging `ids` batch by batch on one state. */
function inBatches(f: Fixture, ids: readonly string[], batchOf: readonly number[]): Ledger {
  const state = memoryMergeState();
  const seen = new Set<string>();
  let ledger: Ledger | undefined;
  for (let b = 0; b < batches; b++) {
    ids.forEach((id, i) => {
      if (batchOf[i] === b) seen.add(id);
    });
    ledger = mergeLedger(state, inputOf(f, seen)).ledger;
  }
  return ledger as Ledger;
}

const rows: string[] = [];
for (const corpus of corpora) {
  if (!existsSync(corpus)) {
    process.stderr.write(`merge-orders: ${corpus} is absent; skipped\n`);
    continue;
  }
  const f = await fixtureOf(corpus);
  const ids = f.documents.map((d) => d.id).sort();
  const reference = mergeLedger(memoryMergeState(), inputOf(f, new Set(ids))).ledger;
  const sectionJson = (l: Ledger) => SECTIONS.map((s) => JSON.stringify(l[s]));
  const want = sectionJson(reference);
  const wantWhole = toLedgerJson(reference);
  const space = batches ** ids.length;
  const tried = Math.min(space, splits);
  // A step prime to the number of splits visits distinct ones, spread over the whole space.
  let step = Math.max(1, Math.floor(space / tried));
  while (gcd(step, space) !== 1) step++;
  let differ = 0;
  let failed = 0;
  const bySection = new Map<string, number>(SECTIONS.map((s) => [s, 0]));
  const started = performance.now();
  for (let i = 0; i < tried; i++) {
    const batchOf = splitOf((i * step) % space, ids.length);
    let ledger: Ledger;
    try {
      ledger = inBatches(f, ids, batchOf);
    } catch (error) {
      failed++;
      process.stderr.write(`merge-orders: ${corpus} split ${batchOf.join('')} threw: ${String(error)}\n`);
      continue;
    }
    // The whole ledger's bytes decide; the sections say where it differs.
    if (toLedgerJson(ledger) !== wantWhole) differ++;
    const got = sectionJson(ledger);
    const sections = SECTIONS.filter((_, k) => got[k] !== want[k]);
    for (const s of sections) bySection.set(s, (bySection.get(s) ?? 0) + 1);
  }
  const seconds = (performance.now() - started) / 1000;
  rows.push(
    `| ${corpus} | ${ids.length} | ${tried} of ${space} | ${differ} | ${SECTIONS.map((s) => bySection.get(s)).join(' | ')} | ${failed} | ${seconds.toFixed(0)} s |`,
  );
}

process.stdout.write(
  `Merging in ${batches} batches against the from-scratch merge (load ${loadavg()[0]?.toFixed(1)}):\n\n` +
    `| corpus | documents | splits | differ | ${SECTIONS.join(' | ')} | threw | time |\n` +
    `|---|---:|---:|---:|${SECTIONS.map(() => '---:|').join('')}---:|---:|\n` +
    `${rows.join('\n')}\n`,
);

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

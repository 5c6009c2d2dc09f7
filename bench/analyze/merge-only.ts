/**
 * The merge alone, from scratch, over a store the analyze benchmark kept (`run.ts --keep DIR`):
 * reads the documents, the reuse result and the stored extractions, then runs `mergeLedger` on an
 * empty in-memory state (what `buildLedger` does) and prints the merge's phase timings. For
 * profiling the merge without re-running ingest, reuse and extraction:
 *
 *   npx tsx bench/analyze/merge-only.ts DIR/store [--limit N] [--out ledger.json] [--version V]
 *   NODE_OPTIONS=--cpu-prof npx tsx bench/analyze/merge-only.ts DIR/store
 *
 * `--limit N` merges only the first N documents (by id) to see how the merge grows with size;
 * `--version V` reads the extractions of extractor version V (default: the current one);
 * `--persist` merges into the store's own merge state (incremental when it holds an earlier run:
 * `--limit 10000 --persist`, then `--persist` again merges the remaining documents).
 * Never run in tests.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { loadExtractStage } from '../../src/analyze/extract-stage.js';
import type { DocumentExtraction } from '../../src/core/types.js';
import { ledgerJsonChunks } from '../../src/ledger-file/json-text.js';
import { memoryMergeState, mergeLedger } from '../../src/merge/index.js';
import { loadReuse } from '../../src/reuse/index.js';
import { openStore } from '../../src/store/open-store.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] as string) : fallback;
};
const dir = args[0] as string;
const limit = Number(flag('--limit', '0'));
const outFile = flag('--out', '');
const persist = args.includes('--persist');

const EXTRACTOR_VERSION = flag('--version', '') || (await loadExtractStage()).stage.version;
const store = openStore(dir);
const analysis = store.analysis;
const t0 = performance.now();
let documents = [...store.documents.summaries()];
if (limit > 0) documents = documents.sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, limit);
const keep = new Set(documents.map((d) => d.id));
const reuse = loadReuse(store);
const pairs = reuse.pairs.filter((p) => keep.has(p.a) && keep.has(p.b));
const families = reuse.families
  .map((f) => ({ ...f, documents: f.documents.filter((d) => keep.has(d)) }))
  .filter((f) => f.documents.length > 1);
const extracted = new Set([...analysis.extractedIds(EXTRACTOR_VERSION)].filter((id) => keep.has(id)));
const byId = new Map<string, DocumentExtraction>();
for (const x of analysis.mergeInputsFor(EXTRACTOR_VERSION, [...extracted])) byId.set(x.documentId, x);
const texts = new Map<string, { text: string; credits: string[]; outlet: string | null }>();
for (const id of keep) {
  const d = store.documents.get(id);
  texts.set(id, { text: d?.text ?? '', credits: d?.credits ?? [], outlet: d?.outlet ?? null });
}
const t1 = performance.now();
process.stderr.write(`loaded ${documents.length} documents in ${((t1 - t0) / 1000).toFixed(1)} s\n`);
const cpu = process.cpuUsage();
const result = mergeLedger(
  persist ? analysis.mergeState() : memoryMergeState(),
  {
    version: EXTRACTOR_VERSION,
    documents,
    reuse: { pairs, families },
    extracted,
    extractions: (ids) => ids.map((id) => byId.get(id) as DocumentExtraction),
    texts: (ids) => ids.map((id) => ({ id, text: '', credits: [], outlet: null, ...texts.get(id) })),
    custody: { entries: 0, head: '0'.repeat(64) },
  },
  { persist },
);
const t2 = performance.now();
const used = process.cpuUsage(cpu);
const ms = Object.entries(result.timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(2)}`);
process.stderr.write(
  `${result.full ? 'full' : 'incremental'} (${result.merged} merged, ${result.rebuilt} events rebuilt) merge ${((t2 - t1) / 1000).toFixed(1)} s (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s): ${ms.join(', ')}\n` +
    `events ${result.ledger.events.length}, quotes ${result.ledger.quotes.length}, claims ${result.ledger.claims.length}\n`,
);
if (outFile) {
  const sha = createHash('sha256');
  const fd = fs.openSync(outFile, 'w');
  let bytes = 0;
  for (const chunk of ledgerJsonChunks(result.ledger)) {
    const buffer = Buffer.from(chunk, 'utf8');
    sha.update(buffer);
    fs.writeSync(fd, buffer);
    bytes += buffer.length;
  }
  fs.closeSync(fd);
  process.stderr.write(`wrote ${outFile} (${bytes} bytes, sha256 ${sha.digest('hex')})\n`);
}
store.close();

/**
 * The product's reuse stage on a real store: `updateReuse(store)` exactly as `corroborate reuse`
 * and `analyze` call it (SQLite index, worker threads), timed for a full build and for adding
 * new documents to the built index. See bench/reuse/RESULTS.md.
 *
 *   npx tsx bench/reuse/store-run.ts --store DIR [--build N] [--add 100] [--workers 2] [--rebuild]
 *
 * `--build N` ingests N generated documents (bench/reuse/generate.ts, seed 42) into an empty
 * store first (not timed as reuse); `--rebuild` empties the reuse index of an existing store so the
 * full build is measured; `--add N` then ingests N more generated documents and times the
 * incremental update. Prints one JSON object.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ingest } from '../../src/ingest/ingest.js';
import { updateReuse } from '../../src/reuse/update-reuse.js';
import { openStore } from '../../src/store/open-store.js';
import { flag } from '../flags.js';
import { createGenerator } from './generate.js';

const args = process.argv.slice(2);
const dir = flag('store', '');
if (!dir) throw new Error('--store DIR is required');
const build = Number(flag('build', '0'));
const add = Number(flag('add', '0'));
const workers = Number(flag('workers', '2'));
const g = createGenerator(42);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Writes generated documents `from .. to-1` as text files and ingests them. */
async function ingestGenerated(
  store: ReturnType<typeof openStore>,
  from: number,
  to: number,
): Promise<number> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-reuse-docs-'));
  try {
    for (let start = from; start < to; start += 1000) {
      const folder = path.join(tmp, String(start));
      mkdirSync(folder);
      for (let i = start; i < Math.min(to, start + 1000); i++)
        writeFileSync(path.join(folder, `${String(i).padStart(7, '0')}.txt`), g.doc(i).text);
    }
    const t = performance.now();
    await ingest(store, [tmp]);
    return (performance.now() - t) / 1000;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const store = openStore(dir);
const result: Record<string, number | string> = { workers };
try {
  if (build > 0) result.ingestSeconds = await ingestGenerated(store, 0, build);
  if (args.includes('--rebuild')) store.reuse.reset('rebuild');
  result.documents = store.documents.count();
  let c0 = cpu();
  let t0 = performance.now();
  let r = updateReuse(store, { workers });
  result.buildSeconds = (performance.now() - t0) / 1000;
  result.buildCpuSeconds = cpu() - c0;
  result.pairs = r.pairs.length;
  result.families = r.families.filter((f) => f.documents.length > 1).length;
  result.buildPeakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  if (add > 0) {
    // Continuing the generated sequence: the new documents reuse documents already in the store.
    const base = build > 0 ? build : 2_000_000;
    result.addIngestSeconds = await ingestGenerated(store, base, base + add);
    c0 = cpu();
    t0 = performance.now();
    r = updateReuse(store, { workers });
    result.addSeconds = (performance.now() - t0) / 1000;
    result.addCpuSeconds = cpu() - c0;
    result.pairsAfterAdd = r.pairs.length;
  }
  result.peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
} finally {
  store.close();
}
console.log(JSON.stringify(result));

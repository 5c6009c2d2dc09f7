/**
 * One hostile input, measured alone in this process (started by `hostile.ts`): ingest it into a
 * fresh store at the default limits, as `corroborate ingest` does (streaming checks included),
 * and, when it is accepted as text, extract its first document. Prints one JSON line: time in ms
 * (imports, store creation and building the extractor excluded), peak resident memory in MiB
 * (everything included), and the outcome.
 * Usage: `npx tsx bench/readers/hostile-case.ts FILE STORE_DIR [extract]`
 */
import fs from 'node:fs';
import { createExtractor } from '../../src/extract/index.js';
import { ingest } from '../../src/ingest/ingest.js';
import { openStore } from '../../src/store/open-store.js';

const [file, storeDir, mode] = process.argv.slice(2);
if (!file || !storeDir) throw new Error('usage: hostile-case.ts FILE STORE_DIR [extract]');
/**
 * Peak resident memory of this process in MiB: VmHWM on Linux (getrusage's maxRSS can carry the
 * parent's peak over a fork), maxRSS elsewhere.
 */
function peakMiB(): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Math.round(Number(hwm[1]) / 1024);
  } catch {
    // not Linux
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

const store = openStore(storeDir);
const baseline = peakMiB();
// The extractor (gazetteer and lexicons, seconds of CPU once per process) is built before the
// clock starts, for the inputs that are extracted; its memory counts in the peak.
const extract = mode === 'extract' ? createExtractor() : null;
const t = performance.now();
const summary = await ingest(store, [file]);
let outcome = summary.diagnostics.map((d) => d.rule).join(',') || 'accepted';
const [doc] = store.documents.list({ limit: 1 });
const full = doc ? store.documents.get(doc.id) : null;
if (full && extract) outcome += `, extracted ${extract(full).sentences.length} sentences`;
const ms = performance.now() - t;
store.close();
console.log(JSON.stringify({ ms: Math.round(ms), peakMiB: peakMiB(), baselineMiB: baseline, outcome }));

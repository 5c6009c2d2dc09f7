/** Per-stage CPU time of the extraction on generated reports: `npx tsx bench/extract/profile.ts [docs]`. */
import { extractActors } from '../../src/extract/extract-actors.js';
import { extractAttributions } from '../../src/extract/extract-attributions.js';
import { extractClaims } from '../../src/extract/extract-claims.js';
import { extractDates } from '../../src/extract/extract-dates.js';
import { extractQuantities } from '../../src/extract/extract-quantities.js';
import { extractQuotes } from '../../src/extract/extract-quotes.js';
import { loadGazetteer } from '../../src/extract/gazetteer/load-gazetteer.js';
import { createExtractor } from '../../src/extract/index.js';
import { resolvePlaces } from '../../src/extract/resolve-places.js';
import { splitSentences } from '../../src/extract/split-sentences.js';
import { generateReport } from './generate.js';

const c0 = process.cpuUsage();
const gazetteer = loadGazetteer();
const extract = createExtractor();
console.log(`setup ${(process.cpuUsage(c0).user / 1e6).toFixed(2)} s CPU`);
const docs = Array.from({ length: Number(process.argv[2] ?? 300) }, (_, i) => generateReport(i));
const totals: Record<string, number> = {};
const time = <T>(stage: string, f: () => T): T => {
  const c = process.cpuUsage();
  const result = f();
  totals[stage] = (totals[stage] ?? 0) + process.cpuUsage(c).user / 1e3;
  return result;
};
for (const d of docs) {
  const s = time('sentences', () => splitSentences(d.text));
  time('quantities', () => extractQuantities(d.text, s));
  time('dates', () => extractDates(d.text, s, { date: d.published, from: 'published' }));
  const q = time('quotes', () => extractQuotes(d.text, s, d.id));
  const a = time('attributions', () => extractAttributions(d.text, s));
  time('claims', () => extractClaims(d.text, s, d.id, q.quotes, a));
  time('places', () => resolvePlaces(d.text, {}, gazetteer));
  time('actors', () => extractActors(d.text, gazetteer));
  time('whole extraction', () => extract({ id: d.id, text: d.text, published: d.published, dateline: null }));
}
for (const [stage, ms] of Object.entries(totals))
  console.log(`${stage.padEnd(18)} ${(ms / docs.length).toFixed(2)} ms/doc CPU`);

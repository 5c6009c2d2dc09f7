/**
 * Cross-document event coreference on ECB+: runs extraction and the ledger merge over the ECB+
 * documents (converted by scripts/ecbplus-to-jsonl.ts --gold), maps our event mentions to the gold
 * event mentions by span overlap, and reports B-cubed precision, recall and F1 of the merge, and
 * the CoNLL-style MUC F1 beside it.
 *
 *   npx tsx bench/ecbplus-coref/run.ts [--in ../shared/corpora/ecbplus] [--topics 1,2,3] [--all-sentences]
 *
 * Evaluated on the gold mentions of the validated sentences (as ECB+'s README advises) unless
 * --all-sentences. Writes bench/ecbplus-coref/results.json and prints a table.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadStages } from '../../src/analyze/stages.js';
import type { DocumentExtraction, Span, StoredDocument } from '../../src/core/types.js';
import { buildLedger } from '../../src/merge/index.js';

interface GoldMention {
  doc: string;
  topic: string;
  subtopic: string;
  span: Span;
  text: string;
  chain: string;
  validated: boolean;
}
interface EcbDoc {
  id: string;
  topic: string;
  subtopic: string;
  title: string | null;
  url: string | null;
  text: string;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const inDir = flag('--in') ?? '../shared/corpora/ecbplus';
const topics = flag('--topics')?.split(',');
const allSentences = args.includes('--all-sentences');

if (!fs.existsSync(inDir)) {
  console.error(`ECB+ is not at ${inDir}; pass --in DIR.`);
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ecbplus-'));
const docsFile = path.join(tmp, 'docs.jsonl');
const goldFile = path.join(tmp, 'gold.jsonl');
const topicArgs = (topics ?? []).flatMap((t) => ['--topic', t]);
execFileSync(
  'npx',
  ['tsx', 'scripts/ecbplus-to-jsonl.ts', '--in', inDir, '--out', docsFile, '--gold', goldFile, ...topicArgs],
  { stdio: 'inherit' },
);
const readJsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
const docs = readJsonl<EcbDoc>(docsFile);
const gold = readJsonl<GoldMention>(goldFile).filter((m) => allSentences || m.validated);
fs.rmSync(tmp, { recursive: true, force: true });

const t0 = performance.now();
const stages = await loadStages();
const extractions: DocumentExtraction[] = docs.map((d) =>
  stages.extractor.extract({ id: d.id, text: d.text, published: null, dateline: null }),
);
const t1 = performance.now();
const stored: StoredDocument[] = docs.map((d) => ({
  id: d.id,
  sha256: d.id,
  source: d.id,
  recordKey: '',
  reader: 'jsonl',
  capturedAt: '1970-01-01T00:00:00Z',
  text: d.text,
  title: d.title,
  outlet: null,
  url: d.url,
  published: null,
  byline: null,
  dateline: null,
  credits: [],
  series: d.topic,
  externalId: d.id,
  inferred: [],
}));
const ledger = buildLedger({
  documents: stored,
  reuse: { pairs: [], families: [] },
  extractions,
  custody: { entries: 0, head: '' },
});
const t2 = performance.now();

// Our mentions: each incident's trigger (and its clause, as a fallback) with the event it is in.
const triggers = new Map<string, { trigger: Span; clause: Span; event: string }[]>();
const eventOfMention = new Map<string, string>();
for (const e of ledger.events)
  for (const m of e.mentions) eventOfMention.set(`${m.document}#${m.span[0]}`, e.id);
for (const x of extractions) {
  for (const i of x.incidents) {
    const event = eventOfMention.get(`${i.documentId}#${i.span[0]}`);
    if (!event) continue;
    const list = triggers.get(i.documentId) ?? [];
    list.push({ trigger: i.trigger.span, clause: i.span, event });
    triggers.set(i.documentId, list);
  }
}
const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];

// Each gold mention gets our event (matched by trigger overlap), or a singleton of its own.
let matched = 0;
const predicted = new Map<GoldMention, string>();
gold.forEach((g, n) => {
  const hit = (triggers.get(g.doc) ?? []).find((t) => overlaps(t.trigger, g.span));
  if (hit) matched++;
  predicted.set(g, hit ? hit.event : `unmatched:${n}`);
});

function bcubed(key: (g: GoldMention) => string, response: (g: GoldMention) => string, items: GoldMention[]) {
  const byKey = new Map<string, GoldMention[]>();
  const byResp = new Map<string, GoldMention[]>();
  for (const g of items) {
    byKey.set(key(g), [...(byKey.get(key(g)) ?? []), g]);
    byResp.set(response(g), [...(byResp.get(response(g)) ?? []), g]);
  }
  let p = 0;
  let r = 0;
  for (const g of items) {
    const k = new Set(byKey.get(key(g)));
    const s = byResp.get(response(g)) ?? [];
    const both = s.filter((x) => k.has(x)).length;
    p += both / s.length;
    r += both / k.size;
  }
  const P = p / items.length;
  const R = r / items.length;
  return { P, R, F1: (2 * P * R) / (P + R) };
}

function muc(key: (g: GoldMention) => string, response: (g: GoldMention) => string, items: GoldMention[]) {
  const side = (a: typeof key, b: typeof key) => {
    const groups = new Map<string, GoldMention[]>();
    for (const g of items) groups.set(a(g), [...(groups.get(a(g)) ?? []), g]);
    let num = 0;
    let den = 0;
    for (const members of groups.values()) {
      num += members.length - new Set(members.map(b)).size;
      den += members.length - 1;
    }
    return den === 0 ? 0 : num / den;
  };
  const R = side(key, response);
  const P = side(response, key);
  return { P, R, F1: P + R === 0 ? 0 : (2 * P * R) / (P + R) };
}

const keyOf = (g: GoldMention) => g.chain;
const ours = (g: GoldMention) => predicted.get(g) as string;
const singletons = (g: GoldMention) => `${g.doc}:${g.span[0]}`;
const oneTopic = (g: GoldMention) => `${g.topic}`;
const matchedOnly = gold.filter((g) => !(predicted.get(g) as string).startsWith('unmatched:'));

const rows = [
  {
    system: 'corroborate merge (all gold mentions)',
    ...bcubed(keyOf, ours, gold),
    muc: muc(keyOf, ours, gold).F1,
  },
  {
    system: 'corroborate merge (matched mentions only)',
    ...bcubed(keyOf, ours, matchedOnly),
    muc: muc(keyOf, ours, matchedOnly).F1,
  },
  {
    system: 'baseline: every mention alone',
    ...bcubed(keyOf, singletons, gold),
    muc: muc(keyOf, singletons, gold).F1,
  },
  {
    system: 'baseline: one event per topic',
    ...bcubed(keyOf, oneTopic, gold),
    muc: muc(keyOf, oneTopic, gold).F1,
  },
  {
    system: 'matched-only: one event per topic',
    ...bcubed(keyOf, oneTopic, matchedOnly),
    muc: muc(keyOf, oneTopic, matchedOnly).F1,
  },
];
const pct = (x: number) => (100 * x).toFixed(1);
console.log(
  `\nECB+ ${docs.length} documents, ${gold.length} gold event mentions (${allSentences ? 'all sentences' : 'validated sentences'}), ${matched} matched by our incident triggers (${pct(matched / gold.length)}%)`,
);
console.log(
  `extraction ${((t1 - t0) / 1000).toFixed(1)} s, merge ${((t2 - t1) / 1000).toFixed(1)} s, ${ledger.events.length} events\n`,
);
console.log('| system | B3 P | B3 R | B3 F1 | MUC F1 |\n|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.system} | ${pct(r.P)} | ${pct(r.R)} | ${pct(r.F1)} | ${pct(r.muc)} |`);
fs.writeFileSync(
  path.join('bench', 'ecbplus-coref', 'results.json'),
  `${JSON.stringify({ documents: docs.length, gold: gold.length, matched, events: ledger.events.length, rows }, null, 2)}\n`,
);

/**
 * Cross-document event coreference on ECB+: runs extraction and the ledger merge over the ECB+
 * documents (converted by scripts/ecbplus-to-jsonl.ts --gold), maps our event mentions to the gold
 * event mentions by span overlap, and reports B-cubed precision, recall and F1 of the merge, and
 * MUC and CEAF-e F1 beside it, and the CoNLL F1 (the mean of the three).
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

/** Minimum-cost assignment of rows to columns (Hungarian method, square matrix). */
function assignment(cost: number[][]): number[] {
  const n = cost.length;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0] as number;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = (cost[i0 - 1]?.[j - 1] ?? 0) - (u[i0] as number) - (v[j] as number);
        if (cur < (minv[j] as number)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j] as number] = (u[p[j] as number] as number) + delta;
          v[j] = (v[j] as number) - delta;
        } else minv[j] = (minv[j] as number) - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0] as number;
      p[j0] = p[j1] as number;
      j0 = j1;
    } while (j0 !== 0);
  }
  const rowOf = new Array<number>(n).fill(-1);
  for (let j = 1; j <= n; j++) if ((p[j] as number) > 0) rowOf[(p[j] as number) - 1] = j - 1;
  return rowOf;
}

/**
 * CEAF-e (Luo 2005): key and response entities aligned one to one to maximise the summed
 * similarity 2|K∩R|/(|K|+|R|); solved per connected group of overlapping entities.
 */
function ceafe(key: (g: GoldMention) => string, response: (g: GoldMention) => string, items: GoldMention[]) {
  const keys = new Map<string, Set<GoldMention>>();
  const resp = new Map<string, Set<GoldMention>>();
  for (const g of items) {
    keys.set(key(g), (keys.get(key(g)) ?? new Set()).add(g));
    resp.set(response(g), (resp.get(response(g)) ?? new Set()).add(g));
  }
  // Connected groups of the key/response overlap graph.
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r) as string;
    parent.set(x, r);
    return r;
  };
  for (const k of keys.keys()) parent.set(`k:${k}`, `k:${k}`);
  for (const r of resp.keys()) parent.set(`r:${r}`, `r:${r}`);
  for (const g of items) parent.set(find(`k:${key(g)}`), find(`r:${response(g)}`));
  const groups = new Map<string, { k: string[]; r: string[] }>();
  for (const k of keys.keys()) {
    const root = find(`k:${k}`);
    const grp = groups.get(root) ?? { k: [], r: [] };
    grp.k.push(k);
    groups.set(root, grp);
  }
  for (const r of resp.keys()) {
    const root = find(`r:${r}`);
    const grp = groups.get(root) ?? { k: [], r: [] };
    grp.r.push(r);
    groups.set(root, grp);
  }
  let total = 0;
  for (const { k, r } of groups.values()) {
    const phi = (a: string, b: string) => {
      const ka = keys.get(a) as Set<GoldMention>;
      const rb = resp.get(b) as Set<GoldMention>;
      let both = 0;
      for (const x of ka) if (rb.has(x)) both++;
      return (2 * both) / (ka.size + rb.size);
    };
    if (k.length === 1 || r.length === 1) {
      let best = 0;
      for (const a of k) for (const b of r) best = Math.max(best, phi(a, b));
      total += best;
      continue;
    }
    const n = Math.max(k.length, r.length);
    const sim = Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) =>
        i < k.length && j < r.length ? phi(k[i] as string, r[j] as string) : 0,
      ),
    );
    const rowOf = assignment(sim.map((row) => row.map((x) => -x)));
    rowOf.forEach((j, i) => {
      if (j >= 0) total += sim[i]?.[j] ?? 0;
    });
  }
  const P = resp.size === 0 ? 0 : total / resp.size;
  const R = keys.size === 0 ? 0 : total / keys.size;
  return { P, R, F1: P + R === 0 ? 0 : (2 * P * R) / (P + R) };
}

/** B-cubed, MUC and CEAF-e F1 and CoNLL F1 (their mean) of one response. */
function scores(key: (g: GoldMention) => string, response: (g: GoldMention) => string, items: GoldMention[]) {
  const b3 = bcubed(key, response, items);
  const m = muc(key, response, items).F1;
  const ce = ceafe(key, response, items).F1;
  return { ...b3, muc: m, ceafe: ce, conll: (b3.F1 + m + ce) / 3 };
}

const keyOf = (g: GoldMention) => g.chain;
const ours = (g: GoldMention) => predicted.get(g) as string;
const singletons = (g: GoldMention) => `${g.doc}:${g.span[0]}`;
const oneTopic = (g: GoldMention) => `${g.topic}`;
const matchedOnly = gold.filter((g) => !(predicted.get(g) as string).startsWith('unmatched:'));

const rows = [
  {
    system: 'corroborate merge (all gold mentions)',
    ...scores(keyOf, ours, gold),
  },
  {
    system: 'corroborate merge (matched mentions only)',
    ...scores(keyOf, ours, matchedOnly),
  },
  {
    system: 'baseline: every mention alone',
    ...scores(keyOf, singletons, gold),
  },
  {
    system: 'baseline: one event per topic',
    ...scores(keyOf, oneTopic, gold),
  },
  {
    system: 'matched-only: one event per topic',
    ...scores(keyOf, oneTopic, matchedOnly),
  },
];
const pct = (x: number) => (100 * x).toFixed(1);
console.log(
  `\nECB+ ${docs.length} documents, ${gold.length} gold event mentions (${allSentences ? 'all sentences' : 'validated sentences'}), ${matched} matched by our incident triggers (${pct(matched / gold.length)}%)`,
);
console.log(
  `extraction ${((t1 - t0) / 1000).toFixed(1)} s, merge ${((t2 - t1) / 1000).toFixed(1)} s, ${ledger.events.length} events\n`,
);
console.log(
  '| system | B3 P | B3 R | B3 F1 | MUC F1 | CEAF-e F1 | CoNLL F1 |\n|---|---|---|---|---|---|---|',
);
for (const r of rows)
  console.log(
    `| ${r.system} | ${pct(r.P)} | ${pct(r.R)} | ${pct(r.F1)} | ${pct(r.muc)} | ${pct(r.ceafe)} | ${pct(r.conll)} |`,
  );
fs.writeFileSync(
  path.join('bench', 'ecbplus-coref', 'results.json'),
  `${JSON.stringify({ documents: docs.length, gold: gold.length, matched, events: ledger.events.length, rows }, null, 2)}\n`,
);

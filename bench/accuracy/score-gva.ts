import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentsByFile, type ScoredEvent, type ScoredLedger } from './ledger-shape.js';

/** One incident of gva-dev's gold.json: the Gun Violence Archive's counts, city and date. */
interface GvaIncident {
  docs: string[];
  killed: number;
  injured: number;
  city: string;
  date: string;
}

/** The figures of `score-gva.py`, unrounded. */
export interface GvaScores {
  incidents: number;
  found: number;
  killed_exact: number;
  injured_exact: number;
  both_exact: number;
  place: number;
  date_pm1: number;
  pair_precision: number;
  pair_recall: number;
  pair_f1: number;
}

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z]/g, '');
const DAY = 86_400_000;

/** Parses `YYYY-MM-DD` strictly, as Python's date.fromisoformat does on the first ten characters. */
function isoDay(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? t : null;
}

/**
 * Scores a ledger against gva-dev exactly as `../shared/eval/score-gva.py` does: per gold incident,
 * the event with figures covering most of its documents (then most mentions; the first such event
 * in ledger order) is compared with the incident's counts, city and date; pairs of documents that
 * share an event with figures are compared with pairs of documents of one incident.
 */
export function scoreGva(corpusDir: string, ledger: ScoredLedger): GvaScores {
  const gold = (
    JSON.parse(readFileSync(join(corpusDir, 'gold.json'), 'utf8')) as {
      incidents: Record<string, GvaIncident>;
    }
  ).incidents;
  const byFile = documentsByFile(ledger);
  const events = (ledger.events ?? []).filter((e) => e.killed || e.injured);
  const eventDocs = new Map<string, Set<string>>(
    events.map((e) => [e.id, new Set((e.mentions ?? []).map((m) => m.document))]),
  );
  const docsOf = (e: ScoredEvent) => eventDocs.get(e.id) ?? new Set<string>();
  const eventsByDoc = new Map<string, ScoredEvent[]>();
  for (const e of events) {
    for (const d of docsOf(e)) {
      const list = eventsByDoc.get(d);
      if (list) {
        if (list[list.length - 1] !== e) list.push(e);
      } else eventsByDoc.set(d, [e]);
    }
  }
  const order = new Map(events.map((e, k) => [e.id, k]));
  let n = 0;
  let found = 0;
  let killed = 0;
  let injured = 0;
  let both = 0;
  let place = 0;
  let date = 0;
  for (const g of Object.values(gold)) {
    n++;
    const ids = new Set(g.docs.map((f) => byFile.get(f)).filter((x): x is string => x !== undefined));
    const seen = new Set<string>();
    const candidates: ScoredEvent[] = [];
    for (const id of ids)
      for (const e of eventsByDoc.get(id) ?? []) if (!seen.has(e.id) && seen.add(e.id)) candidates.push(e);
    if (candidates.length === 0) continue;
    candidates.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    found++;
    const overlap = (e: ScoredEvent) => [...docsOf(e)].filter((d) => ids.has(d)).length;
    let best = candidates[0] as ScoredEvent;
    let bestOverlap = overlap(best);
    let bestMentions = best.mentions?.length ?? 0;
    for (const e of candidates.slice(1)) {
      const o = overlap(e);
      const m = e.mentions?.length ?? 0;
      if (o > bestOverlap || (o === bestOverlap && m > bestMentions)) {
        best = e;
        bestOverlap = o;
        bestMentions = m;
      }
    }
    const k = best.killed?.best || 0;
    const j = best.injured?.best || 0;
    if (k === g.killed) killed++;
    if (j === g.injured) injured++;
    if (k === g.killed && j === g.injured) both++;
    const p = best.place?.name;
    if (p && (norm(p) === norm(g.city) || norm(p).includes(norm(g.city)))) place++;
    const dt = best.date?.start;
    if (dt) {
      const a = isoDay(dt.slice(0, 10));
      const b = isoDay(g.date);
      if (a !== null && b !== null && Math.abs(a - b) / DAY <= 1) date++;
    }
  }
  const docIncident = new Map<string, string>();
  for (const [iid, g] of Object.entries(gold))
    for (const f of g.docs) {
      const id = byFile.get(f);
      if (id !== undefined) docIncident.set(id, iid);
    }
  const shared = new Set<string>();
  for (const e of events) {
    const docs = [...docsOf(e)].filter((d) => docIncident.has(d)).sort();
    for (let a = 0; a < docs.length; a++)
      for (let b = a + 1; b < docs.length; b++) shared.add(`${docs[a]}\t${docs[b]}`);
  }
  const byIncident = new Map<string, string[]>();
  for (const [d, iid] of docIncident) byIncident.set(iid, [...(byIncident.get(iid) ?? []), d]);
  let goldPairs = 0;
  let truePairs = 0;
  for (const docs of byIncident.values()) {
    docs.sort();
    for (let a = 0; a < docs.length; a++)
      for (let b = a + 1; b < docs.length; b++) {
        goldPairs++;
        if (shared.has(`${docs[a]}\t${docs[b]}`)) truePairs++;
      }
  }
  const P = shared.size ? truePairs / shared.size : 0;
  const R = goldPairs ? truePairs / goldPairs : 0;
  const r = (x: number) => (n ? x / n : 0);
  return {
    incidents: n,
    found: r(found),
    killed_exact: r(killed),
    injured_exact: r(injured),
    both_exact: r(both),
    place: r(place),
    date_pm1: r(date),
    pair_precision: P,
    pair_recall: R,
    pair_f1: P + R ? (2 * P * R) / (P + R) : 0,
  };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentsByFile, type ScoredLedger } from './ledger-shape.js';

type MeterLabel = 'wholly_derived' | 'partially_derived' | 'non_derived';

/** The figures of `score-meter.py`, unrounded; `by_label` maps a label to [stories, predicted derived]. */
export interface MeterScores {
  papers: number;
  macro_f1: number;
  f1_derived: number;
  f1_non_derived: number;
  precision_derived: number;
  recall_derived: number;
  by_label: Record<string, [number, number]>;
}

function f1(tp: number, fp: number, fn: number): [number, number, number] {
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  return [p + r ? (2 * p * r) / (p + r) : 0, p, r];
}

/**
 * Scores a ledger against meter-dev exactly as `../shared/eval/score-meter.py` does: a newspaper
 * story is predicted derived when the ledger's `reuse` list pairs it with one of the wire stories
 * of its topic and day; macro-F1 over derived (wholly or partially) and non-derived.
 */
export function scoreMeter(corpusDir: string, ledger: ScoredLedger): MeterScores {
  const gold = (
    JSON.parse(readFileSync(join(corpusDir, 'gold.json'), 'utf8')) as {
      papers: Record<string, { label: MeterLabel; sources: string[] }>;
    }
  ).papers;
  const byFile = documentsByFile(ledger);
  const related = new Map<string, Set<string>>();
  const relate = (x: string, y: string) => {
    const s = related.get(x);
    if (s) s.add(y);
    else related.set(x, new Set([y]));
  };
  for (const r of ledger.reuse ?? []) {
    relate(r.a, r.b);
    relate(r.b, r.a);
  }
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  const byLabel: Record<string, [number, number]> = {};
  for (const [name, g] of Object.entries(gold)) {
    const id = byFile.get(name);
    const rel = id === undefined ? undefined : related.get(id);
    const predicted =
      rel !== undefined &&
      g.sources.some((s) => {
        const sid = byFile.get(s);
        return sid !== undefined && rel.has(sid);
      });
    const derived = g.label !== 'non_derived';
    const counts = byLabel[g.label] ?? [0, 0];
    byLabel[g.label] = counts;
    counts[0]++;
    if (predicted) counts[1]++;
    if (predicted && derived) tp++;
    else if (predicted) fp++;
    else if (derived) fn++;
    else tn++;
  }
  const [fd, p, r] = f1(tp, fp, fn);
  const [fnd] = f1(tn, fn, fp);
  return {
    papers: Object.keys(gold).length,
    macro_f1: (fd + fnd) / 2,
    f1_derived: fd,
    f1_non_derived: fnd,
    precision_derived: p,
    recall_derived: r,
    by_label: byLabel,
  };
}

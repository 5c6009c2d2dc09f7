/**
 * Cross-validation by topic for the METER studies (`meter-cv.ts`, `meter-candidates-cv.ts`): a
 * topic's stories are always in one fold, so a rule is never chosen on the stories it is scored on.
 */
import { hashString } from '../../src/reuse/hash.js';

/** Stories predicted derived or not against their labels. */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface FoldOptions<R> {
  folds: number;
  /** Seeds the hash that puts topics in folds. */
  seed: number;
  /** What is hashed for a topic: the topic and the seed unless given. */
  key?: (topic: string) => string;
  /** Told the rule chosen for each fold, in fold order. */
  chosen?: (rule: R) => void;
}

/**
 * The counts pooled over the held-out folds: on each fold, the rule of `family` with the best
 * `macroF1` on the other folds (the first of equal ones) is scored on it.
 */
export function heldOutCounts<T, R>(
  items: readonly T[],
  topicOf: (item: T) => string,
  family: readonly R[],
  score: (list: T[], rule: R) => Counts,
  macroF1: (counts: Counts) => number,
  { folds, seed, key = (topic) => `${topic}${seed}`, chosen }: FoldOptions<R>,
): Counts {
  const fold = (item: T) => hashString(key(topicOf(item)), seed) % folds;
  const held: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (let f = 0; f < folds; f++) {
    const train = items.filter((item) => fold(item) !== f);
    let best = family[0] as R;
    let m = -1;
    for (const rule of family) {
      const x = macroF1(score(train, rule));
      if (x > m) [m, best] = [x, rule];
    }
    chosen?.(best);
    const c = score(
      items.filter((item) => fold(item) === f),
      best,
    );
    for (const k of ['tp', 'fp', 'fn', 'tn'] as const) held[k] += c[k];
  }
  return held;
}

export interface HeldOutFigures {
  macro_f1: number;
  precision_derived: number;
  recall_derived: number;
}

/** The mean of each figure over the runs (splits), rounded by `round`. */
export function meanFigures(runs: readonly HeldOutFigures[], round: (x: number) => number): HeldOutFigures {
  const mean = (key: keyof HeldOutFigures) => round(runs.reduce((x, r) => x + r[key], 0) / runs.length);
  return {
    macro_f1: mean('macro_f1'),
    precision_derived: mean('precision_derived'),
    recall_derived: mean('recall_derived'),
  };
}

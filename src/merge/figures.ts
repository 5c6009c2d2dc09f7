import type { IncidentMention, Quantity, Range } from '../core/types.js';
import { compareStrings } from './stable-id.js';
import { isSubgroup, isToldDeath, isTollNoun, isVictimGroup } from './words.js';

export interface FigureConflict {
  field: string;
  values: { value: number | string; documents: string[] }[];
}

/**
 * When every figure counts one group of victims ("killing two children", "three women were
 * wounded"), the event has at least the largest of them: part of a toll is still more than no toll.
 * No conflict is drawn between such figures, which may count different groups.
 */
function victimsOnly(field: 'killed' | 'injured', mentions: readonly IncidentMention[]): Range | null {
  let most: number | null = null;
  for (const m of mentions) {
    const q = m[field];
    if (!q || q.percent || q.best === null || !isVictimGroup(q.counted)) continue;
    most = Math.max(most ?? 0, q.best);
  }
  return most === null ? null : { low: most, best: most, high: null };
}

/**
 * The casualty figure a mention reports for `field`: its own killed/injured quantity unless that
 * counts a subgroup ("the dead included two children" is part of a toll); for a killing with no
 * killed figure, a bare count of the dead ("put the death toll at 17").
 */
export function tollOf(m: IncidentMention, field: 'killed' | 'injured'): Quantity | null {
  const q = m[field];
  if (q) return !q.percent && !isSubgroup(q.counted, field) ? q : null;
  if (field !== 'killed' || m.kind !== 'killing') return null;
  return countsOf(m).find((c) => !c.percent && c.best !== null && isTollNoun(c.counted)) ?? null;
}

/**
 * The mention's counts, a bare number taking the noun of the count before it (ellipsis: "three
 * of the wounded died, and two more are in a critical condition" — two more wounded, not two
 * dead).
 */
export function countsOf(m: IncidentMention): Quantity[] {
  let previous: string | null = null;
  return [...m.counts]
    .sort((a, b) => a.span[0] - b.span[0])
    .map((c) => {
      const counted = c.counted ?? previous;
      previous = counted;
      return counted === c.counted ? c : { ...c, counted };
    });
}

/**
 * The figures most reports lead with, in order of preference: among figures led with by as many
 * reports, the smallest first (ACLED's conservative rule), or the largest first when `largest` is
 * set (a death toll, see `reconcileFigure`). A report that leads with a part of the toll or a
 * figure of an earlier hour is then outvoted rather than taken as the toll.
 */
function mostReported(values: readonly number[], largest = false): number[] {
  const counts = new Map<number, number>();
  for (const x of values) counts.set(x, (counts.get(x) ?? 0) + 1);
  const most = Math.max(...counts.values());
  return [...counts.entries()]
    .filter(([, n]) => n === most)
    .map(([value]) => value)
    .sort((a, b) => (largest ? b - a : a - b));
}

interface Value {
  quantity: Quantity;
  mention: IncidentMention;
  lo: number;
  hi: number;
}

/**
 * A count told with a condition ("one critically hurt", "two are in serious condition"), and not
 * of all the people ("all four are in stable condition").
 */
const CONDITION =
  /^\s+(?:[\w’'-]+\s+){0,2}?(?:critically|seriously|severely|gravely)\b|^\s+(?:[\w’'-]+\s+){0,4}?in\s+(?:critical|serious|grave|stable|fair|good)\s+condition\b/i;
const ALL_BEFORE = /\b(?:all|both)\s+$/i;

function isConditionCount(v: Value): boolean {
  const { mention: m, quantity: q } = v;
  const at = q.span[1] - m.span[0];
  const start = q.span[0] - m.span[0];
  if (at < 0 || start < 0 || at > m.text.length) return false;
  return (
    CONDITION.test(m.text.slice(at, at + 60)) && !ALL_BEFORE.test(m.text.slice(Math.max(0, start - 6), start))
  );
}

function interval(q: Quantity): { lo: number; hi: number } | null {
  const best = q.best ?? q.low ?? q.high;
  if (best == null) return null;
  const lo = q.low ?? best;
  const open = q.qualifier === 'at-least' || q.qualifier === 'more-than';
  const hi = q.high ?? (open ? Number.POSITIVE_INFINITY : best);
  return { lo, hi };
}

/**
 * Reconciles one casualty figure over an event's mentions (docs/ledger.md, "Figures"):
 * - `low` is the smallest lower bound reported, `high` the largest figure reported (an open
 *   "at least 21" contributes 21);
 * - people named one by one without a number ("a man was shot") count only when no report writes
 *   a number for the figure;
 * - a vague plural ("dozens": 12–99) is a range: a written count, when there is one, decides
 *   `best`, and a written count inside the range is no conflict with it;
 * - `best` is the figure most reports lead with (each report counts with the first figure it
 *   gives: its headline or lead; later ones are details), every report stating it as fact or
 *   credited to a source voting (failing those, every report). For the dead, a tie goes to a
 *   named source's figure, else to the largest (deaths are not revised down); for the injured, to
 *   the smallest (ACLED's conservative rule);
 * - when reports' totals (the first figure of each source a report credits, a report's smaller
 *   figure wholly below another of its totals being a detail) cannot all be true ("at least 12",
 *   "15", "17"), every total is listed in a conflict with the documents behind it; "about 40" and
 *   "at least 40" are the same figure, and "at least 12" and "15" do not disagree.
 */
export function reconcileFigure(
  field: 'killed' | 'injured',
  mentions: readonly IncidentMention[],
): { range: Range | null; conflict: FigureConflict | null } {
  let values: Value[] = [];
  for (const m of mentions) {
    const q = tollOf(m, field);
    if (!q) continue;
    const iv = interval(q);
    if (iv) values.push({ quantity: q, mention: m, ...iv });
  }
  // "Three people were shot … The 22-year-old was hit in the arm": people named one by one are
  // often a detail of a written toll, so a written count, when there is one, decides.
  if (values.some((v) => !v.quantity.implicit)) values = values.filter((v) => !v.quantity.implicit);
  else if (field === 'injured') {
    // "Five children shot … a girl was hit in the arm": with no written count of all the wounded,
    // a written count of one group of them tells more of the toll than people named one by one.
    // (Not for the dead: "two children among the dead" beside a man named as killed is rarely all.)
    const group = victimsOnly(field, mentions);
    if (group && (group.best ?? 0) > Math.max(0, ...values.map((v) => v.hi)))
      return { range: group, conflict: null };
  }
  // "6 shot, one critically hurt", "two are in critical condition": a count of those in one
  // condition is part of the injured, so other counts, when there are, decide.
  if (field === 'injured' && values.some((v) => !isConditionCount(v)))
    values = values.filter((v) => !isConditionCount(v));
  if (values.length === 0) return { range: victimsOnly(field, mentions), conflict: null };
  // "Dozens were killed" beside "21 were killed": a vague plural only bounds the toll, so a
  // written count decides the best figure; the vague range still widens low and high.
  const precise = values.filter((v) => v.quantity.qualifier !== 'vague');

  const low = Math.min(...values.map((v) => v.lo));
  const finite = values.map((v) => (Number.isFinite(v.hi) ? v.hi : (v.quantity.best ?? v.lo)));
  const highest = Math.max(...finite);
  // Every report that states a figure as fact or credits it to a source votes; a figure only
  // alleged votes only when no report does more. A named source deciding alone is not enough: an
  // official's first death toll is often overtaken by a later report's (a wounded victim died), and
  // an official's count of injured is often only those still in hospital, while a report's
  // attributed total ("police said four were hurt") is no weaker than its own details.
  const candidates = precise.length > 0 ? precise : values;
  const asserted = candidates.filter((v) => v.mention.modality !== 'alleged');
  const pool = asserted.length > 0 ? asserted : candidates;
  // A report gives its total first (headline, lead) and parts of it later ("Three people were
  // wounded … One man was hit in the arm"): a report stands for its first figure; reports
  // are then compared, the most conservative winning.
  const leads = new Map<string, Value>();
  for (const v of pool) {
    const lead = leads.get(v.mention.documentId);
    if (!lead || v.mention.span[0] < lead.mention.span[0]) leads.set(v.mention.documentId, v);
  }
  // Among written death tolls led with by as many reports, one a named source gives, else the
  // largest: the dead are not revised down, and a report of a later hour counts the wounded who
  // died since ("one dead, three hurt", then "two dead, two hurt"). Vague plurals only ("dozens",
  // "hundreds") keep the smallest.
  const led = [...leads.values()];
  const largest = field === 'killed' && precise.length > 0;
  const tied = mostReported(
    led.map((v) => v.quantity.best ?? v.lo),
    largest,
  );
  const credited = largest
    ? led.filter((v) => v.mention.origin !== null && tied.includes(v.quantity.best ?? v.lo))
    : [];
  const best = (
    credited.length > 0 ? Math.max(...credited.map((v) => v.quantity.best ?? v.lo)) : tied[0]
  ) as number;

  // Reports dispute a figure when their totals cannot all be true: each source a report credits
  // (or the report itself) stands for its first written figure, or its first vague one when it
  // writes none (the same source's later figures are details: "two bodies in one street"), and
  // the totals disagree when no count lies in every one of their ranges ("at least 21", "21" and
  // "dozens" agree; "7" and "9" do not).
  const totals = new Map<string, Value>();
  const vague = (x: Value) => x.quantity.qualifier === 'vague';
  for (const v of values) {
    const key = `${v.mention.documentId}\u0000${v.mention.origin ?? ''}`;
    const lead = totals.get(key);
    if (
      !lead ||
      (vague(lead) && !vague(v)) ||
      (vague(lead) === vague(v) && v.mention.span[0] < lead.mention.span[0])
    )
      totals.set(key, v);
  }
  // Within one report, a total wholly below another is a part or an earlier count of it ("AP also
  // saw two bodies" after "at least 21"), not a dispute.
  const highestLow = new Map<string, number>();
  for (const w of totals.values())
    highestLow.set(w.mention.documentId, Math.max(highestLow.get(w.mention.documentId) ?? w.lo, w.lo));
  const disputed = [...totals.values()].filter(
    (v) => !(v.hi < (highestLow.get(v.mention.documentId) as number)),
  );
  const disagree =
    Math.max(...disputed.map((v) => v.lo)) > Math.min(...disputed.map((v) => v.hi)) &&
    new Set(disputed.map((v) => v.quantity.best ?? v.lo)).size > 1;
  let conflict: FigureConflict | null = null;
  if (disagree) {
    // Each disputed figure with every document that gives it, as a total or further down.
    const shownOf = (v: Value) => v.quantity.best ?? v.lo;
    const disputedValues = new Set(disputed.map(shownOf));
    const byValue = new Map<number, Set<string>>();
    for (const v of values) {
      const shown = shownOf(v);
      if (!disputedValues.has(shown)) continue;
      const docs = byValue.get(shown) ?? new Set<string>();
      docs.add(v.mention.documentId);
      byValue.set(shown, docs);
    }
    conflict = {
      field,
      values: [...byValue.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([value, docs]) => ({ value, documents: [...docs].sort(compareStrings) })),
    };
  }
  return {
    range: { low, best, high: highest },
    conflict,
  };
}

/**
 * "A 16-year-old was critically injured" in one report, "the 16-year-old has died" in a later
 * one; "the victim was shot … He died": when the event's injured are only people named one by one
 * (no report writes a number of injured), no more of them than the dead, and no mention tells a
 * death and an injury apart ("a man was killed and a boy wounded"), the person named as injured
 * is one of the dead, and the event has no injured figure.
 */
export function injuredAmongDead(killed: Range | null, mentions: readonly IncidentMention[]): boolean {
  if (!killed || killed.best === null || killed.best < 1) return false;
  let named = 0;
  for (const m of mentions) {
    const q = tollOf(m, 'injured');
    if (!q || q.best === null) continue;
    if (!q.implicit || isAnotherPerson(m, q)) return false;
    named = Math.max(named, q.best);
    if (m.killed && m.killed.span[0] !== q.span[0]) return false;
  }
  return named > 0 && named <= killed.best;
}

/**
 * "Another man was shot", "a second victim was wounded", "his cousin was also shot": someone told
 * as besides those already counted. Only a person who is the subject of a passive verb before the
 * trigger counts so: in "a boy shot another boy", "another" sets the victim apart from the shooter.
 */
const ANOTHER = /^(?:another|an?\s+(?:second|third|fourth|additional))\b(?!\s+(?:time|round|shot|bullet)\b)/i;
const PASSIVE = /^[\s,]*(?:[\w’'-]+\s+){0,4}?(?:was|were|is|are|been|got)\s+(also\s+)?$/i;

function isAnotherPerson(m: IncidentMention, q: Quantity): boolean {
  const end = q.span[1] - m.span[0];
  const at = m.trigger.span[0] - m.span[0];
  if (end < 0 || at < end) return false;
  const between = PASSIVE.exec(m.text.slice(end, at));
  return between !== null && (ANOTHER.test(q.text) || between[1] !== undefined);
}

/**
 * "A woman was shot … She died a short time later", "the boy was taken off life support and
 * passed away": when no report writes a death toll, the event's only injured figure is one person
 * named without a number, and a report tells a death as having happened without a count (its
 * victim elided or a pronoun), the death is that person's: the event has one killed and no
 * injured. Two or more named victims, or a written count, leave the figures alone: the death
 * could then be any of them.
 */
export function deathOfTheOneShot(
  killed: Range | null,
  injured: Range | null,
  mentions: readonly IncidentMention[],
): boolean {
  if (killed !== null || injured === null || injured.best !== 1) return false;
  let named = false;
  for (const m of mentions) {
    const q = tollOf(m, 'injured');
    if (!q) continue;
    if (!q.implicit || q.best !== 1 || isAnotherPerson(m, q)) return false;
    named = true;
  }
  return named && mentions.some((m) => !m.killed && m.modality !== 'alleged' && toldDeath(m));
}

function toldDeath(m: IncidentMention): boolean {
  const at = m.trigger.span[0] - m.span[0];
  const end = m.trigger.span[1] - m.span[0];
  if (at < 0 || end > m.text.length) return false;
  return isToldDeath(m.trigger.text, m.text.slice(0, at), m.text.slice(end));
}

/** A figure of an event's ledger entry: its range and the reports' disagreement, if any. */
export interface LedgerToll {
  range: Range | null;
  conflict: FigureConflict | null;
}

/**
 * The dead and wounded an event's ledger entry gives, its mentions in canonical order
 * (`reconcileFigure` each): the one person shot, then told dead, is one killed and no injured
 * (`deathOfTheOneShot`); wounded that are the dead counted again are dropped (`injuredAmongDead`).
 */
export function ledgerTolls(mentions: readonly IncidentMention[]): {
  killed: LedgerToll;
  injured: LedgerToll;
} {
  const reconciled = reconcileFigure('killed', mentions);
  const reported = reconcileFigure('injured', mentions);
  const oneShotDied = deathOfTheOneShot(reconciled.range, reported.range, mentions);
  const killed = oneShotDied ? { range: { low: 1, best: 1, high: 1 }, conflict: null } : reconciled;
  const injured =
    oneShotDied || injuredAmongDead(killed.range, mentions) ? { range: null, conflict: null } : reported;
  return { killed, injured };
}

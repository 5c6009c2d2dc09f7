import type { Direction } from '../core/types.js';

/** What is known about a text besides its words. */
export interface TextMeta {
  /** ISO 8601 date or date-time. */
  published?: string | null;
  /** Wire credits the text carries (`AP`, `Reuters`), as the ingest stage normalised them. */
  credits?: readonly string[];
  /** The outlet that published the text, when known. */
  outlet?: string | null;
}

export interface DirectionEvidence {
  a: TextMeta;
  b: TextMeta;
  textA: string;
  textB: string;
  shared_a: number;
  shared_b: number;
}

/** Containment: the contained text is at least this much inside the other… */
export const CONTAINED_SHARE = 0.8;
/** …and the containing text has at least this much more of its own (its additions). */
export const ADDITIONS_MARGIN = 0.25;

/**
 * Infers which text was derived from which, only from evidence, in this order: publication times
 * (when both are known and differ at the precision given), wire credits (one text carries a wire
 * credit and the other credits that wire in its text), containment (one text contains nearly all
 * of the other plus its own additions: the shorter one is the source), never between two texts
 * of one outlet (versions of one story). Otherwise `unknown`.
 */
export function inferDirection(e: DirectionEvidence): { direction: Direction; reason: string } {
  const ordered = orderByEvidence(e);
  if (ordered) return ordered;
  // Two texts of one outlet that the times do not order are versions of one story (a wire's
  // first take and its rewrite, an update), not a copy of each other: containment says nothing
  // of their order.
  const outletA = e.a.outlet?.trim().toLowerCase();
  if (outletA && outletA === e.b.outlet?.trim().toLowerCase())
    return {
      direction: 'unknown',
      reason: `versions from one outlet (${e.a.outlet}), not ordered by their publication times`,
    };
  if (e.shared_b >= CONTAINED_SHARE && e.shared_a <= e.shared_b - ADDITIONS_MARGIN) {
    return {
      direction: 'b>a',
      reason: `a contains ${pct(e.shared_b)} of b plus its own additions (${pct(1 - e.shared_a)} of a is not in b)`,
    };
  }
  if (e.shared_a >= CONTAINED_SHARE && e.shared_b <= e.shared_a - ADDITIONS_MARGIN) {
    return {
      direction: 'a>b',
      reason: `b contains ${pct(e.shared_a)} of a plus its own additions (${pct(1 - e.shared_b)} of b is not in a)`,
    };
  }
  const known = e.a.published && e.b.published ? 'same publication date' : 'publication times not both known';
  return {
    direction: 'unknown',
    reason: `no evidence of order: ${known}, no distinguishing wire credit, no containment`,
  };
}

/**
 * The order of two texts from what is known besides their words: publication times (when both
 * are known and differ at the precision given), then wire credits. Null when neither orders them.
 */
export function orderByEvidence(
  e: Pick<DirectionEvidence, 'a' | 'b' | 'textA' | 'textB'>,
): { direction: 'a>b' | 'b>a'; reason: string } | null {
  const ta = e.a.published ?? null;
  const tb = e.b.published ?? null;
  if (ta && tb) {
    const order = compareTimes(ta, tb);
    if (order < 0) return { direction: 'a>b', reason: `a was published first (${ta}, b ${tb})` };
    if (order > 0) return { direction: 'b>a', reason: `b was published first (${tb}, a ${ta})` };
  }
  const own = outletEvidence(e.a, e.b);
  if (own)
    return {
      direction: 'a>b',
      reason: `b carries the wire credit ${own}, which is a's outlet (${e.a.outlet})`,
    };
  const ownBA = outletEvidence(e.b, e.a);
  if (ownBA)
    return {
      direction: 'b>a',
      reason: `a carries the wire credit ${ownBA}, which is b's outlet (${e.b.outlet})`,
    };
  const wire = wireEvidence(e.a.credits ?? [], e.b.credits ?? [], e.textB);
  if (wire) return { direction: 'a>b', reason: `a carries the wire credit ${wire} and b credits ${wire}` };
  const wireBA = wireEvidence(e.b.credits ?? [], e.a.credits ?? [], e.textA);
  if (wireBA)
    return { direction: 'b>a', reason: `b carries the wire credit ${wireBA} and a credits ${wireBA}` };
  return null;
}

/**
 * Compares two ISO times at the precision both give: `2022-04-03` and `2022-04-03T10:00Z` are
 * the same day, so they are not ordered.
 */
export function compareTimes(x: string, y: string): number {
  const len = Math.min(x.length, y.length, x.includes('T') && y.includes('T') ? 40 : 10);
  const dx = x.slice(0, len);
  const dy = y.slice(0, len);
  if (dx === dy) return 0;
  if (len > 10) {
    const px = Date.parse(x);
    const py = Date.parse(y);
    if (Number.isFinite(px) && Number.isFinite(py) && px !== py) return px < py ? -1 : 1;
    return 0;
  }
  return dx < dy ? -1 : 1;
}

/** A credit `copy` carries that names the outlet of `wire` (and not the outlet of `copy`). */
function outletEvidence(wire: TextMeta, copy: TextMeta): string | null {
  const outlet = wire.outlet?.toLowerCase();
  if (!outlet) return null;
  const mine = copy.outlet?.toLowerCase() ?? '';
  for (const credit of copy.credits ?? []) {
    const c = credit.toLowerCase();
    if (c.length < 2 || mine.includes(c)) continue;
    if (new RegExp(`(^|[^\\p{L}])${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'u').test(outlet))
      return credit;
  }
  return null;
}

/** A credit that `source` carries, that `other` does not carry, and that `otherText` mentions. */
function wireEvidence(source: readonly string[], other: readonly string[], otherText: string): string | null {
  for (const credit of source) {
    if (other.includes(credit)) continue;
    const escaped = credit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^\\p{L}])${escaped}([^\\p{L}]|$)`, 'u').test(otherText)) return credit;
  }
  return null;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

import type { Family, ReusePair } from '../core/types.js';
import { compareTimes } from './direction.js';

/**
 * A pair joins a family when its reuse is substantial: at least this share of one side is inside
 * reused passages. Pairs exist only after verification (≥ 20 verbatim words or ≥ 3 paraphrased
 * sentences); this threshold keeps a long report that quotes one wire paragraph out of the wire's
 * family only when that paragraph is under 5% of both (bucha-2022's 002–003 pair, 7% / 3%, is
 * above it).
 */
export const FAMILY_MIN_SHARE = 0.05;

export interface FamilyDocument {
  id: string;
  published?: string | null;
}

/**
 * Groups documents linked by substantial reuse (union-find over pairs) and names each family's
 * origin when it is evident: the one document published strictly before all others, else the one
 * document every directed pair of the family points away from. Otherwise `null`. Documents in no
 * pair form families of one. Ids: `fam-<smallest document id>`; sorted by id.
 */
export function buildFamilies(documents: readonly FamilyDocument[], pairs: readonly ReusePair[]): Family[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r) as string;
    let c = x;
    while (c !== r) {
      const next = parent.get(c) as string;
      parent.set(c, r);
      c = next;
    }
    return r;
  };
  for (const d of documents) parent.set(d.id, d.id);
  for (const p of pairs) {
    if (!parent.has(p.a) || !parent.has(p.b) || !isSubstantial(p)) continue;
    const ra = find(p.a);
    const rb = find(p.b);
    if (ra === rb) continue;
    // The smaller id becomes the root, so that roots do not depend on the order of pairs.
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    parent.set(child, root);
  }
  const groups = new Map<string, string[]>();
  for (const d of [...documents].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))) {
    const r = find(d.id);
    const g = groups.get(r);
    if (g) g.push(d.id);
    else groups.set(r, [d.id]);
  }
  const byId = new Map(documents.map((d) => [d.id, d]));
  // Each family looks only at its own pairs (one pass over all pairs, not one per family).
  const pairsOf = new Map<string, ReusePair[]>();
  for (const p of pairs) {
    if (!parent.has(p.a) || !parent.has(p.b)) continue;
    const r = find(p.a);
    if (r !== find(p.b)) continue;
    const list = pairsOf.get(r);
    if (list) list.push(p);
    else pairsOf.set(r, [p]);
  }
  const families: Family[] = [];
  for (const [root, ids] of groups) {
    families.push({
      id: `fam-${ids[0]}`,
      documents: ids,
      origin: originOf(ids, byId, pairsOf.get(root) ?? []),
    });
  }
  return families.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

export function isSubstantial(p: ReusePair): boolean {
  return Math.max(p.shared_a, p.shared_b) >= FAMILY_MIN_SHARE;
}

/** The family's origin when it is evident (see `buildFamilies`), else null. */
export function originOf(
  ids: string[],
  byId: Map<string, FamilyDocument>,
  pairs: readonly ReusePair[],
): string | null {
  if (ids.length < 2) return null;
  const times = ids.map((id) => ({ id, t: byId.get(id)?.published ?? null }));
  if (times.every((x) => x.t)) {
    const sorted = [...times].sort((x, y) => compareTimes(x.t as string, y.t as string));
    const [first, second] = sorted;
    if (first && second && compareTimes(first.t as string, second.t as string) < 0) return first.id;
  }
  const members = new Set(ids);
  const inbound = new Set<string>();
  const outbound = new Set<string>();
  for (const p of pairs) {
    if (!members.has(p.a) || !members.has(p.b) || p.direction === 'unknown') continue;
    const [from, to] = p.direction === 'a>b' ? [p.a, p.b] : [p.b, p.a];
    outbound.add(from);
    inbound.add(to);
  }
  const sources = ids.filter((id) => outbound.has(id) && !inbound.has(id));
  // Evident only when one source reaches every other member through directed pairs.
  if (sources.length === 1 && ids.every((id) => id === sources[0] || inbound.has(id)))
    return sources[0] as string;
  return null;
}

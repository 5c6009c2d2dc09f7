import type { ReusePair } from '../core/types.js';
import { type CompareOptions, comparePrepared } from './compare-texts.js';
import type { PreparedText } from './prepare.js';

/** What comparing two stored documents needs: the text and the metadata the direction uses. */
export interface PairDocument {
  id: string;
  text: string;
  published: string | null;
  credits: string[];
  outlet: string | null;
}

/** Compares two stored documents; the pair is ordered by id (`a` < `b`). Null when no reuse. */
export function comparePair(
  x: PairDocument,
  px: PreparedText,
  y: PairDocument,
  py: PreparedText,
  options: Omit<CompareOptions, 'meta'> = {},
): ReusePair | null {
  const [a, pa, b, pb] = x.id < y.id ? [x, px, y, py] : [y, py, x, px];
  const r = comparePrepared(pa, pb, {
    ...options,
    meta: {
      a: { published: a.published, credits: a.credits, outlet: a.outlet },
      b: { published: b.published, credits: b.credits, outlet: b.outlet },
    },
  });
  if (r.relation === 'none') return null;
  return { a: a.id, b: b.id, ...r, relation: r.relation };
}

/** The fields of a document that comparing needs (plain data, cheap to send to a worker). */
export function pairDocument(d: PairDocument): PairDocument {
  return { id: d.id, text: d.text, published: d.published, credits: d.credits, outlet: d.outlet };
}

import type { ReusePair } from '../../core/types.js';
import type { DocRecords } from '../doc-records.js';
import type { MergeInput } from '../merge-types.js';
import { listSource, type ReuseIndex, type ReuseSource, reuseIndexOf } from '../reuse-index.js';
import type { Dirty } from './run.js';
import type { OpenedState } from './state.js';

export interface ReuseRecount {
  source: ReuseSource;
  index: ReuseIndex;
  /** Documents whose reuse was re-examined; null when every document's was. */
  reached: Set<string> | null;
  /** True when reuse was read around the reuse stage's additions only (through its look-ups). */
  aroundAdded: boolean;
}

/**
 * Phase "reuse": the facts of documents whose reuse changed are recounted. The reuse stage's
 * additions are all that is new only when this state saw the index just before them; then only
 * the documents they can reach are re-examined (and, with the stored families' changes, reuse is
 * read around them only). A document whose fingerprint changed marks its clusters, quotes and
 * claims dirty.
 */
export function recountReuse(state: OpenedState, input: MergeInput, dirty: Dirty): ReuseRecount {
  const { cache, meta, docs } = state;
  const news = input.reuse.added;
  const incremental =
    !cache.cold &&
    news !== undefined &&
    input.reuse.indexed !== undefined &&
    meta.reuseIndexed === input.reuse.indexed - news.documents.length;
  meta.reuseIndexed = input.reuse.indexed;
  // Then, with the stored families' changes, reuse is read around what was added only.
  const view = incremental && input.reuse.familyChanges ? (input.reuse.view ?? null) : null;
  const source = reuseSource(docs, view, input.reuse);
  const index = reuseIndexOf(source);
  const reached = incremental ? reuseReach(source, news) : null;
  if (reached) source.prefetch?.([...reached]);
  docs.prefetch(reached ?? docs.keys());
  for (const id of reached ?? [...docs.keys()]) {
    const r = docs.get(id);
    if (!r) continue;
    const fp = index.fingerprint(id);
    if (fp === r.fp) continue;
    for (const c of r.clusters) dirty.clusters.add(c);
    for (const q of r.quotes) dirty.quotes.add(q);
    for (const c of r.claims) dirty.claims.add(c);
    r.fp = fp;
    docs.changed(id, r);
  }
  return { source, index, reached, aroundAdded: view !== null };
}

/**
 * The documents whose reuse fingerprint may have changed, from what the reuse stage added: the
 * new documents, both sides of each new pair, every member of their families (families only grow
 * or join, and a family's members are part of each member's fingerprint) and the documents with
 * the same text as a new one (exact copies share a representative).
 */
function reuseReach(source: ReuseSource, added: NonNullable<MergeInput['reuse']['added']>): Set<string> {
  const reached = new Set<string>([...added.documents, ...added.pairs.flatMap((p) => [p.a, p.b])]);
  for (const d of [...reached]) for (const m of source.family(d)?.documents ?? []) reached.add(m);
  for (const d of added.documents) for (const m of source.sameText(d)) reached.add(m);
  return reached;
}

/**
 * What the reuse index reads: texts and headlines from the document records; pairs and families
 * from the reuse stage's look-ups when it offers them (`view`), else from its lists.
 */
function reuseSource(
  docs: DocRecords,
  view: MergeInput['reuse']['view'] | null,
  reuse: MergeInput['reuse'],
): ReuseSource {
  const sameText = (d: string): readonly string[] => docs.sameText(d);
  const headline = (d: string) => docs.get(d)?.headline ?? null;
  const credits = (d: string) => docs.get(d)?.credits ?? [];
  if (!view) {
    let lists: ReuseSource | undefined;
    const of = () => {
      lists ??= listSource([], reuse.pairs, reuse.families);
      return lists;
    };
    return {
      sameText,
      headline,
      credits,
      prefetch: (documents) => docs.prefetch(documents),
      pairsOf: (d) => of().pairsOf(d),
      family: (d) => of().family(d),
    };
  }
  const pairs = new Map<string, readonly ReusePair[]>();
  const families = new Map<string, { id: string; documents: readonly string[] } | null>();
  return {
    sameText,
    headline,
    credits,
    prefetch: (documents) => {
      docs.prefetch(documents);
      const pairsOfMany = view.pairsOfMany?.bind(view);
      const familiesOfMany = view.familiesOfMany?.bind(view);
      const wanted = documents.filter((d) => !pairs.has(d));
      if (pairsOfMany && wanted.length > 0) {
        for (const [d, list] of pairsOfMany(wanted)) pairs.set(d, list);
      }
      const unknown = documents.filter((d) => !families.has(d));
      if (familiesOfMany && unknown.length > 0) {
        const found = familiesOfMany(unknown);
        for (const d of unknown) families.set(d, found.get(d) ?? null);
        for (const f of found.values()) for (const m of f.documents) families.set(m, f);
      }
    },
    pairsOf: (d) => {
      let list = pairs.get(d);
      if (!list) {
        list = view.pairsOf(d);
        pairs.set(d, list);
      }
      return list;
    },
    family: (d) => {
      let f = families.get(d);
      if (f === undefined) {
        f = view.family(d);
        families.set(d, f);
        for (const m of f?.documents ?? []) families.set(m, f);
      }
      return f;
    },
  };
}

import type { Family, ReusePair, StoredDocument } from '../core/types.js';
import { KeyKind, type KeyKindValue, reuseOf } from '../store/sqlite/reuse-tables.js';
import type { Store } from '../store/store.js';
import { type CandidateHits, isCandidate, MAX_DOCUMENTS_PER_KEY } from './candidates.js';
import { type CompareOptions, comparePrepared } from './compare-texts.js';
import { buildFamilies } from './families.js';
import { type PreparedText, prepareText } from './prepare.js';
import { createSketcher, type SketchOptions, sketchDefaults } from './sketch.js';

export interface UpdateReuseOptions {
  sketch?: SketchOptions;
  compare?: Omit<CompareOptions, 'meta'>;
  /** Called after each new document is indexed. */
  onProgress?: (done: number, total: number) => void;
  /** Injected clock (tests). */
  clock?: () => Date;
}

export interface ReuseResult {
  pairs: ReusePair[];
  families: Family[];
}

/** Bumped when the way keys or pairs are computed changes: the stored index is then rebuilt. */
const INDEX_VERSION = 1;

/**
 * Indexes the documents of `store` that are not indexed yet and compares each of them only with
 * its LSH candidates (among indexed documents and the new ones before it), verifying every
 * candidate by alignment. The index lives in the store, so a later run only does the new work.
 * @example
 * const { pairs, families } = updateReuse(openStore('./corroborate-data'));
 */
export function updateReuse(store: Store, options: UpdateReuseOptions = {}): ReuseResult {
  const reuse = reuseOf(store);
  const sketchOptions = { ...sketchDefaults, ...options.sketch };
  const parameters = JSON.stringify({
    version: INDEX_VERSION,
    sketch: sketchOptions,
    compare: options.compare ?? {},
  });
  if (reuse.parameters() !== parameters) reuse.reset(parameters);
  const sketch = createSketcher(sketchOptions);
  const processed = reuse.processedIds();
  const fresh: StoredDocument[] = [];
  for (const doc of store.documents.iterate()) if (!processed.has(doc.id)) fresh.push(doc);
  const cache = new Map<string, { doc: StoredDocument; prepared: PreparedText }>();
  const load = (id: string) => {
    let entry = cache.get(id);
    if (!entry) {
      const doc = store.documents.get(id);
      if (!doc) return null;
      entry = { doc, prepared: prepareText(doc.text) };
      if (cache.size > 2000) cache.clear();
      cache.set(id, entry);
    }
    return entry;
  };
  const now = () => (options.clock ?? (() => new Date()))().toISOString();
  let done = 0;
  const batch = 100;
  for (let start = 0; start < fresh.length; start += batch) {
    reuse.transaction(() => {
      for (const doc of fresh.slice(start, start + batch)) {
        const prepared = prepareText(doc.text);
        cache.set(doc.id, { doc, prepared });
        const s = sketch(prepared);
        const keys: { key: number; kind: KeyKindValue }[] = [
          { key: s.duplicate, kind: KeyKind.duplicate },
          ...[...s.bandKeys].map((key) => ({ key, kind: KeyKind.band })),
          ...[...s.sentenceKeys].map((key) => ({ key, kind: KeyKind.sentence })),
        ];
        const hits = new Map<string, CandidateHits>();
        for (const h of reuse.lookup(keys, MAX_DOCUMENTS_PER_KEY)) {
          if (h.documentId === doc.id) continue;
          const c = hits.get(h.documentId) ?? { bands: 0, sentences: 0, duplicate: false };
          if (h.kind === KeyKind.band) c.bands++;
          else if (h.kind === KeyKind.sentence) c.sentences++;
          else c.duplicate = true;
          hits.set(h.documentId, c);
        }
        const candidates = [...hits]
          .filter(([, h]) => isCandidate(h))
          .map(([id]) => id)
          .sort();
        for (const id of candidates) {
          const other = load(id);
          if (!other) continue;
          const pair = comparePair(doc, prepared, other.doc, other.prepared, options.compare);
          if (pair) reuse.putPair(pair);
        }
        reuse.addDocument(doc.id, s.signature, keys, now());
        options.onProgress?.(++done, fresh.length);
      }
    });
  }
  return loadReuse(store);
}

/**
 * The reuse pairs and families already in the store, without doing any work.
 */
export function loadReuse(store: Store): ReuseResult {
  const pairs = reuseOf(store).pairs();
  const documents = [...store.documents.summaries()].map((d) => ({ id: d.id, published: d.published }));
  return { pairs, families: buildFamilies(documents, pairs) };
}

/** Compares two stored documents; the pair is ordered by id (`a` < `b`). Null when no reuse. */
export function comparePair(
  x: StoredDocument,
  px: PreparedText,
  y: StoredDocument,
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

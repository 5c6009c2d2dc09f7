import type { Span } from '../core/types.js';
import type { ReuseIndex } from './reuse-index.js';
import { UnionFind } from './union-find.js';
import { setOverlap } from './words.js';

/** One place where a fact (event, quote, claim) is reported. */
export interface Occurrence {
  document: string;
  span: Span;
  text: string;
}

export interface Corroboration {
  /** Documents reporting the fact. */
  sources: number;
  /** Independent reportings: copies and reused passages count once with their origin. */
  independent: number;
}

/** Share of an occurrence that must lie inside a reused passage for it to count as reused. */
const COVERED_SHARE = 0.5;
/** Content-word overlap above which two sentences of related documents are treated as one reused sentence. */
const SIMILAR_SENTENCE = 0.6;
const MIN_CONTENT_WORDS = 4;

/**
 * Counts documents and independent sources behind one fact. The rule (docs/ledger.md):
 * - exact copies (and reuse `duplicate` pairs) are one document for independence;
 * - an occurrence inside a passage reused between two documents counts once with the other side's
 *   occurrence (or with that document, when its copy of the passage was not recognised as the fact);
 * - an occurrence in a document of the same family (or of a reuse pair) whose sentence shares most
 *   content words with an occurrence in the other document is treated as reused too;
 * - every other occurrence is the document's own reporting: all own occurrences of one document
 *   count once, separately from what the document reused;
 * - a headline restates its report: when the body also reports the fact, the headline's mention
 *   is not counted on its own.
 *
 * The count is the number of connected groups, so it does not depend on input order.
 */
export function corroborate(occurrences: readonly Occurrence[], index: ReuseIndex): Corroboration {
  const documents = new Set(occurrences.map((o) => o.document));
  const byDoc = new Map<string, Occurrence[]>();
  const seen = new Set<string>();
  for (const o of occurrences) {
    const doc = index.canonical(o.document);
    const key = `${doc}#${o.span[0]}-${o.span[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byDoc.get(doc);
    const occ = { document: doc, span: o.span, text: o.text };
    const head = index.headline(doc);
    if (
      head &&
      o.span[1] <= head[1] + 1 &&
      occurrences.some((x) => index.canonical(x.document) === doc && x.span[0] > head[1])
    ) {
      // A headline restates the report: with other mentions in the body it adds no reporting.
      continue;
    }
    if (list) list.push(occ);
    else byDoc.set(doc, [occ]);
  }
  const uf = new UnionFind();
  const keyOf = (o: Occurrence) => `m:${o.document}#${o.span[0]}-${o.span[1]}`;
  const covered = new Set<string>();
  const docs = [...byDoc.keys()].sort();

  for (const doc of docs) {
    const mine = byDoc.get(doc) ?? [];
    for (const m of mine) {
      const k = keyOf(m);
      uf.add(k);
      for (const link of index.links(doc)) {
        if (overlap(m.span, link.own) < COVERED_SHARE * Math.max(1, m.span[1] - m.span[0])) continue;
        covered.add(k);
        uf.union(k, `via:${doc}>${link.other}`);
        const partners = (byDoc.get(link.other) ?? []).filter((p) => overlap(p.span, link.theirs) > 0);
        for (const p of partners) uf.union(k, keyOf(p));
        if (partners.length === 0) uf.union(k, `via:${link.other}>${doc}`);
      }
    }
  }

  // Sentences reused without a recognised passage: related documents, near-identical wording.
  // Mentions with the same words in one family are joined by hashing; the remaining distinct
  // wordings are compared pairwise (copies make most mentions identical, so this stays small).
  const none: ReadonlySet<string> = new Set<string>();
  const words = new Map<string, ReadonlySet<string>>();
  const groups = new Map<string, Occurrence[]>();
  for (const doc of docs) {
    for (const m of byDoc.get(doc) ?? []) {
      const w = index.contentWords(m.text);
      words.set(keyOf(m), w);
      if (w.size < MIN_CONTENT_WORDS) continue;
      const family = index.family(doc) ?? `doc:${doc}`;
      const key = `${family}\u0000${[...w].sort().join(' ')}`;
      const list = groups.get(key) ?? [];
      list.push(m);
      groups.set(key, list);
    }
  }
  const distinct: Occurrence[] = [];
  for (const list of groups.values()) {
    const first = list[0] as Occurrence;
    distinct.push(first);
    if (new Set(list.map((m) => m.document)).size > 1) {
      for (const m of list) {
        covered.add(keyOf(m));
        uf.union(keyOf(m), keyOf(first));
      }
    }
  }
  for (let i = 0; i < distinct.length; i++) {
    const ma = distinct[i] as Occurrence;
    const wa = words.get(keyOf(ma)) ?? none;
    for (let j = i + 1; j < distinct.length; j++) {
      const mb = distinct[j] as Occurrence;
      if (mb.document === ma.document || !index.related(ma.document, mb.document)) continue;
      const wb = words.get(keyOf(mb)) ?? none;
      if (setOverlap(wa, wb) >= SIMILAR_SENTENCE) {
        for (const x of [ma, mb]) {
          const group = groups.get(
            `${index.family(x.document) ?? `doc:${x.document}`}\u0000${[...(words.get(keyOf(x)) ?? none)].sort().join(' ')}`,
          ) ?? [x];
          for (const m of group) covered.add(keyOf(m));
        }
        uf.union(keyOf(ma), keyOf(mb));
      }
    }
  }

  for (const doc of docs) {
    for (const m of byDoc.get(doc) ?? []) {
      if (!covered.has(keyOf(m))) uf.union(keyOf(m), `own:${doc}`);
    }
  }
  const roots = new Set<string>();
  for (const doc of docs) for (const m of byDoc.get(doc) ?? []) roots.add(uf.find(keyOf(m)));
  // A document that reused the fact and also reports it in its own words is still one document:
  // the count never exceeds the documents (copies collapsed) that report the fact.
  return { sources: documents.size, independent: Math.min(roots.size, byDoc.size) };
}

function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
}

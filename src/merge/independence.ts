import type { IndependentGroup, Span } from '../core/types.js';
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
  /**
   * The chains of reporting, each with its documents (exact copies listed with their
   * representative), ordered by their first document. A document that reused the fact and also
   * reports it in its own words is in two chains; the count never exceeds the documents, so it
   * can then be lower than the number of chains.
   */
  groups: IndependentGroup[];
}

/** An occurrence under its document's representative, with its key in the chains' union-find. */
type Occ = Occurrence & { key: string };

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
 * - in a family whose shared copy carries the fact (one of its occurrences is reused), every
 *   member's occurrence joins that chain: the family counts once for what it copied;
 * - every other occurrence is the document's own reporting: all own occurrences of one document
 *   count once, separately from what the document reused; so do the passages others took from it
 *   (the reuse stage's direction), with their copies: a wire story copied sentence by sentence
 *   into several papers is one chain, not one per copied sentence;
 * - a headline restates its report: when the body also reports the fact, the headline's mention
 *   is not counted on its own;
 * - documents credited to one originating agency or outlet (`ReuseIndex.credits`: their wire
 *   credits, else their outlet) are one chain, with everything each of them reused.
 *
 * The count is the number of connected groups, so it does not depend on input order.
 */
export function corroborate(occurrences: readonly Occurrence[], index: ReuseIndex): Corroboration {
  const documents = new Set(occurrences.map((o) => o.document));
  // Documents that report the fact in their body (after the headline).
  const inBody = new Set<string>();
  for (const o of occurrences) {
    const doc = index.canonical(o.document);
    const head = index.headline(doc);
    if (head && o.span[0] > head[1]) inBody.add(doc);
  }
  const byDoc = new Map<string, Occ[]>();
  const seen = new Set<string>();
  for (const o of occurrences) {
    const doc = index.canonical(o.document);
    const key = `${doc}#${o.span[0]}-${o.span[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const head = index.headline(doc);
    // A headline restates the report: with other mentions in the body it adds no reporting.
    if (head && o.span[1] <= head[1] + 1 && inBody.has(doc)) continue;
    const occ: Occ = { document: doc, span: o.span, text: o.text, key: `m:${key}` };
    const list = byDoc.get(doc);
    if (list) list.push(occ);
    else byDoc.set(doc, [occ]);
  }
  const uf = new UnionFind();
  const keyOf = (o: Occ) => o.key;
  const covered = new Set<string>();
  /** Occurrences inside a recognised reused passage, or worded like one in another family. */
  const apart = new Set<string>();
  const docs = [...byDoc.keys()].sort();

  for (const doc of docs) {
    const mine = byDoc.get(doc) ?? [];
    for (const m of mine) {
      const k = keyOf(m);
      uf.add(k);
      /** Whether every passage covering the occurrence went out of this document to others. */
      let originated: boolean | null = null;
      for (const link of index.links(doc)) {
        if (overlap(m.span, link.own) < COVERED_SHARE * Math.max(1, m.span[1] - m.span[0])) continue;
        covered.add(k);
        apart.add(k);
        originated = (originated ?? true) && link.flow === 'out';
        uf.union(k, `via:${doc}>${link.other}`);
        const partners = (byDoc.get(link.other) ?? []).filter((p) => overlap(p.span, link.theirs) > 0);
        for (const p of partners) uf.union(k, keyOf(p));
        if (partners.length === 0) uf.union(k, `via:${link.other}>${doc}`);
      }
      // What others took from this document is its own reporting: every such passage (and its
      // copies) is one chain with the document's other own words, however many copies split it.
      if (originated) uf.union(k, `own:${doc}`);
    }
  }

  // Sentences reused without a recognised passage: related documents, near-identical wording.
  // Mentions with the same words in one family are joined by hashing; the remaining distinct
  // wordings are paired through a prefix index (`similarPairs`), not compared all against all.
  const none: ReadonlySet<string> = new Set<string>();
  const words = new Map<string, ReadonlySet<string>>();
  const groups = new Map<string, Occ[]>();
  /** Each occurrence's key in `groups` (its family and its sorted words), made once. */
  const groupKeys = new Map<Occ, string>();
  const groupKey = (m: Occ): string => {
    let key = groupKeys.get(m);
    if (key === undefined) {
      key = `${index.family(m.document) ?? `doc:${m.document}`}\u0000${[...(words.get(keyOf(m)) ?? none)].sort().join(' ')}`;
      groupKeys.set(m, key);
    }
    return key;
  };
  for (const doc of docs) {
    for (const m of byDoc.get(doc) ?? []) {
      const w = index.contentWords(m.text);
      words.set(keyOf(m), w);
      if (w.size < MIN_CONTENT_WORDS) continue;
      const key = groupKey(m);
      const list = groups.get(key) ?? [];
      list.push(m);
      groups.set(key, list);
    }
  }
  const distinct: Occ[] = [];
  for (const list of groups.values()) {
    const first = list[0] as Occ;
    distinct.push(first);
    if (new Set(list.map((m) => m.document)).size > 1) {
      for (const m of list) {
        covered.add(keyOf(m));
        uf.union(keyOf(m), keyOf(first));
      }
    }
  }
  // Only related documents count: pairs are sought within groups of the fact's documents joined
  // by a family or a reuse pair (a large event's mentions are mostly in unrelated reports, so
  // this stays near-linear). The groups are made from these documents alone, not from everything
  // reuse reaches through the store, so their cost follows the fact.
  const related = new UnionFind();
  for (const doc of docs) {
    related.add(`doc:${doc}`);
    const family = index.family(doc);
    if (family !== null) related.union(`doc:${doc}`, `family:${family}`);
    for (const other of index.partners(doc))
      if (byDoc.has(other)) related.union(`doc:${doc}`, `doc:${other}`);
  }
  const byComponent = new Map<string, Occ[]>();
  for (const m of distinct) {
    const c = related.find(`doc:${m.document}`);
    const list = byComponent.get(c);
    if (list) list.push(m);
    else byComponent.set(c, [m]);
  }
  const pairs: [Occ, Occ][] = [];
  for (const c of [...byComponent.keys()].sort()) {
    const list = byComponent.get(c) as Occ[];
    if (list.length < 2) continue;
    for (const [i, j] of similarPairs(list.map((m) => words.get(keyOf(m)) ?? none)))
      pairs.push([list[i] as Occ, list[j] as Occ]);
  }
  for (const [ma, mb] of pairs) {
    if (mb.document === ma.document || !index.related(ma.document, mb.document)) continue;
    const across = index.family(ma.document) !== index.family(mb.document);
    for (const x of [ma, mb]) {
      const group = groups.get(groupKey(x)) ?? [x];
      for (const m of group) {
        covered.add(keyOf(m));
        if (across) apart.add(keyOf(m));
      }
    }
    uf.union(keyOf(ma), keyOf(mb));
  }

  // A family whose shared copy carries the fact counts once for it: its members' own mentions of
  // the fact join the copied one (a member rewording the wire's fact is not a new witness), and so
  // do sentences two members word alike without a recognised passage (reused inside the family).
  const copiedIn = new Map<string, string>();
  for (const doc of docs) {
    const family = index.family(doc);
    if (family === null || copiedIn.has(family)) continue;
    const m = (byDoc.get(doc) ?? []).find((o) => covered.has(keyOf(o)));
    if (m) copiedIn.set(family, keyOf(m));
  }
  for (const doc of docs) {
    const family = index.family(doc);
    const copied = family === null ? undefined : copiedIn.get(family);
    for (const m of byDoc.get(doc) ?? []) {
      if (apart.has(keyOf(m))) continue;
      if (copied !== undefined) {
        covered.add(keyOf(m));
        uf.union(keyOf(m), copied);
      } else if (!covered.has(keyOf(m))) uf.union(keyOf(m), `own:${doc}`);
    }
  }
  // Documents credited to one agency or outlet are one chain, whatever each reused or wrote:
  // the agency's dispatches and the papers printing them under its credit count once.
  const before = new Map<string, string>();
  for (const doc of docs) for (const m of byDoc.get(doc) ?? []) before.set(keyOf(m), uf.find(keyOf(m)));
  // A credit only one document carries joins nothing: its own reporting and what it reused stay apart.
  const creditDocs = new Map<string, number>();
  for (const doc of docs) for (const c of index.credits(doc)) creditDocs.set(c, (creditDocs.get(c) ?? 0) + 1);
  const shared = (doc: string) => index.credits(doc).filter((c) => (creditDocs.get(c) ?? 0) > 1);
  const creditOf = new Map<string, string>();
  for (const doc of docs) {
    for (const credit of shared(doc)) {
      for (const m of byDoc.get(doc) ?? []) uf.union(keyOf(m), `credit:${credit}`);
    }
  }
  for (const doc of docs) {
    for (const credit of shared(doc)) {
      const root = uf.find(`credit:${credit}`);
      const known = creditOf.get(root);
      if (known === undefined || credit < known) creditOf.set(root, credit);
    }
  }
  // A document alone in several chains (its own words, and passages it took from documents that
  // do not report the fact) is one document's reporting: one chain, listed once.
  const docsOf = new Map<string, Set<string>>();
  for (const doc of docs) {
    for (const m of byDoc.get(doc) ?? []) {
      const root = uf.find(keyOf(m));
      const set = docsOf.get(root) ?? new Set<string>();
      set.add(doc);
      docsOf.set(root, set);
    }
  }
  for (const [root, set] of docsOf) if (set.size === 1) uf.union(root, `alone:${[...set][0]}`);
  const roots = new Map<string, Set<string>>();
  /** Chains with a mention in the document's own words (not inside anything reused). */
  const ownWords = new Set<string>();
  /** Chains (before credits were read) that each final chain joins. */
  const joined = new Map<string, Set<string>>();
  for (const doc of docs) {
    for (const m of byDoc.get(doc) ?? []) {
      const root = uf.find(keyOf(m));
      const set = roots.get(root) ?? new Set<string>();
      set.add(doc);
      roots.set(root, set);
      if (!covered.has(keyOf(m))) ownWords.add(root);
      const parts = joined.get(root) ?? new Set<string>();
      parts.add(before.get(keyOf(m)) as string);
      joined.set(root, parts);
    }
  }
  // Exact copies are listed with the representative they count as.
  const copies = new Map<string, string[]>();
  for (const d of [...documents].sort()) {
    const c = index.canonical(d);
    copies.set(c, [...(copies.get(c) ?? []), d]);
  }
  const chains = [...roots.entries()]
    .map(([root, set]): IndependentGroup => {
      const members = [...set].flatMap((d) => copies.get(d) ?? [d]);
      const list = [...new Set(members)].sort();
      const credit = creditOf.get(root);
      if (credit !== undefined && (joined.get(root)?.size ?? 0) > 1)
        return { documents: list, why: 'credited', credit };
      return {
        documents: list,
        why: list.length > 1 || set.size > 1 || !ownWords.has(root) ? 'reused' : 'own',
      };
    })
    .sort(
      (a, b) =>
        (a.documents[0] ?? '').localeCompare(b.documents[0] ?? '') || a.documents.length - b.documents.length,
    );
  // A document that reused the fact and also reports it in its own words is still one document:
  // the count never exceeds the documents (copies collapsed) that report the fact.
  return { sources: documents.size, independent: Math.min(roots.size, byDoc.size), groups: chains };
}

/** Smallest number of shared words that reaches SIMILAR_SENTENCE for a set of `size` words. */
function neededShared(size: number): number {
  let k = Math.max(1, Math.floor(SIMILAR_SENTENCE * size));
  while (k / size < SIMILAR_SENTENCE) k++;
  while (k > 1 && (k - 1) / size >= SIMILAR_SENTENCE) k--;
  return k;
}

/**
 * Every pair of word sets whose overlap (shared words / the smaller set) reaches
 * SIMILAR_SENTENCE, found by prefix filtering: with words ordered rarest first, the smaller set
 * of such a pair shares a word of its first `size − needed + 1` words with the other set. Exact,
 * and near-linear when most wordings differ.
 */
export function similarPairs(sets: readonly ReadonlySet<string>[]): [number, number][] {
  const df = new Map<string, number>();
  for (const s of sets) for (const w of s) df.set(w, (df.get(w) ?? 0) + 1);
  const rank = (a: string, b: string) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
  const postings = new Map<string, number[]>();
  sets.forEach((s, i) => {
    if (s.size === 0) return;
    const prefix = [...s].sort(rank).slice(0, s.size - neededShared(s.size) + 1);
    for (const w of prefix) {
      const list = postings.get(w);
      if (list) list.push(i);
      else postings.set(w, [i]);
    }
  });
  const out: [number, number][] = [];
  sets.forEach((s, j) => {
    const candidates = new Set<number>();
    for (const w of s) for (const i of postings.get(w) ?? []) candidates.add(i);
    for (const i of [...candidates].sort((a, b) => a - b)) {
      const si = sets[i] as ReadonlySet<string>;
      if (i === j || si.size > s.size || (si.size === s.size && i > j)) continue;
      if (setOverlap(si, s) >= SIMILAR_SENTENCE) out.push(i < j ? [i, j] : [j, i]);
    }
  });
  return out;
}

function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
}

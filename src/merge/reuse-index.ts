import { createHash } from 'node:crypto';
import type { Family, ReusePair, Span, StoredDocument } from '../core/types.js';
import { UnionFind } from './union-find.js';
import { contentWords } from './words.js';

/** One reused passage seen from one document: its own span and the span in the other document. */
export interface ReuseLink {
  other: string;
  own: Span;
  theirs: Span;
}

/** What the merge needs to know about reuse, per document. */
export interface ReuseIndex {
  /** The representative of a document's duplicate group (itself when it has no duplicate). */
  canonical(document: string): string;
  /** Reused passages of a canonical document, towards other canonical documents. */
  links(document: string): readonly ReuseLink[];
  /** Family id of a document, or null. */
  family(document: string): string | null;
  /** True when the two documents are in one family or share a reuse pair. */
  related(a: string, b: string): boolean;
  /**
   * A name shared by every canonical document connected to this one through families and reuse
   * pairs: `related(a, b)` implies `component(a) === component(b)`.
   */
  component(document: string): string;
  /** The headline span of a document (its short first line without a final full stop), or null. */
  headline(document: string): Span | null;
  /**
   * A digest of everything the independence count reads about a document (its representative,
   * family and members, reused passages, partners, headline): when it changes between runs, the
   * facts the document reports are recounted.
   */
  fingerprint(document: string): string;
  /** Content words of a text, cached for the lifetime of the index. */
  contentWords(text: string): ReadonlySet<string>;
}

/** What the reuse index keeps of a document's text: its hash (exact copies) and headline span. */
export interface DocumentFacts {
  id: string;
  textHash: string;
  headline: Span | null;
}

export function documentFacts(d: Pick<StoredDocument, 'id' | 'text'>): DocumentFacts {
  return {
    id: d.id,
    textHash: createHash('sha256').update(d.text).digest('hex'),
    headline: headlineOf(d.text),
  };
}

/**
 * Indexes reuse for the independence rule. Documents with identical text, and pairs the reuse
 * stage called `duplicate`, collapse into one representative (the smallest id), so that an exact
 * copy never adds an independent source.
 */
export function createReuseIndex(
  documents: readonly (Pick<StoredDocument, 'id' | 'text'> | DocumentFacts)[],
  pairs: readonly ReusePair[],
  families: readonly Family[],
): ReuseIndex {
  const facts = documents.map((d) => ('textHash' in d ? d : documentFacts(d)));
  const dup = new UnionFind();
  const byText = new Map<string, string>();
  for (const d of facts) {
    dup.add(d.id);
    const h = d.textHash;
    const seen = byText.get(h);
    if (seen === undefined) byText.set(h, d.id);
    else dup.union(seen, d.id);
  }
  for (const p of pairs) if (p.relation === 'duplicate') dup.union(p.a, p.b);

  const familyOf = new Map<string, string>();
  for (const f of families) for (const d of f.documents) familyOf.set(d, f.id);

  const links = new Map<string, ReuseLink[]>();
  const paired = new Set<string>();
  const partners = new Map<string, string[]>();
  const push = (doc: string, link: ReuseLink) => {
    const list = links.get(doc);
    if (list) list.push(link);
    else links.set(doc, [link]);
  };
  for (const p of pairs) {
    const a = dup.find(p.a);
    const b = dup.find(p.b);
    if (a === b) continue;
    paired.add(`${a}\u0000${b}`);
    paired.add(`${b}\u0000${a}`);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = partners.get(x);
      if (list) list.push(y);
      else partners.set(x, [y]);
    }
    for (const s of p.passages) {
      push(a, { other: b, own: s.a, theirs: s.b });
      push(b, { other: a, own: s.b, theirs: s.a });
    }
  }
  // Components (documents linked through families and reuse pairs) are found when asked for: a
  // run that recounts a few events reads the neighbourhood of a few documents only.
  const membersOf = new Map(families.map((f) => [f.id, f.documents]));
  const componentOf = new Map<string, string>();
  const component = (d: string): string => {
    const known = componentOf.get(d);
    if (known !== undefined) return known;
    // Edges: between the documents of a family, and between the representatives of a pair.
    const seen = new Set([d]);
    const opened = new Set<string>();
    const queue = [d];
    let least = d;
    const visit = (y: string) => {
      if (seen.has(y)) return;
      seen.add(y);
      queue.push(y);
    };
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i] as string;
      if (x < least) least = x;
      const family = familyOf.get(x);
      if (family !== undefined && !opened.has(family)) {
        opened.add(family);
        for (const y of membersOf.get(family) ?? []) visit(y);
      }
      for (const y of partners.get(x) ?? []) visit(y);
    }
    for (const x of queue) componentOf.set(x, least);
    return least;
  };
  const cache = new Map<string, ReadonlySet<string>>();
  const headlines = new Map<string, Span>();
  for (const d of facts) if (d.headline) headlines.set(d.id, d.headline);
  const digests = new Map<string, string>();
  const membersDigest = (family: string) => {
    let digest = digests.get(family);
    if (digest === undefined) {
      digest = createHash('sha256')
        .update([...(membersOf.get(family) ?? [])].sort().join('\u0000'))
        .digest('hex');
      digests.set(family, digest);
    }
    return digest;
  };
  return {
    fingerprint: (d) => {
      const c = dup.find(d);
      const family = familyOf.get(c) ?? null;
      return createHash('sha256')
        .update(
          JSON.stringify([
            c,
            family,
            family ? membersDigest(family) : null,
            links.get(c) ?? [],
            [...(partners.get(c) ?? [])].sort(),
            headlines.get(c) ?? null,
          ]),
        )
        .digest('hex')
        .slice(0, 16);
    },
    headline: (d) => headlines.get(d) ?? null,
    contentWords: (text) => {
      let set = cache.get(text);
      if (!set) {
        set = new Set(contentWords(text));
        cache.set(text, set);
      }
      return set;
    },
    canonical: (d) => dup.find(d),
    component,
    links: (d) => links.get(d) ?? [],
    family: (d) => familyOf.get(d) ?? null,
    related: (a, b) => {
      const fa = familyOf.get(a);
      return (fa !== undefined && fa === familyOf.get(b)) || paired.has(`${a}\u0000${b}`);
    },
  };
}

/** Longest first line taken for a headline. */
const HEADLINE_MAX = 200;

/** A short first line, followed by a line break and not ending like a sentence, is a headline. */
export function headlineOf(text: string): Span | null {
  const end = text.indexOf('\n');
  if (end <= 0 || end > HEADLINE_MAX) return null;
  const line = text.slice(0, end).trimEnd();
  return /[.!?]["'”’]?$/.test(line) ? null : [0, end];
}

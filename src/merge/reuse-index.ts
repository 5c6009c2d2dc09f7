import { createHash } from 'node:crypto';
import type { Family, ReusePair, Span, StoredDocument } from '../core/types.js';
import { wireName } from '../ingest/readers/wire-services.js';
import { contentWords } from './words.js';

/** One reused passage seen from one document: its own span and the span in the other document. */
export interface ReuseLink {
  other: string;
  own: Span;
  theirs: Span;
  /**
   * Which way the passage went, as the reuse stage inferred it: `out` when the other document
   * took it from this one, `in` when this one took it from the other, `unknown` otherwise.
   */
  flow: 'out' | 'in' | 'unknown';
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
   * The representatives a canonical document shares reuse pairs with (empty for any other
   * document): with `family`, everything `related` reads, for grouping a few documents by it.
   */
  partners(document: string): readonly string[];
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
  /** Who a document is credited to (`originOf`): its wire credits, else its outlet; may be empty. */
  credits(document: string): readonly string[];
}

/**
 * What the reuse index keeps of a document: its text's hash (exact copies), headline span, and
 * who it is credited to.
 */
export interface DocumentFacts {
  id: string;
  textHash: string;
  headline: Span | null;
  credits?: string[];
}

/** A document as the merge reads it first: its text, and its credits and outlet when known. */
export type DocumentText = Pick<StoredDocument, 'id' | 'text'> &
  Partial<Pick<StoredDocument, 'credits' | 'outlet'>>;

export function documentFacts(d: DocumentText): DocumentFacts {
  const credits = originOf(d, contributors(d.text));
  return {
    id: d.id,
    textHash: createHash('sha256').update(d.text).digest('hex'),
    headline: headlineOf(d.text),
    ...(credits.length > 0 ? { credits } : {}),
  };
}

/**
 * Who originated a document's reporting, as keys compared across documents: the wire services it
 * credits ("(AP) —", "Copyright … Reuters"), else its outlet; an outlet that is a wire service is
 * named as its credits are (`Associated Press` and `AP` are one key). Empty when neither is known.
 */
export function originOf(
  d: Partial<Pick<StoredDocument, 'credits' | 'outlet'>>,
  contributed: ReadonlySet<string> = new Set(),
): string[] {
  const credits = [...new Set((d.credits ?? []).map(creditKey))]
    .filter((k) => k !== '' && !contributed.has(k))
    .sort();
  if (credits.length > 0) return credits;
  const outlet = d.outlet ? creditKey(d.outlet) : '';
  return outlet === '' ? [] : [outlet];
}

/** A credit or outlet as compared across documents: a wire service by its short name. */
function creditKey(name: string): string {
  return wireName(name.trim()) ?? name.normalize('NFKC').toLowerCase().trim();
}

/** A line crediting help rather than origin: "Additional reporting from X", "With reporting by X". */
const CONTRIBUTION_LINE =
  /^(?:[-–—]\s*)?[(_*]*(?:Additional reporting|With (?:additional )?reporting|Reporting) (?:from|by) (.{2,80}?)\.?[)_*]*$/u;

/**
 * Credits a text gives only for contributed reporting ("Additional reporting from X."): the
 * report is the outlet's own, so they do not name its origin.
 */
export function contributors(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.length > 100) continue;
    const written = CONTRIBUTION_LINE.exec(trimmed)?.[1];
    if (!written) continue;
    for (const part of written.split(/\s*(?:,|\band\b|&)\s*/u)) if (part !== '') out.add(creditKey(part));
  }
  return out;
}

/**
 * What the reuse index reads, one document at a time: a merge that recounts a few events asks
 * about the neighbourhood of a few documents only.
 */
export interface ReuseSource {
  /** The documents with the same text as this one (itself included). */
  sameText(document: string): readonly string[];
  /** The reuse pairs a document is in, ordered by `a`, then `b`. */
  pairsOf(document: string): readonly ReusePair[];
  /** A document's family and its members, or null. */
  family(document: string): { id: string; documents: readonly string[] } | null;
  /** The headline span of a document, or null. */
  headline(document: string): Span | null;
  /** Reads the pairs and families of many documents at once, before they are asked for one by one. */
  prefetch?(documents: readonly string[]): void;
  /** Who a document is credited to (`originOf`); none when absent. */
  credits?(document: string): readonly string[];
}

/**
 * Indexes reuse for the independence rule. Documents with identical text, and pairs the reuse
 * stage called `duplicate`, collapse into one representative (the smallest id), so that an exact
 * copy never adds an independent source.
 */
export function createReuseIndex(
  documents: readonly (DocumentText | DocumentFacts)[],
  pairs: readonly ReusePair[],
  families: readonly Family[],
): ReuseIndex {
  return reuseIndexOf(listSource(documents, pairs, families));
}

/** A `ReuseSource` over lists held in memory. */
export function listSource(
  documents: readonly (DocumentText | DocumentFacts)[],
  pairs: readonly ReusePair[],
  families: readonly Family[],
): ReuseSource {
  const facts = documents.map((d) => ('textHash' in d ? d : documentFacts(d)));
  const byText = new Map<string, string[]>();
  const hashOf = new Map<string, string>();
  const headlines = new Map<string, Span>();
  const credits = new Map<string, readonly string[]>();
  for (const d of facts) {
    if (d.credits && d.credits.length > 0) credits.set(d.id, d.credits);
    hashOf.set(d.id, d.textHash);
    const same = byText.get(d.textHash);
    if (same) same.push(d.id);
    else byText.set(d.textHash, [d.id]);
    if (d.headline) headlines.set(d.id, d.headline);
  }
  const ordered = [...pairs].sort((x, y) => compareIds(x.a, y.a) || compareIds(x.b, y.b));
  const pairsOf = new Map<string, ReusePair[]>();
  for (const p of ordered) {
    for (const d of p.a === p.b ? [p.a] : [p.a, p.b]) {
      const list = pairsOf.get(d);
      if (list) list.push(p);
      else pairsOf.set(d, [p]);
    }
  }
  const familyOf = new Map<string, Family>();
  for (const f of families) for (const d of f.documents) familyOf.set(d, f);
  return {
    sameText: (d) => {
      const h = hashOf.get(d);
      return h === undefined ? [d] : (byText.get(h) as string[]);
    },
    pairsOf: (d) => pairsOf.get(d) ?? [],
    family: (d) => familyOf.get(d) ?? null,
    headline: (d) => headlines.get(d) ?? null,
    credits: (d) => credits.get(d) ?? [],
  };
}

const compareIds = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Every node reachable from `start` (itself first), breadth first: `edges` visits a node's
 * neighbours. `prefetch`, when given, is told each frontier (the nodes queued and not visited yet)
 * before its first node is visited, so that a source reading a store looks them up together.
 */
function reachable(
  start: string,
  edges: (node: string, visit: (next: string) => void) => void,
  prefetch?: (nodes: readonly string[]) => void,
): string[] {
  const seen = new Set([start]);
  const queue = [start];
  const visit = (next: string) => {
    if (seen.has(next)) return;
    seen.add(next);
    queue.push(next);
  };
  let told = 1;
  for (let i = 0; i < queue.length; i++) {
    // The start is the caller's: only the nodes found from it are read ahead.
    if (prefetch && i === told) {
      prefetch(queue.slice(i));
      told = queue.length;
    }
    edges(queue[i] as string, visit);
  }
  return queue;
}

/**
 * The reuse index over a source, computed one document at a time as it is asked for (and kept):
 * a document's duplicate group, and its representative's links and partners.
 */
export function reuseIndexOf(source: ReuseSource): ReuseIndex {
  const prefetch = source.prefetch?.bind(source);
  const canonicalOf = new Map<string, string>();
  const groupOf = new Map<string, readonly string[]>();
  /** Documents linked by identical text or `duplicate` pairs; the smallest id represents them. */
  const canonical = (d: string): string => {
    const known = canonicalOf.get(d);
    if (known !== undefined) return known;
    const queue = reachable(
      d,
      (x, visit) => {
        for (const y of source.sameText(x)) visit(y);
        for (const p of source.pairsOf(x)) if (p.relation === 'duplicate') visit(p.a === x ? p.b : p.a);
      },
      prefetch,
    );
    queue.sort(compareIds);
    const least = queue[0] as string;
    for (const x of queue) canonicalOf.set(x, least);
    groupOf.set(least, queue);
    return least;
  };

  /** Reused passages and partners of a representative, from the pairs of its group's members. */
  const reach = new Map<string, { links: ReuseLink[]; partners: string[] }>();
  const reachOf = (c: string) => {
    let r = reach.get(c);
    if (r) return r;
    r = { links: [], partners: [] };
    reach.set(c, r);
    if (canonical(c) !== c) return r;
    const pairs = new Map<string, ReusePair>();
    for (const m of groupOf.get(c) ?? [c])
      for (const p of source.pairsOf(m)) pairs.set(`${p.a}\u0000${p.b}`, p);
    const ordered = [...pairs.values()].sort((x, y) => compareIds(x.a, y.a) || compareIds(x.b, y.b));
    // The partners' duplicate groups are read next: their documents are looked up together.
    if (prefetch) {
      const unknown = new Set<string>();
      for (const p of ordered) for (const x of [p.a, p.b]) if (!canonicalOf.has(x)) unknown.add(x);
      if (unknown.size > 0) prefetch([...unknown]);
    }
    for (const p of ordered) {
      const a = canonical(p.a);
      const b = canonical(p.b);
      if (a === b) continue;
      const mine = a === c;
      r.partners.push(mine ? b : a);
      // 'a>b': a is the origin of the pair's passages.
      const flow = p.direction === 'unknown' ? 'unknown' : (p.direction === 'a>b') === mine ? 'out' : 'in';
      for (const s of p.passages)
        r.links.push(
          mine ? { other: b, own: s.a, theirs: s.b, flow } : { other: a, own: s.b, theirs: s.a, flow },
        );
    }
    return r;
  };
  const partnerSets = new Map<string, ReadonlySet<string>>();
  const partnersOf = (c: string) => {
    let set = partnerSets.get(c);
    if (!set) {
      set = new Set(reachOf(c).partners);
      partnerSets.set(c, set);
    }
    return set;
  };

  const cache = new Map<string, ReadonlySet<string>>();
  const digests = new Map<string, string>();
  const membersDigest = (family: { id: string; documents: readonly string[] }) => {
    let digest = digests.get(family.id);
    if (digest === undefined) {
      digest = createHash('sha256')
        .update([...family.documents].sort().join('\u0000'))
        .digest('hex');
      digests.set(family.id, digest);
    }
    return digest;
  };
  return {
    fingerprint: (d) => {
      const c = canonical(d);
      const family = source.family(c);
      const { links, partners } = reachOf(c);
      return createHash('sha256')
        .update(
          JSON.stringify([
            c,
            family?.id ?? null,
            family ? membersDigest(family) : null,
            links,
            [...partners].sort(),
            source.headline(c),
          ]),
        )
        .digest('hex')
        .slice(0, 16);
    },
    headline: (d) => source.headline(d),
    contentWords: (text) => {
      let set = cache.get(text);
      if (!set) {
        set = new Set(contentWords(text));
        cache.set(text, set);
      }
      return set;
    },
    credits: (d) => source.credits?.(d) ?? [],
    canonical,
    links: (d) => (canonical(d) === d ? reachOf(d).links : []),
    partners: (d) => (canonical(d) === d ? reachOf(d).partners : []),
    family: (d) => source.family(d)?.id ?? null,
    related: (a, b) => {
      const fa = source.family(a)?.id;
      return (
        (fa !== undefined && fa === source.family(b)?.id) || (canonical(a) === a && partnersOf(a).has(b))
      );
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

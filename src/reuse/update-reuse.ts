import type { Family, ReusePair } from '../core/types.js';
import { KeyKind, type KeyKindValue, type ReuseStore } from '../store/reuse-store.js';
import type { DocumentSummary, Store } from '../store/store.js';
import {
  enoughAnchors,
  enoughBriefAnchors,
  MAX_DOCUMENTS_PER_ANCHOR,
  MAX_DOCUMENTS_PER_KEY,
  MIN_SENTENCE_KEYS,
  type MidTextRule,
} from './candidates.js';
import { dropCommonSource } from './common-source.js';
import { type CompareOptions, compareDefaults } from './compare-texts.js';
import { anchorFamily, BRIEF_ANCHOR, CONTAINMENT_ANCHOR } from './containment.js';
import { buildFamilies, type FamilyDocument, isSubstantial, originOf } from './families.js';
import { addJointSources } from './joint-sources.js';
import { dropOwnQuotes } from './own-quotes.js';
import { type PairDocument, pairDocument } from './pair.js';
import { createPool, defaultWorkers, inThreadRunner, type JobRunner } from './pool.js';
import { type SketchOptions, sketchDefaults } from './sketch.js';
import type { ReuseJob, SketchBatch } from './work.js';

export interface UpdateReuseOptions {
  sketch?: SketchOptions;
  compare?: Omit<CompareOptions, 'meta'>;
  /** The candidate rule for later documents of a few paragraphs (default `midTextDefaults`; studies vary it). */
  midText?: MidTextRule;
  /** Called as new documents are sketched, and with `(total, total)` when everything is stored. */
  onProgress?: (done: number, total: number) => void;
  /** Worker threads for sketching and verification (default: cores available, at most 2; 1 = none). */
  workers?: number;
  /** Fewest new documents for which worker threads are started (default `PARALLEL_FROM`). */
  parallelFrom?: number;
  /** Injected clock (tests). */
  clock?: () => Date;
  /**
   * The store's document listing in ingest order (`store.documents.listing()`), when the caller
   * has read it already; read from the store otherwise.
   */
  documents?: Iterable<Pick<DocumentSummary, 'id' | 'published'>>;
  /**
   * Runs the sketching and verification jobs instead of this process's threads (e.g. on other
   * machines through a job queue); the caller closes it. The results are the same.
   */
  runner?: JobRunner;
}

export interface ReuseResult {
  /** Every verified pair, ordered by `a`, then `b` (read from the store when first asked for). */
  readonly pairs: ReusePair[];
  /** Every family, by id (built from all pairs when first asked for). */
  readonly families: Family[];
  /**
   * What this run added to an index that already held documents: the documents it indexed and
   * the pairs it verified (each involves one of them; stored pairs never change). Absent when the
   * index was built or rebuilt in this run, when everything is new.
   */
  added?: { documents: string[]; pairs: ReusePair[] };
  /** Documents in the index after this run (those `added` included). */
  indexed: number;
  /**
   * When this run updated the families kept in the store instead of rebuilding them: the families
   * it created or changed (each new document's, and every family a new substantial pair grew or
   * joined), and the ids of the families joined into another. Every other family is as it was.
   */
  familyChanges?: { families: Family[]; removed: string[] };
  /**
   * Look-ups into the stored index, for a reader that needs the neighbourhood of a few documents
   * (absent when the stored families are not up to date, as from `loadReuse` on an older store).
   */
  view?: ReuseView;
}

/** The stored reuse of one document at a time. */
export interface ReuseView {
  /** The pairs a document is in, ordered by `a`, then `b`. */
  pairsOf(document: string): ReusePair[];
  /** A document's family and its members (sorted), or null for a document not indexed. */
  family(document: string): { id: string; documents: readonly string[] } | null;
  /** `pairsOf` of many documents at once (a few queries instead of one per document). */
  pairsOfMany(documents: readonly string[]): Map<string, ReusePair[]>;
  /** `family` of many documents at once; documents not indexed are left out. */
  familiesOfMany(documents: readonly string[]): Map<string, { id: string; documents: readonly string[] }>;
}

/**
 * Bumped when the way keys or pairs are computed changes: the stored index is then rebuilt.
 * 2: three shared sentence keys make a candidate; paraphrase weights, one-to-one decision and the
 * extension to neighbouring sentences.
 * 3: containment anchors make candidates; the containment decision.
 * 4: a key is evidence between its first holders in index order (not ignored once common).
 * 5: the containment decision is on by default.
 * 6: an anchor is evidence between its first `MAX_DOCUMENTS_PER_ANCHOR` holders only.
 * 7: typewriter quotation marks and quotations across wrapped lines; the ordered containment
 * decision; two anchors make a candidate of a short later document.
 * 8: an ordered pair whose later text shares much wording with reports of its own time that the
 * earlier text lacks is dropped (`dropCommonSource`).
 * 9: one shared anchor makes a candidate of a short later document (`MIN_ANCHOR_KEYS_SHORT`).
 * 10: a pair the containment decision relates keeps its shared 3-word runs as passages when no
 * longer passage is found (it was dropped).
 * 11: a line break inside a sentence of hard-wrapped text (wire copy) no longer ends it, so
 * sentence keys and paraphrase alignment see whole sentences.
 * 12: briefs: brief anchors (word 2-grams) make candidates of a brief, and an ordered pair whose
 * later text is a brief covering its content terms and facts is related (`isBriefOf`).
 * 13: a number joined to its unit (`29-year-old`, `3.5million`, `24-hour`) is read as that number,
 * a county's customary abbreviation as the county; brief anchors make a candidate of a later
 * document as short as a brief in words (`BRIEF_MAX_WORDS`), as before of one with few anchors.
 * 14: a passage quoted in both texts is no evidence when either prints its quotation in straight
 * single quotes, as newspapers do (`PreparedText.speech`).
 * 15: where a later text's quotations come from moves the containment an ordered pair needs: the
 * earlier text's quotations ask for less (`quoteProvenance`), quotations found in none of its
 * earlier candidates for much more (`dropOwnQuotes`).
 * 16: the own-quotations step counts only the texts indexed up to the later-indexed text of a pair
 * (and a copy's stored partners), so one run and several decide a pair alike.
 * 17: two shared brief anchors make a candidate of a later document of a few paragraphs
 * (`MID_TEXT_ANCHORS`), as one does of a brief.
 */
const INDEX_VERSION = 17;

/** The version of the index's computation (`INDEX_VERSION`): work done elsewhere must match it. */
export const REUSE_INDEX_VERSION = INDEX_VERSION;

/** Below this many new documents the work stays in the calling thread (starting workers costs more). */
export const PARALLEL_FROM = 200;

/** Documents per sketching job and candidate pairs per verification job. */
const SKETCH_JOB = 200;
const VERIFY_JOB = 100;

/**
 * Indexes the documents of `store` that are not indexed yet and compares each of them only with
 * its LSH candidates (among indexed documents and the other new ones), verifying every candidate
 * by alignment. The index lives in the store, so a later run only does the new work: it reads the
 * texts of the new documents and of their candidates, never the whole corpus.
 *
 * Sketching and verification run on `workers` threads (default: the cores available, at most 2)
 * when there are at least `PARALLEL_FROM` new documents; the caller's thread waits synchronously,
 * so the function stays synchronous. The result does not depend on the number of threads, nor on
 * how the documents were split into runs; their ingest order matters only for a key held by more
 * than `MAX_DOCUMENTS_PER_KEY` documents (evidence between its first holders only), for the
 * common-source step (`dropCommonSource`: the neighbours indexed before the later text of a pair)
 * and for the own-quotations step (`dropOwnQuotes`: the texts indexed up to the later text of a
 * pair; a copy indexed by an earlier run than its earlier text brings its candidates from earlier
 * runs only through its stored pairs).
 * @example
 * const { pairs, families } = updateReuse(openStore('./corroborate-data'));
 */
export function updateReuse(store: Store, options: UpdateReuseOptions = {}): ReuseResult {
  const reuse = store.reuse;
  const sketchOptions = { ...sketchDefaults, ...options.sketch };
  const parameters = JSON.stringify({
    version: INDEX_VERSION,
    sketch: sketchOptions,
    compare: options.compare ?? {},
    ...(options.midText ? { midText: options.midText } : {}),
  });
  if (reuse.parameters() !== parameters) reuse.reset(parameters);
  const processed = reuse.processedIds();
  const listing: readonly FamilyDocument[] = Array.isArray(options.documents)
    ? options.documents
    : [...(options.documents ?? store.documents.listing())].map((d) => ({
        id: d.id,
        published: d.published,
      }));
  // In index order: earlier runs' documents first, then this run's in ingest (listing) order. A
  // key is evidence between its first `MAX_DOCUMENTS_PER_KEY` holders in that order only, so
  // the pairs do not depend on how the documents were split into runs (`findCandidates`).
  const fresh: string[] = [];
  for (const d of listing) if (!processed.has(d.id)) fresh.push(d.id);
  const added = processed.size > 0 ? { documents: [...fresh].sort(), pairs: [] as ReusePair[] } : undefined;
  if (fresh.length === 0) return resultOf(reuse, listing, added, processed.size, processed.size);

  const threads = options.workers ?? defaultWorkers();
  const runner =
    options.runner ??
    (threads > 1 && fresh.length >= (options.parallelFrom ?? PARALLEL_FROM)
      ? (createPool(threads) ?? inThreadRunner())
      : inThreadRunner());
  try {
    const docs = new DocumentCache(store);
    // 1. Sketch the new documents.
    const sketches = sketchAll(runner, fresh, docs, sketchOptions, options.onProgress);
    // 2. Candidates: new documents sharing keys with indexed ones or with each other.
    const candidates = findCandidates(reuse, fresh, sketches, processed.size > 0, options.midText);
    // 3. Verify every candidate (6. below: record pairs and the new documents' keys).
    const now = () => (options.clock ?? (() => new Date()))().toISOString();
    const put = (pair: ReusePair) => {
      reuse.putPair(pair);
      added?.pairs.push(pair);
    };
    const verified: ReusePair[] = [];
    verifyAll(runner, candidates, docs, options.compare ?? {}, (pair) => {
      verified.push(pair);
    });
    // 4. Drop the ordered pairs whose later text has its own quotations and little of the earlier
    // text's wording, and those whose later text was written from another, common source.
    const position = new Map<string, number>();
    for (const [k, id] of fresh.entries()) position.set(id, k);
    const storedPartners = (id: string) =>
      position.has(id) ? [] : reuse.pairsOf(id).map((p) => (p.a === id ? p.b : p.a));
    const ownQuoted = dropOwnQuotes(verified, candidates, {
      document: (id) => docs.get(id),
      position: (id) => position.get(id) ?? -1,
      storedPartners,
    });
    const kept = dropCommonSource(ownQuoted, {
      document: (id) => docs.get(id),
      position: (id) => position.get(id) ?? -1,
      storedPartners,
      maxShare: options.compare?.maxOtherSourceShare,
    });
    // 5. Stories written from several earlier sources at once, none of which relates them alone
    // (off by default: the candidates are not listed again then).
    const jointShare = options.compare?.minJointContainment ?? compareDefaults.minJointContainment;
    let joint: ReusePair[] = [];
    if (jointShare > 0) {
      const related = new Set(verified.map((p) => `${p.a}\u0000${p.b}`));
      joint = addJointSources(
        candidates.filter(([x, y]) => !related.has(x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`)),
        verified,
        {
          document: (id) => docs.get(id),
          position: (id) => position.get(id) ?? -1,
          minShare: jointShare,
        },
        options.compare ?? {},
      );
    }
    reuse.transaction(() => {
      for (const pair of [...kept, ...joint]) put(pair);
    });
    const at = now();
    for (let start = 0; start < fresh.length; start += 1000) {
      reuse.transaction(() => {
        for (let k = start; k < Math.min(fresh.length, start + 1000); k++) {
          reuse.addDocument(fresh[k] as string, sketches.signature(k), sketches.keys(k), at);
        }
      });
    }
    options.onProgress?.(fresh.length, fresh.length);
  } finally {
    if (runner !== options.runner) runner.close();
  }
  return resultOf(reuse, listing, added, processed.size, processed.size + fresh.length);
}

/**
 * The result of a run. Families kept in the store and up to date before this run's additions are
 * updated from what it added (the components its new documents and substantial pairs reach);
 * otherwise they are built from all pairs and saved (`save`). The full lists are read only when
 * asked for.
 */
function resultOf(
  reuse: ReuseStore,
  documents: readonly FamilyDocument[],
  added: ReuseResult['added'],
  before: number,
  indexed: number,
  save = true,
): ReuseResult {
  let all: { pairs: ReusePair[]; families: Family[] } | undefined;
  const load = () => {
    if (!all) {
      const pairs = reuse.pairs();
      all = { pairs, families: buildFamilies(documents, pairs) };
    }
    return all;
  };
  let familyChanges: ReuseResult['familyChanges'];
  const saved = reuse.familiesIndexed();
  if (added && saved === before) {
    familyChanges = updateFamilies(reuse, documents, added, indexed);
  } else if (save) {
    const { families } = load();
    reuse.saveFamilies(
      families.flatMap((f) => f.documents.map((d): [string, string] => [d, f.id])),
      indexed,
      true,
    );
  }
  // The stored families are up to date now, unless this is a read-only look at an older store.
  const current = save || saved === indexed;
  const view: ReuseView = {
    pairsOf: (d) => reuse.pairsOf(d),
    family: (d) => reuse.familiesOfMany([d]).get(d) ?? null,
    pairsOfMany: (ds) => reuse.pairsOfMany(ds),
    familiesOfMany: (ds) => reuse.familiesOfMany(ds),
  };
  return {
    get pairs() {
      return load().pairs;
    },
    get families() {
      return load().families;
    },
    ...(added ? { added } : {}),
    indexed,
    ...(familyChanges ? { familyChanges } : {}),
    ...(current ? { view } : {}),
  };
}

/**
 * Updates the stored families with what a run added: each new document and each side of a new
 * substantial pair is in the family of its component over substantial pairs (found through the
 * stored pairs, from that document outwards). Families only grow or join, as pairs are never
 * removed; those joined into another lose their id.
 */
function updateFamilies(
  reuse: ReuseStore,
  documents: readonly FamilyDocument[],
  added: NonNullable<ReuseResult['added']>,
  indexed: number,
): NonNullable<ReuseResult['familyChanges']> {
  const seeds = new Set(added.documents);
  for (const p of added.pairs) {
    if (!isSubstantial(p)) continue;
    seeds.add(p.a);
    seeds.add(p.b);
  }
  const byId = new Map<string, FamilyDocument>();
  if (seeds.size > 0) for (const d of documents) byId.set(d.id, d);
  const done = new Set<string>();
  const families: Family[] = [];
  const removed = new Set<string>();
  const entries: [string, string][] = [];
  for (const seed of [...seeds].sort()) {
    if (done.has(seed) || !byId.has(seed)) continue;
    done.add(seed);
    const members = [seed];
    const pairs = new Map<string, ReusePair>();
    // The pairs of each frontier (the members found and not visited yet) are read in one look-up.
    let pairsOfFrontier = new Map<string, ReusePair[]>();
    for (let i = 0; i < members.length; i++) {
      const member = members[i] as string;
      if (!pairsOfFrontier.has(member)) pairsOfFrontier = reuse.pairsOfMany(members.slice(i));
      for (const p of pairsOfFrontier.get(member) ?? []) {
        // As `buildFamilies`: only pairs between listed documents count.
        if (!byId.has(p.a) || !byId.has(p.b)) continue;
        pairs.set(`${p.a}\u0000${p.b}`, p);
        if (!isSubstantial(p)) continue;
        for (const y of [p.a, p.b]) {
          if (done.has(y)) continue;
          done.add(y);
          members.push(y);
        }
      }
    }
    members.sort();
    const id = `fam-${members[0]}`;
    const inside = new Set(members);
    const family: Family = {
      id,
      documents: members,
      origin: originOf(
        members,
        byId,
        [...pairs.values()].filter((p) => inside.has(p.a) && inside.has(p.b)),
      ),
    };
    families.push(family);
    for (const m of members) {
      const old = reuse.familyOf(m);
      if (old === id) continue;
      if (old !== null) removed.add(old);
      entries.push([m, id]);
    }
  }
  reuse.saveFamilies(entries, indexed, false);
  return { families, removed: [...removed].sort() };
}

/** Reads documents from the store, keeping the most recent ones (candidates cluster). */
class DocumentCache {
  private readonly cache = new Map<string, PairDocument>();
  constructor(private readonly store: Store) {}
  get(id: string): PairDocument | null {
    let d = this.cache.get(id);
    if (!d) {
      const stored = this.store.documents.get(id);
      if (!stored) return null;
      d = pairDocument(stored);
      if (this.cache.size >= 4000) this.cache.clear();
      this.cache.set(id, d);
    }
    return d;
  }
  text(id: string): string {
    return this.get(id)?.text ?? '';
  }
}

/** The sketches of the new documents, in flat arrays indexed like `fresh`. */
interface Sketches {
  duplicate: Uint32Array;
  bandKeys: Uint32Array;
  bands: number;
  sentenceKeys: Uint32Array;
  sentenceStart: Int32Array;
  anchorKeys: Uint32Array;
  anchorStart: Int32Array;
  /** Words of each new document. */
  words: Uint32Array;
  /**
   * Per key kind (indexed by its `KeyKind` value), aligned with that kind's keys: 1 for a key of
   * a new document that is not stored (set by `findCandidates`; `keys` leaves it out).
   */
  unstored: Uint8Array[];
  signature(k: number): Uint32Array;
  /** The keys of new document `k` to store. */
  keys(k: number): { key: number; kind: KeyKindValue }[];
}

function sketchAll(
  runner: JobRunner,
  fresh: string[],
  docs: DocumentCache,
  sketch: SketchOptions,
  onProgress?: (done: number, total: number) => void,
): Sketches {
  const n = fresh.length;
  const batches: SketchBatch[] = [];
  function* jobs(): Generator<ReuseJob> {
    for (let start = 0; start < n; start += SKETCH_JOB) {
      const ids = fresh.slice(start, start + SKETCH_JOB);
      yield { type: 'sketch', sketch, texts: ids.map((id) => docs.text(id)), ids };
    }
  }
  let done = 0;
  runner.run(jobs(), (result, index) => {
    const batch = result as SketchBatch;
    batches[index] = batch;
    done += batch.duplicate.length;
    if (done < n) onProgress?.(done, n);
  });
  const width = batches[0] ? batches[0].signatures.length / batches[0].duplicate.length : 0;
  const bands = batches[0] ? batches[0].bandKeys.length / batches[0].duplicate.length : 0;
  const duplicate = new Uint32Array(n);
  const words = new Uint32Array(n);
  const signatures = new Uint32Array(n * width);
  const bandKeys = new Uint32Array(n * bands);
  const sentenceStart = new Int32Array(n + 1);
  let total = 0;
  for (const b of batches) total += b.sentenceKeys.length;
  const sentenceKeys = new Uint32Array(total);
  const anchorStart = new Int32Array(n + 1);
  let anchorTotal = 0;
  for (const b of batches) anchorTotal += b.anchorKeys.length;
  const anchorKeys = new Uint32Array(anchorTotal);
  let at = 0;
  let keyAt = 0;
  let anchorAt = 0;
  for (const b of batches) {
    duplicate.set(b.duplicate, at);
    words.set(b.words, at);
    signatures.set(b.signatures, at * width);
    bandKeys.set(b.bandKeys, at * bands);
    sentenceKeys.set(b.sentenceKeys, keyAt);
    for (let k = 0; k < b.duplicate.length; k++)
      sentenceStart[at + k + 1] = keyAt + (b.sentenceStart[k + 1] as number);
    anchorKeys.set(b.anchorKeys, anchorAt);
    for (let k = 0; k < b.duplicate.length; k++)
      anchorStart[at + k + 1] = anchorAt + (b.anchorStart[k + 1] as number);
    at += b.duplicate.length;
    keyAt += b.sentenceKeys.length;
    anchorAt += b.anchorKeys.length;
  }
  const unstored: Uint8Array[] = [];
  unstored[KeyKind.duplicate] = new Uint8Array(duplicate.length);
  unstored[KeyKind.band] = new Uint8Array(bandKeys.length);
  unstored[KeyKind.sentence] = new Uint8Array(sentenceKeys.length);
  unstored[KeyKind.anchor] = new Uint8Array(anchorKeys.length);
  return {
    duplicate,
    bandKeys,
    bands,
    sentenceKeys,
    sentenceStart,
    anchorKeys,
    anchorStart,
    words,
    signature: (k) => signatures.slice(k * width, (k + 1) * width),
    unstored,
    keys: (k) => {
      const out: { key: number; kind: KeyKindValue }[] = [];
      const add = (kind: KeyKindValue, keys: Uint32Array, from: number, to: number) => {
        const skip = unstored[kind] as Uint8Array;
        for (let x = from; x < to; x++) if (skip[x] === 0) out.push({ key: keys[x] as number, kind });
      };
      add(KeyKind.duplicate, duplicate, k, k + 1);
      add(KeyKind.band, bandKeys, k * bands, (k + 1) * bands);
      add(KeyKind.sentence, sentenceKeys, sentenceStart[k] as number, sentenceStart[k + 1] as number);
      add(KeyKind.anchor, anchorKeys, anchorStart[k] as number, anchorStart[k + 1] as number);
      return out;
    },
  };
}

/** Pair codes pack two document numbers: `lo * PAIR + hi`. */
const PAIR = 2 ** 26;
/** Key codes pack a key and a new document's number: `key * DOC + k` (exact below 2^53). */
const DOC = 2 ** 21;

/**
 * Candidate pairs as document-id pairs, sorted. A key is evidence between its first
 * `MAX_DOCUMENTS_PER_KEY` holders (an anchor: `MAX_DOCUMENTS_PER_ANCHOR`) in index order
 * (earlier runs' documents, then this run's in `fresh` order) and never for a later holder: its rarity is judged on the documents indexed
 * before the later document of a pair, which a later run cannot change. So one run over all
 * documents and any split of the same sequence into runs give the same candidates (a key that
 * later becomes common keeps the pairs it made while it was rare, in both). A pair is a
 * candidate when it shares the duplicate hash, any band key, `MIN_SENTENCE_KEYS` sentence keys
 * or enough anchors (`enoughAnchors`: `MIN_ANCHOR_KEYS`, fewer for a short later document; or
 * `enoughBriefAnchors` for a brief or a text of a few paragraphs). Pairs of two indexed documents were decided by
 * earlier runs and are not revisited.
 */
function findCandidates(
  reuse: ReuseStore,
  fresh: string[],
  s: Sketches,
  indexed: boolean,
  midText?: MidTextRule,
): [string, string][] {
  if (fresh.length >= DOC) throw new RangeError(`at most ${DOC - 1} new documents per run`);
  const others = new Map<string, number>();
  const number = (id: string) => {
    let k = others.get(id);
    if (k === undefined) {
      k = fresh.length + others.size;
      others.set(id, k);
      if (k >= PAIR) throw new RangeError('too many candidate documents in one run');
    }
    return k;
  };
  const kinds: [KeyKindValue, Uint32Array, (k: number) => [number, number]][] = [
    [KeyKind.duplicate, s.duplicate, (k) => [k, k + 1]],
    [KeyKind.band, s.bandKeys, (k) => [k * s.bands, (k + 1) * s.bands]],
    [
      KeyKind.sentence,
      s.sentenceKeys,
      (k) => [s.sentenceStart[k] as number, s.sentenceStart[k + 1] as number],
    ],
    [KeyKind.anchor, s.anchorKeys, (k) => [s.anchorStart[k] as number, s.anchorStart[k + 1] as number]],
  ];
  const strong = new Set<number>();
  const sentence = new Map<number, number>();
  const anchor = new Map<number, number>();
  const brief = new Map<number, number>();
  for (const [kind, keys, range] of kinds) {
    const codes = new Float64Array(keys.length);
    let c = 0;
    for (let k = 0; k < fresh.length; k++) {
      const [from, to] = range(k);
      for (let x = from; x < to; x++) codes[c++] = (keys[x] as number) * DOC + k;
    }
    codes.sort();
    // Runs of one key: the new documents holding it.
    const runs: [number, number][] = [];
    for (let start = 0; start < c; ) {
      const key = Math.floor((codes[start] as number) / DOC);
      let end = start + 1;
      while (end < c && Math.floor((codes[end] as number) / DOC) === key) end++;
      runs.push([start, end]);
      start = end;
    }
    const distinct = runs.map(([start]) => Math.floor((codes[start] as number) / DOC));
    const cap = kind === KeyKind.anchor ? MAX_DOCUMENTS_PER_ANCHOR : MAX_DOCUMENTS_PER_KEY;
    const held = indexed ? reuse.holders(distinct, kind, cap) : null;
    const unstored = s.unstored[kind] as Uint8Array;
    // Sentence keys and anchors are sorted and distinct per document (`sketch.ts`).
    const sorted = kind === KeyKind.sentence || kind === KeyKind.anchor;
    runs.forEach(([start, end], r) => {
      const old = held ? held[r] : [];
      const key = Math.floor((codes[start] as number) / DOC);
      // The new holders that are still among the key's first `cap` holders in index order (`k`
      // is the index order within this run, so the run is sorted by it).
      const room =
        old === null || old === undefined ? 0 : Math.max(0, Math.min(end - start, cap - old.length));
      // A holder past the first `cap` is never evidence, in this run or a later one (the key
      // then has `cap` stored holders, no room): it is not stored.
      for (let x = start + room; x < end; x++) {
        const [from, to] = range((codes[x] as number) - key * DOC);
        const y = sorted ? lowerBound(keys, from, to, key) : from;
        for (let z = y; z < to && (!sorted || keys[z] === key); z++) if (keys[z] === key) unstored[z] = 1;
      }
      if (old === null || old === undefined || room === 0 || room + old.length < 2) return;
      const members: number[] = [];
      for (let x = start; x < start + room; x++) members.push((codes[x] as number) - key * DOC);
      const olds = old.map(number);
      for (let x = 0; x < members.length; x++) {
        const m = members[x] as number;
        const pairs = [...members.slice(x + 1), ...olds];
        for (const o of pairs) {
          if (o === m) continue;
          const code = Math.min(m, o) * PAIR + Math.max(m, o);
          if (kind === KeyKind.sentence) sentence.set(code, (sentence.get(code) ?? 0) + 1);
          else if (kind === KeyKind.anchor) {
            const counts = anchorFamily(key) === BRIEF_ANCHOR ? brief : anchor;
            counts.set(code, (counts.get(code) ?? 0) + 1);
          } else strong.add(code);
        }
      }
    });
  }
  for (const [code, count] of sentence) if (count >= MIN_SENTENCE_KEYS) strong.add(code);
  // The later document in index order: the new one of a new and a stored document (numbered from
  // `fresh.length`), else the one ingested last.
  const laterOf = (code: number) => {
    const lo = Math.floor(code / PAIR);
    const hi = code - lo * PAIR;
    return hi >= fresh.length ? lo : hi;
  };
  // Its containment anchors.
  const own = new Map<number, number>();
  const laterAnchors = (code: number) => {
    const later = laterOf(code);
    let n = own.get(later);
    if (n === undefined) {
      n = 0;
      for (let x = s.anchorStart[later] as number; x < (s.anchorStart[later + 1] as number); x++)
        if (anchorFamily(s.anchorKeys[x] as number) === CONTAINMENT_ANCHOR) n++;
      own.set(later, n);
    }
    return n;
  };
  for (const [code, count] of anchor) if (enoughAnchors(count, laterAnchors(code))) strong.add(code);
  for (const [code, count] of brief)
    if (enoughBriefAnchors(count, s.words[laterOf(code)] as number, laterAnchors(code), midText))
      strong.add(code);
  const ids = [...fresh, ...others.keys()];
  return [...strong]
    .sort((x, y) => x - y)
    .map((code) => {
      const lo = Math.floor(code / PAIR);
      return [ids[lo] as string, ids[code - lo * PAIR] as string];
    });
}

/** The first position in `keys[from, to)` (sorted) whose key is not below `key`. */
function lowerBound(keys: Uint32Array, from: number, to: number, key: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as number) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function verifyAll(
  runner: JobRunner,
  candidates: [string, string][],
  docs: DocumentCache,
  compare: Omit<CompareOptions, 'meta'>,
  put: (pair: ReusePair) => void,
): void {
  function* jobs(): Generator<ReuseJob> {
    for (let start = 0; start < candidates.length; start += VERIFY_JOB) {
      const list: PairDocument[] = [];
      const at = new Map<string, number>();
      const slot = (id: string) => {
        let k = at.get(id);
        if (k === undefined) {
          const d = docs.get(id);
          if (!d) return -1;
          k = list.length;
          list.push(d);
          at.set(id, k);
        }
        return k;
      };
      const pairs: number[] = [];
      for (const [x, y] of candidates.slice(start, start + VERIFY_JOB)) {
        const i = slot(x);
        const j = slot(y);
        if (i >= 0 && j >= 0) pairs.push(i, j);
      }
      yield { type: 'verify', compare, docs: list, pairs: Int32Array.from(pairs) };
    }
  }
  runner.run(jobs(), (result) => {
    for (const pair of result as (ReusePair | null)[]) if (pair) put(pair);
  });
}

/**
 * The reuse pairs and families already in the store, without doing any work.
 */
export function loadReuse(store: Store): ReuseResult {
  const documents = store.documents.listing();
  const reuse = store.reuse;
  const indexed = reuse.processedIds().size;
  return resultOf(reuse, documents, undefined, indexed, indexed, false);
}

export { comparePair } from './pair.js';

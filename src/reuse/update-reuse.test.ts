import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ingest } from '../ingest/ingest.js';
import { openStore } from '../store/open-store.js';
import { KeyKind } from '../store/reuse-store.js';
import type { Store } from '../store/store.js';
import { MAX_DOCUMENTS_PER_ANCHOR, MAX_DOCUMENTS_PER_KEY } from './candidates.js';
import { anchorKeys } from './containment.js';
import { createPool } from './pool.js';
import { prepareText } from './prepare.js';
import { sketchDefaults } from './sketch.js';
import { loadReuse, type ReuseResult, updateReuse } from './update-reuse.js';
import type { SketchBatch } from './work.js';

const CORPUS = path.resolve('../shared/corpora/bucha-2022');
const hasCorpus = existsSync(path.join(CORPUS, 'manifest.jsonl'));
if (!hasCorpus) console.warn(`skipping bucha-2022 reuse tests: ${CORPUS} is absent`);

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempStore(): { store: Store; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-reuse-'));
  dirs.push(dir);
  return { store: openStore(dir), dir };
}

const files = hasCorpus
  ? readdirSync(CORPUS)
      .filter((f) => f.endsWith('.txt'))
      .sort()
  : [];

/** What a result lists (its look-ups are functions, compared through what they return). */
const lists = (r: ReuseResult) => ({ pairs: r.pairs, families: r.families, indexed: r.indexed });

/** Document id of each corpus file, by its three-digit prefix. */
function idsByPrefix(store: Store): Map<string, string> {
  const m = new Map<string, string>();
  for (const d of store.documents.summaries()) m.set(path.basename(d.source).slice(0, 3), d.id);
  return m;
}

describe.skipIf(!hasCorpus)('updateReuse on bucha-2022', () => {
  it('finds the wire copies, the splice and the paraphrase, and leaves the unrelated report alone', async () => {
    const { store } = tempStore();
    await ingest(
      store,
      files.map((f) => path.join(CORPUS, f)),
      { manifest: path.join(CORPUS, 'manifest.jsonl') },
    );
    const { pairs, families } = updateReuse(store);
    const id = idsByPrefix(store);
    const get = (x: string, y: string) =>
      pairs.find((p) => (p.a === id.get(x) && p.b === id.get(y)) || (p.a === id.get(y) && p.b === id.get(x)));
    expect(get('000', '001')?.relation).toBe('verbatim');
    for (const wire of ['000', '001']) {
      const splice = get(wire, '002');
      expect(splice?.passages.some((p) => p.kind === 'verbatim')).toBe(true);
      // 002 is later (2022-04-04) than the wire copy (2022-04-03).
      expect(splice?.direction).toBe(splice?.a === id.get(wire) ? 'a>b' : 'b>a');
      const paraphrase = get(wire, '003');
      expect(paraphrase?.passages.filter((p) => p.kind === 'paraphrase').length).toBeGreaterThanOrEqual(3);
    }
    expect(pairs.some((p) => p.a === id.get('004') || p.b === id.get('004'))).toBe(false);
    const groups = families.map((f) => f.documents.map((d) => [...id].find(([, v]) => v === d)?.[0]).sort());
    expect(groups.sort()).toEqual([['000', '001', '002', '003'], ['004']]);
    for (const p of pairs) {
      const a = store.documents.get(p.a)?.text ?? '';
      const b = store.documents.get(p.b)?.text ?? '';
      for (const s of p.passages) {
        expect(a.slice(...s.a).length).toBe(s.a[1] - s.a[0]);
        expect(b.slice(...s.b).trim().length).toBeGreaterThan(0);
      }
    }
    store.close();
  });

  it('is incremental, survives a restart, and does not depend on ingest order', async () => {
    const whole = tempStore();
    await ingest(
      whole.store,
      files.map((f) => path.join(CORPUS, f)),
    );
    const expected = updateReuse(whole.store);
    whole.store.close();

    const part = tempStore();
    const reversed = [...files].reverse().map((f) => path.join(CORPUS, f));
    await ingest(part.store, reversed.slice(0, 2));
    updateReuse(part.store);
    part.store.close();
    const reopened = openStore(part.dir);
    await ingest(reopened, reversed.slice(2));
    let progress = 0;
    const result = updateReuse(reopened, { onProgress: (done) => (progress = done) });
    expect(progress).toBe(3);
    expect(expected.added).toBeUndefined();
    expect(lists(result)).toEqual(lists(expected));
    const { added } = result;
    // The run reports what it added: the three new documents and the pairs that involve them.
    expect(added?.documents).toHaveLength(3);
    const fresh = new Set(added?.documents);
    expect(added?.pairs.length).toBeGreaterThan(0);
    expect(added?.pairs.every((p) => fresh.has(p.a) || fresh.has(p.b))).toBe(true);
    expect(result.pairs.filter((p) => fresh.has(p.a) || fresh.has(p.b))).toEqual(
      [...(added?.pairs ?? [])].sort((x, y) => x.a.localeCompare(y.a, 'en') || x.b.localeCompare(y.b, 'en')),
    );
    // Nothing new: no document is compared again.
    let again = 0;
    const unchanged = updateReuse(reopened, { onProgress: () => again++ });
    expect(lists(unchanged)).toEqual(lists(expected));
    expect(unchanged.added).toEqual({ documents: [], pairs: [] });
    expect(unchanged.familyChanges).toEqual({ families: [], removed: [] });
    expect(again).toBe(0);
    expect(lists(loadReuse(reopened))).toEqual(lists(expected));
    reopened.close();
  });
});

describe('updateReuse on worker threads', () => {
  it('starts a pool that runs jobs off the calling thread', () => {
    const pool = createPool(2);
    expect(pool).not.toBeNull();
    try {
      const results: number[] = [];
      pool?.run(
        [0, 1, 2].map((k) => ({
          type: 'sketch' as const,
          sketch: {},
          texts: [`Text number ${k} of the pool test.`],
        })),
        (r, index) => {
          results[index] = (r as SketchBatch).duplicate.length;
        },
      );
      expect(results).toEqual([1, 1, 1]);
    } finally {
      pool?.close();
    }
  });

  it('gives the same pairs and families on two workers as in the calling thread', async () => {
    const one = tempStore();
    const two = tempStore();
    for (const { store } of [one, two])
      await ingest(store, ['examples/corpus'], { manifest: 'examples/corpus/manifest.jsonl' });
    const inThread = updateReuse(one.store, { workers: 1 });
    const parallel = updateReuse(two.store, { workers: 2, parallelFrom: 0 });
    expect(inThread.pairs.length).toBeGreaterThan(0);
    expect(lists(parallel)).toEqual(lists(inThread));
    one.store.close();
    two.store.close();
  });
});

describe('families kept in the store', () => {
  it("are updated from each run's additions as if built from all pairs, in any order", async () => {
    const corpus = 'examples/corpus';
    const reports = readdirSync(corpus)
      .filter((f) => f !== 'manifest.jsonl')
      .sort()
      .map((f) => path.join(corpus, f));
    expect(reports.length).toBeGreaterThan(5);
    const joins: number[] = [];
    for (const order of [reports, [...reports].reverse(), [...reports.slice(3), ...reports.slice(0, 3)]]) {
      const { store } = tempStore();
      let before: ReuseResult | null = null;
      let updated = 0;
      let joined = 0;
      for (let k = 0; k < order.length; k += 2) {
        await ingest(store, order.slice(k, k + 2));
        const result = updateReuse(store);
        const full = lists(result).families;
        // Every document's stored family is its family in the lists built from all pairs.
        for (const f of full) {
          for (const d of f.documents)
            expect(result.view?.family(d)).toEqual({ id: f.id, documents: f.documents });
        }
        // Many documents at once give what one at a time gives.
        const ids = full.flatMap((f) => f.documents);
        const pairsOfMany = result.view?.pairsOfMany(ids);
        const familiesOfMany = result.view?.familiesOfMany([...ids, 'dmissing']);
        for (const d of ids) {
          expect(pairsOfMany?.get(d)).toEqual(result.view?.pairsOf(d));
          expect(familiesOfMany?.get(d)).toEqual(result.view?.family(d));
        }
        expect(familiesOfMany?.has('dmissing')).toBe(false);
        if (before && result.familyChanges) {
          updated++;
          joined += result.familyChanges.removed.length;
          const now = new Map(full.map((f) => [f.id, f]));
          const was = new Map(before.families.map((f) => [f.id, f]));
          const listed = new Map(result.familyChanges.families.map((f) => [f.id, f]));
          // Changed families are listed whole; removed ids are gone; every other family is unchanged.
          for (const [id, f] of listed) expect(now.get(id)).toEqual(f);
          for (const id of result.familyChanges.removed) {
            expect(was.has(id)).toBe(true);
            expect(now.has(id)).toBe(false);
          }
          for (const [id, f] of now) if (!listed.has(id)) expect(was.get(id)).toEqual(f);
          for (const id of was.keys()) {
            if (!now.has(id)) expect(result.familyChanges.removed).toContain(id);
          }
          // Each document's pairs, as the look-up gives them, are its pairs in the full list.
          for (const f of full) {
            for (const d of f.documents) {
              expect(result.view?.pairsOf(d)).toEqual(result.pairs.filter((p) => p.a === d || p.b === d));
            }
          }
        }
        before = result;
      }
      expect(updated).toBeGreaterThan(1);
      store.close();
      joins.push(joined);
    }
    // In some order a run joins families that earlier runs kept apart.
    expect(Math.max(...joins)).toBeGreaterThan(0);
  });
});

/**
 * Reports that all open with one templated lead (more holders of its keys than
 * `MAX_DOCUMENTS_PER_KEY`), then a body of their own; every tenth report is a copy of the one
 * before it with a credit line. Written here, seeded.
 */
function templatedReports(dir: string, n: number): string[] {
  mkdirSync(dir, { recursive: true });
  const lead =
    'The harbour board said on Tuesday that the new timetable for the island ferry would begin next month after a long public consultation with residents and traders.';
  // Made-up words of three syllables: bodies share next to nothing by chance.
  const syllables = 'ba ko ri mu te lo sa vi ne du ga po fe zi ro ta'.split(' ');
  let state = 12345;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state >>> 16;
  };
  const paths: string[] = [];
  let body = '';
  for (let i = 0; i < n; i++) {
    if (i % 10 !== 9) {
      const sentences: string[] = [];
      for (let s = 0; s < 6; s++) {
        const w = Array.from({ length: 9 }, () =>
          Array.from({ length: 3 }, () => syllables[next() % syllables.length]).join(''),
        );
        sentences.push(`The ${w.join(' ')}.`);
      }
      body = sentences.join(' ');
    }
    const file = path.join(dir, `report-${String(i).padStart(3, '0')}.txt`);
    writeFileSync(file, `${lead} ${body}${i % 10 === 9 ? ' Staff writers contributed.' : ''}\n`);
    paths.push(file);
  }
  return paths;
}

describe('runs over the same documents', () => {
  it('give the same pairs in one run as in several, with keys held by more documents than the cap', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-templated-'));
    dirs.push(dir);
    const reports = templatedReports(dir, MAX_DOCUMENTS_PER_KEY + 26);
    const options = { workers: 1, compare: { minContainment: 0.13 } };
    const whole = tempStore();
    for (const f of reports) await ingest(whole.store, [f]);
    const expected = updateReuse(whole.store, options);
    const listing = whole.store.documents.listing().map((d) => d.id);
    whole.store.close();
    // The lead relates the first reports to each other, and never a report indexed after the
    // lead's keys were held by MAX_DOCUMENTS_PER_KEY documents (except to its copy).
    const late = listing[listing.length - 2] as string;
    expect(expected.pairs.length).toBeGreaterThan(MAX_DOCUMENTS_PER_KEY);
    expect(expected.pairs.filter((p) => p.a === late || p.b === late).length).toBeLessThanOrEqual(1);
    for (const splits of [
      [30, 55],
      [1, 2, 3, 40, 70, 71],
    ]) {
      const part = tempStore();
      let from = 0;
      let runs = 0;
      for (const to of [...splits, reports.length]) {
        for (const f of reports.slice(from, to)) await ingest(part.store, [f]);
        const r = updateReuse(part.store, options);
        runs++;
        if (to === reports.length) {
          expect(part.store.documents.listing().map((d) => d.id)).toEqual(listing);
          expect(lists(r)).toEqual(lists(expected));
        }
        from = to;
      }
      expect(runs).toBe(splits.length + 1);
      part.store.close();
    }
  }, 60_000);
});

/**
 * Reports whose sentences each hold one of the same five-word phrases among words of their own:
 * a good share of their word 3-grams in common (containment), but no sentence in common, so only
 * the containment anchors make them candidates. Written here, seeded.
 */
function sharedPhraseReports(dir: string, n: number): string[] {
  mkdirSync(dir, { recursive: true });
  const phrases = [
    'harbour pilots rejected the offer',
    'ferry timetable changes began quietly',
    'island traders signed a petition',
    'council budget shortfall worried residents',
    'pier repairs were delayed again',
    'coastal bus route was cut',
    'winter storm damage closed roads',
  ];
  const syllables = 'ba ko ri mu te lo sa vi ne du ga po fe zi ro ta'.split(' ');
  let state = 99;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state >>> 16;
  };
  const word = () => Array.from({ length: 3 }, () => syllables[next() % syllables.length]).join('');
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const text = phrases.map((p) => `The ${word()} ${word()} ${p} ${word()} ${word()} ${word()} ${word()}.`);
    const file = path.join(dir, `phrases-${String(i).padStart(3, '0')}.txt`);
    writeFileSync(file, `${text.join(' ')}\n`);
    paths.push(file);
  }
  return paths;
}

describe('containment anchors', () => {
  it('are evidence between their first MAX_DOCUMENTS_PER_ANCHOR holders only, in one run as in several', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-phrases-'));
    dirs.push(dir);
    const reports = sharedPhraseReports(dir, MAX_DOCUMENTS_PER_ANCHOR + 12);
    const options = { workers: 1 };
    const whole = tempStore();
    for (const f of reports) await ingest(whole.store, [f]);
    const expected = updateReuse(whole.store, options);
    const listing = whole.store.documents.listing().map((d) => d.id);
    // The anchors every report holds are stored for their first holders only: a later holder
    // could never be evidence.
    const anchorsOf = (file: string) => {
      const o = sketchDefaults;
      return anchorKeys(
        prepareText(readFileSync(file, 'utf8')),
        o.anchorSize,
        o.anchorSample,
        o.anchorMinContent,
      );
    };
    const last = new Set(anchorsOf(reports.at(-1) as string));
    const common = [...anchorsOf(reports[0] as string)].filter((k) => last.has(k));
    expect(common.length).toBeGreaterThanOrEqual(3);
    for (const holders of whole.store.reuse.holders(common, KeyKind.anchor, reports.length))
      expect(holders).toHaveLength(MAX_DOCUMENTS_PER_ANCHOR);
    whole.store.close();
    const first = new Set(listing.slice(0, MAX_DOCUMENTS_PER_ANCHOR));
    const inFirst = expected.pairs.filter((p) => first.has(p.a) && first.has(p.b));
    // The first holders are related to each other by the shared phrases…
    expect(inFirst.length).toBe((MAX_DOCUMENTS_PER_ANCHOR * (MAX_DOCUMENTS_PER_ANCHOR - 1)) / 2);
    // …and none of them to a report indexed after the phrases' anchors had that many holders.
    expect(expected.pairs.filter((p) => first.has(p.a) !== first.has(p.b))).toEqual([]);
    for (const splits of [[3], [1, MAX_DOCUMENTS_PER_ANCHOR, MAX_DOCUMENTS_PER_ANCHOR + 2]]) {
      const part = tempStore();
      let from = 0;
      for (const to of [...splits, reports.length]) {
        for (const f of reports.slice(from, to)) await ingest(part.store, [f]);
        const r = updateReuse(part.store, options);
        if (to === reports.length) expect(lists(r)).toEqual(lists(expected));
        from = to;
      }
      part.store.close();
    }
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createExtractor } from '../extract/index.js';
import { ingest } from '../ingest/ingest.js';
import { openStore } from '../store/open-store.js';
import { analyze } from './analyze.js';
import { extractPending, LONG_DOCUMENT, workerCount } from './extract-pending.js';
import { startExtractPool } from './extract-pool.js';
import { loadExtractStage } from './extract-stage.js';
import { loadStages } from './stages.js';

const corpus = path.resolve('examples/corpus');
const clock = () => new Date('2024-05-03T12:00:00Z');

describe('extraction in worker threads', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-workers-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (name: string, workers: number, batch?: number) => {
    const store = openStore(path.join(dir, name), { clock });
    try {
      const result = await analyze(store, [corpus], {
        manifest: path.join(corpus, 'manifest.jsonl'),
        out: path.join(dir, `${name}-out`),
        workers,
        batch,
        clock,
      });
      return { result, json: fs.readFileSync(path.join(dir, `${name}-out`, 'ledger.json'), 'utf8') };
    } finally {
      store.close();
    }
  };

  it('gives a byte-identical ledger with one worker (in this thread) and with two', async () => {
    const one = await run('one', 1);
    // Batches of one document: the two workers interleave, and results still land in order.
    const two = await run('two', 2, 1);
    expect(one.result.workers).toBe(1);
    expect(two.result.workers).toBe(2);
    expect(two.result.extracted).toBe(one.result.extracted);
    expect(one.result.extracted).toBeGreaterThan(2);
    expect(one.result.ledger.events.length).toBeGreaterThan(0);
    expect(two.json).toBe(one.json);
  });

  it('extracts a custom stage in this thread whatever the worker count', async () => {
    const published = await loadStages();
    const seen: string[] = [];
    const stages = {
      ...published,
      extractor: {
        version: published.extractor.version,
        extract: (doc: Parameters<typeof published.extractor.extract>[0]) => {
          seen.push(doc.id);
          return published.extractor.extract(doc);
        },
      },
    };
    const store = openStore(path.join(dir, 'custom'), { clock });
    try {
      const result = await analyze(store, [corpus], { stages, workers: 2, clock });
      expect(result.workers).toBe(1);
      expect(seen).toHaveLength(result.extracted);
    } finally {
      store.close();
    }
  });

  it('extracts in a pool started earlier, and closes one it does not need', async () => {
    const { stage } = await loadExtractStage();
    const store = openStore(path.join(dir, 'early'), { clock });
    try {
      const { ingested } = await ingest(store, [corpus], {
        manifest: path.join(corpus, 'manifest.jsonl'),
        clock,
      });
      const analysis = store.analysis;
      let closed = 0;
      const started = async () => {
        const pool = await startExtractPool(1, stage.version);
        const close = () => {
          closed++;
          return pool.close();
        };
        return { ...pool, size: pool.size, close };
      };
      const added = ingested.flatMap((i) => i.newDocuments);
      const first = await extractPending(store, analysis, stage, { pool: started(), added });
      expect(first).toEqual({ extracted: added.length, ids: added, timedOut: [], workers: 1 });
      expect(closed).toBe(1);
      const reference = createExtractor();
      const doc = store.documents.get(added[0] as string);
      expect(analysis.getExtraction(added[0] as string, stage.version)).toEqual(
        JSON.parse(JSON.stringify(reference(doc as NonNullable<typeof doc>))),
      );
      const second = extractPending(store, analysis, stage, { pool: started(), added: [] });
      expect(await second).toEqual({ extracted: 0, ids: [], timedOut: [], workers: 0 });
      await vi.waitFor(() => expect(closed).toBe(2), { timeout: 60_000 });
    } finally {
      store.close();
    }
  });

  // One long report is extracted in a worker, so that the extractor does not stay in this
  // thread's heap through the merge; a news report is extracted here.
  it.each([
    ['a news report', 2_000, 1],
    ['one long report', LONG_DOCUMENT, 0],
  ])('extracts %s in this thread or in a worker', async (name, length, here) => {
    const { stage } = await loadExtractStage();
    let inThread = 0;
    const counted = {
      ...stage,
      extract: (doc: Parameters<typeof stage.extract>[0]) => {
        inThread++;
        return stage.extract(doc);
      },
    };
    const file = path.join(dir, `${length}.txt`);
    const paragraph =
      'Two men were hurt when a crane fell on a depot in Eastbrook on Monday, officials said.\n\n';
    fs.writeFileSync(file, paragraph.repeat(Math.ceil(length / paragraph.length)));
    const store = openStore(path.join(dir, `long-${length}`), { clock });
    try {
      const { ingested } = await ingest(store, [file], { clock });
      const added = ingested.flatMap((i) => i.newDocuments);
      const result = await extractPending(store, store.analysis, counted, { added });
      expect(result.extracted, name).toBe(1);
      expect(inThread).toBe(here);
      expect(
        store.analysis.getExtraction(added[0] as string, stage.version)?.incidents.length,
      ).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });

  it('starts workers only when enough documents are pending to repay their start-up', () => {
    expect(workerCount(0, undefined)).toBe(1);
    expect(workerCount(10, undefined)).toBe(1);
    expect(workerCount(100_000, undefined)).toBe(os.availableParallelism());
    expect(workerCount(3, 8)).toBe(3);
    expect(workerCount(300, 2)).toBe(2);
    expect(workerCount(300, 0)).toBe(1);
  });
});

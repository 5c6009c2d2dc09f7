import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../ingest/ingest.js';
import { openStore } from '../store/open-store.js';
import { stalling } from './__fixtures__/stalling-stage.js';
import { analyze } from './analyze.js';
import { extractPending, LONG_DOCUMENT } from './extract-pending.js';
import type { ExtractInput } from './extract-stage.js';
import { loadExtractStage } from './extract-stage.js';
import { extractWithinBudget } from './extract-within-budget.js';
import { loadStages } from './stages.js';

const clock = () => new Date('2024-05-03T12:00:00Z');
const report = (town: string) =>
  `Two men were hurt when a crane fell on a depot in ${town} on Monday, officials said.\n`;

describe('the extraction time budget', () => {
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-extract-budget-'));
    // The first report extracted loads the lexicons (about a second on a busy machine): done here,
    // so that the budgets below time the reports alone.
    const { stage } = await loadExtractStage();
    stage.extract({ id: 'warm', text: report('Southcote'), published: null, dateline: null });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stops the report that runs over and keeps the others, in order', async () => {
    const { stage } = await loadExtractStage();
    const docs = ['Eastbrook', 'stall', 'Westmoor'].map((town, k) => ({
      id: `d${k}`,
      text: report(town),
      published: null,
      dateline: null,
    }));
    const batch = extractWithinBudget(stalling(stage), docs, 1);
    expect(batch.timedOut).toEqual(['d1']);
    expect(batch.rows.map((r) => r.documentId)).toEqual(['d0', 'd2']);
  });

  it('stops a long report in an extraction worker', async () => {
    const file = path.join(dir, 'long.txt');
    fs.writeFileSync(file, report('Eastbrook').repeat(3000));
    const store = openStore(path.join(dir, 'worker'), { clock });
    try {
      const { ingested } = await ingest(store, [file], { clock });
      const added = ingested.flatMap((i) => i.newDocuments);
      const { stage } = await loadExtractStage();
      let inThread = 0;
      const counted = {
        ...stage,
        extract: (doc: ExtractInput) => {
          inThread++;
          return stage.extract(doc);
        },
      };
      // A report this long goes to a worker, where a millisecond is far too little for it.
      expect(fs.statSync(file).size).toBeGreaterThan(LONG_DOCUMENT);
      const stopped = await extractPending(store, store.analysis, counted, { added, maxSeconds: 0.001 });
      expect(stopped).toMatchObject({ extracted: 0, ids: [], timedOut: added });
      expect(store.analysis.extractedIds(stage.version).size).toBe(0);
      const again = await extractPending(store, store.analysis, counted, { added });
      expect(again).toMatchObject({ extracted: 1, ids: added, timedOut: [] });
      expect(inThread).toBe(0);
    } finally {
      store.close();
    }
  });

  it('leaves the report out of the run, names its file, stores nothing of it, and the next run takes it', async () => {
    const inputs = path.join(dir, 'inputs');
    fs.mkdirSync(inputs);
    fs.writeFileSync(path.join(inputs, 'a.txt'), report('Eastbrook'));
    fs.writeFileSync(path.join(inputs, 'b.txt'), `${report('Westmoor')}The stall keeper saw it.\n`);
    fs.writeFileSync(path.join(inputs, 'c.txt'), report('Northholm'));
    const published = await loadStages();
    const store = openStore(path.join(dir, 'analyze'), { clock });
    try {
      const first = await analyze(store, [inputs], {
        out: path.join(dir, 'out-1'),
        stages: { ...published, extractor: stalling(published.extractor) },
        maxExtractSeconds: 1,
        clock,
      });
      expect(first.extracted).toBe(2);
      expect(first.timedOut).toHaveLength(1);
      const error = first.diagnostics.find((d) => d.rule === 'analyze/extraction-timeout');
      expect(error?.source).toBe(path.join(inputs, 'b.txt'));
      expect(error?.document).toBe(first.timedOut[0]);
      expect(error?.message).toContain('1 s budget');
      expect(store.analysis.extractedIds(published.extractor.version).has(first.timedOut[0] as string)).toBe(
        false,
      );

      const second = await analyze(store, [], { out: path.join(dir, 'out-2'), stages: published, clock });
      expect(second.extracted).toBe(1);
      expect(second.timedOut).toEqual([]);
      expect(first.merge.merged).toBe(2);
      expect(second.merge.merged).toBe(1);
    } finally {
      store.close();
    }
  });
  it("reports a report stopped on a shared store's worker without extracting it again here", async () => {
    const inputs = path.join(dir, 'inputs-elsewhere');
    fs.mkdirSync(inputs);
    fs.writeFileSync(path.join(inputs, 'a.txt'), report('Eastbrook'));
    fs.writeFileSync(path.join(inputs, 'b.txt'), report('Westmoor'));
    const published = await loadStages();
    const store = openStore(path.join(dir, 'elsewhere'), { clock });
    try {
      const { ingested } = await ingest(store, [inputs], { clock });
      const b = ingested.find((i) => i.source.endsWith('b.txt'))?.newDocuments[0] as string;
      const first = await analyze(store, [], { stages: published, timedOutElsewhere: [b], clock });
      expect(first.extracted).toBe(1);
      expect(first.timedOut).toEqual([b]);
      const error = first.diagnostics.find((d) => d.rule === 'analyze/extraction-timeout');
      expect(error?.source).toBe(path.join(inputs, 'b.txt'));
      expect(store.analysis.extractedIds(published.extractor.version).has(b)).toBe(false);
      const second = await analyze(store, [], { stages: published, clock });
      expect(second).toMatchObject({ extracted: 1, timedOut: [] });
    } finally {
      store.close();
    }
  });
});

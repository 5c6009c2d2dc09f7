import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.js';
import { analyze } from './analyze.js';
import { loadStages } from './stages.js';

const clock = () => new Date('2024-05-03T12:00:00Z');
const paragraph = (town: string, day: string) =>
  `Two men were hurt when a crane fell on a depot in ${town} on ${day}, officials said.\n\n`;

describe('the bound on the merge work of one report', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-report-bound-'));
    fs.mkdirSync(path.join(dir, 'in'));
    fs.writeFileSync(path.join(dir, 'in', 'short.txt'), paragraph('Eastbrook', 'Monday'));
    const towns = ['Westmoor', 'Northholm', 'Southcote', 'Ashby', 'Kelton', 'Marwick'];
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    fs.writeFileSync(
      path.join(dir, 'in', 'long.txt'),
      towns.map((t, k) => paragraph(t, days[k] as string)).join(''),
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves a report over the bound out of the ledger, names its file, and a run with a higher bound merges it', async () => {
    const stages = await loadStages();
    const store = openStore(path.join(dir, 'store'), { clock });
    try {
      const first = await analyze(store, [path.join(dir, 'in')], {
        out: path.join(dir, 'out-1'),
        stages,
        maxReportItems: 4,
        clock,
      });
      expect(first.refused).toHaveLength(1);
      const error = first.diagnostics.find((d) => d.rule === 'analyze/report-too-large');
      expect(error?.source).toBe(path.join(dir, 'in', 'long.txt'));
      expect(error?.document).toBe(first.refused[0]);
      expect(error?.message).toContain('bound of 4');
      expect(first.merge.merged).toBe(1);
      const events = (ledger: typeof first.ledger) => JSON.stringify(ledger.events);
      expect(events(first.ledger)).not.toContain('Westmoor');
      expect(events(first.ledger)).toContain('Eastbrook');
      // Its refusal is stored in place of its extraction (nothing else of it): the next run
      // extracts nothing, reports it again from that record, and writes the same bytes.
      const version = stages.extractor.version;
      const stored = store.analysis.getExtraction(first.refused[0] as string, version);
      expect(stored?.refused).toEqual({ items: 6 * 3, bound: 4, counted: 'whole' });
      expect(stored?.incidents).toEqual([]);
      expect(stored?.sentences).toEqual([]);
      expect(error?.message).toContain('later runs report it again without extracting it');
      expect(error?.hint).toContain('raise --max-report-items, which extracts it again');
      const again = await analyze(store, [], {
        out: path.join(dir, 'out-2'),
        stages,
        maxReportItems: 4,
        clock,
      });
      expect(again).toMatchObject({ extracted: 0, refused: first.refused });
      expect(again.diagnostics.find((d) => d.rule === 'analyze/report-too-large')).toEqual(error);
      expect(fs.readFileSync(path.join(dir, 'out-2', 'ledger.json'))).toEqual(
        fs.readFileSync(path.join(dir, 'out-1', 'ledger.json')),
      );
      // A lower bound: the refusal stands, still without extracting.
      const lower = await analyze(store, [], { stages, maxReportItems: 3, clock });
      expect(lower).toMatchObject({ extracted: 0, refused: first.refused });
      // A higher bound, still under the exact count stored: the refusal stands without extracting
      // again (the whole report was counted, so extracting it again would give the same count).
      const higher = await analyze(store, [], { stages, maxReportItems: 10, clock });
      expect(higher).toMatchObject({ extracted: 0, refused: first.refused });
      expect(store.analysis.getExtraction(first.refused[0] as string, version)?.refused?.bound).toBe(4);
      // The default bound: extracted again and merged.
      const raised = await analyze(store, [], { out: path.join(dir, 'out-3'), stages, clock });
      expect(raised).toMatchObject({ extracted: 1, refused: [] });
      expect(raised.merge.merged).toBe(1);
      expect(events(raised.ledger)).toContain('Westmoor');
      expect(store.analysis.getExtraction(first.refused[0] as string, version)?.refused).toBeUndefined();
      // Every replaced row is bound by the analysis entries: verify finds nothing wrong.
      expect((await store.verify()).problems).toEqual([]);
      const settled = await analyze(store, [], { out: path.join(dir, 'out-4'), stages, clock });
      expect(settled).toMatchObject({ extracted: 0, refused: [] });
      expect(fs.readFileSync(path.join(dir, 'out-4', 'ledger.json'))).toEqual(
        fs.readFileSync(path.join(dir, 'out-3', 'ledger.json')),
      );
    } finally {
      store.close();
    }
  }, 60_000);

  it('stores the whole extraction of a report over the bound in a working copy, whose rows are shared', async () => {
    const stages = await loadStages();
    const store = openStore(path.join(dir, 'copy-store'), { clock });
    try {
      const run = await analyze(store, [path.join(dir, 'in')], {
        stages,
        maxReportItems: 4,
        workingCopy: true,
        clock,
      });
      expect(run.refused).toHaveLength(1);
      const stored = store.analysis.getExtraction(run.refused[0] as string, stages.extractor.version);
      expect(stored?.refused).toBeUndefined();
      expect(stored?.incidents.length).toBeGreaterThan(4);
    } finally {
      store.close();
    }
  }, 60_000);
});

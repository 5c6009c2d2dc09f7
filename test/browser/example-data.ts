import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyze } from '../../src/analyze/analyze.js';
import { loadStages } from '../../src/analyze/stages.js';
import { loadHighlights } from '../../src/report/highlights.js';
import { loadReportData } from '../../src/report/load-report-data.js';
import type { ReportData } from '../../src/report/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';

export const EXAMPLE_CORPUS = 'examples/corpus';

export interface ExampleStore {
  store: Store;
  dir: string;
  data: ReportData;
  cleanup(): void;
}

/** The example corpus run through the whole pipeline into a fresh temporary store. */
export async function analyseExample(): Promise<ExampleStore> {
  const dir = mkdtempSync(join(tmpdir(), 'corroborate-example-'));
  const store = openStore(join(dir, 'store'));
  const stages = await loadStages();
  const result = await analyze(store, [EXAMPLE_CORPUS], {
    manifest: join(EXAMPLE_CORPUS, 'manifest.jsonl'),
    stages,
    clock: () => new Date('2026-01-02T03:04:05Z'),
  });
  const highlights = loadHighlights(
    store,
    stages.extractor.version,
    result.ledger.documents.map((d) => d.id),
  );
  const data = loadReportData(store, {
    ledger: result.ledger,
    highlights,
    generated: '2026-01-02T03:04:05Z',
  });
  return {
    store,
    dir,
    data,
    cleanup() {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

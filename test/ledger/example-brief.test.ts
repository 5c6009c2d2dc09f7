import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze/index.js';
import type { Ledger } from '../../src/core/types.js';
import { formatBrief } from '../../src/export/brief.js';
import { openStore } from '../../src/store/open-store.js';
import { checkBrief } from './brief-check.js';

/** The brief of the example corpus (fictional reports) says only what its cited documents say. */
describe('example corpus brief', () => {
  let dir: string;
  let ledger: Ledger;
  let brief: string;
  const texts = new Map<string, string>();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-brief-'));
    const store = openStore(path.join(dir, 'store'));
    try {
      ledger = (await analyze(store, ['examples/corpus'], { manifest: 'examples/corpus/manifest.jsonl' }))
        .ledger;
      for (const d of store.documents.iterate()) texts.set(d.id, d.text);
    } finally {
      store.close();
    }
    brief = formatBrief(ledger, { textOf: (id) => texts.get(id) ?? null });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints every sentence in every document it cites, and no flagged misquote', () => {
    expect(checkBrief(brief, ledger, (id) => texts.get(id))).toBeGreaterThan(1);
  });

  it('prints the denials, the disputes and the misquote of the incident (by its original words)', () => {
    expect(brief).toMatch(/^ {2}Denied by /m);
    expect(brief).toMatch(/^ {2}Misquoted \[/m);
    expect(brief).toMatch(/^ {2}Disputed killed: /m);
  });

  it('cites outlets and titles, never a machine path', () => {
    expect(brief).not.toContain(path.resolve('examples'));
    expect(brief).not.toContain('examples/corpus');
    expect(brief).toMatch(/\[[^\]]*, 20\d\d-\d\d-\d\d, "[^"]+"/);
  });

  it('tells the most corroborated incident first, by a sentence with its casualty count', () => {
    const first = brief.split('\n')[0] ?? '';
    const sentence = first.slice(0, first.indexOf(' ['));
    const lead = [...ledger.events].sort((a, b) => b.independent_sources - a.independent_sources)[0];
    expect(first).toContain(`${lead?.sources} documents, ${lead?.independent_sources} independent`);
    expect(sentence).toMatch(/\b(?:killing|killed|dead|died)\b/);
    expect(sentence).toContain(String(lead?.killed?.best));
  });
});

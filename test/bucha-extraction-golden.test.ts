import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BUCHA_DIR,
  buchaAvailable,
  GOLDEN_FILE,
  generatedPart,
  goldenLines,
} from '../scripts/golden-extraction.js';
import { findSpanMismatches } from '../src/extract/check-spans.js';
import { createExtractor } from '../src/extract/index.js';

const available = buchaAvailable();
if (!available) console.warn(`skipping the Bucha extraction golden test: ${BUCHA_DIR} is absent`);

describe.skipIf(!available)('bucha-2022 extraction (golden file, hand-checked)', () => {
  it('matches test/golden/bucha-2022-extraction.txt (update with scripts/update-golden.ts, review the diff)', () => {
    expect(goldenLines()).toEqual(generatedPart(readFileSync(GOLDEN_FILE, 'utf8')));
  });

  it('keeps every span of every extraction equal to its text', () => {
    const extract = createExtractor();
    for (const row of readFileSync(`${BUCHA_DIR}/manifest.jsonl`, 'utf8').trim().split('\n')) {
      const { path, published } = JSON.parse(row) as { path: string; published: string };
      const text = readFileSync(`${BUCHA_DIR}/${path}`, 'utf8');
      expect(findSpanMismatches(text, [extract({ id: path, text, published, dateline: null })])).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { findQuoteMarks } from './find-quote-marks.js';

describe('findQuoteMarks on many paragraphs', () => {
  it('pairs the marks of each paragraph among thousands without marks, in one pass', () => {
    // 2 MB of short paragraphs, most without any mark: each paragraph's scan must stop at its end
    // (a scan that runs on to the next mark of the document is quadratic here and times out).
    const filler = 'word word word\n\n'.repeat(130_000);
    const text = `${filler}The mayor said "the bridge is safe" on Monday.\n\n${filler}`;
    const { regions, diagnostics } = findQuoteMarks(text);
    expect(diagnostics).toEqual([]);
    expect(regions).toHaveLength(1);
    const [region] = regions;
    expect(text.slice(region?.span[0], region?.span[1])).toBe('"the bridge is safe"');
  }, 20_000);
});

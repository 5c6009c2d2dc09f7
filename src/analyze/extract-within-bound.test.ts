import { describe, expect, it } from 'vitest';
import { emptyExtraction } from '../core/empty-extraction.js';
import type { DocumentExtraction } from '../core/types.js';
import type { ExtractInput } from './extract-stage.js';
import {
  COUNT_IN_PARTS_FROM,
  extractWithinBound,
  PART_CHARACTERS,
  textParts,
} from './extract-within-bound.js';

/**
 * A stand-in extractor: one incident mention per line that names a "fire", and the length of
 * every text it was given (so a test sees whether the whole report was ever extracted at once).
 */
function linesExtractor() {
  const seen: number[] = [];
  const extract = (doc: ExtractInput): DocumentExtraction => {
    seen.push(doc.text.length);
    const incidents = doc.text.split('\n').filter((line) => line.includes('fire'));
    return {
      ...emptyExtraction(doc.id),
      incidents: incidents.map(() => ({})) as DocumentExtraction['incidents'],
    };
  };
  return { extract, seen };
}

const report = (text: string): ExtractInput => ({ id: 'doc-1', text, published: null, dateline: null });
/** `n` lines of about 60 characters, every other one naming a fire. */
const lines = (n: number) =>
  Array.from({ length: n }, (_, k) =>
    k % 2 === 0 ? `A fire broke out at a barn in Quillbury, line ${k}.` : `Nobody was hurt there, line ${k}.`,
  ).join('\n');

describe('textParts', () => {
  it('covers the text in order with parts of at most the size, cut after a line break when there is one', () => {
    const text = lines(5_000);
    const parts = [...textParts(text, 4_000)];
    expect(parts[0]?.[0]).toBe(0);
    expect(parts.at(-1)?.[1]).toBe(text.length);
    for (let k = 1; k < parts.length; k++) expect(parts[k]?.[0]).toBe(parts[k - 1]?.[1]);
    for (const [start, end] of parts.slice(0, -1)) {
      expect(end - start).toBeLessThanOrEqual(4_000);
      expect(end - start).toBeGreaterThan(2_000);
      expect(text[end - 1]).toBe('\n');
    }
  });

  it('cuts a text without line breaks after a space, and one without spaces at the size', () => {
    const words = 'word '.repeat(3_000);
    for (const [start, end] of [...textParts(words, 1_001)].slice(0, -1)) {
      expect(words[end - 1]).toBe(' ');
      expect(end - start).toBeLessThanOrEqual(1_001);
    }
    const solid = 'x'.repeat(2_500);
    expect([...textParts(solid, 1_000)]).toEqual([
      [0, 1_000],
      [1_000, 2_000],
      [2_000, 2_500],
    ]);
  });
});

describe('extractWithinBound', () => {
  it('keeps the extraction of a report within the bound, and stores a short report over it as its exact count', () => {
    const { extract } = linesExtractor();
    const within = extractWithinBound(extract, report(lines(20)), 10);
    expect(within.refused).toBeUndefined();
    expect(within.incidents).toHaveLength(10);
    const over = extractWithinBound(extract, report(lines(22)), 10);
    expect(over.refused).toEqual({ items: 11, bound: 10, counted: 'whole' });
    expect(over.incidents).toEqual([]);
    expect(over.documentId).toBe('doc-1');
  });

  it('counts a long report part by part and stops past the bound, never extracting it whole', () => {
    const { extract, seen } = linesExtractor();
    const text = lines(Math.ceil((2 * COUNT_IN_PARTS_FROM) / 40));
    expect(text.length).toBeGreaterThan(COUNT_IN_PARTS_FROM);
    const x = extractWithinBound(extract, report(text), 1_000);
    expect(x.refused?.counted).toBe('parts');
    expect(x.refused?.items).toBeGreaterThan(1_000);
    expect(Math.max(...seen)).toBeLessThanOrEqual(PART_CHARACTERS);
    // Stopped once past the bound: a few parts read, not the whole report.
    expect(seen.reduce((a, b) => a + b, 0)).toBeLessThan(text.length / 4);
  });

  it('extracts a long report within the bound whole, after counting it', () => {
    const { extract, seen } = linesExtractor();
    const text = lines(Math.ceil((1.2 * COUNT_IN_PARTS_FROM) / 40));
    const incidents = text.split('\n').filter((l) => l.includes('fire')).length;
    const x = extractWithinBound(extract, report(text), incidents);
    expect(x.refused).toBeUndefined();
    expect(x.incidents).toHaveLength(incidents);
    expect(seen.at(-1)).toBe(text.length);
    // Within a tenth over the bound, the parts' count does not refuse it: its exact count does.
    expect(extractWithinBound(extract, report(text), incidents - 1).refused).toEqual({
      items: incidents,
      bound: incidents - 1,
      counted: 'whole',
    });
    const tenth = Math.ceil(incidents / 1.1) - 1;
    expect(tenth + Math.floor(tenth / 10)).toBeLessThan(incidents);
    expect(extractWithinBound(extract, report(text), tenth).refused).toMatchObject({ counted: 'parts' });
  });

  it('keeps a long report whose parts count a little more than the whole report brings', () => {
    const { extract: lineCount } = linesExtractor();
    // One more item in every part than the whole report gives for the same lines.
    const extract = (doc: ExtractInput): DocumentExtraction => {
      const x = lineCount(doc);
      if (doc.text.length > PART_CHARACTERS) return x;
      return { ...x, incidents: [...x.incidents, {}] as DocumentExtraction['incidents'] };
    };
    const text = lines(Math.ceil((1.2 * COUNT_IN_PARTS_FROM) / 40));
    const incidents = text.split('\n').filter((l) => l.includes('fire')).length;
    const x = extractWithinBound(extract, report(text), incidents);
    expect(x.refused).toBeUndefined();
    expect(x.incidents).toHaveLength(incidents);
  });
});

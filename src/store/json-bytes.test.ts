import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes } from './json-bytes.js';

describe('jsonBytes', () => {
  it('gives the bytes of JSON.stringify for members skipped, holes and characters escaped', () => {
    const value = {
      title: 'Café "north" \\ \u2028 \ud800 end',
      skipped: undefined,
      fn: () => 1,
      items: [1, undefined, null, { nested: [undefined, 'x'], gone: undefined }, -0, 1e21],
      empty: {},
      none: [],
    };
    expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));
  });

  it('joins its pieces where a report is longer than one piece', () => {
    const sentences = Array.from({ length: 20_000 }, (_, i) => ({
      span: [i * 40, i * 40 + 39],
      text: `Sentence ${i} about the ferry at Nowhere Quay — ${'é'.repeat(i % 5)}.`,
    }));
    const value = { documentId: 'doc-1', sentences, quotes: [] };
    const bytes = jsonBytes(value);
    expect(bytes.length).toBeGreaterThan(1 << 20);
    expect(bytes.equals(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
  });

  it('matches JSON.stringify on any JSON value (seeded)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));
      }),
      { seed: 21, numRuns: 300 },
    );
  });
});

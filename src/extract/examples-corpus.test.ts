import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Stance } from '../core/types.js';
import { findSpanMismatches } from './check-spans.js';
import { extractAttributions } from './extract-attributions.js';
import { extractClaims } from './extract-claims.js';
import { extractQuotes } from './extract-quotes.js';
import { splitSentences } from './split-sentences.js';

const root = resolve(process.cwd(), 'examples');
const present = existsSync(resolve(root, 'expected.json'));

interface Expected {
  quotes: {
    speaker: string;
    text: string;
    variants?: { text: string; documents: string[] }[];
    documents?: string[];
  }[];
  claims: { stance: Stance; mentions?: { document: string; text: string }[] }[];
}

/** The plain-text documents of the example corpus (the other formats need the ingest readers). */
function documents(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of ['meridian-wire.txt', 'lakeshore-courier.txt', 'newspulse-rewrite.md']) {
    texts.set(file, readFileSync(resolve(root, 'corpus', file), 'utf8'));
  }
  const lines = readFileSync(resolve(root, 'corpus', 'reports.jsonl'), 'utf8')
    .trim()
    .split('\n');
  for (const [index, line] of lines.entries()) {
    texts.set(`reports.jsonl#${index + 1}`, (JSON.parse(line) as { text: string }).text);
  }
  return texts;
}

const normalise = (value: string): string =>
  value
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

describe.skipIf(!present)('example corpus ground truth (plain-text documents)', () => {
  const expected = present
    ? (JSON.parse(readFileSync(resolve(root, 'expected.json'), 'utf8')) as Expected)
    : { quotes: [], claims: [] };
  const texts = present ? documents() : new Map<string, string>();

  it('finds every expected quotation with its speaker', () => {
    const misses: string[] = [];
    let checked = 0;
    for (const [key, text] of texts) {
      const sentences = splitSentences(text);
      const { quotes } = extractQuotes(text, sentences, key);
      expect(findSpanMismatches(text, quotes)).toEqual([]);
      for (const quote of expected.quotes) {
        const variants = quote.variants ?? [{ text: quote.text, documents: quote.documents ?? [] }];
        for (const variant of variants.filter((item) => item.documents.includes(key))) {
          checked++;
          const found = quotes.find(
            (item) =>
              item.direct &&
              normalise(item.content.map((part) => part.text).join(' ')) === normalise(variant.text),
          );
          if (!found) misses.push(`${key}: missing ${variant.text}`);
          else if (found.speaker !== quote.speaker)
            misses.push(`${key}: ${variant.text} by ${found.speaker}, expected ${quote.speaker}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(misses).toEqual([]);
  });

  it('finds the accusation, the denial and the hedge with their stance', () => {
    const misses: string[] = [];
    let checked = 0;
    for (const claim of expected.claims) {
      for (const mention of (claim.mentions ?? []).filter((item) => texts.has(item.document))) {
        checked++;
        const text = texts.get(mention.document)!;
        const sentences = splitSentences(text);
        const { quotes } = extractQuotes(text, sentences, mention.document);
        const attributions = extractAttributions(text, sentences);
        const claims = extractClaims(text, sentences, mention.document, quotes, attributions);
        const start = text.indexOf(mention.text.slice(0, 40));
        const match = claims.find(
          (item) => item.stance === claim.stance && item.span[0] <= start + 40 && item.span[1] >= start,
        );
        if (start < 0 || !match)
          misses.push(`${mention.document}: no ${claim.stance} claim over "${mention.text.slice(0, 50)}"`);
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(misses).toEqual([]);
  });
});

import { emptyExtraction } from '../core/empty-extraction.js';
import type { DocumentExtraction, RefusedExtraction } from '../core/types.js';
import { mergeItems } from '../merge/bound-work.js';
import type { ExtractInput } from './extract-stage.js';

/**
 * Reports of at least this many characters are counted part by part before they are extracted
 * whole. Extracting a report whole holds everything found in it at once: one generated report of
 * short news paragraphs (an incident, a quote and a claim every 100 characters or so) peaked at
 * 355 MiB through `analyze` at 800 KB and at 610 MiB at 3.2 MB (bench/readers/RESULTS.md,
 * 2026-12-03), so a report under a million characters is extracted whole, then counted; a longer
 * one pays a second, cheaper-in-memory pass only when it is within the bound.
 */
export const COUNT_IN_PARTS_FROM = 1_000_000;

/**
 * Characters per part when counting (cut at a line break, else a space, in the part's second
 * half). A part is extracted alone and dropped before the next: 100,000 characters of those
 * paragraphs hold a few thousand items, tens of MiB.
 */
export const PART_CHARACTERS = 100_000;

/**
 * Extracts one report unless it brings more than `max` items (incident mentions, quotes, claims:
 * `mergeItems`), the bound on the merge's work for one report. A report over it gives an empty
 * extraction that records the refusal (`DocumentExtraction.refused`), so that it is stored small
 * and later runs refuse it again without extracting it. A long report (`COUNT_IN_PARTS_FROM`) is
 * first counted part by part, and refused as soon as the count passes the bound by a tenth, so a report far
 * over it never has its whole extraction in memory at once.
 *
 * @example
 * const x = extractWithinBound(stage.extract, doc, MAX_REPORT_ITEMS);
 * if (x.refused) console.log(`over the bound: ${x.refused.items} items`);
 */
export function extractWithinBound(
  extract: (doc: ExtractInput) => DocumentExtraction,
  doc: ExtractInput,
  max: number,
): DocumentExtraction {
  if (doc.text.length >= COUNT_IN_PARTS_FROM) {
    // A part's count can differ a little from the whole report's (a sentence's context ends at
    // the part): only a count past a tenth over the bound refuses the report on parts; one nearer
    // the bound is extracted whole and decided on its exact count.
    const slack = max + Math.floor(max / 10);
    const counted = countInParts(extract, doc, slack);
    if (counted > slack) return refusedExtraction(doc.id, { items: counted, bound: max, counted: 'parts' });
  }
  const whole = extract(doc);
  const items = mergeItems(whole);
  return items > max ? refusedExtraction(doc.id, { items, bound: max, counted: 'whole' }) : whole;
}

/**
 * The items of a report counted part by part (`textParts`), each part extracted alone; stops once
 * the count passes `max`. A part's count can differ a little from what the whole report gives
 * (a sentence's context ends at the part), which matters only near the bound.
 */
export function countInParts(
  extract: (doc: ExtractInput) => DocumentExtraction,
  doc: ExtractInput,
  max: number,
): number {
  let items = 0;
  for (const [start, end] of textParts(doc.text, PART_CHARACTERS)) {
    items += mergeItems(
      extract({
        id: doc.id,
        text: doc.text.slice(start, end),
        published: doc.published,
        // The dateline's span is in the first part only.
        dateline: start === 0 ? doc.dateline : null,
      }),
    );
    if (items > max) break;
  }
  return items;
}

/**
 * `[start, end)` spans that cover `text` in order, each at most `size` characters: cut after the
 * last line break in the second half of the span, else after its last space, else at `size`.
 */
export function* textParts(text: string, size: number): Generator<[number, number]> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const half = start + Math.ceil(size / 2);
      const window = text.slice(half, end);
      const line = window.lastIndexOf('\n');
      const space = line >= 0 ? line : window.lastIndexOf(' ');
      if (space >= 0) end = half + space + 1;
    }
    yield [start, end];
    start = end;
  }
}

/** The stored form of a refused report: nothing extracted, and why. */
function refusedExtraction(documentId: string, refused: RefusedExtraction): DocumentExtraction {
  return { ...emptyExtraction(documentId), refused };
}

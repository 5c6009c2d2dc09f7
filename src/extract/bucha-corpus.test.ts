import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSpanMismatches } from './check-spans.js';
import { extractAttributions } from './extract-attributions.js';
import { extractClaims } from './extract-claims.js';
import { extractDates } from './extract-dates.js';
import { extractQuantities } from './extract-quantities.js';
import { extractQuotes } from './extract-quotes.js';
import { splitSentences } from './split-sentences.js';

const corpus = resolve(process.cwd(), '../shared/corpora/bucha-2022');
const present = existsSync(resolve(corpus, 'manifest.jsonl'));

/** `#` + the first 10 hex digits of the sha256 of a text: corpus text is never stored in the repository. */
const textHash = (text: string): string => `#${createHash('sha256').update(text).digest('hex').slice(0, 10)}`;

/**
 * Direct quotations with their speakers, written by reading each report line by line
 * ([document prefix, offset where the quoted content starts, hash of the speaker]). A null
 * speaker means the report does not say who spoke (a headline, a scare quote). No corpus text
 * is stored: the offset finds the quotation in ../shared, and the speaker is a `textHash`.
 */
const GOLD: [string, number, string | null][] = [
  ['000', 361, '#84810bfea2'],
  ['000', 1586, '#6f7a556171'],
  ['000', 2852, '#bfdc73d8dc'],
  ['000', 3019, '#bfdc73d8dc'],
  ['000', 3553, '#2957169bc2'],
  ['000', 3704, '#6ae66ae15f'],
  ['000', 3886, '#6ae66ae15f'],
  ['000', 4017, '#6f7a556171'],
  ['000', 4200, '#6f7a556171'],
  ['000', 5086, '#e7992335f8'],
  ['000', 5366, '#33874c38b8'],
  ['000', 5516, '#33874c38b8'],
  ['001', 278, '#072ce0a2ab'],
  ['001', 1354, '#6f7a556171'],
  ['001', 2021, '#bfdc73d8dc'],
  ['001', 2108, '#bfdc73d8dc'],
  ['001', 2375, '#4fd9f45f7a'],
  ['001', 2589, '#2957169bc2'],
  ['001', 2831, '#8d87f408e8'],
  ['001', 2853, '#8d87f408e8'],
  ['001', 3109, '#8d87f408e8'],
  ['001', 3183, '#8d87f408e8'],
  ['001', 3683, '#8d87f408e8'],
  ['001', 3829, '#8d87f408e8'],
  ['001', 3957, '#676f0579c6'],
  ['001', 4044, '#676f0579c6'],
  ['001', 5250, '#fad9fc2621'],
  ['001', 5303, '#b267617cd4'],
  ['001', 5674, '#33874c38b8'],
  ['001', 5811, '#33874c38b8'],
  ['002', 387, '#8d87f408e8'],
  ['002', 442, '#8d87f408e8'],
  ['002', 1505, '#d7a1f2e377'],
  ['002', 1684, '#d7a1f2e377'],
  ['002', 1941, '#78d717e095'],
  ['002', 2184, '#31006ea31c'],
  ['002', 2324, '#27ec1c6563'],
  ['002', 2410, '#27ec1c6563'],
  ['002', 2582, '#27ec1c6563'],
  ['002', 2699, '#27ec1c6563'],
  ['002', 2927, '#27ec1c6563'],
  ['002', 3051, '#27ec1c6563'],
  ['002', 3279, '#27ec1c6563'],
  ['002', 3601, '#bb14441016'],
  ['002', 3760, '#bb14441016'],
  ['002', 4207, '#bb14441016'],
  ['002', 4365, '#bb14441016'],
  ['002', 4526, '#bb14441016'],
  ['002', 4709, '#4fdbca4cc6'],
  ['002', 4957, '#8adb7f7f27'],
  ['002', 5068, '#8adb7f7f27'],
  ['002', 5320, '#8d87f408e8'],
  ['002', 5845, '#76a57ea12c'],
  ['002', 6054, '#76a57ea12c'],
  ['002', 6547, '#33a3d8ed92'],
  ['002', 6717, '#6f7a556171'],
  ['002', 6804, '#6f7a556171'],
  ['002', 6947, '#a72fe7e192'],
  ['002', 7068, '#a72fe7e192'],
  ['002', 7162, '#a72fe7e192'],
  ['002', 7434, '#4661bd5b4b'],
  ['002', 7970, '#c056e74fb7'],
  ['002', 8297, '#2ed87c511c'],
  ['002', 8441, '#8aef18466d'],
  ['002', 9500, '#54821e2e99'],
  ['002', 9627, '#54821e2e99'],
  ['002', 10357, '#4e9452c109'],
  ['002', 10475, '#4e9452c109'],
  ['002', 10655, '#9a43e59809'],
  ['002', 10792, '#b267617cd4'],
  ['002', 11421, '#4fd9f45f7a'],
  ['002', 12249, '#8d87f408e8'],
  ['002', 12271, '#8d87f408e8'],
  ['002', 12529, '#8d87f408e8'],
  ['002', 12603, '#8d87f408e8'],
  ['003', 475, '#2957169bc2'],
  ['003', 1006, '#c0519605cf'],
  ['003', 1264, '#c0519605cf'],
  ['003', 2270, '#a7fa6fbadc'],
  ['003', 2317, '#a7fa6fbadc'],
  ['003', 2477, '#7153a848e4'],
  ['003', 2691, '#7153a848e4'],
  ['003', 2875, '#f0c0b8fe0c'],
  ['003', 3828, '#a496e4a4f8'],
  ['003', 4441, '#3eadb1edd7'],
  ['003', 5038, '#9b0dcc4553'],
  ['003', 5447, '#6dfc822f89'],
  ['003', 6808, '#8d87f408e8'],
  ['003', 6872, '#8d87f408e8'],
  ['004', 1, null],
  ['004', 1619, '#daa71f0aa9'],
  ['004', 1910, '#2eda89f0b2'],
  ['004', 2081, null],
  ['004', 2142, '#e7992335f8'],
  ['004', 2240, '#68499d7372'],
  ['004', 2364, '#c0519605cf'],
  ['004', 2392, '#c0519605cf'],
  ['004', 2495, '#574ce6db85'],
  ['004', 2549, '#574ce6db85'],
  ['004', 2606, '#574ce6db85'],
];

function load() {
  const manifest = new Map<string, string>();
  for (const line of readFileSync(resolve(corpus, 'manifest.jsonl'), 'utf8').trim().split('\n')) {
    const record = JSON.parse(line) as { path: string; published: string };
    manifest.set(record.path, record.published);
  }
  return readdirSync(corpus)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => ({
      name,
      prefix: name.slice(0, 3),
      text: readFileSync(resolve(corpus, name), 'utf8'),
      published: manifest.get(name) ?? null,
    }));
}

describe.skipIf(!present)('bucha-2022 corpus (../shared/corpora/bucha-2022)', () => {
  const documents = present ? load() : [];

  it('finds every hand-checked direct quotation with its speaker (precision and recall printed)', () => {
    let extracted = 0;
    let correct = 0;
    const misses: string[] = [];
    for (const document of documents) {
      const sentences = splitSentences(document.text);
      const { quotes } = extractQuotes(document.text, sentences, document.prefix);
      const direct = quotes.filter((quote) => quote.direct);
      expect(findSpanMismatches(document.text, quotes)).toEqual([]);
      extracted += direct.length;
      const gold = GOLD.filter(([prefix]) => prefix === document.prefix);
      const used = new Set<number>();
      for (const [, start, speaker] of gold) {
        const index = direct.findIndex((quote, i) => !used.has(i) && quote.content[0]?.span[0] === start);
        if (index < 0) {
          misses.push(`${document.prefix} missing the quotation at ${start}`);
          continue;
        }
        used.add(index);
        const found = direct[index]!.speaker;
        if ((found === null ? null : textHash(found)) === speaker) correct++;
        else misses.push(`${document.prefix} [${start}: ${found} ≠ ${speaker}`);
      }
    }
    const precision = correct / extracted;
    const recall = correct / GOLD.length;
    console.log(
      `bucha-2022 direct quotes: gold ${GOLD.length}, extracted ${extracted}, correct ${correct}, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n  ${misses.join('\n  ')}`,
    );
    expect(precision).toBeGreaterThan(0.85);
    expect(recall).toBeGreaterThan(0.85);
  });

  it('finds the casualty figures', () => {
    const byDocument = new Map(
      documents.map((document) => [
        document.prefix,
        extractQuantities(document.text, splitSentences(document.text)),
      ]),
    );
    const has = (prefix: string, text: string, best: number, counted: string | null) =>
      expect(
        byDocument
          .get(prefix)!
          .some(
            (quantity) => quantity.text === text && quantity.best === best && quantity.counted === counted,
          ),
        `${prefix} ${text}`,
      ).toBe(true);
    has('000', 'hundreds', 100, 'civilian');
    has('000', '410', 410, 'civilian');
    has('000', 'at least 21', 21, 'person');
    has('000', 'four', 4, 'body');
    has('002', 'at least seven', 7, 'person');
    has('002', 'Thirty-six', 36, 'person');
    has('002', 'Eight', 8, 'person');
    has('003', 'at least six', 6, 'body');
    has('004', '410', 410, 'body');
    has('004', 'one of them', 1, null);
    for (const [prefix, quantities] of byDocument) {
      expect(
        findSpanMismatches(documents.find((document) => document.prefix === prefix)!.text, quantities),
      ).toEqual([]);
    }
  });

  it('resolves relative dates against the manifest publication dates', () => {
    for (const document of documents) {
      const { dates } = extractDates(document.text, splitSentences(document.text), {
        date: document.published,
        from: 'published',
      });
      expect(findSpanMismatches(document.text, dates)).toEqual([]);
      for (const date of dates.filter((item) => /^Sunday$/.test(item.text)))
        expect(date.start).toBe('2022-04-03');
    }
    const late = documents.find((document) => document.prefix === '002')!;
    const { dates } = extractDates(late.text, splitSentences(late.text), {
      date: late.published,
      from: 'published',
    });
    expect(dates.find((date) => date.text === 'late last month')).toMatchObject({
      start: '2022-03-21',
      end: '2022-03-31',
      precision: 'month',
    });
  });

  it('finds the denial and the accusation it answers', () => {
    const document = documents.find((item) => item.prefix === '000')!;
    const sentences = splitSentences(document.text);
    const quotes = extractQuotes(document.text, sentences, '000').quotes;
    const attributions = extractAttributions(document.text, sentences);
    const claims = extractClaims(document.text, sentences, '000', quotes, attributions);
    expect(findSpanMismatches(document.text, [...attributions, ...claims])).toEqual([]);
    expect(
      claims.some(
        (claim) =>
          claim.stance === 'deny' && claim.claimant !== null && textHash(claim.claimant) === '#676f0579c6',
      ),
    ).toBe(true);
    expect(attributions.some((attribution) => attribution.source === 'AP' && attribution.cue === 'saw')).toBe(
      true,
    );
    // a named official with her role appended (the source's hash; the text is in ../shared)
    expect(attributions.some((attribution) => textHash(attribution.source) === '#f533f2482e')).toBe(true);
  });
});

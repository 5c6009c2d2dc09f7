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

/**
 * Direct quotations with their speakers, written by reading each report line by line
 * ([document prefix, start of the quoted content, speaker]). A null speaker means the report
 * does not say who spoke (a headline, a scare quote).
 */
const GOLD: [string, string, string | null][] = [
  ['000', 'scene from a horror movie', 'AP'],
  ['000', 'provocation', 'Russia’s Defense Ministry'],
  ['000', 'He went to get some wood', 'Hanna Herega'],
  ['000', 'Then they shot off his left leg', 'Hanna Herega'],
  ['000', 'scene from a horror movie', 'Oleksiy Arestovych'],
  ['000', 'This is genocide', 'Volodymyr Zelensky'],
  ['000', 'murderers, marauders', 'Volodymyr Zelensky'],
  ['000', 'have been stage managed', 'Russia’s Defense Ministry'],
  ['000', 'not a single civilian', 'Russia’s Defense Ministry'],
  ['000', 'This is not a battlefield', 'Kaja Kallas'],
  ['000', 'would have to talk about', 'Christine Lambrecht'],
  ['000', 'Such crimes must not', 'Christine Lambrecht'],
  ['001', 'scene from a horror movie', 'Ukrainian authorities'],
  ['001', 'provocation', 'Russia’s Defense Ministry'],
  ['001', 'They hit him a bit', 'Hanna Herega'],
  ['001', 'Then they shot off his left leg', 'Hanna Herega'],
  ['001', 'He put his hands up', 'the resident who refused to be identified'],
  ['001', 'scene from a horror movie', 'Oleksiy Arestovych'],
  ['001', 'concentrated evil', 'Volodymyr Zelenskyy'],
  ['001', 'It is time to do everything', 'Volodymyr Zelenskyy'],
  ['001', 'Even if you raised looters', 'Volodymyr Zelenskyy'],
  ['001', 'You couldn’t overlook', 'Volodymyr Zelenskyy'],
  ['001', 'Our musicians wear', 'Volodymyr Zelenskyy'],
  ['001', 'But the music will', 'Volodymyr Zelenskyy'],
  ['001', 'have been stage managed', "Russia's Defense Ministry"],
  ['001', 'not a single civilian', "Russia's Defense Ministry"],
  ['001', 'a punch to the gut', 'Anthony Blinken'],
  ['001', 'It is a brutality', 'Jens Stoltenberg'],
  ['001', 'would have to talk about', 'Christine Lambrecht'],
  ['001', 'Such crimes must not', 'Christine Lambrecht'],
  ['002', 'murderers, torturers', 'Volodymyr Zelenskyy'],
  ['002', 'genocide', 'Volodymyr Zelenskyy'],
  ['002', 'There are very clear clues', 'Emmanuel Macron'],
  ['002', 'What happened in Bucha demands', 'Emmanuel Macron'],
  ['002', 'we strongly condemn', 'Fumio Kishida'],
  ['002', 'beyond reprehensible', 'Jacinda Ardern'],
  ['002', 'genocide', 'Mateusz Morawiecki'],
  ['002', 'These bloody massacres', 'Mateusz Morawiecki'],
  ['002', 'This is why we are proposing', 'Mateusz Morawiecki'],
  ['002', 'is essential if we want', 'Mateusz Morawiecki'],
  ['002', 'Clear and determined sanctions', 'Mateusz Morawiecki'],
  ['002', 'How many times have you', 'Mateusz Morawiecki'],
  ['002', 'It is not the voices', 'Mateusz Morawiecki'],
  ['002', 'will advance, as a matter', 'Josep Borrell'],
  ['002', 'We stand in full solidarity', 'Josep Borrell'],
  ['002', 'condemns in the strongest', 'Josep Borrell'],
  ['002', 'The massacres in the town', 'Josep Borrell'],
  ['002', 'the Russian authorities are responsible', 'Josep Borrell'],
  ['002', 'focused on collection', 'The statement'],
  ['002', 'deeply shocked', 'Antonio Guterres'],
  ['002', 'leads to effective accountability', 'Antonio Guterres'],
  ['002', 'Support us in any way', 'Volodymyr Zelenskyy'],
  ['002', 'The Russian armed forces attacked', 'the Ukrainian prosecutor general'],
  ['002', 'As a result of enemy shelling', 'the Ukrainian prosecutor general'],
  ['002', 'provocation', 'Russia'],
  ['002', 'have been stage managed', 'Russia’s Defense Ministry'],
  ['002', 'not a single civilian', 'Russia’s Defense Ministry'],
  ['002', 'We categorically reject', 'Dmitry Peskov'],
  ['002', 'experts at the ministry', 'Dmitry Peskov'],
  ['002', 'We would demand', 'Dmitry Peskov'],
  ['002', 'criminal provocations', 'Moscow'],
  ['002', 'Today Russia will again', 'Maria Zakharova'],
  ['002', 'another staged performance', 'Russian Defense Ministry'],
  ['002', 'deliberately false information', "Russia's chief investigator"],
  ['002', 'would have to talk about', 'Lambrecht'],
  ['002', 'Such crimes must not', 'Lambrecht'],
  ['002', 'If we can do it', 'Gitana Nauseda'],
  ['002', 'the aggressor', 'Gitana Nauseda'],
  ['002', 'a punch to the gut', 'Antony Blinken'],
  ['002', 'It is a brutality', 'Jens Stoltenberg'],
  ['002', 'He put his hands up', 'the resident who refused to be identified'],
  ['002', 'concentrated evil', 'Volodymyr Zelenskyy'],
  ['002', 'It is time to do everything', 'Volodymyr Zelenskyy'],
  ['002', 'Even if you raised looters', 'Volodymyr Zelenskyy'],
  ['002', 'You couldn’t overlook', 'Volodymyr Zelenskyy'],
  ['003', 'scene from a movie of horror', 'Oleksiy Arestovych'],
  ['003', 'What happened in Bucha and other', 'Vitali Klitschko'],
  ['003', 'No more pennies', 'Vitali Klitschko'],
  ['003', 'Bucha massacre was deliberate', 'Dmytro Kuleba'],
  ['003', 'the Russians aim to eliminate', 'Dmytro Kuleba'],
  ['003', 'haunting images', 'Charles Michel'],
  ['003', 'new EU sanctions', 'Charles Michel'],
  ['003', 'We will not allow Russia', 'Liz Truss'],
  ['003', 'The situation on the ground', 'International Committee of the Red Cross'],
  ['003', 'There were bombardments', 'Kristina Katrikova'],
  ['003', 'People are thinking', 'Vladyslav Atroshenko'],
  ['003', 'I live in this eight-storey', 'Maiesienko Ilia'],
  ['003', 'to thwart the enemy', 'Volodymyr Zelenskyy'],
  ['003', 'Peace will not be the result', 'Volodymyr Zelenskyy'],
  ['004', 'It’s not a battlefield', null],
  ['004', 'New Srebrenica', 'Ukraine’s defence ministry'],
  ['004', 'genocide', 'Zelensky and Vitali Klitschko'],
  ['004', 'war crimes', null],
  ['004', 'It’s not a battlefield', 'Kaja Kallas'],
  ['004', 'This is genocide. The elimination', 'Zelensky'],
  ['004', 'painful to see', 'Vitali Klitschko'],
  ['004', 'They are killing civilians', 'Vitali Klitschko'],
  ['004', 'stepping up', 'Boris Johnson'],
  ['004', 'bolstering', 'Boris Johnson'],
  ['004', 'The UK has been at the forefront', 'Boris Johnson'],
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
        const index = direct.findIndex(
          (quote, i) => !used.has(i) && (quote.content[0]?.text ?? '').startsWith(start),
        );
        if (index < 0) {
          misses.push(`${document.prefix} missing "${start}"`);
          continue;
        }
        used.add(index);
        if (direct[index]!.speaker === speaker) correct++;
        else misses.push(`${document.prefix} "${start}": ${direct[index]!.speaker} ≠ ${speaker}`);
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
      claims.some((claim) => claim.stance === 'deny' && claim.claimant === "Russia's Defense Ministry"),
    ).toBe(true);
    expect(attributions.some((attribution) => attribution.source === 'AP' && attribution.cue === 'saw')).toBe(
      true,
    );
    expect(
      attributions.some(
        (attribution) => attribution.source === "Iryna Venediktova (Ukraine's prosecutor-general)",
      ),
    ).toBe(true);
  });
});

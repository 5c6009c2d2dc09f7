import { describe, expect, it } from 'vitest';
import type { Quantity } from '../core/types.js';
import { findSpanMismatches } from './check-spans.js';
import { extractQuantities } from './extract-quantities.js';
import { splitSentences } from './split-sentences.js';

type Expected = Pick<Quantity, 'text' | 'low' | 'best' | 'high' | 'qualifier' | 'counted'> & {
  percent?: boolean;
};

const cases: [string, Expected[]][] = [
  [
    'Rescuers pulled at least 21 people from the rubble.',
    [{ text: 'at least 21', low: 21, best: 21, high: null, qualifier: 'at-least', counted: 'person' }],
  ],
  [
    'The drought forced more than 4 million Velorians to move.',
    [
      {
        text: 'more than 4 million',
        low: 4_000_000,
        best: 4_000_000,
        high: null,
        qualifier: 'more-than',
        counted: 'velorian',
      },
    ],
  ],
  [
    'About 100,000 civilians are trapped.',
    [
      {
        text: 'About 100,000',
        low: null,
        best: 100_000,
        high: null,
        qualifier: 'about',
        counted: 'civilian',
      },
    ],
  ],
  [
    'Nearly 300 soldiers died.',
    [{ text: 'Nearly 300', low: null, best: 300, high: 300, qualifier: 'nearly', counted: 'soldier' }],
  ],
  [
    'Thirty-six people were killed.',
    [{ text: 'Thirty-six', low: 36, best: 36, high: 36, qualifier: 'exact', counted: 'person' }],
  ],
  [
    'A dozen bodies were found.',
    [{ text: 'A dozen', low: 12, best: 12, high: 12, qualifier: 'exact', counted: 'body' }],
  ],
  [
    'The sight of dozens of bodies stunned the village.',
    [{ text: 'dozens', low: 12, best: 12, high: 99, qualifier: 'vague', counted: 'body' }],
  ],
  [
    'Troops shot dead hundreds of civilians.',
    [{ text: 'hundreds', low: 100, best: 100, high: 999, qualifier: 'vague', counted: 'civilian' }],
  ],
  // A vague plural is a range up to the next unit a writer would name; a qualifier leaves it open.
  [
    'Scores of villagers were wounded.',
    [{ text: 'Scores', low: 20, best: 20, high: 99, qualifier: 'vague', counted: 'villager' }],
  ],
  [
    'Thousands of homes were flooded.',
    [{ text: 'Thousands', low: 1000, best: 1000, high: 9999, qualifier: 'vague', counted: 'home' }],
  ],
  [
    'At least dozens of people were hurt.',
    [{ text: 'At least dozens', low: 12, best: 12, high: null, qualifier: 'at-least', counted: 'person' }],
  ],
  [
    'Four men waited, and only one of them was called.',
    [
      { text: 'Four', low: 4, best: 4, high: 4, qualifier: 'exact', counted: 'man' },
      { text: 'one of them', low: 1, best: 1, high: 1, qualifier: 'exact', counted: null },
    ],
  ],
  [
    'The crew found two bodies, those of a man and a woman.',
    [
      { text: 'two', low: 2, best: 2, high: 2, qualifier: 'exact', counted: 'body' },
      { text: 'a man and a woman', low: 2, best: 2, high: 2, qualifier: 'exact', counted: 'person' },
    ],
  ],
  [
    'The dead included two children and a pregnant woman.',
    [
      {
        text: 'two children and a pregnant woman',
        low: 3,
        best: 3,
        high: 3,
        qualifier: 'exact',
        counted: 'person',
      },
    ],
  ],
  [
    'No fewer than three rounds fell near the stalls.',
    [{ text: 'No fewer than three', low: 3, best: 3, high: null, qualifier: 'at-least', counted: 'round' }],
  ],
  [
    'Between 10 and 15 children were hurt.',
    [{ text: 'Between 10 and 15', low: 10, best: 10, high: 15, qualifier: 'range', counted: 'child' }],
  ],
  [
    'Officials said 10 to 15 strikes hit the city.',
    [{ text: '10 to 15', low: 10, best: 10, high: 15, qualifier: 'range', counted: 'strike' }],
  ],
  [
    'The fire destroyed 70% of the old city.',
    [{ text: '70%', low: 70, best: 70, high: 70, qualifier: 'exact', counted: 'city', percent: true }],
  ],
  [
    'Tens of thousands of people fled.',
    [
      {
        text: 'Tens of thousands',
        low: 10_000,
        best: 10_000,
        high: 99_999,
        qualifier: 'vague',
        counted: 'person',
      },
    ],
  ],
  [
    'Two hundred and five people were evacuated.',
    [{ text: 'Two hundred and five', low: 205, best: 205, high: 205, qualifier: 'exact', counted: 'person' }],
  ],
  [
    'Seven residents drowned and another 20 were rescued.',
    [
      { text: 'Seven', low: 7, best: 7, high: 7, qualifier: 'exact', counted: 'resident' },
      { text: '20', low: 20, best: 20, high: 20, qualifier: 'exact', counted: null },
    ],
  ],
];

const ignored: [string, string][] = [
  ['years', 'In 2022 and since 1995 the town grew.'],
  ['dates', 'Troops invaded on Feb. 24 and left on 30 March.'],
  ['times', 'The siren sounded at 6 a.m. and again at 10:30.'],
  ['ages', 'A 45-year-old man and a woman aged 70 were hurt.'],
  ['compound modifiers', 'The 27-nation bloc met in an eight-storey building.'],
  ['money', 'The fund holds $5 million.'],
  ['addresses', 'The shell hit 12 Main Street.'],
  ['bare one', 'One of the worst attacks hit one of the cities.'],
];

describe('extractQuantities', () => {
  it.each(cases)('%s', (text, expected) => {
    const quantities = extractQuantities(text, splitSentences(text));
    expect(
      quantities.map(({ text: t, low, best, high, qualifier, counted }) => ({
        text: t,
        low,
        best,
        high,
        qualifier,
        counted,
      })),
    ).toEqual(expected.map(({ percent: _percent, ...rest }) => rest));
    for (const [index, item] of expected.entries())
      expect(quantities[index]!.percent).toBe(item.percent ?? false);
    expect(findSpanMismatches(text, quantities)).toEqual([]);
  });

  it.each(ignored)('ignores %s', (_name, text) => {
    const found = extractQuantities(text, splitSentences(text)).map((quantity) => quantity.text);
    expect(
      found.filter((item) => !/^(?:a man and a woman|A 45-year-old man and a woman)$/.test(item)),
    ).toEqual([]);
  });
});

describe('number words', () => {
  // Every word from eleven to nineteen, at the start of a sentence and inside it.
  const teens: [string, number][] = [
    ['eleven', 11],
    ['twelve', 12],
    ['thirteen', 13],
    ['fourteen', 14],
    ['fifteen', 15],
    ['sixteen', 16],
    ['seventeen', 17],
    ['eighteen', 18],
    ['nineteen', 19],
  ];
  it.each(teens)('reads %s as %i', (word, n) => {
    for (const text of [
      `${word[0]?.toUpperCase()}${word.slice(1)} boats sank.`,
      `The storm sank ${word} boats.`,
    ]) {
      const found = extractQuantities(text, splitSentences(text));
      expect(found.map((q) => [q.best, q.counted])).toEqual([[n, 'boat']]);
    }
  });
});

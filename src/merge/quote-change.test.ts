import { describe, expect, it } from 'vitest';
import { fullestName, groupKind, quoteKind } from './group-quotes.js';
import { classifyChange, quoteWords, sameQuotation } from './quote-change.js';
import { editDistance } from './words.js';

describe('classifyChange', () => {
  it.each([
    // [reference, variant, change, flag reasons or null]
    ['We will not leave the town.', 'We will not leave the town.', 'identical', null],
    // Typography and contractions never make two wordings differ.
    ['It is not a game, it is a crime.', 'It’s not a game, it’s a crime.', 'identical', null],
    ["We can't stay here.", 'We cannot stay here.', 'identical', null],
    // A function-word edit is a substitution, not a misquote.
    ['This is not a game, it is a crime.', 'It is not a game, it is a crime.', 'substitution', null],
    [
      'He said the mayor. This accused man lied.',
      'He said the mayor. The accused man lied.',
      'substitution',
      null,
    ],
    ['The bridge was closed for repairs.', 'The bridge was closed', 'truncation', null],
    // Meaning changes are flagged with what changed.
    ['Twelve people died, 40 were hurt.', 'Twelve people died, 14 were hurt.', 'substitution', 'number'],
    ['We will never sign it.', 'We will sign it.', 'substitution', 'negation'],
    ['We will never sign it.', 'We will always sign it.', 'substitution', 'negation, content words'],
    ['We met Tarrow at dawn.', 'We met Corby at dawn.', 'substitution', 'name'],
    [
      'It was a scene from a horror film.',
      'It was a scene from a film of horror.',
      'substitution',
      'content words',
    ],
  ])('%s → %s', (reference, variant, change, reasons) => {
    const result = classifyChange(reference, variant);
    expect(result.change).toBe(change);
    expect(result.flag ? /\(([^)]*)\)$/.exec(result.flag)?.[1] : null).toBe(reasons);
  });
});

describe('sameQuotation', () => {
  it.each([
    ['This is not a game, it is a crime scene.', 'It’s not a game, it’s a crime scene', true],
    ['We will rebuild every house in the valley.', 'We will rebuild every house in the valley', true],
    ['We will rebuild every house in the valley.', 'The river rose overnight and the bridge fell.', false],
  ])('%s ~ %s', (a, b, expected) => {
    expect(sameQuotation(quoteWords(a), quoteWords(b), editDistance)).toBe(expected);
  });
});

describe('quote kinds', () => {
  it.each([
    [[{ direct: true, partial: false }], 'direct'],
    [[{ direct: true, partial: true }], 'mixed'],
    [[{ direct: false, partial: false }], 'indirect'],
    [
      [
        { direct: false, partial: false },
        { direct: true, partial: false },
      ],
      'mixed',
    ],
  ] as const)('%j → %s', (quotes, kind) => {
    expect(groupKind(quotes)).toBe(kind);
    expect(quoteKind(quotes[0])).toBe(quotes.length === 1 ? kind : 'indirect');
  });
});

describe('fullestName', () => {
  it.each([
    [['Doe', 'Mr Al Doe', 'Tom Al Doe'], 'Tom Al Doe'],
    [['Tom', 'Tom Pike'], 'Tom Pike'],
    [['Dr Pike', 'Tom Pike', 'Pike'], 'Tom Pike'],
    [['Pike', 'Ann Cole'], null],
    [['Tom Pike', 'Ann Pike'], null],
    [['Pike'], null],
  ] as [string[], string | null][])('%j → %s', (names, expected) => {
    expect(fullestName(names)).toBe(expected);
  });
});

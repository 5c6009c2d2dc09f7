import { describe, expect, it } from 'vitest';
import { genderOfGivenName } from './given-name-gender.js';

describe('genderOfGivenName', () => {
  it.each([
    ['Ann Cole', 'she'],
    ['Tom Vale', 'he'],
    ['Ruth Ann Marsh', 'she'],
    ['Cole', null],
    ['Keeley Vale', null],
    ['T. Vale', null],
    ['ann cole', null],
  ] as const)('%s → %s', (name, expected) => {
    expect(genderOfGivenName(name)).toBe(expected);
  });
});

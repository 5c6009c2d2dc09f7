import { describe, expect, it } from 'vitest';
import { kinFullName } from './kin-full-name.js';

describe('kinFullName', () => {
  it.each([
    ["Captain Tom Fenn's father Owen, a retired teacher, wrote to the court.", 'Owen', 'Owen Fenn', 'father'],
    ["Mrs Vale's elder sister Jane said nothing.", 'Jane', 'Jane Vale', 'sister'],
    ['Owen Rook, 41, and his wife Ann, 39, were at home.', 'Ann', 'Ann Rook', 'wife'],
    ['Ann Rook was in court with her son, Tom, who wept.', 'Tom', 'Tom Rook', 'son'],
  ])('%s → the first name with the family surname', (text, first, name, kin) => {
    expect(kinFullName(text, first)).toEqual({ name, kin });
  });

  it.each([
    // A first name alone is no surname; a step-relation may bear another surname.
    ["Jane's father Tom said no.", 'Tom'],
    ["Ann Vale's stepfather Tom said no.", 'Tom'],
    // `his` does not fit the woman named before it; the name after the kin word is not alone.
    ['Ann Rook came with his brother Tom.', 'Tom'],
    ["Ann Vale's sister Jane Birch said no.", 'Jane'],
    // No kin word before the name, or a word that is no given name.
    ['Tom Rook met Ann in Dunmore.', 'Ann'],
    ["Tom Rook's son Westford said no.", 'Westford'],
  ])('%s → none for %s', (text, first) => {
    expect(kinFullName(text, first)).toBeNull();
  });
});

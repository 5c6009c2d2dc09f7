import { describe, expect, it } from 'vitest';
import { findDateline } from './find-dateline.js';

const datelineOf = (text: string): string | null => {
  const span = findDateline(text);
  return span ? text.slice(span[0], span[1]) : null;
};

describe('findDateline', () => {
  it.each([
    // [text, the dateline it holds]
    ['FERNWICK, Ohio (AP) — Two men were hurt.', 'FERNWICK, Ohio (AP) — '],
    ['Two men hurt in crash\n\nFERNWICK — Two men were hurt.', 'FERNWICK — '],
    [
      'Two hurt\nA car on its side. (Photo: Ann Lee)\n\nPORT ELLIS, Mich. – Two were hurt.',
      'PORT ELLIS, Mich. – ',
    ],
    [
      'Two hurt\nPosted: Monday 4:50 PM\n\nWESTBURY, N.Y. (KXYZ) - Two were hurt.',
      'WESTBURY, N.Y. (KXYZ) - ',
    ],
  ])('finds the dateline of %j', (text, dateline) => {
    expect(datelineOf(text)).toBe(dateline);
  });

  it.each([
    // A line of the report's own words, even one opening with a capital and holding a dash.
    'Two men hurt in crash\n\nPolice said - as they often do - that two were hurt.',
    'Two men hurt in crash\n\nFernwick police said two were hurt - one badly.',
    // Too far down the report to be its dateline.
    `Two men hurt\n${'A line of the report.\n'.repeat(12)}FERNWICK — Two were hurt.`,
  ])('finds none in %j', (text) => {
    expect(findDateline(text)).toBeNull();
  });
});

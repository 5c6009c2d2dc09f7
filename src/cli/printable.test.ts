import { describe, expect, it } from 'vitest';
import { printable, printableLines } from './printable.js';

describe('printable', () => {
  it.each([
    ['plain name.txt', 'plain name.txt'],
    ['clear\x1b[2Jscreen.txt', 'clear\\x1b[2Jscreen.txt'],
    ['two\nlines.txt', 'two\\x0alines.txt'],
    ['tab\there', 'tab\\x09here'],
    ['bell\x07 and del\x7f', 'bell\\x07 and del\\x7f'],
    ['c1 \u009b csi', 'c1 \\x9b csi'],
    ['right-to-left \u202egnp.exe', 'right-to-left \\u202egnp.exe'],
    ['accents é ü and 東京', 'accents é ü and 東京'],
  ])('escapes control characters in %j', (input, expected) => {
    expect(printable(input)).toBe(expected);
  });

  it('keeps line breaks and tabs of a multi-line text, escaping the rest', () => {
    expect(printableLines('line one\n\tline two\r\x1b[Kforged')).toBe(
      'line one\n\tline two\\x0d\\x1b[Kforged',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_QUOTATION_CHARS, quotedMasks } from './quotes.js';
import { tokenize } from './tokenize.js';

/** The words of `text` that the mask marks as quoted, joined by spaces. */
function quotedWords(text: string): string {
  const tokens = tokenize(text);
  const mask = quotedMasks(text, tokens).quoted;
  return tokens
    .filter((_, i) => mask[i] === 1)
    .map((t) => text.slice(t.start, t.end))
    .join(' ');
}

describe('quotedMasks', () => {
  it.each([
    [
      'straight double quotes',
      'The mayor said: "We will rebuild the bridge." Work starts soon.',
      'We will rebuild the bridge',
    ],
    [
      'curly double quotes',
      'The mayor said: “We will rebuild the bridge.” Work starts soon.',
      'We will rebuild the bridge',
    ],
    [
      'typewriter quotes (two backticks, two apostrophes)',
      "The mayor said: ``We will rebuild the bridge.'' Work starts soon.",
      'We will rebuild the bridge',
    ],
    [
      'a typewriter quotation wrapped over two lines',
      "The mayor said: ``We will rebuild the\nbridge before the winter.'' Work starts soon.",
      'We will rebuild the bridge before the winter',
    ],
    [
      'a curly quotation wrapped over two lines',
      'The mayor said: “We will rebuild the\nbridge before the winter.” Work starts soon.',
      'We will rebuild the bridge before the winter',
    ],
    [
      'a quotation over two paragraphs, the first left open',
      "She said: ``The river rose in an hour.\n``Nobody expected it.'' The road is shut.",
      'The river rose in an hour Nobody expected it',
    ],
    ['an opening mark that a blank line leaves open', 'He said: “The river rose.\n\nThe road is shut.”', ''],
    [
      'straight quotes left open at the end of a line',
      'He said: "The river rose.\nThe road is shut." Later on.',
      '',
    ],
    [
      'apostrophes are not quotation marks',
      "The fishermen's boats weren't out; the players' hut was shut.",
      '',
    ],
  ])('%s', (_, text, expected) => {
    expect(quotedWords(text)).toBe(expected);
  });

  it.each([
    [
      'straight single quotes',
      "The mayor said: 'We will rebuild the bridge.' Work starts soon.",
      'We will rebuild the bridge',
    ],
    [
      'straight single quotes around a word, and apostrophes beside them',
      "She called the plan 'reckless' and the players' hut wasn't shut.",
      'reckless',
    ],
    [
      'an apostrophe after a plural inside a quotation closes it early, never late',
      "He said: 'The boys' bikes were stolen.' Police came.",
      'The boys',
    ],
    ['apostrophes only', "The fishermen's boats weren't out; the players' hut was shut.", ''],
    [
      'a straight single quote that a blank line leaves open',
      "He said: 'The river rose.\n\nThe road is shut.'",
      '',
    ],
  ])('with straight single quotes read: %s', (_, text, expected) => {
    const tokens = tokenize(text);
    const mask = quotedMasks(text, tokens).speech;
    const words = tokens
      .filter((_, i) => mask[i] === 1)
      .map((t) => text.slice(t.start, t.end))
      .join(' ');
    expect(words).toBe(expected);
  });

  it('reads straight single quotes only when asked', () => {
    expect(quotedWords("The mayor said: 'We will rebuild the bridge.' Work starts soon.")).toBe('');
  });

  it('takes an opening mark without a close within MAX_QUOTATION_CHARS for a stray mark', () => {
    const long = 'and the water kept rising '.repeat(Math.ceil(MAX_QUOTATION_CHARS / 26) + 1);
    expect(quotedWords(`He said “the river ${long}” then left.`)).toBe('');
    expect(quotedWords(`He said “the river and the water” then left.`)).toBe('the river and the water');
  });
});

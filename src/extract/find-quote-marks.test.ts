import { describe, expect, it } from 'vitest';
import { findQuoteMarks } from './find-quote-marks.js';

describe('findQuoteMarks on many paragraphs', () => {
  it('pairs the marks of each paragraph among thousands without marks, in one pass', () => {
    // 2 MB of short paragraphs, most without any mark: each paragraph's scan must stop at its end
    // (a scan that runs on to the next mark of the document is quadratic here and times out).
    const filler = 'word word word\n\n'.repeat(130_000);
    const text = `${filler}The mayor said "the bridge is safe" on Monday.\n\n${filler}`;
    const { regions, diagnostics } = findQuoteMarks(text);
    expect(diagnostics).toEqual([]);
    expect(regions).toHaveLength(1);
    const [region] = regions;
    expect(text.slice(region?.span[0], region?.span[1])).toBe('"the bridge is safe"');
  }, 20_000);
});

describe('findQuoteMarks with paragraphs on single lines', () => {
  const contents = (text: string): string[] =>
    findQuoteMarks(text).regions.flatMap((region) => region.parts.map(([s, e]) => text.slice(s, e)));

  it.each([
    [
      'typewriter marks, the next paragraph on its own line',
      "The mayor said: ``The bridge is safe.\n``We inspected it twice.'' Then she left.",
      ['The bridge is safe.', 'We inspected it twice.'],
    ],
    [
      'typewriter marks, reopened after a stop on the same line',
      "She added: ``It was late. ``Nobody came.'' The end.",
      ['It was late.', 'Nobody came.'],
    ],
    [
      'curly marks, the next paragraph on its own line',
      'He said: “First part here.\n“Second part here.” Done.',
      ['First part here.', 'Second part here.'],
    ],
    [
      'straight marks, reopened after a stop on the same line',
      'He added: "It was me. "I am not sorry." Then he left.',
      ['It was me.', 'I am not sorry.'],
    ],
    [
      'a nested single quotation stays inside',
      "He said: ``She told me `go home' and left.'' Later.",
      ["She told me `go home' and left."],
    ],
  ])('%s', (_name, text, expected) => {
    expect(contents(text)).toEqual(expected);
  });
});

describe('findQuoteMarks with a quotation inside one of the same family', () => {
  const contents = (text: string): string[] =>
    findQuoteMarks(text).regions.flatMap((region) => region.parts.map(([s, e]) => text.slice(s, e)));

  it.each([
    [
      'an inner single quotation does not cut the outer one short',
      "He went on: 'The worry is that in what the aunt called 'this hard town' the boy may stray.' Then he sat.",
      ["The worry is that in what the aunt called 'this hard town' the boy may stray."],
    ],
    [
      'one mark that closes both quotations: the outer ends with the inner when its sentence ends',
      "She said: 'He kept saying 'pay me or else'. Then he left. Later: 'It is over,' she said.",
      ["He kept saying 'pay me or else", 'It is over,'],
    ],
    [
      'a mark after a stop opens the next paragraph of the quotation, not an inner one',
      "She said: 'It was late. 'Nobody came.' The end.",
      ["It was late. 'Nobody came."],
    ],
    [
      'a plural possessive apostrophe inside a single-quoted quotation does not close it',
      "She said: 'It took two weeks' hard work to finish.' Then she left.",
      ["It took two weeks' hard work to finish."],
    ],
    [
      'a single quotation that closes after an s before a lower-case word still closes when another opens next',
      "He called them 'thugs' and said 'go home' to them.",
      ['thugs', 'go home'],
    ],
    [
      'double marks do not nest in their own family',
      'She said: “It was late. He added: “Nobody came.” The end.',
      ['It was late. He added: “Nobody came.'],
    ],
  ])('%s', (_name, text, expected) => {
    expect(contents(text)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { findSpanMismatches } from './check-spans.js';
import { splitSentences } from './split-sentences.js';

const cases: [string, string, string[]][] = [
  [
    'dateline and full stop',
    'VELMORA, April 3 – Troops left. Bodies lay in the street.',
    ['VELMORA, April 3 – Troops left.', 'Bodies lay in the street.'],
  ],
  [
    'month abbreviation',
    'They invaded on Feb. 24 from the north. Fighting followed.',
    ['They invaded on Feb. 24 from the north.', 'Fighting followed.'],
  ],
  [
    'initialism inside a sentence',
    'Ostrana asked the U.N. Security Council to meet. It refused.',
    ['Ostrana asked the U.N. Security Council to meet.', 'It refused.'],
  ],
  [
    'initialism ending a sentence',
    'He flew to the U.S. The talks began.',
    ['He flew to the U.S.', 'The talks began.'],
  ],
  [
    'honorifics',
    'Mr. Halloway and Dr Smith met at St. Michael’s. Mr Jones left.',
    ['Mr. Halloway and Dr Smith met at St. Michael’s.', 'Mr Jones left.'],
  ],
  [
    'headline without full stop',
    'Ostrana rejects claims\n\nThe ministry said it was staged.',
    ['Ostrana rejects claims', 'The ministry said it was staged.'],
  ],
  [
    'a line of wrapped copy that ends before a name goes on into the next line',
    '14:05 Page 2 COURTS Lead\nEarlier, the barrister had told the jury that the notes made by Tom\nVale when he was questioned at the station by two officers, Ann Roe and\nDean Pike, were wrong and that the notes of the interview could not be\ntrusted by anyone who read them.',
    [
      '14:05 Page 2 COURTS Lead',
      'Earlier, the barrister had told the jury that the notes made by Tom\nVale when he was questioned at the station by two officers, Ann Roe and\nDean Pike, were wrong and that the notes of the interview could not be\ntrusted by anyone who read them.',
    ],
  ],
  [
    'byline line',
    'By Jane Doe\nVELMORA – Shelling resumed. Two died.',
    ['By Jane Doe', 'VELMORA – Shelling resumed.', 'Two died.'],
  ],
  ['closing quote after stop', '“It is over.” Then he left.', ['“It is over.”', 'Then he left.']],
  [
    'question inside quote, lower-case cue',
    '“Why?” he asked. Nobody knew.',
    ['“Why?” he asked.', 'Nobody knew.'],
  ],
  [
    'glued opening quote',
    'He spoke Saturday night.‘It’s a crime scene’ – leaders react.',
    ['He spoke Saturday night.', '‘It’s a crime scene’ – leaders react.'],
  ],
  ['middle initial', 'John F. Kennedy spoke. It rained.', ['John F. Kennedy spoke.', 'It rained.']],
  [
    'a `::` list bullet of wire copy after a stop starts the next sentence',
    'The hall opened in 1957. :: It closed in 1973.',
    ['The hall opened in 1957.', ':: It closed in 1973.'],
  ],
];

describe('splitSentences', () => {
  it.each(cases)('%s', (_name, text, expected) => {
    const sentences = splitSentences(text);
    expect(sentences.map((sentence) => sentence.text)).toEqual(expected);
    expect(findSpanMismatches(text, sentences)).toEqual([]);
  });

  it('keeps a multi-sentence quoted paragraph as several sentences with exact spans', () => {
    const text =
      '“Not one more coin should go to the cartel. It is stolen money. The audit must start,” the mayor said.';
    const sentences = splitSentences(text);
    expect(sentences).toHaveLength(3);
    expect(sentences[2]!.text).toBe('The audit must start,” the mayor said.');
  });
});

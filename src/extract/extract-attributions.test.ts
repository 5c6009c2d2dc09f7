import { describe, expect, it } from 'vitest';
import { findSpanMismatches } from './check-spans.js';
import { extractAttributions } from './extract-attributions.js';
import { splitSentences } from './split-sentences.js';

const cases: [string, string, [string, string, string][]][] = [
  [
    'possessive office with named holder',
    'The remains of 38 miners were recovered, Veloria’s chief inspector, Halina Serova, said.',
    [["Halina Serova (Veloria's chief inspector)", 'said', 'The remains of 38 miners were recovered']],
  ],
  [
    'according to',
    'At least nine hikers were missing, according to the district coroner’s office.',
    [["district coroner's office", 'according to', 'At least nine hikers were missing']],
  ],
  [
    'wire journalists saw',
    'Associated Press journalists counted the graves of at least 14 sailors.',
    [['AP', 'counted', 'the graves of at least 14 sailors']],
  ],
  [
    'police said',
    'Police said two men were arrested in the raid.',
    [['Police', 'said', 'two men were arrested in the raid']],
  ],
  [
    'officials said with adverbial',
    'Provincial officials said Sunday that 52 homes were flooded.',
    [['Provincial officials', 'said', '52 homes were flooded']],
  ],
  [
    'residents said',
    'Residents said soldiers shot at cars.',
    [['Residents', 'said', 'soldiers shot at cars']],
  ],
  [
    'spokesperson speaks for the organisation',
    'Rachel Angwandi, a spokeswoman for the provincial health division, told the Post that 12 died.',
    [['provincial health division', 'told', '12 died']],
  ],
  [
    'description with organisation',
    'The director of St. Raphael Hospital said three more died overnight.',
    [['St. Raphael Hospital', 'said', 'three more died overnight']],
  ],
  [
    'multi-word cue',
    'Ituri Citizens’ Watch, a local group that tracks attacks, put the death toll at 17.',
    [
      [
        "Ituri Citizens' Watch",
        'put the death toll at',
        'Ituri Citizens’ Watch, a local group that tracks attacks, put the death toll at 17.',
      ],
    ],
  ],
  [
    'manner adverb and abbreviation between subject and cue',
    'The Lake Albert Liberation Front (LALF) categorically denied on Monday that its fighters had fired on the market.',
    [['Lake Albert Liberation Front', 'denied', 'its fighters had fired on the market']],
  ],
  [
    'manner adverb',
    'The ministry flatly rejected the accusations as fabricated.',
    [['ministry', 'rejected', 'the accusations as fabricated']],
  ],
  [
    'a noun ending in -ly is still the subject',
    'The family said he was robbed in the alley.',
    [['family', 'said', 'he was robbed in the alley']],
  ],
  [
    'inverted',
    'Those tariffs should target timber, said Dervaux.',
    [['Dervaux', 'said', 'Those tariffs should target timber']],
  ],
];

describe('extractAttributions', () => {
  it.each(cases)('%s', (_name, text, expected) => {
    const attributions = extractAttributions(text, splitSentences(text));
    expect(attributions.map((item) => [item.source, item.cue, text.slice(...item.statement)])).toEqual(
      expected,
    );
    expect(findSpanMismatches(text, attributions)).toEqual([]);
  });

  it.each([
    // [text, the attribution phrase as it reads in the text]
    [
      'A spokesman for the LALF, Innocent Mbafele, rejected the accusations as propaganda.',
      'A spokesman for the LALF, Innocent Mbafele, rejected',
    ],
    [
      'Veloria’s chief inspector, Halina Serova, said 38 miners were recovered.',
      'Veloria’s chief inspector, Halina Serova, said',
    ],
    ['Veltrana Mayor Petra Halloway said the city was calm.', 'Veltrana Mayor Petra Halloway said'],
    ['Police said two men were arrested.', 'Police said'],
  ])('spans the whole subject: %s', (text, phrase) => {
    const attributions = extractAttributions(text, splitSentences(text));
    expect(attributions[0]?.text).toBe(phrase);
    expect(findSpanMismatches(text, attributions)).toEqual([]);
  });

  it.each([
    // [text, source, the named person who spoke for it (undefined: the source is who spoke)]
    [
      'Rachel Angwandi, a spokeswoman for the provincial health division, told the Post that 12 died.',
      'provincial health division',
      'Rachel Angwandi (provincial health division spokeswoman)',
    ],
    [
      'A spokesman for the LALF, Innocent Mbafele, rejected the accusations as propaganda.',
      'LALF',
      'Innocent Mbafele (LALF spokesman)',
    ],
    ['A spokesman for the LALF denied the accusations.', 'LALF', undefined],
    ['Veltrana Mayor Petra Halloway said the city was calm.', 'Petra Halloway (Veltrana Mayor)', undefined],
  ])('names the spokesperson behind an organisation: %s', (text, source, speaker) => {
    const [attribution] = extractAttributions(text, splitSentences(text));
    expect([attribution?.source, attribution?.speaker]).toEqual([source, speaker]);
  });

  it('ignores perception by someone who is not a source and phrasal verbs that are not speech', () => {
    const text =
      'Bodies found in the town were buried. The mayor called on nations to act. Soldiers saw nothing.';
    expect(extractAttributions(text, splitSentences(text)).map((item) => item.cue)).toEqual([]);
  });
});

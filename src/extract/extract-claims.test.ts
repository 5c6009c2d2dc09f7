import { describe, expect, it } from 'vitest';
import { findSpanMismatches } from './check-spans.js';
import { extractAttributions } from './extract-attributions.js';
import { extractClaims } from './extract-claims.js';
import { extractQuotes } from './extract-quotes.js';
import { splitSentences } from './split-sentences.js';

function claims(text: string) {
  const sentences = splitSentences(text);
  const { quotes } = extractQuotes(text, sentences, 'doc');
  const attributions = extractAttributions(text, sentences);
  const result = extractClaims(text, sentences, 'doc', quotes, attributions);
  expect(findSpanMismatches(text, result)).toEqual([]);
  return result.map((claim) => [claim.claimant, claim.stance, claim.cue]);
}

const cases: [string, string, (string | null)[][]][] = [
  [
    'what witnesses say happened is an assertion, not a denial',
    'Villagers said the men were shot without provocation.',
    [['Villagers', 'report', 'said']],
  ],
  [
    'a negated evaluative word rejects nothing',
    'The mayor said there was no fake in the footage.',
    [['mayor', 'report', 'said']],
  ],
  [
    'rejected the accusations as',
    'Veloria’s Interior Ministry rejected the accusations as “slander.”',
    [["Veloria's Interior Ministry", 'deny', 'rejected the accusations']],
  ],
  [
    'categorically reject',
    '“We categorically reject all these claims,” Palace spokesperson Arvid Tolnai told journalists.',
    [['Arvid Tolnai (Palace spokesperson)', 'deny', 'categorically reject']],
  ],
  [
    'not a single civilian',
    'The agency reported “not a single worker” was hurt.',
    [['agency', 'deny', 'not a single']],
  ],
  [
    'has nothing to do with',
    'The army said it has nothing to do with the blast.',
    [['army', 'deny', 'has nothing to do with']],
  ],
  ['denied', 'The governor denied that troops fired on protesters.', [['governor', 'deny', 'denied']]],
  [
    'named spokesperson before the name',
    'A spokesman for the LALF, Innocent Mbafele, rejected the accusations as propaganda.',
    [['Innocent Mbafele (LALF spokesman)', 'deny', 'rejected the accusations']],
  ],
  [
    'named spokesperson after the name',
    'Innocent Mbafele, a spokesman for the LALF, denied that its fighters fired on the market.',
    [['Innocent Mbafele (LALF spokesman)', 'deny', 'denied']],
  ],
  [
    'title before the name',
    'LALF spokesman Innocent Mbafele rejected the accusations as propaganda.',
    [['Innocent Mbafele (LALF spokesman)', 'deny', 'rejected the accusations']],
  ],
  [
    'unnamed spokesperson',
    'A spokesman for the LALF denied that its fighters fired on the market.',
    [['LALF', 'deny', 'denied']],
  ],
  ['accused', 'Veloria accused Ostrana of war crimes.', [['Veloria', 'affirm', 'accused']]],
  ['blamed', 'Officials blamed rebels for the attack.', [['Officials', 'affirm', 'blamed']]],
  [
    'hedge without attribution',
    'Shop owners said the injured were bystanders. The claim could not be independently verified.',
    [
      ['Shop owners', 'report', 'said'],
      [null, 'hedge', 'could not be independently verified'],
    ],
  ],
  ['allegedly', 'Soldiers allegedly forced five men to kneel.', [[null, 'hedge', 'allegedly']]],
  [
    'laid the blame',
    'Provincial engineers laid the blame for flooding squarely at the feet of the dam operator.',
    [['Provincial engineers', 'affirm', 'laid the blame']],
  ],
  ['dismissed as', 'The palace dismissed the reports as fake.', [['palace', 'deny', 'dismissed']]],
  ['reportedly', 'The convoy was reportedly hit twice.', [[null, 'hedge', 'reportedly']]],
  ['plain report', 'Police said the road was closed.', [['Police', 'report', 'said']]],
  // Words that deny only in another sense, and the reporter's own voice, which denies nothing.
  ['staged a sit-in', 'Organisers said students staged a sit-in.', [['Organisers', 'report', 'said']]],
  ['lies on', 'The district lies on a major fault line.', []],
  ['not a single, unattributed', 'Not a single house was left standing in the village.', []],
  ['staged, attributed', 'State media said the photos were staged.', [['State media', 'deny', 'staged']]],
  ['hedged and denying, unattributed', 'The photos were allegedly staged.', [[null, 'hedge', 'allegedly']]],
];

describe('extractClaims', () => {
  it.each(cases)('%s', (_name, text, expected) => {
    expect(claims(text)).toEqual(expected);
  });

  it('splits an accusation and the denial that answers it in one sentence', () => {
    const text =
      'Marandi called the executions evidence of genocide, but Veloria’s Interior Ministry rejected the accusation.';
    expect(claims(text)).toEqual([
      ['Marandi', 'affirm', 'evidence of genocide'],
      ["Veloria's Interior Ministry", 'deny', 'rejected the accusation'],
    ]);
  });
});

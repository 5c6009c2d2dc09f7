import { describe, expect, it } from 'vitest';
import type { Quote } from '../core/types.js';
import { chooseSpeaker, roleHead } from './choose-speaker.js';

/** One report's mention of the quote: its document, the speaker it names and the role it gives. */
const said = (documentId: string, speaker: string | null, speakerRole: string | null = null): Quote => ({
  id: `${documentId}:q`,
  documentId,
  span: [0, 10],
  text: 'the harbour will reopen',
  content: [],
  direct: true,
  partial: false,
  speaker,
  speakerRole,
  speakerSpan: null,
  cue: 'said',
  cueSpan: null,
});

describe('chooseSpeaker', () => {
  it.each([
    {
      why: 'a name most reports give, in its fullest form, with the role they give it',
      quotes: [said('a', 'Pike'), said('b', 'Mr Owen Pike', 'harbour master'), said('c', 'Owen Pike')],
      speaker: 'Mr Owen Pike',
      role: 'harbour master',
      others: [],
    },
    {
      why: 'a role most reports give wins over one report naming someone else',
      quotes: [
        said('a', null, 'the prosecutor'),
        said('b', null, 'a prosecutor for the county'),
        said('c', 'Ida Marsh'),
      ],
      speaker: null,
      // Of the forms the reports give, the fullest.
      role: 'prosecutor for the county',
      others: [{ speaker: 'Ida Marsh', role: null, documents: ['c'] }],
    },
    {
      why: 'a name whose report gives the same role is supported by the role-only reports',
      quotes: [
        said('a', null, 'the prosecutor'),
        said('b', null, 'the prosecutor'),
        said('c', 'Ida Marsh', 'prosecutor'),
      ],
      speaker: 'Ida Marsh',
      role: 'prosecutor',
      others: [],
    },
    {
      why: 'two different people: the one most reports name, the other kept',
      quotes: [said('a', 'Ida Marsh'), said('b', 'Marsh'), said('c', 'Tom Brindle')],
      speaker: 'Ida Marsh',
      role: null,
      others: [{ speaker: 'Tom Brindle', role: null, documents: ['c'] }],
    },
    {
      why: 'a tie between a name and a role goes to the name',
      quotes: [said('a', null, 'a spokesman for the board'), said('b', 'Jo Rand')],
      speaker: 'Jo Rand',
      role: null,
      others: [{ speaker: null, role: 'spokesman for the board', documents: ['a'] }],
    },
    {
      why: 'a middle name in one report only is the same person',
      quotes: [said('a', 'Ida Marsh'), said('b', 'Ida Rose Marsh'), said('c', 'Tom Brindle')],
      speaker: 'Ida Rose Marsh',
      role: null,
      others: [{ speaker: 'Tom Brindle', role: null, documents: ['c'] }],
    },
    {
      why: 'a title and a role word of one function agree (`Justice`, `the judge`)',
      quotes: [said('a', null, 'the judge'), said('b', null, 'the judge'), said('c', 'Owen Fenn', 'Justice')],
      speaker: 'Owen Fenn',
      role: 'Justice',
      others: [],
    },
    {
      why: 'no speaker at all',
      quotes: [said('a', null), said('b', null)],
      speaker: null,
      role: null,
      others: [],
    },
  ])('$why', ({ quotes, speaker, role, others }) => {
    const chosen = chooseSpeaker(quotes);
    expect([chosen.speaker, chosen.role, chosen.others]).toEqual([speaker, role, others]);
  });

  it('counts documents, not mentions: one report repeating a name does not outvote two', () => {
    const chosen = chooseSpeaker([
      said('a', 'Jo Rand'),
      said('a', 'Jo Rand'),
      said('a', 'Jo Rand'),
      said('b', 'Ida Marsh'),
      said('c', 'Ida Marsh'),
    ]);
    expect(chosen.speaker).toBe('Ida Marsh');
  });
});

describe('roleHead', () => {
  it.each([
    ['spokesman for the harbour board', 'spokesman'],
    ['the Westford police chief', 'chief'],
    ['a prosecutor', 'prosecutor'],
    ['deputy head of the port authority', 'head'],
    ['Justice', 'judge'],
    ['Department for Roads and Bridges spokesman', 'spokesman'],
    ['head of the Fenmoor Water Board', 'head'],
    ['prosecuting', 'prosecutor'],
  ])('%s → %s', (role, head) => {
    expect(roleHead(role)).toBe(head);
  });
});

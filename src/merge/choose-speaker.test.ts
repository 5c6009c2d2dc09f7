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
      why: 'a name is not displaced by a role more reports give: the role is kept as another speaker',
      quotes: [
        said('a', null, 'the prosecutor'),
        said('b', null, 'a prosecutor for the county'),
        said('c', 'Ida Marsh'),
      ],
      speaker: 'Ida Marsh',
      role: null,
      // Of the forms the reports give, the fullest.
      others: [{ speaker: null, role: 'prosecutor for the county', documents: ['a', 'b'] }],
    },
    {
      why: 'a role wins only when no report names anyone',
      quotes: [said('a', null, 'the prosecutor'), said('b', null, 'a prosecutor for the county')],
      speaker: null,
      role: 'prosecutor for the county',
      others: [],
    },
    {
      why: 'role-only reports support the name whose reports give the same role, not another name',
      quotes: [
        said('a', 'Tom Brindle'),
        said('b', 'Ida Marsh', 'harbour master'),
        said('c', null, 'the harbour master'),
      ],
      speaker: 'Ida Marsh',
      role: 'harbour master',
      others: [{ speaker: 'Tom Brindle', role: null, documents: ['a'] }],
    },
    {
      why: 'two people equally supported: the more complete name, not the one sorting first',
      quotes: [said('a', 'Brindle'), said('b', 'Ida Rose Marsh')],
      speaker: 'Ida Rose Marsh',
      role: null,
      others: [{ speaker: 'Brindle', role: null, documents: ['a'] }],
    },
    {
      why: 'two people equally supported with names as complete: the one given first',
      quotes: [said('a', 'Tom Brindle'), said('b', 'Ida Marsh')],
      speaker: 'Tom Brindle',
      role: null,
      others: [{ speaker: 'Ida Marsh', role: null, documents: ['b'] }],
    },
    {
      why: 'a premier is not supported by reports giving only a minister',
      quotes: [
        said('a', 'Ida Marsh', 'Premier'),
        said('b', 'Tom Brindle'),
        said('c', 'Tom Brindle'),
        said('d', null, 'the minister'),
        said('e', null, 'the minister'),
      ],
      speaker: 'Tom Brindle',
      role: null,
      others: [
        { speaker: null, role: 'minister', documents: ['d', 'e'] },
        { speaker: 'Ida Marsh', role: 'Premier', documents: ['a'] },
      ],
    },
    {
      why: 'one minister is not supported by reports of a minister of another office',
      quotes: [
        said('a', 'Ida Marsh', 'foreign minister'),
        said('b', 'Tom Brindle'),
        said('c', 'Tom Brindle'),
        said('d', null, 'the defence minister'),
        said('e', null, 'the defence minister'),
      ],
      speaker: 'Tom Brindle',
      role: null,
      others: [
        { speaker: null, role: 'defence minister', documents: ['d', 'e'] },
        { speaker: 'Ida Marsh', role: 'foreign minister', documents: ['a'] },
      ],
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

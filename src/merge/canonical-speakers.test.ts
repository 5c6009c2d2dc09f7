import { describe, expect, it } from 'vitest';
import { canonicalSpeakers, nameKey } from './canonical-speakers.js';

const canonical = (counts: [string, number][]) => {
  const map = canonicalSpeakers(new Map(counts));
  return (speaker: string) => map.get(speaker) ?? speaker;
};

describe('nameKey', () => {
  it.each([
    ['Owen Pike', ['owen', 'pike']],
    ['Mr Owen Pike', ['owen', 'pike']],
    ['Dr. Ruth Marsh QC', ['ruth', 'marsh']],
    ['Ruth van Marsh', ['ruth', 'van', 'marsh']],
    // A peer's style is a courtesy title, never a first name.
    ['Baroness Keel', ['keel']],
    ['Viscount Tom Keel', ['tom', 'keel']],
    ['the harbour master', null],
    ['Owen and Ruth Pike', null],
  ])('%s', (speaker, key) => {
    expect(nameKey(speaker)).toEqual(key);
  });
});

describe('canonicalSpeakers', () => {
  it.each([
    // [speakers with their counts, speaker, canonical]
    // Honorifics and post-nominal letters: the fullest form.
    [
      [
        ['Owen Pike', 2],
        ['Mr Pike', 1],
        ['Owen Pike QC', 1],
      ],
      'Mr Pike',
      'Owen Pike',
    ],
    [
      [
        ['Owen Pike', 2],
        ['Owen Pike QC', 1],
      ],
      'Owen Pike QC',
      'Owen Pike',
    ],
    // A surname alone, when one person of the ledger bears it.
    [
      [
        ['Ruth Marsh', 1],
        ['Marsh', 3],
      ],
      'Marsh',
      'Ruth Marsh',
    ],
    // Two people share it: left as it is.
    [
      [
        ['Ruth Marsh', 1],
        ['Tom Marsh', 1],
        ['Marsh', 3],
      ],
      'Marsh',
      'Marsh',
    ],
    // A middle name or a particle left out is the same person; the longer name wins.
    [
      [
        ['Ali Al Tamimi', 1],
        ['Ali Tamimi', 4],
        ['Mr Al Tamimi', 1],
      ],
      'Ali Tamimi',
      'Ali Al Tamimi',
    ],
    [
      [
        ['Ali Al Tamimi', 1],
        ['Mr Al Tamimi', 1],
      ],
      'Mr Al Tamimi',
      'Ali Al Tamimi',
    ],
    // One letter of a surname spelt differently: the form most reports use.
    [
      [
        ['Petro Ostapenko', 5],
        ['Petro Ostapenkko', 1],
      ],
      'Petro Ostapenkko',
      'Petro Ostapenko',
    ],
    // An initial for a first name.
    [
      [
        ['J Ostrowski', 1],
        ['Jan Ostrowski', 2],
      ],
      'J Ostrowski',
      'Jan Ostrowski',
    ],
    // A leading label before a known name.
    [
      [
        ['Hotel Owner Ruth Marsh', 1],
        ['Ruth Marsh', 2],
      ],
      'Hotel Owner Ruth Marsh',
      'Ruth Marsh',
    ],
    // Different first names are different people, however alike.
    [
      [
        ['Ruth Marsh', 1],
        ['Rita Marsh', 1],
      ],
      'Rita Marsh',
      'Rita Marsh',
    ],
    // A short surname spelt differently is another name, not a typo.
    [
      [
        ['Tom Bell', 1],
        ['Tom Ball', 1],
      ],
      'Tom Ball',
      'Tom Ball',
    ],
    // A woman's honorific never maps to a name no woman's honorific was given with.
    [
      [
        ['Tom Marsh', 1],
        ['Mrs Marsh', 1],
      ],
      'Mrs Marsh',
      'Mrs Marsh',
    ],
    [
      [
        ['Ruth Marsh', 1],
        ['Mrs Ruth Marsh', 1],
        ['Mrs Marsh', 1],
      ],
      'Mrs Marsh',
      'Mrs Ruth Marsh',
    ],
    // A peer named by style and surname is a short form: it maps to the one person of the ledger
    // bearing the surname, never when two full names differ in their first name, and a woman's
    // style never maps to a name no woman's style was given with.
    [
      [
        ['Tom Keel', 1],
        ['Viscount Keel', 1],
      ],
      'Viscount Keel',
      'Tom Keel',
    ],
    [
      [
        ['Tom Keel', 1],
        ['Owen Keel', 1],
        ['Lord Keel', 1],
      ],
      'Lord Keel',
      'Lord Keel',
    ],
    [
      [
        ['Tom Keel', 1],
        ['Baroness Keel', 1],
      ],
      'Baroness Keel',
      'Baroness Keel',
    ],
    // Descriptions and words that name bodies are not names.
    [
      [
        ['Staff', 1],
        ['Kate Staff', 1],
      ],
      'Staff',
      'Staff',
    ],
    [
      [
        ['a spokesman for Pike', 1],
        ['Owen Pike', 1],
      ],
      'a spokesman for Pike',
      'a spokesman for Pike',
    ],
    // An initial two different first names fit maps to neither, and never joins them.
    [
      [
        ['Jon Fenn', 2],
        ['Jane Fenn', 1],
        ['J Fenn', 1],
      ],
      'J Fenn',
      'J Fenn',
    ],
    [
      [
        ['Jon Fenn', 2],
        ['Jane Fenn', 1],
        ['J Fenn', 1],
      ],
      'Jane Fenn',
      'Jane Fenn',
    ],
    // A one-letter surname difference needs the same full first name and a long surname.
    [
      [
        ['Jon Brindle', 2],
        ['J Brindell', 1],
      ],
      'J Brindell',
      'J Brindell',
    ],
    [
      [
        ['Ruth Fennel', 2],
        ['Ruth Fennal', 1],
      ],
      'Ruth Fennal',
      'Ruth Fennel',
    ],
    [
      [
        ['Ruth Quill', 2],
        ['Ruth Quall', 1],
      ],
      'Ruth Quall',
      'Ruth Quall',
    ],
    // One body named after its country, by the country's possessive or its demonym, in any case.
    [
      [
        ['Norway’s Fisheries Ministry', 3],
        ['Norwegian Fisheries Ministry', 1],
      ],
      'Norwegian Fisheries Ministry',
      'Norway’s Fisheries Ministry',
    ],
    [
      [
        ['Norway’s Fisheries Ministry', 1],
        ['the Norwegian fisheries ministry', 1],
      ],
      'the Norwegian fisheries ministry',
      'Norway’s Fisheries Ministry',
    ],
    // Another country's body, or another body of the country, stays apart.
    [
      [
        ['Norway’s Fisheries Ministry', 3],
        ['Danish Fisheries Ministry', 1],
      ],
      'Danish Fisheries Ministry',
      'Danish Fisheries Ministry',
    ],
    [
      [
        ['Norway’s Fisheries Ministry', 3],
        ['Norwegian Interior Ministry', 1],
      ],
      'Norwegian Interior Ministry',
      'Norwegian Interior Ministry',
    ],
  ] as [[string, number][], string, string][])('%j: %s → %s', (counts, speaker, expected) => {
    expect(canonical(counts)(speaker)).toBe(expected);
  });

  it('does not depend on the order speakers are given in', () => {
    const counts: [string, number][] = [
      ['Owen Pike', 1],
      ['Mr Pike', 2],
      ['Ruth Marsh', 1],
      ['Marsh', 1],
      ['Petro Ostapenko', 1],
      ['Petro Ostapenkko', 1],
      ['Jon Fenn', 1],
      ['J Fenn', 1],
      ['Jane Fenn', 1],
    ];
    const forward = canonicalSpeakers(new Map(counts));
    const backward = canonicalSpeakers(new Map([...counts].reverse()));
    expect([...backward].sort()).toEqual([...forward].sort());
  });

  it('maps an initial the same way whatever order the names come in', () => {
    const counts: [string, number][] = [
      ['J Fenn', 1],
      ['Jane Fenn', 3],
      ['John Fenn', 1],
    ];
    for (const order of [counts, [...counts].reverse(), [counts[1]!, counts[0]!, counts[2]!]]) {
      const map = canonicalSpeakers(new Map(order));
      expect([...map]).toEqual([]);
    }
  });
});

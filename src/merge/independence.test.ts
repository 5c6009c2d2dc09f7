import { describe, expect, it } from 'vitest';
import type { StoredDocument } from '../core/types.js';
import { doc, verbatim } from './__fixtures__/records.js';
import { corroborate, type Occurrence } from './independence.js';
import { createReuseIndex } from './reuse-index.js';

/** The occurrence of `text` in a document. */
function at(d: StoredDocument, text: string): Occurrence {
  const start = d.text.indexOf(text);
  if (start < 0) throw new Error(`"${text}" is not in document ${d.id}`);
  return { document: d.id, span: [start, start + text.length], text };
}

describe('independent groups', () => {
  // A bulletin (not itself a mention of the fact) lends a paragraph to a paper that also
  // reports the fact in its own words further down.
  const bulletin = doc(
    'b',
    'Council notes. Two men were hurt in a fire at the Marlow depot, the chief said.',
  );
  const paper = doc(
    'p',
    'Two men were hurt in a fire at the Marlow depot, the chief said. Our reporter at the depot in Marlow saw both men taken to hospital after the fire.',
  );
  const other = doc('o', 'Firefighters in Marlow said two depot workers were injured in the blaze.');
  const index = createReuseIndex(
    [bulletin, paper, other],
    [verbatim(bulletin, paper, 'Two men were hurt in a fire at the Marlow depot, the chief said.')],
    [],
  );
  const occurrences = [
    at(paper, 'Two men were hurt in a fire at the Marlow depot'),
    at(paper, 'Our reporter at the depot in Marlow saw both men taken to hospital after the fire'),
    at(other, 'two depot workers were injured in the blaze'),
  ];

  it('lists a document alone in one group, whatever part of it was reused', () => {
    const c = corroborate(occurrences, index);
    const alone = c.groups.filter((g) => g.documents.length === 1 && g.documents[0] === 'p');
    expect(alone).toHaveLength(1);
    expect(c.groups.map((g) => g.documents)).toEqual([['o'], ['p']]);
  });

  it('counts as many chains as it lists', () => {
    const c = corroborate(occurrences, index);
    expect(c.independent).toBe(c.groups.length);
    expect(c.independent).toBe(2);
  });

  it('calls a lone document reused when all it says of the fact came from another', () => {
    const c = corroborate([occurrences[0] as Occurrence, occurrences[2] as Occurrence], index);
    expect(c.groups).toEqual([
      { documents: ['o'], why: 'own' },
      { documents: ['p'], why: 'reused' },
    ]);
  });
});

describe('passages others took from a document', () => {
  // A wire dispatch gives the fact in two sentences; one paper prints the first, another the
  // second; a station reports it on its own.
  const first = 'Rescuers pulled nine bodies from the collapsed hostel in Tarvick overnight.';
  const second = 'Volunteers counted nine dead under the hostel roof, the mayor told reporters.';
  const wire = doc('w', `${first} Cranes arrived later. ${second}`);
  const paperA = doc('pa', `Evening edition. ${first} Traffic was diverted around the square.`);
  const paperB = doc('pb', `Morning digest. ${second} Schools stay shut on Friday.`);
  const station = doc('st', 'Our crew in Tarvick saw the hostel in ruins; nine people died there.');
  const copies = (direction: 'a>b' | 'b>a' | 'unknown') => [
    { ...verbatim(wire, paperA, first), direction },
    { ...verbatim(wire, paperB, second), direction },
  ];
  const occurrences = [
    at(wire, first),
    at(wire, second),
    at(paperA, first),
    at(paperB, second),
    at(station, 'nine people died there'),
  ];
  const family = { id: 'fam-pa', documents: ['pa', 'pb', 'w'], origin: 'w' };

  it.each([
    // The papers took each sentence from the wire: one chain with its copies, and the station.
    ['a>b', [['pa', 'pb', 'w'], ['st']], 2],
    // The wire took each sentence from a different paper: the papers are two reportings.
    ['b>a', [['pa', 'w'], ['pb', 'w'], ['st']], 3],
    // Without a direction nothing says the two sentences share an origin.
    ['unknown', [['pa', 'w'], ['pb', 'w'], ['st']], 3],
  ] as const)('counts a dispatch copied sentence by sentence once (%s)', (direction, groups, count) => {
    const index = createReuseIndex([wire, paperA, paperB, station], copies(direction), []);
    const c = corroborate(occurrences, index);
    expect(c.groups.map((g) => g.documents)).toEqual(groups);
    expect(c.independent).toBe(count);
  });

  it('counts the family once, whatever its members copied', () => {
    const index = createReuseIndex([wire, paperA, paperB, station], copies('a>b'), [family]);
    expect(corroborate(occurrences, index).independent).toBe(2);
  });

  it('keeps a relay apart from what the relaying paper wrote itself', () => {
    // The first paper took the wire's sentence and wrote one of its own, which a third copied.
    const own = 'Our reporter saw nine coffins leave the Tarvick hostel at dawn.';
    const relay = doc('pa', `${first} ${own}`);
    const third = doc('th', `Late news. ${own}`);
    const index = createReuseIndex(
      [wire, relay, third],
      [verbatim(wire, relay, first), verbatim(relay, third, own)],
      [],
    );
    const c = corroborate([at(wire, first), at(relay, first), at(relay, own), at(third, own)], index);
    expect(c.groups.map((g) => g.documents)).toEqual([
      ['pa', 'w'],
      ['pa', 'th'],
    ]);
    expect(c.independent).toBe(2);
  });
});

describe('sentences two members of a family word alike', () => {
  // The paper took the wire's lead as a recognised passage; a later sentence it printed word for
  // word was not aligned (too short a run between edits), but it is the same copy.
  const lead = 'Floodwater drowned six farmers near the Oskel dam on Tuesday night.';
  const later = 'Two of the drowned farmers were brothers from Oskel village, neighbours said.';
  const wire = doc('w', `${lead} Pumps failed. ${later}`);
  const paper = doc('p', `${lead} Our desk adds context here. ${later}`);
  const other = doc('o', 'A hydrologist at Oskel said six people died when the dam overflowed.');
  const occurrences = [
    at(wire, lead),
    at(wire, later),
    at(paper, lead),
    at(paper, later),
    at(other, 'six people died'),
  ];

  it('counts the family once for both', () => {
    const families = [{ id: 'fam-p', documents: ['p', 'w'], origin: 'w' }];
    const index = createReuseIndex([wire, paper, other], [verbatim(wire, paper, lead)], families);
    const c = corroborate(occurrences, index);
    expect(c.groups.map((g) => g.documents)).toEqual([['o'], ['p', 'w']]);
    expect(c.independent).toBe(2);
  });
});

describe('sentences worded alike', () => {
  // Two papers word the fact alike; each shares an unrelated passage with a third report that
  // does not tell the fact, so reuse links them only through it.
  const fact = 'A bridge near Tallow collapsed under a grain lorry on Monday';
  const reworded = 'A bridge near Tallow collapsed under a heavy grain lorry on Monday';
  const first = doc('x', `Market prices rose again. ${fact}, the driver said.`);
  const second = doc('y', `Weather stays dry this week. ${reworded}, officials said.`);
  const third = doc('z', 'Market prices rose again. Weather stays dry this week.');
  const pairs = [
    verbatim(first, third, 'Market prices rose again.'),
    verbatim(second, third, 'Weather stays dry this week.'),
  ];
  const occurrences = [at(first, fact), at(second, reworded)];

  it('are counted apart when their documents are linked only through a report without the fact', () => {
    const c = corroborate(occurrences, createReuseIndex([first, second, third], pairs, []));
    expect(c.independent).toBe(2);
  });

  it('are one chain when their documents are related', () => {
    const family = { id: 'fam-x', documents: ['x', 'y'], origin: null };
    const c = corroborate(occurrences, createReuseIndex([first, second, third], pairs, [family]));
    expect(c.independent).toBe(1);
  });
});

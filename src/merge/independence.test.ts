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

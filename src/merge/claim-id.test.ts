import { describe, expect, it } from 'vitest';
import type { Claim } from '../core/types.js';
import { buildClaim, type ClaimItem } from './group-claims.js';
import { createReuseIndex } from './reuse-index.js';

const sentence = 'The ministry said troops shelled the depot, which the army denied.';

function item(claim: Partial<Claim> & Pick<Claim, 'id'>): ClaimItem {
  const full: Claim = {
    documentId: 'd1',
    span: [0, sentence.length],
    text: sentence,
    claimant: 'the ministry',
    stance: 'affirm',
    cue: 'said',
    about: [],
    ...claim,
  };
  return {
    claim: full,
    words: ['ministry', 'troops', 'shelled', 'depot'],
    places: [],
    text: sentence,
    own: [],
    incidents: [],
  };
}

describe('claim ids', () => {
  const index = createReuseIndex([{ id: 'd1', text: sentence }], [], []);

  it.each([
    ['an accusation and its denial over one span', { id: 'd1:c2', stance: 'deny', claimant: 'the army' }],
    ['two claimants over one span', { id: 'd1:c2', claimant: 'the police' }],
    ['two extracted claims identical but for their own ids', { id: 'd1:c2' }],
  ] as const)('differ for %s', (_, other) => {
    const a = buildClaim([item({ id: 'd1:c1' })], index);
    const b = buildClaim([item(other)], index);
    expect(a.id).toMatch(/^cl-[0-9a-f]{12}$/);
    expect(b.id).not.toBe(a.id);
  });

  it('do not depend on the order members are given in', () => {
    const members = [
      item({ id: 'd1:c1' }),
      item({ id: 'd1:c3', span: [5, 20], text: sentence.slice(5, 20) }),
    ];
    expect(buildClaim(members, index).id).toBe(buildClaim([...members].reverse(), index).id);
  });
});

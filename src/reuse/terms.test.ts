import { describe, expect, it } from 'vitest';
import { loadLexicon } from './lexicon.js';
import { wordHash } from './prepare.js';
import { computeTerm, TermTable } from './terms.js';
import { tokenize } from './tokenize.js';

describe('TermTable', () => {
  it('gives every word the term and hashes computed directly, through growth and rehashing', () => {
    const lexicon = loadLexicon();
    const table = new TermTable(lexicon, wordHash);
    const words = Array.from({ length: 5000 }, (_, k) => `w${k.toString(36)}x`);
    const tokens = tokenize(`${words.join(' ')} killed three Killed 430,000 pre-war`);
    const first = tokens.map((t) => table.lookup(t, false));
    expect(table.size).toBe(new Set(tokens.map((t) => t.norm)).size);
    tokens.forEach((t, i) => {
      const e = first[i] as number;
      const term = computeTerm(t, false, lexicon);
      expect(table.terms[e]).toEqual(term);
      expect(table.normHash[e]).toBe(wordHash(t.norm));
      expect(table.termHash[e]).toBe(wordHash(term.term));
      expect(table.lookup(t, false)).toBe(e);
    });
  });
});

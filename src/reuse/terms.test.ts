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

describe('computeTerm: a number joined to its unit', () => {
  const lexicon = loadLexicon();
  const termOfWord = (text: string) => {
    const [t] = tokenize(text);
    if (!t) throw new Error(`no token in ${JSON.stringify(text)}`);
    return computeTerm(t, false, lexicon);
  };
  it.each([
    ['29-year-old', '29'],
    ['18-month-old', '18'],
    ['5-day-old', '5'],
    ['three-year-old', '3'],
    ['ten-week-old', '10'],
    ['3.5million', '3.5'],
    ['4.5m', '4.5'],
    ['24-hour', '24'],
    ['6ft', '6'],
    ['1,600-strong', '1600'],
    ['1980s', '1980'],
  ])('%s is the number %s', (word, number) => {
    expect(termOfWord(word)).toEqual({ term: number, kind: 'number' });
  });
  it.each([['year-old'], ['someone-year-old'], ['well-known'], ['pre-war']])('%s stays a word', (word) => {
    expect(termOfWord(word).kind).toBe('content');
  });
  it('makes the age of one report the number of the other', () => {
    const a = tokenize('A 41-year-old carpenter was fined.');
    const b = tokenize('Carpenter Ann Kelby, 41, was fined.');
    const termsA = a.map((t, i) => computeTerm(t, i === 0, lexicon));
    const termsB = b.map((t, i) => computeTerm(t, i === 0, lexicon));
    expect(termsA[1]).toEqual(termsB.find((t) => t.kind === 'number'));
  });
});

describe('computeTerm: a region and its customary abbreviation', () => {
  const lexicon = loadLexicon();
  const termAt = (text: string, k: number) => {
    const tokens = tokenize(text);
    return computeTerm(tokens[k] as (typeof tokens)[number], k === 0, lexicon);
  };
  it.each([
    ['Anne Kay, of Dunmore, Herts, was fined.', 'Anne Kay, of Dunmore, Hertfordshire, was fined.', 4],
    [
      'He lives near Brayford, Lancs, with his wife.',
      'He lives near Brayford, Lancashire, with his wife.',
      4,
    ],
    ['A farm outside Leckley, Wilts, was sold.', 'A farm outside Leckley, Wiltshire, was sold.', 4],
  ])('%s names the region of: %s', (short, full, k) => {
    const a = termAt(short, k);
    expect(a.kind).toBe('name');
    expect(a).toEqual(termAt(full, k));
  });
  it('leaves the lower-case word alone', () => {
    expect(termAt('The hospital ran out of beds.', 5)).toEqual({ term: 'bed', kind: 'content' });
  });
});

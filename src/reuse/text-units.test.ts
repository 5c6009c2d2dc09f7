import { describe, expect, it } from 'vitest';
import { normalizeForMatching } from './normalize.js';
import { prepareText } from './prepare.js';
import { stem } from './stem.js';
import { tokenize } from './tokenize.js';

describe('normalizeForMatching', () => {
  it('folds case, quotes, dashes and whitespace', () => {
    expect(normalizeForMatching('“Hi”  —\n There’s').text).toBe(`"hi" - there's`);
  });
  it('maps every folded character back to the canonical text', () => {
    const text = 'A  “quoted”\n\nWORD — end';
    const n = normalizeForMatching(text);
    for (let i = 0; i < n.text.length; i++) {
      const ch = n.text[i] as string;
      const original = text[n.offsets[i] as number] as string;
      if (ch !== ' ') expect(original.toLowerCase() === ch || /["'-]/.test(ch)).toBe(true);
      else expect(/\s/.test(original)).toBe(true);
    }
    expect(n.offsets[n.text.length]).toBe(text.length);
  });
});

describe('tokenize', () => {
  it('keeps inner apostrophes, hyphens, dots and thousands separators inside words', () => {
    const text = 'Russia’s pre-war 430,000 U.S. troops, 4.5 km';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.norm)).toEqual(["russia's", 'prewar', '430000', 'u.s', 'troops', '4.5', 'km']);
    for (const t of tokens) expect(text.slice(t.start, t.end).length).toBe(t.end - t.start);
    expect(tokens[0]?.capital).toBe(true);
    expect(tokens[1]?.capital).toBe(false);
  });
  it('gives spans that slice to the word', () => {
    const text = '“He went,” she said — at 10:30.';
    for (const t of tokenize(text))
      expect(text.slice(t.start, t.end).toLowerCase().replace(/-/g, '')).toBe(t.norm);
  });
});

describe('canonical terms', () => {
  const terms = (s: string) => prepareText(s).terms.map((t) => t.term);
  it('normalises spelled-out numbers and abbreviated months', () => {
    expect(terms('three directions on Feb. 24')).toEqual(terms('3 directions on February 24'));
  });
  it('maps synonyms to one term ("three directions" ~ "three sides")', () => {
    expect(terms('from three directions')).toEqual(terms('from three sides'));
  });
  it('brings tenses and plurals together', () => {
    expect(stem('killed')).toBe(stem('killing'));
    expect(stem('bodies')).toBe(stem('body'));
    expect(terms('soldiers spent weeks')).toEqual(terms('soldiers spend week'));
  });
  it('tells names from sentence-initial capitals', () => {
    const p = prepareText('Troops entered Bucha. Mayor Klitschko spoke.');
    expect(p.terms.map((t) => t.kind)).toEqual(['content', 'content', 'name', 'content', 'name', 'content']);
  });
  it('splits sentences but not after abbreviations', () => {
    const p = prepareText('It began on Feb. 24 in Kyiv. Then it spread! "Why?" he asked.\nNew paragraph');
    expect(p.sentences.map((s) => s.last - s.first)).toEqual([7, 3, 3, 2]);
  });
});

describe('sentences of hard-wrapped text', () => {
  const sentences = (text: string) => {
    const p = prepareText(text);
    return p.sentences.map((s) =>
      text.slice(p.tokens[s.first]?.start, p.tokens[s.last - 1]?.end).replace(/\s+/g, ' '),
    );
  };
  it('joins the lines of a sentence wrapped at a fixed width', () => {
    const wire = [
      'FERRY OWNER FINED',
      'A ferry owner from Larkmoor was fined 4,000 pounds yesterday after',
      'a crowded crossing left nine passengers stranded on a sandbank for the',
      'night, magistrates at Dunhallow heard.',
      'The court was told the owner had ignored two warnings from the harbour',
      'master.',
    ].join('\n');
    expect(sentences(wire)).toEqual([
      'FERRY OWNER FINED',
      'A ferry owner from Larkmoor was fined 4,000 pounds yesterday after a crowded crossing left nine passengers stranded on a sandbank for the night, magistrates at Dunhallow heard',
      'The court was told the owner had ignored two warnings from the harbour master',
    ]);
  });
  it('keeps a line break as a sentence end after a stop, a colon or a blank line', () => {
    expect(sentences('Nine were stranded.\nthe owner paid\n\nand left:\nnothing more')).toEqual([
      'Nine were stranded',
      'the owner paid',
      'and left',
      'nothing more',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ReusePair } from '../core/types.js';
import { compareTexts, SOURCE_QUOTES_MIN_CONTAINMENT } from './compare-texts.js';
import { containment } from './containment.js';
import { dropOwnQuotes, OWN_QUOTES_MIN_CONTAINMENT } from './own-quotes.js';
import type { PairDocument } from './pair.js';
import { prepareText } from './prepare.js';
import { QUOTE_MIN_NGRAMS, quotedNgrams, quoteProvenance } from './quote-provenance.js';

// A wire take on an invented court case, with the judge's words.
const wire = [
  'A roofer from Pellingham was jailed for two years yesterday for stealing lead from the roof of a chapel.',
  'Kieran Dowse, 31, took the metal over three nights in the winter and sold it to a scrap dealer, the crown court heard.',
  'Judge Aveline Marsh told him: "You stripped a place of worship for a few hundred pounds and left the rain to ruin what the village had saved for."',
  'Dowse admitted theft and criminal damage.',
  'The chapel has held services since the eighteenth century and is listed by the county.',
  'Repairs to the roof are expected to cost more than forty thousand pounds, the diocese said.',
].join(' ');
// A second take of the same story, with the defence's words the first take lacks.
const secondTake = [
  'A roofer who stole lead from a chapel roof in Pellingham has been jailed for two years.',
  'His barrister, Tobias Reyne, said: "He is ashamed of what he did and wants to repair the roof himself when he is released."',
].join(' ');
// A paper that heard the case itself: the charges and the names, its own quotations.
const ownReport = [
  'A roofer was jailed for two years for stealing lead from a chapel in Pellingham.',
  'Kieran Dowse, 31, wept in the dock as the churchwarden described the damage.',
  '"We had buckets on every pew and the organ is ruined," said warden Hilda Crane, 72, outside the court.',
  '"Nobody in this village will forgive him for what he has done to us," she added.',
  'Dowse admitted theft and criminal damage.',
].join(' ');
// A paper that took the wire's quotation and recast the rest in its own words.
const wireQuoted = [
  'Thieving roofer Kieran Dowse is behind bars after he ripped the lead off a village chapel.',
  'The 31-year-old crept on to the roof three nights running and flogged the metal for scrap.',
  'The judge blasted him: "You stripped a place of worship for a few hundred pounds and left the rain to ruin what the village had saved for."',
  'He got two years.',
  'Locals spent a decade raising cash to mend its windows and bell tower.',
  'Now the parish faces another appeal before the autumn storms arrive.',
  'Repairs could run to more than forty thousand.',
].join(' ');
// The same paper with its own quotation instead of the wire's.
const ownQuoted = wireQuoted.replace(
  /The judge blasted him: "[^"]+"/,
  'A neighbour, Wendy Farrant, said: "We heard banging on the roof every night and thought it was the wind shaking the old gutters loose again."',
);

const noon = '2031-03-04T12:00:00Z';
const evening = '2031-03-04T23:00:00Z';
const doc = (id: string, text: string, published: string, outlet: string): PairDocument => ({
  id,
  text,
  published,
  credits: [],
  outlet,
});
const pair = (a: string, b: string): ReusePair => ({
  a,
  b,
  relation: 'mixed',
  shared_a: 0.1,
  shared_b: 0.1,
  direction: 'a>b',
  reason: 'a was published first',
  passages: [],
});

describe('quoteProvenance', () => {
  const w = prepareText(wire);
  it('finds a paper quoting the wire take', () => {
    const q = quotedNgrams(prepareText(wireQuoted), w);
    expect(q.quoted).toBeGreaterThanOrEqual(QUOTE_MIN_NGRAMS);
    expect(q.found).toBe(q.quoted);
    expect(quoteProvenance(prepareText(wireQuoted), w)).toBe('source');
  });
  it('finds a paper with quotations of its own', () => {
    expect(quotedNgrams(prepareText(ownReport), w).found).toBe(0);
    expect(quoteProvenance(prepareText(ownReport), w)).toBe('own');
  });
  it('says nothing of a text that quotes a few words or none', () => {
    expect(quoteProvenance(prepareText('The roofer called it "a stupid mistake" in court.'), w)).toBe(
      'unknown',
    );
    expect(quoteProvenance(prepareText('Dowse admitted theft and criminal damage.'), w)).toBe('unknown');
  });
});

describe('the ordered containment of a paper quoting the wire', () => {
  const meta = { a: { published: noon }, b: { published: evening } };
  it('relates a recast story that keeps the take quotation, not the same story quoting elsewhere', () => {
    // Both papers keep the same few runs of the take's words outside their quotations, between
    // the lowered threshold and the usual one.
    for (const paper of [wireQuoted, ownQuoted]) {
      const c = containment(prepareText(paper), prepareText(wire), 3);
      expect(c).toBeGreaterThanOrEqual(SOURCE_QUOTES_MIN_CONTAINMENT);
      expect(c).toBeLessThan(0.075);
    }
    expect(compareTexts(wire, wireQuoted, { meta }).relation).not.toBe('none');
    expect(compareTexts(wire, ownQuoted, { meta }).relation).toBe('none');
  });
  it('needs the order: unordered texts keep the usual threshold', () => {
    expect(compareTexts(wire, wireQuoted).relation).toBe('none');
  });
});

describe('dropOwnQuotes', () => {
  const docs = new Map<string, PairDocument>([
    ['w1', doc('w1', wire, noon, 'Agency')],
    ['w2', doc('w2', secondTake, noon, 'Agency')],
    ['p1', doc('p1', ownReport, evening, 'Paper')],
  ]);
  // Index order: the order the texts are added to `docs`, all in one run.
  const ctx = {
    document: (id: string) => docs.get(id) ?? null,
    position: (id: string) => [...docs.keys()].indexOf(id),
    storedPartners: () => [],
  };
  it('drops the pair of a paper whose quotations no earlier candidate holds', () => {
    expect(containment(prepareText(ownReport), prepareText(wire), 3)).toBeLessThan(
      OWN_QUOTES_MIN_CONTAINMENT,
    );
    expect(dropOwnQuotes([pair('p1', 'w1')], [['p1', 'w1']], ctx)).toEqual([]);
  });
  it('keeps it when another take of the story, a candidate or a version, holds the quotations', () => {
    const quoting = ownReport.replace(
      /"We had[\s\S]*added\./,
      'His barrister, Tobias Reyne, said: "He is ashamed of what he did and wants to repair the roof himself when he is released."',
    );
    docs.set('p2', doc('p2', quoting, evening, 'Paper'));
    const candidates: [string, string][] = [
      ['p2', 'w1'],
      ['p2', 'w2'],
    ];
    expect(dropOwnQuotes([pair('p2', 'w1')], candidates, ctx)).toHaveLength(1);
    // w2 is no candidate of the paper, but a pair relates it to w1, a take of its outlet.
    expect(dropOwnQuotes([pair('p2', 'w1'), pair('w1', 'w2')], [['p2', 'w1']], ctx)).toHaveLength(2);
    expect(dropOwnQuotes([pair('p2', 'w1')], [['p2', 'w1']], ctx)).toEqual([]);
  });
  it('keeps a paper with its own quotations that holds much of the earlier wording', () => {
    const copied = `${wire.replace(/Judge Aveline Marsh told him: "[^"]+"/, '')} "We had buckets on every pew and the organ is ruined," said warden Hilda Crane.`;
    docs.set('p3', doc('p3', copied, evening, 'Paper'));
    expect(dropOwnQuotes([pair('p3', 'w1')], [['p3', 'w1']], ctx)).toHaveLength(1);
  });
  it('keeps the pair of a paper that names the agency it used, published the same day', () => {
    docs.set('w5', { ...doc('w5', wire, '2031-03-04', 'Agency'), credits: ['Wirex'] });
    docs.set('p5', doc('p5', `${ownReport} (Wirex)`, '2031-03-04', 'Paper'));
    expect(dropOwnQuotes([pair('p5', 'w5')], [['p5', 'w5']], ctx)).toHaveLength(1);
    docs.set('p6', doc('p6', ownReport, '2031-03-05', 'Paper'));
    expect(dropOwnQuotes([pair('p6', 'w5')], [['p6', 'w5']], ctx)).toEqual([]);
  });
  it('decides a pair on the texts indexed up to its later-indexed text, in one run as in two', () => {
    // The paper quotes the second take, which is indexed after it (ingested late).
    const quoting = ownReport.replace(
      /"We had[\s\S]*added\./,
      'His barrister, Tobias Reyne, said: "He is ashamed of what he did and wants to repair the roof himself when he is released."',
    );
    const texts = new Map<string, PairDocument>([
      ['w1', doc('w1', wire, noon, 'Agency')],
      ['p7', doc('p7', quoting, evening, 'Paper')],
      ['w2', doc('w2', secondTake, noon, 'Agency')],
    ]);
    const document = (id: string) => texts.get(id) ?? null;
    const one = dropOwnQuotes(
      [pair('p7', 'w1'), pair('p7', 'w2')],
      [
        ['p7', 'w1'],
        ['p7', 'w2'],
      ],
      { document, position: (id) => [...texts.keys()].indexOf(id), storedPartners: () => [] },
    );
    const first = dropOwnQuotes([pair('p7', 'w1')], [['p7', 'w1']], {
      document,
      position: (id) => ['w1', 'p7'].indexOf(id),
      storedPartners: () => [],
    });
    const second = dropOwnQuotes([pair('p7', 'w2')], [['p7', 'w2']], {
      document,
      position: (id) => (id === 'w2' ? 0 : -1),
      storedPartners: (id) => first.flatMap((p) => (p.a === id ? [p.b] : p.b === id ? [p.a] : [])),
    });
    // The take indexed after the paper does not save the paper's pair with the first take; the
    // paper's pair with it is kept, its quotations being the take's.
    expect(one).toEqual([pair('p7', 'w2')]);
    expect([...first, ...second]).toEqual(one);
  });
  it('keeps pairs that no publication time orders', () => {
    docs.set('p4', doc('p4', ownReport, noon, 'Paper'));
    expect(dropOwnQuotes([pair('p4', 'w1')], [['p4', 'w1']], ctx)).toHaveLength(1);
  });
});

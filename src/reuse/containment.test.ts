import { describe, expect, it } from 'vitest';
import { compareTexts } from './compare-texts.js';
import { anchorKeys, containment, shorterContainment } from './containment.js';
import { prepareText } from './prepare.js';

// A long wire take and what a paper might make of it: half of it, reordered, with a new lead and
// its own closing line (containment high, resemblance low).
const wire = [
  'A retired teacher who ran a fake charity from his garden shed was jailed for three years at a crown court yesterday.',
  'The court heard that the man collected money for a children hospice that never received a penny of the donations.',
  'He spent the money on holidays, a new car and a collection of rare stamps, the prosecution said.',
  'Detectives found ledgers in the shed that listed more than two hundred donors from the surrounding villages.',
  'The judge told him that he had betrayed the trust of generous neighbours who believed they were helping sick children.',
  'His lawyer said the man had suffered from money worries since his wife fell ill and was deeply ashamed.',
  'The hospice said in a statement that it was grateful to the police for their patient work on the case.',
  'Officers said the investigation began after a donor asked the hospice for a receipt and was told there was no record.',
].join(' ');
const rewrite = [
  'Generous villagers were conned by a pensioner, a court was told.',
  'Detectives found ledgers in the shed that listed more than two hundred donors from nearby villages.',
  'He spent the money on holidays, a new car and rare stamps, the prosecution said.',
  'The retired teacher who ran a fake charity from his garden shed was jailed for three years.',
  'Neighbours said they were shocked.',
].join(' ');
// The same case reported independently: the same names, figures, court phrases and quotation.
const independent = [
  'A pensioner has been sent to prison for three years for a charity fraud that fooled two hundred donors.',
  'Our reporter spoke to several donors outside the building, and most of them were angry rather than sad.',
  'One woman had given a monthly sum since the hospice appeal first appeared in the parish magazine.',
  'Sentencing him, the judge said: "You betrayed the trust of generous neighbours who believed they were helping sick children."',
  'The hospice has since changed the way it checks the people who raise funds in its name.',
].join(' ');

describe('containment', () => {
  const w = prepareText(wire);
  const r = prepareText(rewrite);
  const i = prepareText(independent);

  it.each([
    ['a rewrite inside its wire source', r, w, 0.5, 1],
    ['the wire source inside the rewrite (its longer text)', w, r, 0, 0.5],
    ['an independent report of the same case', i, w, 0, 0.13],
  ])('%s', (_, x, y, low, high) => {
    const c = containment(x, y, 3);
    expect(c).toBeGreaterThanOrEqual(low);
    expect(c).toBeLessThan(high);
  });

  it('is measured on the shorter text, whatever the order of the arguments', () => {
    expect(shorterContainment(w, r, 3)).toBe(containment(r, w, 3));
    expect(shorterContainment(r, w, 3)).toBe(containment(r, w, 3));
  });

  it('leaves out word n-grams inside quotation marks', () => {
    const speech = '"I took the money because I was desperate and I am deeply sorry for it."';
    const a = prepareText(`Outside the building, his widow said: ${speech}`);
    const b = prepareText(`Reporters waited for hours. The accused told the court: ${speech}`);
    expect(containment(a, b, 3)).toBe(0);
    expect(compareTexts(a.text, b.text).relation).toBe('none');
  });

  it('gives the same anchors to the words two texts share, and none inside quotations', () => {
    const shared = (x: Uint32Array, y: Uint32Array) => {
      const s = new Set(y);
      return [...x].filter((k) => s.has(k)).length;
    };
    const aw = anchorKeys(w, 3, 4);
    expect(shared(anchorKeys(r, 3, 4), aw)).toBeGreaterThan(shared(anchorKeys(i, 3, 4), aw));
    expect(
      anchorKeys(prepareText('"every word of this sentence is inside a quotation mark"'), 3, 1),
    ).toHaveLength(0);
    expect(
      anchorKeys(prepareText('every word of this sentence is outside a quotation mark'), 3, 1).length,
    ).toBe(8);
  });
});

describe('the containment decision', () => {
  it.each([
    ['a paper story cut, reordered and relit from a wire take', wire, rewrite, true],
    ['an independent report sharing names, figures and the quotation', wire, independent, false],
  ])('%s', (_, a, b, related) => {
    const c = compareTexts(a, b);
    expect(c.relation !== 'none').toBe(related);
    if (related) {
      // Its passages are spans of both texts, and the shorter text is largely inside them.
      for (const p of c.passages) {
        expect(p.a[0]).toBeLessThan(p.a[1]);
        expect(p.b[0]).toBeLessThan(p.b[1]);
      }
      expect(c.shared_b).toBeGreaterThan(0.3);
    }
  });

  it('is off with minContainment 0 (the passages alone decide)', () => {
    const off = compareTexts(wire, rewrite, { minContainment: 0 });
    const on = compareTexts(wire, rewrite);
    expect(on.relation).not.toBe('none');
    // Either the passages alone already relate them, or only the containment path does.
    if (off.relation === 'none') expect(off.passages).toHaveLength(0);
  });
});

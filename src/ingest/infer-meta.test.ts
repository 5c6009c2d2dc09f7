import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyInferredMeta, inferMeta } from './infer-meta.js';

describe('inferMeta: datelines', () => {
  const cases: { text: string; place: string; date: string | null; dateline: string; credits: string[] }[] = [
    {
      text: 'VELMORA, April 3 – Forces withdrew.',
      place: 'VELMORA',
      date: 'April 3',
      dateline: 'VELMORA, April 3 –',
      credits: [],
    },
    {
      text: 'LONDON (Reuters) - Britain said.',
      place: 'LONDON',
      date: null,
      dateline: 'LONDON (Reuters) -',
      credits: ['Reuters'],
    },
    {
      text: 'WASHINGTON, Jan. 5 (AP) — The Senate voted.',
      place: 'WASHINGTON',
      date: 'Jan. 5',
      dateline: 'WASHINGTON, Jan. 5 (AP) —',
      credits: ['AP'],
    },
    {
      text: 'VELMORA, Ostrana (AP) — Sirens sounded.',
      place: 'VELMORA, Ostrana',
      date: null,
      dateline: 'VELMORA, Ostrana (AP) —',
      credits: ['AP'],
    },
    {
      text: 'NEW YORK, 12 March 2031 (AFP) -- Markets fell.',
      place: 'NEW YORK',
      date: '12 March 2031',
      dateline: 'NEW YORK, 12 March 2031 (AFP) --',
      credits: ['AFP'],
    },
    {
      text: 'Velmora, April 3 – Title-case place with a date.',
      place: 'Velmora',
      date: 'April 3',
      dateline: 'Velmora, April 3 –',
      credits: [],
    },
    {
      text: 'Headline Over The Story\n\nBERLIN – Body.',
      place: 'BERLIN',
      date: null,
      dateline: 'BERLIN –',
      credits: [],
    },
  ];
  it.each(cases)('$dateline', ({ text, place, date, dateline, credits }) => {
    const found = inferMeta(text);
    expect(found.dateline).toMatchObject({ place, date, text: dateline });
    const span = found.dateline?.span ?? [0, 0];
    expect(text.slice(span[0], span[1])).toBe(dateline);
    expect(found.credits).toEqual(credits);
  });

  it.each([
    'Velmora – a title-case word alone is not a dateline.',
    'The mayor of VELMORA said – nothing.',
    'Border guards turned back dozens of lorries.',
    'VELMORA\n– split over two lines',
    'Velmora (Ostrana) – a title-case place needs a date or a known agency.',
    'VELMORA (photos) – a lower-case parenthesis is not a credit.',
  ])('no dateline: %j', (text) => {
    expect(inferMeta(text).dateline).toBeNull();
  });
});

describe('inferMeta: wire credits', () => {
  const cases: [string, string, string[]][] = [
    ['sign-off with editor initials', 'Body text ends here. (ap/ez)', ['AP']],
    ['sign-off with two agencies', 'Body.\n\n(dpa, afp/ab)\n', ['dpa', 'AFP']],
    ['credit line', 'Body.\n\nAFP', ['AFP']],
    ['dash credit line', 'Body.\n— Reuters', ['Reuters']],
    ['byline credit', 'Body.\n\nBy Jane Roe, Associated Press', ['AP']],
    ['copyright line', 'Body.\n\nCopyright 2031 The Associated Press. All rights are reserved.', ['AP']],
    ['with-credit', 'Body.\n\nWith AFP and Reuters', ['AFP', 'Reuters']],
    [
      'additional reporting from any agency',
      'Body.\n\n  _Additional reporting from Meridian._',
      ['Meridian'],
    ],
    ['additional reporting by a known agency', 'Body.\nAdditional reporting by Reuters', ['Reuters']],
    ['additional reporting by a person is not a credit', 'Body.\nAdditional reporting by Jane Roe', []],
    ['opening (AP) —', 'Title Line\n\n(AP) — Something happened.', ['AP']],
    [
      'a mention inside a sentence is not a credit',
      'Associated Press (AP) journalists saw bodies, The Associated Press reported.',
      [],
    ],
    ['parentheses that are not agencies', 'He was there (briefly).', []],
    ['lower-case names are not aliases', 'The reuters of this world.\n\nap', []],
  ];
  it.each(cases)('%s', (_, text, credits) => {
    const found = inferMeta(text);
    expect(found.credits).toEqual(credits);
    for (const c of found.creditMentions) expect(text.slice(c.span[0], c.span[1])).toBe(c.text);
  });
});

describe('inferMeta: title', () => {
  const cases: [string, string | null][] = [
    ['Dam Spillway Opened After Heavy Rain\n\nEngineers opened it.', 'Dam Spillway Opened After Heavy Rain'],
    ['Dam spillway opened after heavy rain\n\nEngineers opened it.', 'Dam spillway opened after heavy rain'],
    ['Is the dam safe?\n\nEngineers say yes.', 'Is the dam safe?'],
    ['“We will rebuild,” mayor says\n\nBody.', '“We will rebuild,” mayor says'],
    ['A sentence that ends with a full stop.\n\nBody.', null],
    ['Only one line without a break', null],
    ['Hard-wrapped body text that goes on\nand on over the next line.', null],
    ['Bold Headline Over Wrapped Text\nBody starts here and goes on.', 'Bold Headline Over Wrapped Text'],
    ['VELMORA, April 3 – A dateline line is body.\n\nMore.', null],
    ['June 7, 2031, 4:05 PM\nAgent: singer cancels the tour', null],
    ['Updated Sunday, January 11, 2032 9:41 PM\nBody.', null],
    ['3/14/2031 @ 2: 37PM\nBody.', null],
    ['PUBLISHED MONDAY, JUNE 9, 2031 AT 10:14 AM/UPDATED AT 10:19 AM\nBody.', null],
    [`${'Very long line '.repeat(20)}\n\nBody.`, null],
  ];
  it.each(cases)('%j → %j', (text, title) => {
    const found = inferMeta(text);
    expect(found.title?.value ?? null).toBe(title);
    if (found.title) expect(text.slice(...found.title.span)).toBe(found.title.value);
  });
});

describe('applyInferredMeta', () => {
  const text = 'Dam Spillway Opened\n\nVALENCIA, March 3 (AP) — Engineers opened it. (ap/jr)';
  it('fills missing fields and marks them inferred', () => {
    const meta = applyInferredMeta({}, text);
    expect(meta.title).toBe('Dam Spillway Opened');
    expect(meta.dateline).toMatchObject({ place: 'VALENCIA', date: 'March 3' });
    expect(meta.credits).toEqual(['AP']);
    expect(meta.inferred).toEqual(['title', 'dateline', 'credits']);
  });
  it('never replaces given values', () => {
    const meta = applyInferredMeta({ title: 'Given title', credits: ['Reuters'], inferred: [] }, text);
    expect(meta.title).toBe('Given title');
    expect(meta.credits).toEqual(['Reuters', 'AP']);
    expect(meta.inferred).toEqual(['dateline', 'credits']);
  });
});

const bucha = new URL('../../../shared/corpora/bucha-2022/', import.meta.url);
describe.skipIf(!existsSync(bucha))('inferMeta on ../shared/corpora/bucha-2022 (skipped when absent)', () => {
  const read = (name: string) => readFileSync(new URL(name, bucha), 'utf8');
  it('finds the dateline and the sign-off of the wire story, and no false titles', () => {
    const wire = inferMeta(read('000_83335e98213ca495.txt'));
    expect(wire.dateline).toMatchObject({ place: 'KYIV', date: 'April 3', text: 'KYIV, April 3 –' });
    expect(wire.credits).toEqual(['AP']);
    for (const name of [
      '000_83335e98213ca495.txt',
      '001_70dce6a27d9212bb.txt',
      '002_345688e04b90da0e.txt',
      '003_ac53dc4e8258d6bf.txt',
    ]) {
      expect(inferMeta(read(name)).title).toBeNull();
    }
  });
  it('does not take "Associated Press (AP) journalists" in a paragraph as a credit', () => {
    expect(inferMeta(read('002_345688e04b90da0e.txt')).credits).toEqual([]);
  });
});

describe('inferMeta: byline', () => {
  it.each([
    ['Title Here\n\nBy Hassan Odhiambo, NewsPulse Africa\n\nBody.', 'Hassan Odhiambo'],
    ['By Ann Lee and Bo Park · 10 March 2031\n\nBody.', 'Ann Lee and Bo Park'],
    ['Title\n\nBy R. J. Mensah\nBody.', 'R. J. Mensah'],
    ['Title\n\nBy the river, people gathered.', null],
    ['Title\n\nOne.\n\nTwo.\n\nThree.\n\nFour.\n\nBy Late Name', null],
  ])('%j → %j', (text, byline) => {
    const found = inferMeta(text);
    expect(found.byline?.value ?? null).toBe(byline);
    if (found.byline) expect(text.slice(...found.byline.span)).toBe(found.byline.value);
  });
});

describe('inferMeta: headline, byline, then dateline', () => {
  it('finds the dateline after a byline line', () => {
    const text = 'Ferry Strands 40 In Fog\n\nBy Tomi Adeyemi-Hart\n\nLAGOS, Feb. 14 – A ferry drifted.';
    const found = inferMeta(text);
    expect(found.title?.value).toBe('Ferry Strands 40 In Fog');
    expect(found.byline?.value).toBe('Tomi Adeyemi-Hart');
    expect(found.dateline).toMatchObject({ place: 'LAGOS', date: 'Feb. 14' });
  });
  it('finds the dateline after a byline on the first line', () => {
    expect(inferMeta('By Ann Lee\n\nOSLO – Snow fell.').dateline?.place).toBe('OSLO');
  });
});

import { describe, expect, it } from 'vitest';
import { parseWireHeader, removeBoilerplate, stripControlCharacters } from './clean-text.js';
import { defaultLimits } from './limits.js';
import { readInput } from './readers/read-input.js';

/** Sentences of the kind a report is made of; no rule may remove any of them. */
const reportSentences = [
  'Police said the cyclist was struck from behind and taken to a clinic, where he died.',
  'Two women were wounded in the shooting on Elm Street late Saturday, officers said.',
  'Share prices of the company fell after the explosion at its plant.',
  'Photo by photo, the investigators rebuilt the last hour of the victim’s life.',
  'Images provided by the police show the suspect entering the store.',
  'Video shows the gunman walking into the bar shortly after midnight.',
  'Copyright lawyers for the family said they would appeal the ruling.',
  'Follow-up interviews with neighbours turned up no witnesses.',
  'Like many residents, she posted about the fire on Facebook.',
  'Police warned residents never to give their password or account number to callers.',
  '“We never got any alerts before the water came,” a resident said.',
  'The victim’s family asked anyone with information to email tips to the sheriff’s office.',
  'Tagged as a suspect early on, the man was later cleared.',
  'More than 20 people were displaced by the fire.',
  'Related charges were filed against the driver on Monday.',
  'Comments made by the mayor on Tuesday drew criticism from the council.',
  '“Sign up for the program if you need help,” the director told reporters.',
  'The newsletter of the tenants’ association had warned of the risk in March.',
  'Click here, click there: the suspect’s phone records showed hundreds of searches.',
  'You could hear the shots from three blocks away, one neighbour said.',
  'Trending upward for a decade, the number of shootings fell last year.',
  'Subscribers to the water utility were told to boil their water.',
  'Home owners on the block said they had asked for more patrols.',
  'The sheriff’s office said the investigation continues.',
  'A 2014 copyright dispute is not related to the case.',
  'He was charged with arson and remains in custody without bond.',
  'No arrests were made. Sign up for our newsletters to get the news in your inbox.',
  'An account was opened to cover the funeral costs. Anyone wishing to give can do so at any branch.',
  'The brothers opened a fund where you can give money for the burial.',
];

const clean = (text: string) => removeBoilerplate(text);

describe('boilerplate removal', () => {
  it.each(reportSentences)('never removes a report sentence: %s', (sentence) => {
    const text = `Title of the report\n\n${sentence}\n\nThe investigation continues.`;
    expect(clean(text).text).toBe(text);
    // Also when the sentence stands right after a related-story header.
    const afterHeader = `Body text.\n\nRelated\n\n${sentence}\n\nMore body.`;
    expect(clean(afterHeader).text).toContain(sentence);
  });

  it.each([
    ['navigation', 'Local | Crime | Courts | Schools', 'navigation'],
    ['menu of labels', 'Home | News | Sports | Weather', 'ui-labels'],
    ['share buttons', 'Facebook Twitter Email Print', 'ui-labels'],
    ['share bar with label', 'Share this: Facebook', 'ui-labels'],
    ['player labels', 'Hide Transcript Show Transcript', 'ui-labels'],
    ['tag list', 'Tagged: shooting, police, downtown', 'tag-list'],
    ['filed under', 'Filed under: Crime | Local', 'tag-list'],
    ['follow prompt', 'Stay informed, follow us on Twitter and Facebook', 'share-follow-prompt'],
    ['share prompt', 'Email this story', 'share-prompt'],
    ['photo credit', 'Photo credit: County sheriff', 'photo-credit'],
    ['cookie notice', 'We use cookies to improve your experience on our site.', 'cookie-notice'],
    ['subscribe notice', 'Sign up for our newsletter to get the news in your inbox.', 'account-notice'],
    ['paywall prompt', 'Already a subscriber?', 'account-prompt'],
    ['javascript notice', 'Please enable JavaScript to watch this video', 'javascript-notice'],
    ['copyright line', 'Copyright 2016 Example Broadcasting. All rights reserved.', 'copyright-line'],
    ['copyright symbol', '© 2015 Sample Media Group', 'copyright-line'],
    [
      'syndication notice',
      '(Source: Example Wire © 2031. All Rights Reserved. This article may not be reprinted.)',
      'rights-reserved',
    ],
    ['comment count', '14 Comments', 'comment-count'],
    ['comment prompt', 'Leave a comment', 'comment-prompt'],
    ['advertisement label', 'ADVERTISEMENT', 'advertising-label'],
    ['video running time', '2:31', 'media-duration'],
    ['inline related link', 'RELATED: Two hurt in overnight crash on the highway', 'related-link'],
    ['tip prompt', 'Report an error or submit a tip', 'tip-prompt'],
  ])('removes %s', (_kind, line, rule) => {
    const text = `A fire destroyed a barn on Sunday, officials said.\n\n${line}\n\nNo one was hurt.`;
    const result = clean(text);
    expect(result.text).toBe('A fire destroyed a barn on Sunday, officials said.\n\nNo one was hurt.');
    expect(result.changes).toHaveLength(1);
    expect(result.changes[0]).toMatchObject({ rule: `ingest/boilerplate/${rule}`, line: 3, removed: line });
  });

  it.each([
    [
      'an agency credit',
      'Firefighters spray water on the house.',
      ' (AP Photo/Ann Example)',
      'caption-credit-suffix',
    ],
    [
      'a credit after a lead',
      'Four cyclists were hurt in a collision on Elm Street, police said.',
      ' (Photo: Channel 9)',
      'caption-credit-suffix',
    ],
    [
      'a staff credit',
      'Officers stand near the tape on Main Street.',
      ' (Pat Sample/Staff)',
      'caption-staff-credit',
    ],
  ])('removes only %s after a caption, keeping its sentence', (_kind, sentence, credit, rule) => {
    const text = `Title\n\n${sentence}${credit}\n\nMore text.`;
    const result = clean(text);
    expect(result.text).toBe(`Title\n\n${sentence}\n\nMore text.`);
    expect(result.changes).toEqual([
      {
        rule: `ingest/boilerplate/${rule}`,
        reason: 'photo credit',
        line: 3,
        removed: credit.trim(),
        chars: credit.length,
      },
    ]);
  });

  it('removes the slideshow counter of a caption, and a caption repeated word for word', () => {
    const caption = 'Firefighters work at the scene on Sunday.';
    const text = `Title\n\nImage 1 of 3 ${caption}\n\nImage 2 of 3 ${caption}\n\nThe end.`;
    const result = clean(text);
    expect(result.text).toBe(`Title\n\n${caption}\n\nThe end.`);
    expect(result.changes).toMatchObject([
      { rule: 'ingest/boilerplate/gallery-caption', line: 3, removed: 'Image 1 of 3' },
      { rule: 'ingest/boilerplate/gallery-duplicate', line: 5 },
    ]);
  });

  it.each([
    ['a link to the story’s video', 'VIDEO: Two hurt in crash on the bypass'],
    ['a link to the story’s pictures', 'PHOTOS: Crowds gather at the vigil'],
  ])('keeps %s', (_name, line) => {
    const text = `Body.\n\n${line}\n\nMore body.`;
    expect(clean(text).text).toBe(text);
  });

  it('keeps the first line, the title, unless it is a menu', () => {
    const title = 'RELATED: Fire crews called to second blaze';
    expect(clean(`${title}\n\nBody of the report.`).text).toBe(`${title}\n\nBody of the report.`);
    expect(clean('Home | News | Sports\n\nBody of the report.').text).toBe('Body of the report.');
  });

  it('removes a related-story header with the headlines under it, and stops at the report', () => {
    const text = [
      'Three people were hurt in a crash on Friday, police said.',
      '',
      'More stories:',
      '',
      'Bridge closed for repairs next week',
      '',
      'Council approves new budget',
      '',
      'The driver was taken to a hospital.',
    ].join('\n');
    const result = clean(text);
    expect(result.text).toBe(
      'Three people were hurt in a crash on Friday, police said.\n\nThe driver was taken to a hospital.',
    );
    expect(result.changes.map((c) => c.line)).toEqual([3, 5, 7]);
    expect(new Set(result.changes.map((c) => c.reason))).toEqual(new Set(['related-story list']));
  });

  it('removes a teaser cut short when its full line is on the page', () => {
    const full = 'Flowers and candles were left at the door of the house where the family lived.';
    const text = `${full}\n\nFlowers and candles were left at the door of the house...\n\nThe end.`;
    const result = clean(text);
    expect(result.text).toBe(`${full}\n\nThe end.`);
    expect(result.changes[0]?.rule).toBe('ingest/boilerplate/truncated-duplicate');
    // Without the full line, an ellipsis is the writer's own.
    const alone = 'She paused and said she would wait and see...\n\nThe end.';
    expect(clean(alone).text).toBe(alone);
  });

  it('never removes a line of a sentence wrapped over several lines', () => {
    const text = [
      'The court heard that the accused had asked the bank to',
      'close his account and send your letters to the farm, the',
      'prosecutor said. Anybody who knows more can call or',
      'submit a tip online.',
    ].join('\n');
    expect(clean(text).text).toBe(text);
  });

  it('leaves a text that would be all boilerplate as it is', () => {
    const text = 'Facebook | Twitter | Email\n\nADVERTISEMENT';
    expect(clean(text)).toEqual({ text, changes: [] });
  });
});

describe('wire-copy headers', () => {
  it.each([
    [
      '14:35 12/07/99: Page 7 (QRT) COURTS Ledger',
      {
        time: '14:35',
        date: '12/07/99',
        isoDate: null,
        page: '7',
        code: 'QRT',
        desk: 'COURTS',
        slug: 'Ledger',
      },
    ],
    [
      '09:05 25/11/99: Page 1 (XYZ) SHOWBIZ Singer Tour',
      { date: '25/11/99', isoDate: '1999-11-25', desk: 'SHOWBIZ', slug: 'Singer Tour' },
    ],
    ['9:05 11/25/2001 Page 2 (AB1) SPORT', { isoDate: '2001-11-25', page: '2', slug: '' }],
  ])('reads %s', (line, parts) => {
    expect(parseWireHeader(line)).toMatchObject(parts);
  });

  it.each([
    ['a time in a sentence', '15:50 was the time the alarm rang, police said.'],
    ['a page reference', 'Page 7 of the report names the officers.'],
  ])('does not take %s for a header', (_name, line) => {
    expect(parseWireHeader(line)).toBeNull();
  });

  it('moves the header out of a plain-text report into metadata and the change list', () => {
    const text = '16:20 14/03/00: Page 1 (QRT) COURTS Barn\nFARMER CLEARED\nA farmer was cleared today.\n';
    const result = readInput(Buffer.from(text), { source: 'wire.txt', limits: defaultLimits });
    const [record] = result.records;
    expect(record?.text).toBe('FARMER CLEARED\nA farmer was cleared today.\n');
    expect(record?.meta).toMatchObject({ published: '2000-03-14', inferred: ['published'] });
    expect(record?.changes?.[0]).toMatchObject({
      rule: 'ingest/wire-header',
      line: 1,
      fields: { desk: 'COURTS', slug: 'Barn', page: '1', code: 'QRT' },
    });
  });

  it('keeps a header line in the middle of a text', () => {
    const text = 'A farmer was cleared.\n16:20 14/03/00: Page 1 (QRT) COURTS Barn\nMore text.';
    expect(clean(text).text).toBe(text);
  });
});

describe('control characters', () => {
  it.each([
    ['a bell', 'bell\u0007 rings', 'bell rings', 'U+0007'],
    ['a form feed between pages', 'end of page\fnext page', 'end of page\nnext page', 'U+000C'],
    ['C1 controls', 'a\u0085b\u0091c\u0091', 'abc', 'U+0085, U+0091 ×2'],
    ['escape sequences', 'red\u001b[31m text', 'red[31m text', 'U+001B'],
  ])('removes %s', (_name, text, out, listed) => {
    const result = stripControlCharacters(text);
    expect(result.text).toBe(out);
    expect(result.change).toMatchObject({ rule: 'ingest/control-characters', removed: listed });
  });

  it('keeps tabs and newlines and records nothing when there is nothing to remove', () => {
    expect(stripControlCharacters('a\tb\nc')).toEqual({ text: 'a\tb\nc', change: null });
  });

  it('cleans every format, e.g. JSON records, and lists the change on the record', () => {
    const json = JSON.stringify({ text: 'Water\u0007 rose.', title: 'Flood' });
    const [record] = readInput(Buffer.from(json), { source: 'a.json', limits: defaultLimits }).records;
    expect(record?.text).toBe('Water rose.');
    expect(record?.changes?.map((c) => c.rule)).toEqual(['ingest/control-characters']);
  });
});

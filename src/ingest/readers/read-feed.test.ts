import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLimits, resolveLimits } from '../limits.js';
import { outletFromFeedTitle, titleWithoutOutlet } from './outlet-name.js';
import { readFeed } from './read-feed.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const ctx = { source: 'feed.xml', limits: defaultLimits };
const xml = (s: string) => new TextEncoder().encode(s);

describe('readFeed', () => {
  it('reads RSS 2.0 items', () => {
    const result = readFeed(fixture('feed.rss'), ctx);
    expect(result.reader).toBe('rss');
    expect(result.records).toEqual([
      {
        recordKey: 'item 1',
        text: 'Rail workers in the fictional Tarn Valley ended a three-day strike on Saturday.\n\nTrains will run normally from Monday, the union & operator said.',
        meta: {
          title: 'Rail strike ends after talks',
          outlet: 'The Valley Bulletin',
          url: 'https://valley-bulletin.example/rail-strike',
          published: '2031-04-12T14:45:00Z',
          byline: 'Mara Lind',
          externalId: 'vb-2031-0412',
        },
        sourceUrl: 'https://valley-bulletin.example/rail-strike',
      },
      {
        recordKey: 'item 2',
        text: 'A bakery in Tarn won a regional prize for its rye bread.\n\nIt is the second win in "three" years.',
        meta: {
          title: 'Bakery wins regional prize & award',
          outlet: 'The Valley Bulletin',
          url: 'https://valley-bulletin.example/bakery',
          published: '2031-04-11T09:00:00Z',
          byline: 'Jon Perl',
        },
        sourceUrl: 'https://valley-bulletin.example/bakery',
      },
    ]);
    expect(result.diagnostics).toMatchObject([
      { rule: 'ingest/no-text', record: 'item 3', source: 'feed.xml' },
    ]);
  });

  it('reads Atom entries: html, text and xhtml content, alternate links, published or updated', () => {
    const result = readFeed(fixture('feed.atom'), ctx);
    expect(result.reader).toBe('atom');
    expect(result.records.map((r) => [r.text, r.meta.url, r.meta.published, r.meta.byline])).toEqual([
      [
        'The warning level for the fictional Brekke valley was raised to four.\n\nTwo roads are closed.',
        'https://nft.example/avalanche',
        '2031-01-05T07:00:00+01:00',
        'Siri Holm',
      ],
      [
        'Winter timetable starts on Monday & runs to March.',
        'https://nft.example/ferry',
        '2031-01-04T10:00:00Z',
        undefined,
      ],
      ['First paragraph.\n\nSecond & last.', undefined, '2031-01-03T10:00:00Z', undefined],
    ]);
    expect(result.records[0]?.meta.outlet).toBe('North Fjord Times');
  });

  it.each([
    [
      'entity declarations',
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x "boom">]><rss><channel><item><description>&x;</description></item></channel></rss>',
      'ingest/xml-entity-declaration',
    ],
    [
      'external entity',
      '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><item><description>&xxe;</description></item></channel></rss>',
      'ingest/xml-entity-declaration',
    ],
    [
      'deep nesting',
      `<rss><channel>${'<x>'.repeat(5000)}${'</x>'.repeat(5000)}</channel></rss>`,
      'ingest/too-deep',
    ],
    ['unknown root', '<?xml version="1.0"?><html><body/></html>', 'ingest/feed-unknown'],
  ])('rejects %s', (_, body, rule) => {
    const result = readFeed(xml(body), ctx);
    expect(result.records).toEqual([]);
    expect(result.diagnostics).toMatchObject([{ rule, source: 'feed.xml' }]);
  });

  it('keeps undeclared entities as written and decodes character references', () => {
    const result = readFeed(
      xml(
        '<rss><channel><title>T</title><item><title>A &#8211; B &copy;</title><description>x</description></item></channel></rss>',
      ),
      ctx,
    );
    expect(result.records[0]?.meta.title).toBe('A – B &copy;');
  });

  it('skips an item whose HTML is too deep and keeps the others', () => {
    const deep = `&lt;div&gt;`.repeat(50);
    const result = readFeed(
      xml(
        `<rss><channel><item><description>${deep}x</description></item><item><description>ok</description></item></channel></rss>`,
      ),
      { source: 'feed.xml', limits: resolveLimits({ maxDepth: 20 }) },
    );
    expect(result.records.map((r) => r.recordKey)).toEqual(['item 2']);
    expect(result.diagnostics).toMatchObject([{ rule: 'ingest/too-deep', record: 'item 1' }]);
  });

  it('stops at maxRecords', () => {
    const items = '<item><description>x</description></item>'.repeat(5);
    const result = readFeed(xml(`<rss><channel>${items}</channel></rss>`), {
      source: 'feed.xml',
      limits: resolveLimits({ maxRecords: 3 }),
    });
    expect(result.records).toHaveLength(3);
    expect(result.diagnostics[0]?.rule).toBe('ingest/too-many-records');
  });
});

describe('outletFromFeedTitle', () => {
  it.each([
    ['Lakeside Radio – News', 'Lakeside Radio'],
    ['Latest News | Harbour Times', 'Harbour Times'],
    ['Harbour Times: World', 'Harbour Times'],
    ['The Valley Bulletin', 'The Valley Bulletin'],
    ['Politics – Harbour Times', 'Politics – Harbour Times'],
  ])('%s → %s', (title, outlet) => {
    expect(outletFromFeedTitle(title)).toBe(outlet);
  });
  it('drops the outlet from a page title', () => {
    expect(titleWithoutOutlet('Ferry strands 40 | The Meridian Ledger', 'The Meridian Ledger')).toBe(
      'Ferry strands 40',
    );
    expect(titleWithoutOutlet('Ferry strands 40 | Other', 'The Meridian Ledger')).toBe(
      'Ferry strands 40 | Other',
    );
  });
});

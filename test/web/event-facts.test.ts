import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../src/core/types.js';
import { reportFixture } from '../../src/report/__fixtures__/report-data.js';
import { buildModel, fileName, type Source } from '../../web/src/data.js';
import { copiedShare, dateRange, placeLabel, relatedToEvent } from '../../web/src/facts.js';
import { independentGroups } from '../../web/src/views/event.js';

const source: Source = {
  mode: 'report',
  load: async () => reportFixture,
  page: async () => {
    throw new Error('not used');
  },
  ensureTexts: async () => undefined,
};
const model = buildModel(source, structuredClone(reportFixture));
const market = model.data.ledger.events.find((e) => e.mentions.some((m) => m.document === 'd5'));

describe('event facts', () => {
  it('groups the documents of an event by family when the ledger records no groups', () => {
    expect(market).toBeDefined();
    const { groups, recorded } = independentGroups(model, market as LedgerEvent);
    expect(recorded).toBe(false);
    const docs = [...new Set(market?.mentions.map((m) => m.document))].sort();
    expect(groups.flatMap((g) => g.documents).sort()).toEqual(docs);
    for (const g of groups) {
      const families = new Set(g.documents.map((d) => model.docs.get(d)?.family));
      expect(families.size).toBe(1);
      expect(g.why.length).toBeGreaterThan(10);
    }
  });

  it('uses the independent groups the ledger records, as they are', () => {
    const recordedGroups = [
      { documents: ['d1', 'd2'], why: 'd2 repeats d1 word for word' },
      { documents: ['d5'], why: 'shares no passage with the others' },
    ];
    const e = { ...(market as LedgerEvent), independent_groups: recordedGroups } as LedgerEvent;
    expect(independentGroups(model, e)).toEqual({ groups: recordedGroups, recorded: true });
  });

  it('finds the quotes and claims told next to an event, and not those of other events', () => {
    const { quotes, claims } = relatedToEvent(model, market as LedgerEvent);
    const docs = new Set(market?.mentions.map((m) => m.document));
    for (const x of [...quotes, ...claims]) expect(x.mentions.some((m) => docs.has(m.document))).toBe(true);
    const flood = model.data.ledger.events.find((e) => e.mentions.every((m) => m.document === 'd7'));
    if (flood) {
      const other = relatedToEvent(model, flood);
      for (const x of [...other.quotes, ...other.claims])
        expect(x.mentions.some((m) => m.document === 'd7')).toBe(true);
    }
  });

  it.each<[string, LedgerEvent['date'], string]>([
    ['a day', { start: '2024-05-04', end: '2024-05-04', precision: 'day' }, '2024-05-04'],
    ['a week', { start: '2024-04-29', end: '2024-05-05', precision: 'week' }, 'week of 2024-04-29'],
    ['a month', { start: '2024-05-01', end: '2024-05-31', precision: 'month' }, '2024-05'],
    [
      'a span of days',
      { start: '2024-05-01', end: '2024-05-03', precision: 'day' },
      '2024-05-01 – 2024-05-03',
    ],
    ['no date', null, 'date unknown'],
  ])('writes %s plainly', (_, date, expected) => {
    expect(dateRange(date)).toBe(expected);
  });

  it('names a place with its region and country once, and its precision in words', () => {
    expect(
      placeLabel({
        name: 'Lakeside',
        admin1: 'Lakeside',
        country: 'Freedonia',
        lat: 1,
        lon: 2,
        precision: 'near',
      }),
    ).toEqual({ name: 'Lakeside, Freedonia', precision: 'near a town' });
    expect(placeLabel(null).name).toBe('place unknown');
  });

  it('measures the share copied only on the copying side of a directed pair', () => {
    const pair = {
      a: 'x',
      b: 'y',
      relation: 'verbatim' as const,
      shared_a: 0.9,
      shared_b: 0.4,
      direction: 'a>b' as const,
      reason: 'earlier',
      passages: [],
    };
    expect(copiedShare([pair], 'x')).toBe(0);
    expect(copiedShare([pair], 'y')).toBe(0.4);
    expect(copiedShare([{ ...pair, direction: 'unknown' }], 'x')).toBe(0.9);
  });

  it.each([
    ['/home/someone/corpus/report-1.txt', 'report-1.txt'],
    ['C:\\data\\wire.html', 'wire.html'],
    ['https://example.org/news/story/', 'story'],
    ['plain.md', 'plain.md'],
  ])('shows %s as the file name %s', (path, name) => {
    expect(fileName(path)).toBe(name);
  });
});

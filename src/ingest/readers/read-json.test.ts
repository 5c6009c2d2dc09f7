import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLimits, resolveLimits } from '../limits.js';
import { jsonDepth } from './json-depth.js';
import { readJson } from './read-json.js';
import { readJsonl } from './read-jsonl.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const ctx = { source: 'in.jsonl', limits: defaultLimits };
const bytes = (s: string) => new TextEncoder().encode(s);

describe('readJsonl', () => {
  const result = readJsonl(fixture('reports.jsonl'), ctx);

  it('reads each good line as a record keyed by its line number', () => {
    expect(result.records.map((r) => r.recordKey)).toEqual(['line 1', 'line 2', 'line 6']);
    expect(result.records[0]?.meta).toEqual({
      title: 'Bridge closed for inspection',
      url: 'https://tidewater.example/bridge',
      published: '2031-05-01',
      outlet: 'Tidewater Post',
      byline: 'R. Mensah',
      externalId: 'tl-001',
      series: 'tidewater-post',
    });
    expect(result.records[0]?.text).toBe(
      'The fictional Kell Bridge was closed on Thursday for a safety inspection.\n\nTraffic was diverted through the harbour tunnel.',
    );
    expect(result.records[1]?.meta).toMatchObject({
      outlet: 'Northfield Courier',
      byline: 'A. Diaz, B. Roe',
      published: '2031-05-02T08:00:00Z',
    });
  });

  it('reports each bad line by number', () => {
    expect(result.diagnostics.map((d) => [d.rule, d.record])).toEqual([
      ['ingest/json-malformed', 'line 3'],
      ['ingest/no-text', 'line 4'],
      ['ingest/unparsed-date', 'line 6'],
    ]);
  });

  it.each([
    [
      'invalid UTF-8 in one line',
      Uint8Array.from([...bytes('{"text":"ok"}\n{"text":"bad '), 0xff, ...bytes('"}\n{"text":"ok too"}')]),
      'ingest/invalid-utf8',
      'line 2',
    ],
    [
      'a line that is not an object',
      bytes('{"text":"ok"}\n[1,2]\n{"text":"ok too"}'),
      'ingest/json-not-object',
      'line 2',
    ],
    [
      'a deep line',
      bytes(`{"text":"ok"}\n${'['.repeat(600)}${']'.repeat(600)}\n{"text":"ok too"}`),
      'ingest/too-deep',
      'line 2',
    ],
    [
      'CRLF line ends',
      bytes('{"text":"ok"}\r\n{"text":"a\\r\\nb"\r\n{"text":"ok too"}\r\n'),
      'ingest/json-malformed',
      'line 2',
    ],
  ])('%s → %s at %s, the others go through', (_, input, rule, record) => {
    const r = readJsonl(input, ctx);
    expect(r.records.map((x) => x.text)).toEqual(['ok', 'ok too']);
    expect(r.diagnostics).toMatchObject([{ rule, record, source: 'in.jsonl' }]);
  });

  it('reads passim-style records and html fields', () => {
    const r = readJsonl(
      bytes(
        '{"id":"p1","series":"gazette","date":"1871-03-04","text":"Passim text."}\n{"html":"<p>From <b>HTML</b>.</p>","title":"Given"}',
      ),
      ctx,
    );
    expect(
      r.records.map((x) => [x.text, x.meta.externalId, x.meta.series, x.meta.published, x.meta.title]),
    ).toEqual([
      ['Passim text.', 'p1', 'gazette', '1871-03-04', undefined],
      ['From HTML.', undefined, undefined, undefined, 'Given'],
    ]);
  });

  it('stops at maxRecords', () => {
    const r = readJsonl(bytes('{"text":"a"}\n{"text":"b"}\n{"text":"c"}\n'), {
      source: 'in.jsonl',
      limits: resolveLimits({ maxRecords: 2 }),
    });
    expect(r.records).toHaveLength(2);
    expect(r.diagnostics[0]?.rule).toBe('ingest/too-many-records');
  });
});

describe('readJson', () => {
  it.each([
    ['one object', '{"title":"T","text":"One."}', ['One.'], ['']],
    ['an array', '[{"text":"A."},{"body":"B."}]', ['A.', 'B.'], ['item 1', 'item 2']],
    ['an object with items', '{"items":[{"text":"A."}]}', ['A.'], ['item 1']],
  ])('%s', (_, input, texts, keys) => {
    const r = readJson(bytes(input), { source: 'in.json', limits: defaultLimits });
    expect(r.records.map((x) => x.text)).toEqual(texts);
    expect(r.records.map((x) => x.recordKey)).toEqual(keys);
  });

  it('reports bad elements of an array and reads the rest', () => {
    const r = readJson(fixture('reports.json'), { source: 'reports.json', limits: defaultLimits });
    expect(r.records).toHaveLength(2);
    expect(r.records[1]?.meta).toMatchObject({
      title: 'Power restored',
      outlet: 'Coastline Daily',
      published: '2031-09-11T18:00:00+02:00',
    });
    expect(r.diagnostics).toMatchObject([
      { rule: 'ingest/json-not-object', record: 'item 3', source: 'reports.json' },
    ]);
  });

  it('reads JSON Lines saved as .json', () => {
    const r = readJson(bytes('{"text":"A."}\n{"text":"B."}\n'), { source: 'in.json', limits: defaultLimits });
    expect(r.reader).toBe('jsonl');
    expect(r.records.map((x) => [x.recordKey, x.text])).toEqual([
      ['line 1', 'A.'],
      ['line 2', 'B.'],
    ]);
    expect(r.diagnostics).toMatchObject([
      { rule: 'ingest/json-lines-in-json', severity: 'info', source: 'in.json' },
    ]);
  });

  it('reports malformed JSON', () => {
    const r = readJson(bytes('{"text": "unterminated'), { source: 'in.json', limits: defaultLimits });
    expect(r.diagnostics).toMatchObject([{ rule: 'ingest/json-malformed', source: 'in.json' }]);
  });
});

describe('jsonDepth', () => {
  it.each([
    ['{"a":"[[[\\"[[","b":[[1]]}', 3],
    ['"\\\\"', 0],
    ['[{"x":"\\\\\\"]"}]', 2],
    ['[[[', 3],
    ['{"a":"unterminated [[[', 1],
  ])('%s → %i', (text, depth) => {
    expect(jsonDepth(text, 100)).toBe(depth);
  });
  it('stops counting past the limit', () => {
    expect(jsonDepth('['.repeat(1000), 10)).toBe(11);
  });
});

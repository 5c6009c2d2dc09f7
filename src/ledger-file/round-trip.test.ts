import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Family,
  Ledger,
  LedgerClaim,
  LedgerDocument,
  LedgerEvent,
  LedgerQuote,
  Mention,
  Range,
  ReusePair,
} from '../core/types.js';
import { compareLedgerClaims } from '../merge/group-claims.js';
import { compareLedgerQuotes } from '../merge/group-quotes.js';
import { toLedgerJson } from './canonical.js';
import { ledgerJsonChunks } from './json-text.js';
import { parseLedger } from './read.js';
import { LEDGER_SECTIONS } from './sections.js';
import { writeLedgerFile } from './write-file.js';

/**
 * Round trips of the ledger file (docs/ledger-file.md) under fast-check with a fixed seed:
 * whatever the ledger, write → read → write gives the same bytes, through every writer and both
 * ways of reading.
 */

const SEED = 20261202;
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

// Text of any Unicode code point, quotes, backslashes and line breaks included (JSON escapes them).
const text = fc.string({ unit: 'binary', maxLength: 40 });
const shortText = fc.string({ unit: 'grapheme', maxLength: 12 });
const id = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const count = fc.nat({ max: 1000 });
const number = fc.double({ noNaN: true, noDefaultInfinity: true });
const span = fc.tuple(fc.nat({ max: 5000 }), fc.nat({ max: 5000 }));
const ids = fc.array(id, { maxLength: 4 });

const mention: fc.Arbitrary<Mention> = fc.record({ document: id, span, text });
const range: fc.Arbitrary<Range> = fc.record({ low: maybe(count), best: maybe(count), high: maybe(count) });

const document: fc.Arbitrary<LedgerDocument> = fc.record({
  id,
  sha256: fc.stringMatching(/^[0-9a-f]{64}$/),
  source: text,
  url: maybe(text),
  outlet: maybe(shortText),
  title: maybe(text),
  published: maybe(fc.constantFrom('2024-05-01', '2024-05-01T10:00:00Z')),
  family: maybe(id),
});

const family: fc.Arbitrary<Family> = fc.record({ id, documents: ids, origin: maybe(id) });

const pair: fc.Arbitrary<ReusePair> = fc.record({
  a: id,
  b: id,
  relation: fc.constantFrom('duplicate', 'verbatim', 'paraphrase', 'mixed'),
  shared_a: number,
  shared_b: number,
  direction: fc.constantFrom('a>b', 'b>a', 'unknown'),
  reason: text,
  passages: fc.array(
    fc.record({ a: span, b: span, kind: fc.constantFrom('verbatim', 'paraphrase'), score: number }),
    { maxLength: 3 },
  ),
});

const event: fc.Arbitrary<LedgerEvent> = fc.record(
  {
    id,
    type: fc.constantFrom('Battles', 'Violence against civilians'),
    subtype: shortText,
    date: maybe(
      fc.record(
        {
          start: fc.constantFrom('2024-05-01', '2024-05-02'),
          end: fc.constantFrom('2024-05-02', '2024-05-03'),
          precision: fc.constantFrom('day', 'week', 'month', 'year'),
          reason: text,
        },
        { requiredKeys: ['start', 'end', 'precision'] },
      ),
    ),
    place: maybe(
      fc.record(
        {
          name: shortText,
          admin1: maybe(shortText),
          country: maybe(shortText),
          lat: maybe(number),
          lon: maybe(number),
          precision: fc.constantFrom('exact', 'town', 'near', 'region', 'country'),
          reason: text,
        },
        { requiredKeys: ['name', 'admin1', 'country', 'lat', 'lon', 'precision'] },
      ),
    ),
    actors: fc.array(fc.record({ role: fc.constantFrom('perpetrator', 'victim', 'other'), name: text }), {
      maxLength: 3,
    }),
    killed: maybe(range),
    injured: maybe(range),
    summary: text,
    mentions: fc.array(mention, { maxLength: 3 }),
    sources: count,
    independent_sources: count,
    independent_groups: fc.array(
      fc.oneof(
        fc.record({ documents: ids, why: fc.constantFrom('own' as const, 'reused' as const) }),
        fc.record({ documents: ids, why: fc.constant('credited' as const), credit: shortText }),
      ),
      { maxLength: 2 },
    ),
    origins: ids,
    conflicts: fc.array(
      fc.record({
        field: shortText,
        values: fc.array(fc.record({ value: fc.oneof(count, shortText), documents: ids }), { maxLength: 2 }),
      }),
      { maxLength: 2 },
    ),
  },
  {
    requiredKeys: [
      'id',
      'type',
      'subtype',
      'date',
      'place',
      'actors',
      'killed',
      'injured',
      'summary',
      'mentions',
      'sources',
      'independent_sources',
      'origins',
      'conflicts',
    ],
  },
) as fc.Arbitrary<LedgerEvent>;

const quote: fc.Arbitrary<LedgerQuote> = fc.record({
  id,
  speaker: maybe(text),
  speaker_role: maybe(shortText),
  kind: fc.constantFrom('direct', 'indirect', 'mixed'),
  text,
  mentions: fc.array(mention, { maxLength: 3 }),
  variants: fc.array(
    fc.record({
      text,
      documents: ids,
      change: fc.constantFrom('identical', 'truncation', 'extension', 'substitution'),
      flag: maybe(shortText),
    }),
    { maxLength: 2 },
  ),
  sources: count,
  independent_sources: count,
});

const claim: fc.Arbitrary<LedgerClaim> = fc.record(
  {
    id,
    claimant: maybe(text),
    stance: fc.constantFrom('affirm', 'deny', 'hedge', 'report'),
    text,
    answers: maybe(id),
    mentions: fc.array(mention, { maxLength: 3 }),
    sources: count,
    independent_sources: count,
  },
  { requiredKeys: ['id', 'claimant', 'stance', 'text', 'answers', 'mentions'] },
);

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A ledger as the merge gives it: unique keys, each section in the merge's order. */
const ledger: fc.Arbitrary<Ledger> = fc
  .record({
    documents: fc.uniqueArray(document, { selector: (d) => d.id, maxLength: 6 }),
    families: fc.uniqueArray(family, { selector: (f) => f.id, maxLength: 4 }),
    reuse: fc.uniqueArray(pair, { selector: (p) => `${p.a}\u0000${p.b}`, maxLength: 4 }),
    events: fc.uniqueArray(event, { selector: (e) => e.id, maxLength: 5 }),
    quotes: fc.uniqueArray(quote, { selector: (q) => q.id, maxLength: 4 }),
    claims: fc.uniqueArray(claim, { selector: (c) => c.id, maxLength: 4 }),
    custody: fc.record({ entries: count, head: fc.stringMatching(/^[0-9a-f]{64}$/) }),
  })
  .map((l) => ({
    schema: 'corroborate.ledger/1' as const,
    documents: l.documents.sort((a, b) => compare(a.id, b.id)),
    families: l.families.sort((a, b) => compare(a.id, b.id)),
    reuse: l.reuse.sort((x, y) => compare(x.a, y.a) || compare(x.b, y.b)),
    events: l.events.sort(
      (a, b) =>
        b.independent_sources - a.independent_sources ||
        b.sources - a.sources ||
        compare(a.date?.start ?? '9999', b.date?.start ?? '9999') ||
        compare(a.id, b.id),
    ),
    quotes: l.quotes.sort(compareLedgerQuotes),
    claims: l.claims.sort(compareLedgerClaims),
    custody: l.custody,
  }));

describe('the ledger file under fast-check (seed 20261202)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-ledger-file-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('read → write gives the same bytes, read whole or item by item', () => {
    fc.assert(
      fc.property(ledger, (l) => {
        const json = toLedgerJson(l);
        const bytes = Buffer.from(json, 'utf8');
        expect(toLedgerJson(parseLedger(bytes))).toBe(json);
        // A limit of 0 bytes parses every ledger piece by piece, as a large store's is.
        expect(toLedgerJson(parseLedger(bytes, 0))).toBe(json);
        expect(parseLedger(bytes, 0)).toEqual(JSON.parse(json));
      }),
      runs(120),
    );
  });

  it('the chunked text is the whole text, whatever the chunk size', () => {
    fc.assert(
      fc.property(ledger, fc.integer({ min: 1, max: 5 }), (l, perChunk) => {
        expect([...ledgerJsonChunks(l, perChunk)].join('')).toBe(toLedgerJson(l));
      }),
      runs(120),
    );
  });

  it('write → read → write: the incremental writer copies every item and gives the same file', () => {
    let run = 0;
    fc.assert(
      fc.property(ledger, fc.boolean(), (l, compared) => {
        const folder = path.join(dir, String(run++));
        fs.mkdirSync(folder);
        const first = writeLedgerFile({
          folder,
          previous: null,
          base: l,
          changes: null,
          all: () => l,
          out: null,
        });
        const file = path.join(folder, first.name);
        const written = fs.readFileSync(file);
        expect(written.toString('utf8')).toBe(toLedgerJson(l));
        expect(first.serialised).toBe(LEDGER_SECTIONS.reduce((n, s) => n + l[s].length, 0));

        // Read back, then written again from the file just read: no item changed, so every item
        // is copied from the previous file (the input sections compared by their digests when
        // `compared`, else listed as unchanged).
        const read = parseLedger(written, 0);
        const none = () => new Map<string, never>();
        const second = writeLedgerFile({
          folder,
          previous: file,
          base: read,
          changes: compared
            ? { events: none(), quotes: none(), claims: none() }
            : {
                events: none(),
                quotes: none(),
                claims: none(),
                documents: none(),
                families: none(),
                reuse: none(),
              },
          all: () => read,
          out: path.join(folder, 'ledger.json'),
        });
        expect(second.serialised).toBe(0);
        expect(second.sha256).toBe(first.sha256);
        expect(fs.readFileSync(path.join(folder, 'ledger.json')).equals(written)).toBe(true);
        fs.rmSync(folder, { recursive: true });
      }),
      runs(40),
    );
  });
});

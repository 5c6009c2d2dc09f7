import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze/index.js';
import type { Ledger, LedgerEvent, LedgerQuote } from '../../src/core/types.js';
import { normaliseText } from '../../src/merge/words.js';
import { openStore } from '../../src/store/open-store.js';

/**
 * Golden test: the example corpus' full expected ledger (examples/expected.json, written by hand
 * from the fictional reports). Each expectation is one test. Those the pipeline does not meet yet
 * are `it.fails` with the reason; when one starts to pass, vitest reports it so that the marker
 * is removed.
 */

interface ExpectedDoc {
  key: string;
  file: string;
  url: string | null;
}
interface ExpectedValue {
  value: number;
  documents: string[];
}
interface ExpectedEvent {
  id: string;
  type: string;
  subtype: string;
  date: { start: string; end: string; precision: string };
  place: { name: string; precision: string };
  killed: { low: number; best: number; high: number } | null;
  injured: { low: number; best: number; high: number } | null;
  conflicts: { field: string; values: ExpectedValue[] }[];
  mentions: { document: string; text: string }[];
  sources: number;
  independent_sources: number;
}
interface ExpectedQuote {
  id: string;
  speaker: string;
  kind: 'direct' | 'indirect' | 'mixed';
  text: string;
  sources: number;
  independent_sources: number;
  variants?: { text: string; documents: string[]; change: string; flag: boolean }[];
  documents?: string[];
}
interface ExpectedClaim {
  id: string;
  stance: string;
  answers: string | null;
  sources: number;
  independent_sources: number;
  mentions?: { document: string; text: string }[];
}
interface Expected {
  documents: ExpectedDoc[];
  families: { id: string; documents: string[]; origin: string | null }[];
  not_in_any_family_with_others: string[];
  events: ExpectedEvent[];
  quotes: ExpectedQuote[];
  claims: ExpectedClaim[];
}

const expected = JSON.parse(fs.readFileSync('examples/expected.json', 'utf8')) as Expected;

/**
 * What the ledger does not match yet, and why. Each entry turns its test into `it.fails`; remove
 * the entry when the test starts passing.
 */
const KNOWN_GAPS: Record<string, string> = {};
const check = (name: string, fn: () => void) => (KNOWN_GAPS[name] ? it.fails : it)(name, fn);

describe('example corpus golden ledger (examples/expected.json)', () => {
  let dir: string;
  let ledger: Ledger;
  const idOf = new Map<string, string>();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-golden-'));
    const store = openStore(path.join(dir, 'store'));
    try {
      ledger = (await analyze(store, ['examples/corpus'], { manifest: 'examples/corpus/manifest.jsonl' }))
        .ledger;
    } finally {
      store.close();
    }
    for (const d of expected.documents) {
      const found =
        ledger.documents.find((x) => d.url && x.url === d.url) ??
        ledger.documents.find((x) => !d.key.includes('#') && x.source.endsWith(d.file));
      if (found) idOf.set(d.key, found.id);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const ids = (keys: string[]) => keys.map((k) => idOf.get(k) ?? `missing:${k}`).sort();
  const eventFor = (x: ExpectedEvent): LedgerEvent | undefined =>
    ledger.events
      .filter(
        (e) =>
          e.place?.name === x.place.name &&
          e.type === x.type &&
          (e.killed?.best ?? null) === (x.killed?.best ?? null),
      )
      .sort((a, b) => b.sources - a.sources)[0];
  const quoteFor = (x: ExpectedQuote): LedgerQuote | undefined =>
    ledger.quotes.find((q) => q.variants.some((v) => normaliseText(v.text) === normaliseText(x.text)));

  it('stores every document of the corpus', () => {
    expect([...idOf.keys()].sort()).toEqual(expected.documents.map((d) => d.key).sort());
  });

  it('groups the wire and its copies, rewrite and splice into one family; the others stand alone', () => {
    for (const f of expected.families) {
      const family = ledger.families.find((x) =>
        x.documents.includes(idOf.get(f.documents[0] as string) ?? ''),
      );
      expect(family?.documents.slice().sort()).toEqual(ids(f.documents));
      expect(family?.origin).toBe(f.origin ? idOf.get(f.origin) : null);
    }
    for (const key of expected.not_in_any_family_with_others) {
      const family = ledger.families.find((x) => x.documents.includes(idOf.get(key) ?? ''));
      expect(family === undefined || family.documents.length === 1).toBe(true);
    }
  });

  for (const x of expected.events) {
    describe(`event ${x.id}`, () => {
      check(`event ${x.id} is one event with its type, date and place`, () => {
        const e = eventFor(x);
        expect(e?.subtype).toBe(x.subtype);
        // The expected date, and a reason for it in words.
        const { reason, ...date } = e?.date ?? { reason: undefined };
        expect(e?.date ? date : e?.date).toEqual(x.date);
        if (e?.date) expect(reason).toMatch(/\w/);
        expect(e?.place?.precision).toBe(x.place.precision);
      });
      check(`event ${x.id} has the expected figures and conflicts`, () => {
        const e = eventFor(x);
        expect(e?.killed ?? null).toEqual(x.killed);
        expect(e?.injured ?? null).toEqual(x.injured);
        const conflicts = x.conflicts.map((c) => ({
          field: c.field,
          values: c.values.map((v) => ({ value: v.value, documents: ids(v.documents) })),
        }));
        expect(e?.conflicts).toEqual(conflicts);
      });
      check(`event ${x.id} has the expected documents and independent sources`, () => {
        const e = eventFor(x);
        expect([...new Set(e?.mentions.map((m) => m.document))].sort()).toEqual(
          ids([...new Set(x.mentions.map((m) => m.document))]),
        );
        expect(e?.sources).toBe(x.sources);
        expect(e?.independent_sources).toBe(x.independent_sources);
      });
    });
  }

  check('summarises every event by words that read on their own, not a clause fragment', () => {
    for (const e of ledger.events) expect(e.summary).toMatch(/^["“‘'(]?[\p{Lu}\d]/u);
  });

  check('carries a casualty figure only on the expected events', () => {
    expect(ledger.events.filter((e) => e.killed || e.injured).length).toBe(expected.events.length);
  });

  for (const x of expected.quotes) {
    it(`quote ${x.id}: speaker, kind, variants, changes, flags and sources`, () => {
      const q = quoteFor(x);
      expect(q?.speaker).toBe(x.speaker);
      expect(q?.kind).toBe(x.kind);
      expect(q?.sources).toBe(x.sources);
      expect(q?.independent_sources).toBe(x.independent_sources);
      for (const v of x.variants ?? []) {
        const got = q?.variants.find((y) => normaliseText(y.text) === normaliseText(v.text));
        expect(got?.documents).toEqual(ids(v.documents));
        expect(got?.change).toBe(v.change);
        expect(got?.flag !== null && got?.flag !== undefined).toBe(v.flag);
      }
    });
  }

  check('links each denial to the accusation it answers, and the accusation to the shelling', () => {
    const byId = new Map(ledger.claims.map((c) => [c.id, c]));
    const shelling = eventFor(expected.events[0] as ExpectedEvent);
    const denials = ledger.claims.filter((c) => c.stance === 'deny');
    expect(denials.length).toBeGreaterThanOrEqual(expected.claims.filter((c) => c.stance === 'deny').length);
    for (const d of denials) {
      const accusation = d.answers ? byId.get(d.answers) : undefined;
      expect(accusation?.stance).toBe('affirm');
      expect(accusation?.answers).toBe(shelling?.id);
    }
  });
});

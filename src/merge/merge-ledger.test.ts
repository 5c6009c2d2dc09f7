import { describe, expect, it } from 'vitest';
import type {
  DateMention,
  DocumentExtraction,
  IncidentMention,
  PlaceMention,
  ReportPerson,
  ReusePair,
  StoredDocument,
} from '../core/types.js';
import { doc, extraction, incident, qty, quote, region, town, verbatim } from './__fixtures__/records.js';
import { buildLedger, mergeLedger } from './build-ledger.js';
import { memoryMergeState } from './merge-state.js';

const custody = { entries: 3, head: 'abc' };

/** A place named in the text itself (the fixtures' places are otherwise filled in, not stated). */
function named(d: StoredDocument, text: string, place: PlaceMention): PlaceMention {
  const start = d.text.indexOf(text);
  return { ...place, span: [start, start + text.length], text };
}

function runOf(
  docs: StoredDocument[],
  extractions: DocumentExtraction[],
  pairs: ReusePair[] = [],
  families: { id: string; documents: string[]; origin: string | null }[] = [],
) {
  const byId = new Map(extractions.map((x) => [x.documentId, x]));
  return {
    version: 'test',
    documents: docs,
    reuse: { pairs, families },
    extracted: new Set(byId.keys()),
    extractions: (ids: readonly string[]) => ids.map((id) => byId.get(id) as DocumentExtraction),
    texts: (ids: readonly string[]) => ids.map((id) => docs.find((d) => d.id === id) as StoredDocument),
    custody,
  };
}

describe('second pass', () => {
  it('joins a later report to the incident whose people both reports name outside their counted clauses', () => {
    const a = doc('a', 'Two men were shot dead in Rivertown on Tuesday. Body text.', '2024-05-01');
    const b = doc('b', 'A man was charged on Monday in a killing in Rivertown. Body text.', '2024-09-10');
    const person = (ages: number[]) => [{ name: 'dana whitlock', ages }];
    const shot = (people: ReportPerson[], also: IncidentMention[] = []) =>
      extraction(a, {
        incidents: [
          incident(a, 1, 'Two men were shot dead in Rivertown on Tuesday', {
            kind: 'shooting',
            killed: qty(2),
            place: town('Rivertown'),
            date: '2024-04-30',
          }),
          ...also,
        ],
        people,
      });
    const charge = (people: ReportPerson[]) =>
      extraction(b, {
        incidents: [
          incident(b, 1, 'A man was charged on Monday in a killing in Rivertown', {
            kind: 'arrest',
            place: town('Rivertown'),
            date: '2024-09-09',
          }),
        ],
        people,
      });
    const eventsOf = (x: DocumentExtraction[]) =>
      mergeLedger(memoryMergeState(), runOf([a, b], x)).ledger.events.map((e) =>
        [...new Set(e.mentions.map((m) => m.document))].sort(),
      );
    expect(eventsOf([shot(person([34])), charge(person([]))])).toEqual([['a', 'b']]);
    expect(eventsOf([shot(person([34])), charge([])])).toHaveLength(2);
    // Two ages: two people of one name.
    expect(eventsOf([shot(person([34])), charge(person([60]))])).toHaveLength(2);
    // A report counting dead in two towns names the people of both: it gives its events none.
    const other = incident(a, 2, 'Body text', { kind: 'shooting', killed: qty(1), place: town('Hillview') });
    const split = eventsOf([shot(person([34]), [other]), charge(person([]))]);
    expect(split.some((docs) => docs.includes('a') && docs.includes('b'))).toBe(false);
  });

  it('joins a fragment of back-references to the event its report describes', () => {
    const a = doc(
      'a',
      'Shelling killed 7 people in Ashford on Tuesday. The market was crowded at the time. Officials accused the rebels of firing the shells from the hills.',
    );
    const b = doc('b', 'Seven people were killed by shelling in Ashford on Tuesday, officials said.');
    const x = [
      extraction(a, {
        incidents: [
          incident(a, 1, 'Shelling killed 7 people in Ashford on Tuesday', {
            killed: qty(7),
            place: named(a, 'Ashford', town('Ashford')),
          }),
          incident(a, 2, 'Officials accused the rebels of firing the shells from the hills', { date: null }),
        ],
      }),
      extraction(b, {
        incidents: [
          incident(b, 1, 'Seven people were killed by shelling in Ashford on Tuesday', {
            killed: qty(7),
            place: named(b, 'Ashford', town('Ashford')),
          }),
        ],
      }),
    ];
    const ledger = buildLedger({
      documents: [a, b],
      reuse: { pairs: [], families: [] },
      extractions: x,
      custody,
    });
    expect(ledger.events).toHaveLength(1);
    expect(ledger.events[0]?.mentions).toHaveLength(3);
    expect(ledger.events[0]?.killed).toEqual({ low: 7, best: 7, high: 7 });
  });

  it('joins a headline standing alone to the event its own body reports', () => {
    const h = doc(
      'h',
      'Shelling in North Region leaves 7 dead\nShelling killed 7 people in Ashford on Tuesday.',
    );
    const x = [
      extraction(h, {
        incidents: [
          incident(h, 1, 'Shelling in North Region leaves 7 dead', {
            killed: qty(7),
            date: null,
            place: named(h, 'North Region', region('North Region')),
          }),
          incident(h, 2, 'Shelling killed 7 people in Ashford on Tuesday', {
            killed: qty(7),
            place: named(h, 'Ashford', town('Ashford')),
          }),
        ],
      }),
    ];
    const ledger = buildLedger({
      documents: [h],
      reuse: { pairs: [], families: [] },
      extractions: x,
      custody,
    });
    expect(ledger.events).toHaveLength(1);
    expect(ledger.events[0]?.place?.name).toBe('Ashford');
    expect(ledger.events[0]?.independent_sources).toBe(1);
  });
});

describe('second pass: a headline whose body tells no event', () => {
  it('joins the event of another report of its incident, a day apart as reports date it', () => {
    const a = doc(
      'a',
      'Seven people were killed by shelling in Ashford on Tuesday. Seven people died in Ashford, officials said.',
    );
    const h = doc('h', 'Shelling kills 7 in Ashford on Wednesday\nResidents gathered at the town hall.');
    const implied = (m: IncidentMention): IncidentMention => ({
      ...m,
      date: { ...(m.date as DateMention), span: [0, 0], text: '', start: '2024-05-02', end: '2024-05-02' },
    });
    const x = [
      extraction(a, {
        incidents: [
          incident(a, 1, 'Seven people were killed by shelling in Ashford on Tuesday', {
            killed: qty(7),
            place: named(a, 'Ashford', town('Ashford')),
          }),
          implied(
            incident(a, 2, 'Seven people died in Ashford', {
              killed: qty(7),
              place: named(a, 'Ashford', town('Ashford')),
            }),
          ),
        ],
      }),
      extraction(h, {
        incidents: [
          incident(h, 1, 'Shelling kills 7 in Ashford on Wednesday', {
            killed: qty(7),
            date: '2024-05-02',
            place: named(h, 'Ashford', town('Ashford')),
          }),
        ],
      }),
    ];
    const ledger = buildLedger({
      documents: [a, h],
      reuse: { pairs: [], families: [] },
      extractions: x,
      custody,
    });
    expect(ledger.events).toHaveLength(1);
    expect(new Set(ledger.events[0]?.mentions.map((m) => m.document))).toEqual(new Set(['a', 'h']));
  });
});

describe('incremental merge', () => {
  const wire = doc(
    'w',
    'Shelling killed 7 people in Ashford, the governor said. "We will rebuild," Mayor Lee said.',
  );
  const copy = doc(
    'p',
    'Local intro line. Shelling killed 7 people in Ashford, the governor said. "We will rebuild," Mayor Lee said.',
  );
  const own = doc(
    'o',
    'Our reporter saw shelling kill seven people in Ashford. "We will rebuild," Mayor Lee said.',
  );
  const ext = (d: StoredDocument, clause: string) =>
    extraction(d, {
      incidents: [incident(d, 1, clause, { killed: qty(7), origin: 'the governor' })],
      quotes: [quote(d, 1, 'We will rebuild')],
    });
  const base = [
    ext(wire, 'Shelling killed 7 people in Ashford'),
    ext(copy, 'Shelling killed 7 people in Ashford'),
    ext(own, 'Our reporter saw shelling kill seven people in Ashford'),
  ];
  const pairs = [verbatim(wire, copy, 'Shelling killed 7 people in Ashford, the governor said.')];
  const families = [{ id: 'f1', documents: ['p', 'w'], origin: 'w' }];

  it('gives the from-scratch ledger whatever the batches, and reuse found later is counted', () => {
    const reference = buildLedger({
      documents: [wire, copy, own],
      reuse: { pairs, families },
      extractions: base,
      custody,
    });
    for (const split of [1, 2]) {
      const state = memoryMergeState();
      const first = [wire, copy, own].slice(0, split);
      const firstIds = new Set(first.map((d) => d.id));
      mergeLedger(
        state,
        runOf(
          first,
          base.filter((x) => firstIds.has(x.documentId)),
          pairs.filter((p) => firstIds.has(p.a) && firstIds.has(p.b)),
          [],
        ),
      );
      const second = mergeLedger(state, runOf([wire, copy, own], base, pairs, families));
      expect(second.full).toBe(false);
      expect(second.merged).toBe(3 - split);
      expect(second.ledger).toEqual(reference);
    }
  });

  it('joins a report dated only to a span of days to the incident another run brought, in any order', () => {
    const a = doc('a', 'A man was shot dead in Rivertown on Tuesday. Body text.', '2024-05-01');
    const b = doc(
      'b',
      'Detectives still seek whoever killed a driver in Rivertown last week. Body text.',
      '2024-05-20',
    );
    const shot = extraction(a, {
      incidents: [
        incident(a, 1, 'A man was shot dead in Rivertown on Tuesday', {
          kind: 'shooting',
          killed: qty(1),
          place: town('Rivertown'),
          date: '2024-04-30',
        }),
      ],
    });
    const told = incident(b, 1, 'Detectives still seek whoever killed a driver in Rivertown last week', {
      kind: 'shooting',
      killed: qty(1),
      place: town('Rivertown'),
    });
    const week = {
      ...(told.date as DateMention),
      start: '2024-04-28',
      end: '2024-05-04',
      precision: 'week' as const,
    };
    const later = extraction(b, { incidents: [{ ...told, date: week }] });
    const reference = buildLedger({
      documents: [a, b],
      reuse: { pairs: [], families: [] },
      extractions: [shot, later],
      custody,
    });
    expect(reference.events.map((e) => [...new Set(e.mentions.map((m) => m.document))].sort())).toEqual([
      ['a', 'b'],
    ]);
    for (const [first, firstX] of [
      [a, shot],
      [b, later],
    ] as const) {
      const state = memoryMergeState();
      mergeLedger(state, runOf([first], [firstX]));
      expect(mergeLedger(state, runOf([a, b], [shot, later])).ledger).toEqual(reference);
    }
  });

  it('property: adding an exact copy in a later run never changes an independent count', () => {
    const counts = (l: ReturnType<typeof buildLedger>) =>
      [...l.events.map((e) => e.independent_sources), ...l.quotes.map((q) => q.independent_sources)].sort();
    const docs = [wire, copy, own];
    for (const pick of docs) {
      const state = memoryMergeState();
      const before = mergeLedger(state, runOf(docs, base, pairs, families)).ledger;
      const twin = { ...pick, id: `copy-${pick.id}`, sha256: `sha-copy-${pick.id}` };
      const twinX = base
        .filter((x) => x.documentId === pick.id)
        .map((x) => ({
          ...x,
          documentId: twin.id,
          incidents: x.incidents.map((i) => ({ ...i, documentId: twin.id, id: `${twin.id}:i1` })),
          quotes: x.quotes.map((q) => ({ ...q, documentId: twin.id, id: `${twin.id}:q1` })),
        }));
      const after = mergeLedger(state, runOf([...docs, twin], [...base, ...twinX], pairs, families));
      expect(after.merged).toBe(1);
      expect(counts(after.ledger)).toEqual(counts(before));
      expect(after.ledger.events[0]?.sources).toBe((before.events[0]?.sources ?? 0) + 1);
    }
  });

  it('starts over when a merged document lost its extraction', () => {
    const state = memoryMergeState();
    mergeLedger(state, runOf([wire, copy, own], base, pairs, families));
    const again = mergeLedger(state, {
      ...runOf([wire, copy, own], base, pairs, families),
      extracted: new Set(['w', 'p']),
    });
    expect(again.full).toBe(true);
    expect(again.merged).toBe(2);
  });

  it('merges a document seen before its extraction was stored, once it is', () => {
    const reference = buildLedger({
      documents: [wire, copy, own],
      reuse: { pairs, families },
      extractions: base,
      custody,
    });
    const state = memoryMergeState();
    const first = mergeLedger(state, {
      ...runOf([wire, copy, own], base, pairs, families),
      extracted: new Set(['w', 'p']),
    });
    expect(first.merged).toBe(2);
    const second = mergeLedger(state, runOf([wire, copy, own], base, pairs, families));
    expect(second.full).toBe(false);
    expect(second.merged).toBe(1);
    expect(second.ledger).toEqual(reference);
    expect(mergeLedger(state, runOf([wire, copy, own], base, pairs, families)).merged).toBe(0);
  });

  it('indexes the document records of a state kept before they were indexed, and merges as before', () => {
    const twin = { ...own, id: 't', sha256: 'sha-t' };
    const twinX = extraction(twin, {
      incidents: [
        incident(twin, 1, 'Our reporter saw shelling kill seven people in Ashford', {
          killed: qty(7),
          origin: 'the governor',
        }),
      ],
      quotes: [quote(twin, 1, 'We will rebuild')],
    });
    const all = [wire, copy, own, twin];
    const reference = buildLedger({
      documents: all,
      reuse: { pairs, families },
      extractions: [...base, twinX],
      custody,
    });
    const state = memoryMergeState();
    // The first run sees every document but the extraction of one of them only later.
    mergeLedger(state, {
      ...runOf([wire, copy, own], base, pairs, families),
      extracted: new Set(['w', 'p']),
    });
    // What a state kept before the index holds: no `hash`, no `unmerged`, no mark in its bookkeeping.
    const meta = state.get('meta', 'run') as Record<string, unknown>;
    state.write([
      ...['hash', 'unmerged'].flatMap((ns) => state.keys(ns).map((key) => ({ ns, key, value: undefined }))),
      { ns: 'meta', key: 'run', value: { ...meta, docIndex: undefined } },
    ]);
    const second = mergeLedger(state, runOf(all, [...base, twinX], pairs, families));
    expect(second.full).toBe(false);
    expect(second.merged).toBe(2);
    expect(second.ledger).toEqual(reference);
  });

  it('starts over when a merged document is gone', () => {
    const state = memoryMergeState();
    mergeLedger(state, runOf([wire, copy, own], base, pairs, families));
    const again = mergeLedger(state, runOf([wire, own], [base[0], base[2]] as DocumentExtraction[]));
    expect(again.full).toBe(true);
    expect(again.ledger).toEqual(
      buildLedger({
        documents: [wire, own],
        reuse: { pairs: [], families: [] },
        extractions: [base[0], base[2]] as DocumentExtraction[],
        custody,
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { DocumentExtraction, ReusePair, StoredDocument } from '../core/types.js';
import {
  claim,
  doc,
  extraction,
  incident,
  qty,
  quote,
  region,
  town,
  verbatim,
} from './__fixtures__/records.js';
import { buildLedger } from './build-ledger.js';

const custody = { entries: 3, head: 'abc' };

function ledgerOf(
  docs: StoredDocument[],
  extractions: DocumentExtraction[],
  pairs: ReusePair[] = [],
  families: { id: string; documents: string[]; origin: string | null }[] = [],
) {
  return buildLedger({ documents: docs, reuse: { pairs, families }, extractions, custody });
}

describe('merging incident mentions into events', () => {
  it('merges one incident reported by two documents and keeps different towns and days apart', () => {
    const a = doc('a', 'Shelling killed 7 people in Ashford on Tuesday. Shelling hit Brill too.');
    const b = doc('b', 'Seven people died when shells hit Ashford on Tuesday, officials said.');
    const c = doc('c', 'Shelling killed 7 people in Ashford on Friday.');
    const x = [
      extraction(a, {
        incidents: [
          incident(a, 1, 'Shelling killed 7 people in Ashford on Tuesday', { killed: qty(7) }),
          incident(a, 2, 'Shelling hit Brill too', { place: town('Brill') }),
        ],
      }),
      extraction(b, {
        incidents: [
          incident(b, 1, 'Seven people died when shells hit Ashford on Tuesday', { killed: qty(7) }),
        ],
      }),
      extraction(c, {
        incidents: [
          incident(c, 1, 'Shelling killed 7 people in Ashford on Friday', {
            killed: qty(7),
            date: '2024-05-04',
          }),
        ],
      }),
    ];
    const ledger = ledgerOf([a, b, c], x);
    expect(ledger.events).toHaveLength(3);
    const merged = ledger.events.find((e) => e.sources === 2);
    expect(merged?.independent_sources).toBe(2);
    expect(merged?.killed).toEqual({ low: 7, best: 7, high: 7 });
    expect(merged?.mentions.map((m) => m.document)).toEqual(['a', 'b']);
    for (const e of ledger.events)
      for (const m of e.mentions) {
        const text = [a, b, c].find((d) => d.id === m.document)?.text.slice(m.span[0], m.span[1]);
        expect(text).toBe(m.text);
      }
  });

  it('lists disagreeing figures as a conflict with their documents; best is the most conservative from a named source', () => {
    const a = doc('a', 'Shelling killed 9 people in Ashford, residents said.');
    const b = doc('b', 'Shelling killed 7 people in Ashford, the governor said.');
    const c = doc('c', 'Shelling killed at least 5 people in Ashford.');
    const x = [
      extraction(a, {
        incidents: [incident(a, 1, 'Shelling killed 9 people in Ashford', { killed: qty(9) })],
      }),
      extraction(b, {
        incidents: [
          incident(b, 1, 'Shelling killed 7 people in Ashford', { killed: qty(7), origin: 'the governor' }),
        ],
      }),
      extraction(c, {
        incidents: [
          incident(c, 1, 'Shelling killed at least 5 people in Ashford', { killed: qty(5, 'at-least') }),
        ],
      }),
    ];
    const [e] = ledgerOf([a, b, c], x).events;
    expect(e?.killed).toEqual({ low: 5, best: 7, high: 9 });
    expect(e?.conflicts).toEqual([
      {
        field: 'killed',
        values: [
          { value: 5, documents: ['c'] },
          { value: 7, documents: ['b'] },
          { value: 9, documents: ['a'] },
        ],
      },
    ]);
    expect(e?.origins).toEqual(['the governor']);
  });

  it('links a town and its region but keeps figures of different scope apart', () => {
    const a = doc('a', 'Reporters saw 21 bodies in Ashford.');
    const b = doc('b', 'Officials said 410 bodies were found across North Region.');
    const c = doc('c', 'Shelling struck North Region on Tuesday.');
    const x = [
      extraction(a, {
        incidents: [
          incident(a, 1, 'Reporters saw 21 bodies in Ashford', { kind: 'bodies-found', counts: [qty(21)] }),
        ],
      }),
      extraction(b, {
        incidents: [
          incident(b, 1, 'Officials said 410 bodies were found across North Region', {
            kind: 'bodies-found',
            counts: [qty(410)],
            place: region('North Region'),
          }),
        ],
      }),
      extraction(c, {
        incidents: [
          incident(c, 1, 'Shelling struck North Region on Tuesday', { place: region('North Region') }),
        ],
      }),
    ];
    const ledger = ledgerOf([a, b, c], x);
    expect(ledger.events.filter((e) => e.type === 'Violence against civilians')).toHaveLength(2);
  });

  it('links town-level and region-level reports of one incident, keeping the more precise place', () => {
    const a = doc('a', 'Shelling killed 3 people in Ashford on Tuesday.');
    const b = doc('b', 'Shelling killed 3 people in North Region on Tuesday.');
    const x = [
      extraction(a, {
        incidents: [incident(a, 1, 'Shelling killed 3 people in Ashford on Tuesday', { killed: qty(3) })],
      }),
      extraction(b, {
        incidents: [
          incident(b, 1, 'Shelling killed 3 people in North Region on Tuesday', {
            killed: qty(3),
            place: region('North Region'),
          }),
        ],
      }),
    ];
    const ledger = ledgerOf([a, b], x);
    expect(ledger.events).toHaveLength(1);
    expect(ledger.events[0]?.place?.name).toBe('Ashford');
    expect(ledger.events[0]?.place?.precision).toBe('town');
  });

  it('recognises an aggregate ("8 killed in two towns") beside the per-town figures', () => {
    const a = doc('a', 'Shelling killed 7 people in Ashford. Shelling killed 1 person in Brill.');
    const b = doc('b', 'Shelling killed 8 people in Ashford and Brill.');
    const ashford = town('Ashford');
    const brill = town('Brill');
    const agg = incident(b, 1, 'Shelling killed 8 people in Ashford and Brill', {
      killed: qty(8),
      place: ashford,
    });
    const x = [
      extraction(a, {
        incidents: [
          incident(a, 1, 'Shelling killed 7 people in Ashford', { killed: qty(7) }),
          incident(a, 2, 'Shelling killed 1 person in Brill', { killed: qty(1), place: brill }),
        ],
      }),
      extraction(b, {
        incidents: [agg],
        places: [
          { ...ashford, span: [b.text.indexOf('Ashford'), b.text.indexOf('Ashford') + 7] },
          { ...brill, span: [b.text.indexOf('Brill'), b.text.indexOf('Brill') + 5] },
        ],
      }),
    ];
    const ledger = ledgerOf([a, b], x);
    expect(ledger.events).toHaveLength(2);
    for (const e of ledger.events) {
      expect(e.conflicts).toEqual([]);
      expect(e.mentions.map((m) => m.document)).toContain('b');
    }
    expect(ledger.events.map((e) => e.killed?.best).sort()).toEqual([1, 7]);
  });
});

describe('the date of an event no report dates', () => {
  it.each([
    // [published, expected start, expected end]
    ['2024-05-02', '2024-05-01', '2024-05-02'],
    ['2024-03-01', '2024-02-29', '2024-03-01'],
  ])('published %s → %s to %s, precision week (an estimate)', (published, start, end) => {
    const a = doc('a', 'A man was shot and killed in Ashford, police said.', published);
    const i = incident(a, 1, 'A man was shot and killed in Ashford', { killed: qty(1) });
    // The report's own date filled in (an empty span): no sentence dates the incident.
    const implied = {
      ...i,
      date: {
        span: [0, 0] as [number, number],
        text: '',
        start: published,
        end: published,
        precision: 'day' as const,
        reason: 'document reference date',
      },
    };
    const ledger = ledgerOf([a], [extraction(a, { incidents: [implied] })]);
    expect(ledger.events.map((e) => e.date)).toEqual([
      { start, end, precision: 'week', reason: expect.stringContaining('no report states the date') },
    ]);
  });
});

describe('clauses told in passing', () => {
  /** The mention with the report's own date filled in (an empty span): no sentence dates it. */
  const undated = (i: ReturnType<typeof incident>) => ({
    ...i,
    date: { ...(i.date as NonNullable<typeof i.date>), span: [0, 0] as [number, number] },
  });
  const a = doc(
    'a',
    'Shells killed 3 people in Ashford on Tuesday. A depot in Brill became a shelter for families. ' +
      'Troops searched Carrow for mines. A guard in Carrow was wounded.',
  );
  const b = doc('b', 'The depot in Brill became a shelter for families, volunteers said.');
  const mentions = {
    dated: incident(a, 1, 'Shells killed 3 people in Ashford on Tuesday', { killed: qty(3) }),
    shelter: undated(incident(a, 2, 'A depot in Brill became a shelter', { place: town('Brill') })),
    search: undated(incident(a, 3, 'Troops searched Carrow for mines', { place: town('Carrow') })),
    wounded: undated(
      incident(a, 4, 'A guard in Carrow was wounded', { place: town('Carrow'), injured: qty(1) }),
    ),
  };

  it.each([
    ['a dated incident with a toll is listed', [mentions.dated], 1],
    ['one undated clause without a toll is not', [mentions.shelter], 0],
    ['an undated clause with a toll is listed', [mentions.wounded], 1],
  ])('%s', (_, incidents, events) => {
    expect(ledgerOf([a], [extraction(a, { incidents })]).events).toHaveLength(events);
  });

  it('lists what two reports tell, even in passing', () => {
    const other = undated(incident(b, 1, 'The depot in Brill became a shelter', { place: town('Brill') }));
    const ledger = ledgerOf(
      [a, b],
      [extraction(a, { incidents: [mentions.shelter] }), extraction(b, { incidents: [other] })],
    );
    expect(ledger.events.map((e) => e.sources)).toEqual([2]);
  });
});

describe('independent sources', () => {
  const wire = doc('w', 'Shelling killed 7 people in Ashford, the governor said. More news follows here.');
  const copy = doc(
    'p',
    'Local intro line. Shelling killed 7 people in Ashford, the governor said. Our reporter adds more.',
  );
  const own = doc('o', 'Our reporter saw shelling kill seven people in Ashford.');
  const ext = (d: StoredDocument, clause: string) =>
    extraction(d, { incidents: [incident(d, 1, clause, { killed: qty(7), origin: 'the governor' })] });
  const base = [
    ext(wire, 'Shelling killed 7 people in Ashford'),
    ext(copy, 'Shelling killed 7 people in Ashford'),
    ext(own, 'Our reporter saw shelling kill seven people in Ashford'),
  ];
  const pairs = [verbatim(wire, copy, 'Shelling killed 7 people in Ashford, the governor said.')];

  it('counts a mention inside a reused passage once with its origin', () => {
    const [e] = ledgerOf([wire, copy, own], base, pairs).events;
    expect(e?.sources).toBe(3);
    expect(e?.independent_sources).toBe(2);
    // Each chain of reporting is listed with its documents, for a reader to check the count.
    expect(e?.independent_groups).toEqual([
      { documents: ['o'], why: 'own' },
      { documents: ['p', 'w'], why: 'reused' },
    ]);
  });

  describe('documents credited to one agency or outlet are one chain', () => {
    const credited = (
      id: string,
      text: string,
      credits: string[],
      outlet: string | null = `Outlet ${id}`,
    ) => ({
      ...doc(id, text),
      credits,
      outlet,
    });
    const a = credited('a', 'Gunfire killed 7 people in Ashford, officials said.\n(AP)', ['AP']);
    const b = credited('b', 'Seven people died when gunmen opened fire in Ashford.\n(AP)', ['AP']);
    const c = credited('c', 'Our correspondent counted seven dead in Ashford.', []);
    const helped = credited(
      'h',
      'Our reporter met families of the seven killed in Ashford.\nAdditional reporting from AP.',
      ['AP'],
    );
    const agency = credited('n', 'Seven were killed in Ashford, police said.', [], 'Associated Press');
    const paper1 = credited('q', 'Seven died in the Ashford attack, the mayor said.', [], 'The Courier');
    const paper2 = credited('r', 'Ashford mourned seven people killed by gunmen.', [], 'The Courier');
    const clauses: Record<string, string> = {
      a: 'Gunfire killed 7 people in Ashford',
      b: 'Seven people died when gunmen opened fire in Ashford',
      c: 'Our correspondent counted seven dead in Ashford',
      h: 'families of the seven killed in Ashford',
      n: 'Seven were killed in Ashford',
      q: 'Seven died in the Ashford attack',
      r: 'Ashford mourned seven people killed by gunmen',
    };
    const of = (docs: StoredDocument[]) => {
      const [e] = ledgerOf(
        docs,
        docs.map((d) => ext(d, clauses[d.id] as string)),
      ).events;
      return { independent: e?.independent_sources, groups: e?.independent_groups };
    };
    it.each([
      {
        name: 'two dispatches of one wire, in their own words, count once',
        docs: [a, b, c],
        independent: 2,
        groups: [
          { documents: ['a', 'b'], why: 'credited', credit: 'AP' },
          { documents: ['c'], why: 'own' },
        ],
      },
      {
        name: 'a wire named as outlet and a credit line are one agency',
        docs: [a, agency],
        independent: 1,
        groups: [{ documents: ['a', 'n'], why: 'credited', credit: 'AP' }],
      },
      {
        name: 'two reports of one outlet count once',
        docs: [paper1, paper2, c],
        independent: 2,
        groups: [
          { documents: ['c'], why: 'own' },
          { documents: ['q', 'r'], why: 'credited', credit: 'the courier' },
        ],
      },
      {
        name: 'additional reporting from an agency does not make a report the agency’s',
        docs: [a, helped],
        independent: 2,
        groups: [
          { documents: ['a'], why: 'own' },
          { documents: ['h'], why: 'own' },
        ],
      },
    ])('$name', ({ docs, independent, groups }) => {
      expect(of(docs)).toEqual({ independent, groups });
    });
  });

  it('counts a family once for a fact its shared copy carries, even where a member words it anew', () => {
    const spliced = doc(
      's',
      'Shelling killed 7 people in Ashford, the governor said. Separately our team counted seven dead in Ashford at the morgue.',
    );
    const x = [
      ...base,
      extraction(spliced, {
        incidents: [
          incident(spliced, 1, 'Shelling killed 7 people in Ashford', { killed: qty(7) }),
          incident(spliced, 2, 'our team counted seven dead in Ashford at the morgue', { killed: qty(7) }),
        ],
      }),
    ];
    const p2 = [...pairs, verbatim(wire, spliced, 'Shelling killed 7 people in Ashford, the governor said.')];
    const [e] = ledgerOf([wire, copy, own, spliced], x, p2, [
      { id: 'f1', documents: ['p', 's', 'w'], origin: 'w' },
    ]).events;
    expect(e?.sources).toBe(4);
    expect(e?.independent_sources).toBe(2);
    expect(e?.independent_groups).toEqual([
      { documents: ['o'], why: 'own' },
      { documents: ['p', 's', 'w'], why: 'reused' },
    ]);
  });

  it('property: an exact copy never changes any independent count, and input order never matters', () => {
    const docs = [wire, copy, own];
    const reference = ledgerOf(docs, base, pairs);
    const counts = (l: ReturnType<typeof ledgerOf>) =>
      [...l.events.map((e) => e.independent_sources), ...l.quotes.map((q) => q.independent_sources)].sort();
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 20; round++) {
      const pick = docs[Math.floor(rand() * docs.length)] as StoredDocument;
      const twin = { ...pick, id: `copy${round}-${pick.id}`, sha256: `sha-copy${round}` };
      const twinX = base
        .filter((x) => x.documentId === pick.id)
        .map((x) => ({
          ...x,
          documentId: twin.id,
          incidents: x.incidents.map((i) => ({ ...i, documentId: twin.id, id: `${twin.id}:i1` })),
        }));
      const allDocs = [...docs, twin];
      const allX = [...base, ...twinX];
      const shuffled = <T>(xs: T[]) =>
        xs
          .map((x) => [rand(), x] as const)
          .sort((p, q) => p[0] - q[0])
          .map((p) => p[1]);
      const withCopy = ledgerOf(shuffled(allDocs), shuffled(allX), shuffled([...pairs]));
      expect(counts(withCopy)).toEqual(counts(reference));
      expect(ledgerOf(shuffled([...docs]), shuffled([...base]), pairs)).toEqual(reference);
    }
  });
});

describe('quotes and claims', () => {
  it('groups quote variants, classifies changes and flags a content-changing substitution', () => {
    const a = doc('a', 'He called it a picture of a war zone and left.');
    const b = doc('b', 'It was a picture of a war zone indeed.');
    const c = doc('c', 'It looked like a picture of a zone of war then.');
    const d = doc('d', 'Only a war zone remained.');
    const x = [
      extraction(a, { quotes: [quote(a, 1, 'picture of a war zone')] }),
      extraction(b, { quotes: [quote(b, 1, 'picture of a war zone')] }),
      extraction(c, { quotes: [quote(c, 1, 'picture of a zone of war')] }),
      extraction(d, { quotes: [quote(d, 1, 'a war zone remained')] }),
    ];
    const ledger = ledgerOf([a, b, c, d], x);
    const q = ledger.quotes.find((y) => y.text === 'picture of a war zone');
    expect(q?.sources).toBe(3);
    const altered = q?.variants.find((v) => v.text === 'picture of a zone of war');
    expect(altered?.change).toBe('substitution');
    expect(altered?.flag).toContain('misquote? "war zone" → "zone of war"');
  });

  it('links a denial to the event it answers through the place named in its context', () => {
    const a = doc(
      'a',
      'Soldiers killed 5 civilians in Ashford, officials said. The army denied any killings in Ashford.',
    );
    const ash = town('Ashford');
    const deny = 'The army denied any killings in Ashford.';
    const x = [
      extraction(a, {
        incidents: [
          incident(a, 1, 'Soldiers killed 5 civilians in Ashford', { kind: 'killing', killed: qty(5) }),
        ],
        sentences: [
          { span: [0, 55], text: a.text.slice(0, 55) },
          { span: [56, a.text.length], text: a.text.slice(56) },
        ],
        places: [{ ...ash, span: [a.text.lastIndexOf('Ashford'), a.text.lastIndexOf('Ashford') + 7] }],
        claims: [claim(a, 1, deny, 'deny', 'the army')],
      }),
    ];
    const ledger = ledgerOf([a], x);
    const denial = ledger.claims.find((c) => c.stance === 'deny');
    expect(denial?.answers).toBe(ledger.events[0]?.id);
  });
});

describe('the summary of an event', () => {
  it('is its most complete mention, not a better supported continuation', () => {
    const a = doc(
      'a',
      'Shelling killed 3 people in Ashford on Tuesday. Then shells killed two more at the well. ' +
        'Shells killed two more at the well, a witness said.',
    );
    const inAshford = { ...town('Ashford'), span: [28, 35] as [number, number] };
    const continuation = { killed: qty(2), place: town('Ashford') };
    const x = [
      extraction(a, {
        incidents: [
          incident(a, 1, 'Shelling killed 3 people in Ashford on Tuesday', {
            killed: qty(3),
            place: inAshford,
          }),
          incident(a, 2, 'Then shells killed two more at the well', continuation),
          incident(a, 3, 'Shells killed two more at the well, a witness said', continuation),
        ],
      }),
    ];
    const ledger = ledgerOf([a], x);
    expect(ledger.events).toHaveLength(1);
    expect(ledger.events[0]?.summary).toBe('Shelling killed 3 people in Ashford on Tuesday');
  });
});

import { describe, expect, it } from 'vitest';
import type { Ledger } from '../core/types.js';
import { formatBrief } from './brief.js';
import { CSV_COLUMNS, csvField } from './csv.js';
import { exportLedger } from './index.js';
import { formatSummary } from './terminal-summary.js';

const text =
  'Shelling killed 7 people in Ashford, Freedonia, on Tuesday, the governor said. The army denied it.';

const ledger: Ledger = {
  schema: 'corroborate.ledger/1',
  documents: [
    {
      id: 'd1',
      sha256: 'aa',
      source: 'a.txt',
      url: null,
      outlet: 'Wire, Inc.',
      title: 'T',
      published: '2024-05-02',
      family: null,
    },
    {
      id: 'd2',
      sha256: 'bb',
      source: 'b.txt',
      url: null,
      outlet: 'Courier',
      title: 'U',
      published: '2024-05-02',
      family: null,
    },
  ],
  families: [],
  reuse: [],
  events: [
    {
      id: 'ev-1',
      type: 'Explosions/Remote violence',
      subtype: 'Shelling/artillery/missile attack',
      date: { start: '2024-04-30', end: '2024-04-30', precision: 'day' },
      place: {
        name: 'Ashford',
        admin1: 'North',
        country: 'Freedonia',
        lat: 1.5,
        lon: 2.5,
        precision: 'town',
      },
      actors: [
        { role: 'perpetrator', name: 'the army' },
        { role: 'victim', name: 'civilians' },
      ],
      killed: { low: 7, best: 7, high: 9 },
      injured: null,
      summary: 'Shelling killed 7 people in Ashford, Freedonia, on Tuesday',
      mentions: [
        { document: 'd1', span: [0, 58], text: text.slice(0, 58) },
        { document: 'd2', span: [0, 58], text: text.slice(0, 58) },
      ],
      sources: 2,
      independent_sources: 2,
      origins: ['the governor'],
      conflicts: [
        {
          field: 'killed',
          values: [
            { value: 7, documents: ['d1'] },
            { value: 9, documents: ['d2'] },
          ],
        },
      ],
    },
  ],
  quotes: [
    {
      id: 'q-1',
      speaker: 'Mayor "Lee"',
      speaker_role: null,
      kind: 'direct',
      text: 'We will rebuild',
      mentions: [{ document: 'd1', span: [0, 3], text: 'She' }],
      variants: [{ text: 'We will rebuild', documents: ['d1'], change: 'identical', flag: null }],
      sources: 1,
      independent_sources: 1,
    },
  ],
  claims: [
    {
      id: 'cl-1',
      claimant: 'the army',
      stance: 'deny',
      text: 'The army denied it.',
      answers: 'ev-1',
      mentions: [{ document: 'd1', span: [79, 98], text: 'The army denied it.' }],
    },
  ],
  custody: { entries: 2, head: 'f'.repeat(64) },
};

describe('exports', () => {
  it('quotes CSV fields that need it and joins multiple values with |', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    const csv = exportLedger(ledger, 'csv');
    const [header, row] = csv.trimEnd().split('\n');
    expect(header).toBe(CSV_COLUMNS.join(','));
    expect(row).toContain('"Courier|Wire, Inc."');
    expect(row).toContain(',2024-04-30,2024,1,Political violence,Explosions/Remote violence,');
    expect(row).toMatch(/,7,7,7,9,,,,2,2$/);
  });

  it('writes GeoJSON in lon, lat order and JSON Lines of quotes then claims', () => {
    const geo = JSON.parse(exportLedger(ledger, 'geojson'));
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features[0].geometry.coordinates).toEqual([2.5, 1.5]);
    const lines = exportLedger(ledger, 'jsonl')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.kind)).toEqual(['quote', 'claim']);
  });

  it('is deterministic and keeps contract key order in JSON', () => {
    const shuffled = JSON.parse(JSON.stringify(ledger), (_k, v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
    ) as Ledger;
    expect(exportLedger(shuffled, 'json')).toBe(exportLedger(ledger, 'json'));
    expect(Object.keys(JSON.parse(exportLedger(ledger, 'json')))).toEqual([
      'schema',
      'documents',
      'families',
      'reuse',
      'events',
      'quotes',
      'claims',
      'custody',
    ]);
  });

  it('summarises events with figures, conflicts and denials', () => {
    const out = formatSummary(ledger);
    expect(out).toContain('[2 indep / 2 docs]');
    expect(out).toContain('killed 7 (7–9)');
    expect(out).toContain('! killed disputed');
    expect(out).toContain('The army denied it.');
  });

  it('lists at most maxFamilies families in the terminal summary and counts the rest', () => {
    const many: Ledger = {
      ...ledger,
      families: Array.from({ length: 25 }, (_, i) => ({
        id: `fam-${i}`,
        documents: [`d${i}`],
        origin: null,
      })),
    };
    const out = formatSummary(many);
    expect(out).toContain('  fam-19: d19');
    expect(out).not.toContain('fam-20:');
    expect(out).toContain('… and 5 more families (see ledger.json)');
    expect(formatSummary(many, { maxFamilies: 30 })).toContain('  fam-24: d24');
  });

  it('briefs with verbatim sentences, citations, conflicts and denials', () => {
    const brief = formatBrief(ledger, { textOf: () => text });
    expect(brief).toContain('Shelling killed 7 people in Ashford, Freedonia, on Tuesday, the governor said.');
    expect(brief).toContain('[Wire, Inc., 2024-05-02, "T"; Courier, 2024-05-02, "U"]');
    expect(brief).toContain('(the incident: 2 documents, 2 independent sources)');
    expect(brief).toContain(
      'Disputed killed: 7 (Wire, Inc., 2024-05-02, "T") vs 9 (Courier, 2024-05-02, "U").',
    );
    expect(brief).toContain('Denied by the army: The army denied it.');
  });
});

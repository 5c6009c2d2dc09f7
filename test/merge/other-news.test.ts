import { describe, expect, it } from 'vitest';
import type { DocumentExtraction, StoredDocument } from '../../src/core/types.js';
import { createExtractor } from '../../src/extract/index.js';
import { doc } from '../../src/merge/__fixtures__/records.js';
import { buildLedger } from '../../src/merge/build-ledger.js';

// Reports of disasters, accidents and attacks outside any example corpus: the merge must hold
// for other kinds of news than the war reports it was first checked on.
const extract = createExtractor();

/** A wire dateline at the head of `text` ("KATHMANDU, Nov 4 (Reuters) -"), as ingest infers it. */
function datelineOf(text: string): StoredDocument['dateline'] {
  const m = /^([A-Z]+), (\w+ \d+) \(\w+\) -/.exec(text);
  return m ? { place: m[1] as string, date: m[2] as string, text: m[0], span: [0, m[0].length] } : null;
}

function ledgerOf(reports: [id: string, published: string, text: string][]) {
  const documents: StoredDocument[] = reports.map(([id, published, text]) => ({
    ...doc(id, text, published),
    dateline: datelineOf(text),
  }));
  const extractions: DocumentExtraction[] = documents.map((d) =>
    extract({ id: d.id, text: d.text, published: d.published, dateline: d.dateline }),
  );
  return buildLedger({
    documents,
    reuse: { pairs: [], families: [] },
    extractions,
    custody: { entries: documents.length, head: 'x' },
  });
}

describe('merging reports of other kinds of news', () => {
  it('joins a drowning toll to the capsizing it counts, across a town and its country', () => {
    const ledger = ledgerOf([
      [
        'a',
        '2025-06-12',
        'A passenger ferry capsized on Lake Victoria near Mwanza on Wednesday, killing at least 40 people, regional officials said.',
      ],
      [
        'b',
        '2025-06-13',
        'At least 78 people drowned when an overloaded ferry capsized on Lake Victoria in northern Tanzania on Wednesday, the regional commissioner said on Thursday.',
      ],
      ['e', '2025-06-12', '45 people died near Mwanza on Wednesday, officials said.'],
    ]);
    expect(ledger.events).toHaveLength(1);
    const [ferry] = ledger.events;
    expect(ferry?.subtype).toBe('Accident');
    expect(ferry?.killed).toMatchObject({ low: 40, high: 78 });
    expect(ferry?.place?.name).toBe('Mwanza');
    expect(ferry?.sources).toBe(3);
  });

  it("takes a report's lede and the paragraph that details it for one attack on civilians", () => {
    const ledger = ledgerOf([
      [
        'c',
        '2025-10-03',
        'Gunmen killed at least 12 farmers in an attack on a village in Borno state on Thursday, residents said.\n\nThe gunmen arrived on motorcycles in Konduga and opened fire on farmers working in their fields, a local militia leader said.',
      ],
    ]);
    expect(ledger.events).toHaveLength(1);
    expect(ledger.events[0]?.type).toBe('Violence against civilians');
    expect(ledger.events[0]?.killed?.best).toBe(12);
    expect(ledger.events[0]?.place?.name).toBe('Konduga');
  });

  it('types an event by the mentions that carry its figures', () => {
    const ledger = ledgerOf([
      [
        'f',
        '2025-10-03',
        'Soldiers killed 12 villagers in Konduga on Thursday, residents said. Several women were raped in Konduga, they said.',
      ],
    ]);
    expect(ledger.events.map((e) => [e.subtype, e.killed?.best, e.mentions.length])).toEqual([
      ['Attack', 12, 2],
    ]);
  });

  it('keeps a quake in one event at the place its report names, not at the dateline or where it was felt', () => {
    const ledger = ledgerOf([
      [
        'g',
        '2023-11-04',
        'KATHMANDU, Nov 4 (Reuters) - A strong earthquake struck western Nepal late on Friday, killing at least 120 people, officials said.\n\nThe magnitude 5.6 quake hit the remote district at 11:47 p.m. Tremors were felt as far away as New Delhi, more than 500 km (310 miles) away.',
      ],
    ]);
    expect(ledger.events.map((e) => [e.subtype, e.place?.name, e.killed?.best, e.conflicts.length])).toEqual([
      ['Earthquake', 'Nepal', 120, 0],
    ]);
  });

  it('gives an event whose only figure counts children at least that toll', () => {
    const ledger = ledgerOf([['h', '2025-03-16', 'Shelling hit Goma on Friday, killing two children.']]);
    expect(ledger.events.map((e) => e.killed)).toEqual([{ low: 2, best: 2, high: null }]);
  });

  it('reads a death toll that rose to its figure', () => {
    const ledger = ledgerOf([
      ['d', '2025-03-10', 'The death toll from the earthquake in Herat rose to 120 on Sunday.'],
    ]);
    expect(ledger.events.map((e) => [e.subtype, e.killed?.best])).toEqual([['Earthquake', 120]]);
  });
});

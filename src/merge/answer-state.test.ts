import { describe, expect, it } from 'vitest';
import type { DocumentExtraction, Ledger, PlaceMention, StoredDocument } from '../core/types.js';
import { claim, doc, extraction, incident, qty, town } from './__fixtures__/records.js';
import { buildLedger, mergeLedger } from './build-ledger.js';
import { memoryMergeState } from './merge-state.js';

const custody = { entries: 1, head: 'abc' };

/** A place named in the text itself. */
function named(d: StoredDocument, text: string, place: PlaceMention): PlaceMention {
  const start = d.text.indexOf(text);
  return { ...place, span: [start, start + text.length], text };
}

/** A report whose one claim names Ashford. */
function claimReport(id: string, text: string, stance: 'affirm' | 'deny', claimant: string) {
  const d = doc(id, text);
  return {
    d,
    x: extraction(d, {
      places: [named(d, 'Ashford', town('Ashford'))],
      claims: [claim(d, 1, text, stance, claimant)],
    }),
  };
}

const shelling = (() => {
  const d = doc('e1', 'Shelling killed 7 people in Ashford on Tuesday.');
  return {
    d,
    x: extraction(d, {
      incidents: [
        incident(d, 1, 'Shelling killed 7 people in Ashford on Tuesday', {
          killed: qty(7),
          place: named(d, 'Ashford', town('Ashford')),
        }),
      ],
    }),
  };
})();
const denial = claimReport('d1', 'The rebels denied shelling the market of Ashford.', 'deny', 'the rebels');
const blameMilitia = (id: string) =>
  claimReport(id, 'Officials blamed the militia for the shelling of Ashford market.', 'affirm', 'officials');
const blameArmy = (id: string) =>
  claimReport(id, 'Residents accused the army of shelling Ashford market.', 'affirm', 'residents');

/** Merges the batches one after another into one state; returns the last ledger. */
function inRuns(batches: { d: StoredDocument; x: DocumentExtraction }[][]): Ledger {
  const state = memoryMergeState();
  const docs: StoredDocument[] = [];
  const byId = new Map<string, DocumentExtraction>();
  let ledger: Ledger | undefined;
  for (const batch of batches) {
    for (const r of batch) {
      docs.push(r.d);
      byId.set(r.d.id, r.x);
    }
    const result = mergeLedger(state, {
      version: 'test',
      documents: [...docs],
      reuse: { pairs: [], families: [] },
      extracted: new Set(byId.keys()),
      extractions: (ids) => ids.map((id) => byId.get(id) as DocumentExtraction),
      texts: (ids) => ids.map((id) => docs.find((d) => d.id === id) as StoredDocument),
      custody,
    });
    expect(result.full).toBe(docs.length === batch.length);
    ledger = result.ledger;
  }
  return ledger as Ledger;
}

const fromScratch = (batches: { d: StoredDocument; x: DocumentExtraction }[][]) =>
  buildLedger({
    documents: batches.flat().map((r) => r.d),
    reuse: { pairs: [], families: [] },
    extractions: batches.flat().map((r) => r.x),
    custody,
  });

const answerOf = (ledger: Ledger, stance: 'deny') => ledger.claims.find((c) => c.stance === stance)?.answers;

describe('claims answered run by run', () => {
  it('a denial naming a place answers the event that appears there in a later run', () => {
    const batches = [[denial], [shelling]];
    const first = inRuns(batches.slice(0, 1));
    expect(answerOf(first, 'deny')).toBeNull();
    const ledger = inRuns(batches);
    expect(answerOf(ledger, 'deny')).toBe(ledger.events[0]?.id);
    expect(ledger).toEqual(fromScratch(batches));
  });

  it('a denial naming a city answers the event that appears in a section of it in a later run', () => {
    const d = doc('e2', 'Gunfire killed 2 people in Old Mill on Tuesday.');
    const section = { ...named(d, 'Old Mill', town('Ashford')), section: 'Old Mill' };
    const gunfire = {
      d,
      x: extraction(d, {
        incidents: [
          incident(d, 1, 'Gunfire killed 2 people in Old Mill on Tuesday', {
            killed: qty(2),
            place: section,
          }),
        ],
      }),
    };
    const batches = [[denial], [gunfire]];
    const ledger = inRuns(batches);
    expect(ledger.events[0]?.place?.name).toBe('Ashford (Old Mill)');
    expect(answerOf(ledger, 'deny')).toBe(ledger.events[0]?.id);
    expect(ledger).toEqual(fromScratch(batches));
  });

  it('a denial falls back to the accusation of its event that becomes the best supported in a later run', () => {
    // The militia accusation has two reports, the army accusation one; then two more reports
    // repeat the army accusation. No event is rebuilt in the second run: only the accusation's
    // support changes, and the denial (in a report of its own) must follow it.
    const batches = [
      [shelling, denial, blameMilitia('m1'), blameMilitia('m2'), blameArmy('a1')],
      [blameArmy('a2'), blameArmy('a3')],
    ];
    const first = inRuns(batches.slice(0, 1));
    const militia = first.claims.find((c) => c.text.includes('militia'));
    expect(militia?.sources).toBe(2);
    expect(answerOf(first, 'deny')).toBe(militia?.id);
    const ledger = inRuns(batches);
    const army = ledger.claims.find((c) => c.text.includes('army'));
    expect(army?.sources).toBe(3);
    expect(answerOf(ledger, 'deny')).toBe(army?.id);
    expect(ledger).toEqual(fromScratch(batches));
  });
});

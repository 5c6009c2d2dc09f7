import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentExtraction } from '../src/core/types.js';
import { extractIncidents } from '../src/extract/extract-incidents.js';
import { createExtractor, type Extractor } from '../src/extract/index.js';
import { originsOf } from '../src/merge/build-event.js';
import { itemsOf } from '../src/merge/cluster-mentions.js';
import { claimItem } from '../src/merge/group-claims.js';

// One long report of many short paragraphs: the work of the per-incident and per-claim look-ups
// must grow with the report, not with its square. Work is counted as reads of the document's
// record lists (sentences, places, dates …), so the test does not depend on the machine's speed.

const NUMBERS = ['Two', 'Three', 'Four', 'Five'];
const STREETS = ['Alder', 'Hazel', 'Juniper', 'Larch', 'Rowan', 'Sorrel', 'Tamarack'];
const TOWNS = ['Springfield', 'Riverside', 'Georgetown'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const VERBS = ['shot', 'wounded', 'killed'];

/** `n` made-up paragraphs, each an incident with a figure, a street, a day and a claimant. */
function longReport(n: number): string {
  const paragraphs: string[] = [];
  for (let i = 0; i < n; i++) {
    paragraphs.push(
      `${NUMBERS[i % 4]} men were ${VERBS[i % 3]} on ${STREETS[i % 7]} Street in ${TOWNS[i % 3]} on ${DAYS[i % 5]}, police said. ` +
        `A ${20 + (i % 40)}-year-old woman was taken to hospital, officers said.`,
    );
  }
  return paragraphs.join('\n\n');
}

/** The extraction with every record list wrapped so that reads of its elements are counted. */
function counted(x: DocumentExtraction): { x: DocumentExtraction; reads: () => number } {
  let reads = 0;
  const wrap = <T extends object>(xs: T[]): T[] =>
    new Proxy(xs, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
  const y: DocumentExtraction = {
    ...x,
    sentences: wrap(x.sentences),
    quantities: wrap(x.quantities),
    dates: wrap(x.dates),
    places: wrap(x.places),
    actors: wrap(x.actors),
    incidents: wrap(x.incidents),
    quotes: wrap(x.quotes),
    attributions: wrap(x.attributions),
    claims: wrap(x.claims),
  };
  return { x: y, reads: () => reads };
}

describe('work on one long report', () => {
  let extract: Extractor;
  const extractions = new Map<number, DocumentExtraction>();
  beforeAll(() => {
    extract = createExtractor();
    for (const n of [50, 200]) {
      const text = longReport(n);
      extractions.set(n, extract({ id: `long-${n}`, text, published: '2026-03-06', dateline: null }));
    }
  });

  const growth = (work: (x: DocumentExtraction) => void): number => {
    const [small, large] = [50, 200].map((n) => {
      const { x, reads } = counted(extractions.get(n) as DocumentExtraction);
      work(x);
      return reads();
    });
    expect(small).toBeGreaterThan(0);
    return (large as number) / (small as number);
  };

  it('finds an incident for each paragraph and a claim in it', () => {
    const x = extractions.get(200) as DocumentExtraction;
    expect(x.incidents.length).toBeGreaterThanOrEqual(200);
    expect(x.claims.length).toBeGreaterThan(0);
    expect(x.places.length).toBeGreaterThanOrEqual(200);
  });

  // Four times the paragraphs: linear work reads about four times as much, quadratic sixteen.
  it.each([
    [
      'incident extraction',
      (x: DocumentExtraction) =>
        extractIncidents({
          documentId: x.documentId,
          text: longReport(x.documentId === 'long-50' ? 50 : 200),
          sentences: x.sentences,
          quantities: x.quantities,
          dates: x.dates,
          places: x.places,
          actors: x.actors,
          attributions: x.attributions,
          quotes: x.quotes,
          referenceDate: null,
          mainPlace: null,
        }),
    ],
    ['merge items of the incident mentions', (x: DocumentExtraction) => itemsOf(x)],
    [
      'sources of the incident mentions',
      (x: DocumentExtraction) => {
        for (const m of x.incidents) originsOf(m, x.attributions);
      },
    ],
    [
      'merge items of the claims',
      (x: DocumentExtraction) => {
        for (const c of x.claims) claimItem(c, x);
      },
    ],
  ])('%s reads the report a number of times linear in its size', (_, work) => {
    expect(growth(work)).toBeLessThan(6);
  });
});

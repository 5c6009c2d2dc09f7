import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../ingest/ingest.js';
import { openStore } from '../store/open-store.js';
import {
  enoughAnchors,
  isCandidate,
  MIN_ANCHOR_KEYS,
  MIN_ANCHOR_KEYS_SHORT,
  SHORT_TEXT_ANCHORS,
} from './candidates.js';
import { compareDefaults, compareTexts, DERIVED_CONTAINMENT_MIN_WORDS } from './compare-texts.js';
import { anchorKeys, containment, shorterContainment } from './containment.js';
import { prepareText } from './prepare.js';
import { updateReuse } from './update-reuse.js';

// A long wire take and what a paper might make of it: half of it, reordered, with a new lead and
// its own closing line (containment high, resemblance low).
const wire = [
  'A retired teacher who ran a fake charity from his garden shed was jailed for three years at a crown court yesterday.',
  'The court heard that the man collected money for a children hospice that never received a penny of the donations.',
  'He spent the money on holidays, a new car and a collection of rare stamps, the prosecution said.',
  'Detectives found ledgers in the shed that listed more than two hundred donors from the surrounding villages.',
  'The judge told him that he had betrayed the trust of generous neighbours who believed they were helping sick children.',
  'His lawyer said the man had suffered from money worries since his wife fell ill and was deeply ashamed.',
  'The hospice said in a statement that it was grateful to the police for their patient work on the case.',
  'Officers said the investigation began after a donor asked the hospice for a receipt and was told there was no record.',
].join(' ');
const rewrite = [
  'Generous villagers were conned by a pensioner, a court was told.',
  'Detectives found ledgers in the shed that listed more than two hundred donors from nearby villages.',
  'He spent the money on holidays, a new car and rare stamps, the prosecution said.',
  'The retired teacher who ran a fake charity from his garden shed was jailed for three years.',
  'Neighbours said they were shocked.',
].join(' ');
// The same case reported independently: the same names, figures, court phrases and quotation.
const independent = [
  'A pensioner has been sent to prison for three years for a charity fraud that fooled two hundred donors.',
  'Our reporter spoke to several donors outside the building, and most of them were angry rather than sad.',
  'One woman had given a monthly sum since the hospice appeal first appeared in the parish magazine.',
  'Sentencing him, the judge said: "You betrayed the trust of generous neighbours who believed they were helping sick children."',
  'The hospice has since changed the way it checks the people who raise funds in its name.',
].join(' ');

describe('containment', () => {
  const w = prepareText(wire);
  const r = prepareText(rewrite);
  const i = prepareText(independent);

  it.each([
    ['a rewrite inside its wire source', r, w, 0.5, 1],
    ['the wire source inside the rewrite (its longer text)', w, r, 0, 0.5],
    ['an independent report of the same case', i, w, 0, 0.13],
  ])('%s', (_, x, y, low, high) => {
    const c = containment(x, y, 3);
    expect(c).toBeGreaterThanOrEqual(low);
    expect(c).toBeLessThan(high);
  });

  it('is measured on the shorter text, whatever the order of the arguments', () => {
    expect(shorterContainment(w, r, 3)).toBe(containment(r, w, 3));
    expect(shorterContainment(r, w, 3)).toBe(containment(r, w, 3));
  });

  it('leaves out word n-grams inside quotation marks', () => {
    const speech = '"I took the money because I was desperate and I am deeply sorry for it."';
    const a = prepareText(`Outside the building, his widow said: ${speech}`);
    const b = prepareText(`Reporters waited for hours. The accused told the court: ${speech}`);
    expect(containment(a, b, 3)).toBe(0);
    expect(compareTexts(a.text, b.text, { minContainment: 0.13 }).relation).toBe('none');
  });

  it('gives the same anchors to the words two texts share, and none inside quotations', () => {
    const shared = (x: Uint32Array, y: Uint32Array) => {
      const s = new Set(y);
      return [...x].filter((k) => s.has(k)).length;
    };
    const aw = anchorKeys(w, 3, 4);
    expect(shared(anchorKeys(r, 3, 4), aw)).toBeGreaterThan(shared(anchorKeys(i, 3, 4), aw));
    // A 3-gram of stop words and one content word is no anchor when two content words are asked.
    expect(anchorKeys(prepareText('it was in the harbour that they were seen'), 3, 1, 2)).toHaveLength(0);
    expect(
      anchorKeys(prepareText('"every word of this sentence is inside a quotation mark"'), 3, 1),
    ).toHaveLength(0);
    expect(
      anchorKeys(prepareText('every word of this sentence is outside a quotation mark'), 3, 1).length,
    ).toBe(8);
  });
});

describe('the containment decision', () => {
  it.each([
    ['a paper story cut, reordered and relit from a wire take', wire, rewrite, true],
    ['an independent report sharing names, figures and the quotation', wire, independent, false],
  ])('%s', (_, a, b, related) => {
    const c = compareTexts(a, b, { minContainment: 0.13 });
    expect(c.relation !== 'none').toBe(related);
    if (related) {
      // Its passages are spans of both texts, and the shorter text is largely inside them.
      for (const p of c.passages) {
        expect(p.a[0]).toBeLessThan(p.a[1]);
        expect(p.b[0]).toBeLessThan(p.b[1]);
      }
      expect(c.shared_b).toBeGreaterThan(0.3);
    }
  });

  it('is off with minContainment 0 (the passages alone decide)', () => {
    const off = compareTexts(wire, rewrite, { minContainment: 0 });
    const on = compareTexts(wire, rewrite, { minContainment: 0.13 });
    expect(on.relation).not.toBe('none');
    // Either the passages alone already relate them, or only the containment path does.
    if (off.relation === 'none') expect(off.passages).toHaveLength(0);
  });

  it('is on by default, with the cross-validated threshold', () => {
    expect(compareDefaults.minContainment).toBe(0.13);
    expect(compareTexts(wire, rewrite)).toEqual(compareTexts(wire, rewrite, { minContainment: 0.13 }));
  });
});

describe('the ordered containment decision (publication times say which text came first)', () => {
  const noon = { published: '2000-01-01T12:00:00Z' };
  const evening = { published: '2000-01-01T23:00:00Z' };
  const sameDay = { published: '2000-01-01' };
  // No verbatim passage of the default length and no paraphrased sentence: only containment can
  // relate the two texts (its own alignment then finds the shorter shared runs).
  const containmentOnly = { verbatim: { minMatched: 10_000 }, paraphrase: { minScore: 2 } };
  const inWire = containment(prepareText(rewrite), prepareText(wire), 3);
  const wireIn = containment(prepareText(wire), prepareText(rewrite), 3);

  it('measures the later text inside the earlier one', () => {
    // The rewrite keeps more of its own wording from the wire than the wire keeps of its own.
    expect(inWire).toBeGreaterThan(0.4);
    expect(wireIn).toBeLessThan(0.4);
  });

  it.each([
    ['the wire first: the rewrite inside the wire', noon, evening, 0.4, 1, true],
    ['the rewrite first: the wire inside the rewrite', evening, noon, 0.4, 1, false],
    ['times that do not order them: the shorter text, minContainment', sameDay, sameDay, 0.4, 0.5, true],
    ['times that do not order them, above the shorter text', sameDay, sameDay, 0.01, 0.7, false],
    ['the wire first, minContainment 0 turns both paths off', noon, evening, 0.4, 0, false],
    ['the wire first, minDerivedContainment 0 turns the ordered path off', noon, evening, 0, 0.01, false],
  ])('%s', (_, wireMeta, rewriteMeta, minDerivedContainment, minContainment, related) => {
    const c = compareTexts(wire, rewrite, {
      ...containmentOnly,
      minDerivedContainment,
      minContainment,
      meta: { a: wireMeta, b: rewriteMeta },
    });
    expect(c.relation !== 'none').toBe(related);
    // Symmetric: the same decision with the arguments swapped.
    const swapped = compareTexts(rewrite, wire, {
      ...containmentOnly,
      minDerivedContainment,
      minContainment,
      meta: { a: rewriteMeta, b: wireMeta },
    });
    expect(swapped.relation !== 'none').toBe(related);
  });

  it('does not relate the independent report published after the wire, at the defaults', () => {
    expect(compareTexts(wire, independent, { meta: { a: noon, b: evening } }).relation).toBe('none');
  });

  it('keeps a pair it relates when only scattered three-word runs are shared, and shows them', () => {
    // The brief keeps several 3-grams of the take, reordered, but no chain of five matched words,
    // and no sentence of it is a paraphrase the sentence alignment accepts (turned off here).
    const take =
      'Officers from the river police recovered a stolen fishing boat near the old mill at Carrowby on ' +
      'Tuesday morning. The vessel had been taken from a private mooring two days earlier. A spokesman ' +
      'said the owner was relieved and that no arrests had yet been made. Inquiries are continuing, and ' +
      'anyone who saw the theft should ring the station at Lenbridge. The boat was later returned ' +
      'to the marina after checks by forensic teams.';
    const brief =
      'Its owner was relieved after river police found a fishing boat stolen from its private mooring ' +
      'near the old mill on Tuesday. Forensic teams checked the craft, which went back to the marina ' +
      'later that day, and detectives are still asking for witnesses. So far no arrests had been announced.';
    expect(containment(prepareText(brief), prepareText(take), 3)).toBeGreaterThanOrEqual(
      compareDefaults.minDerivedContainment,
    );
    const c = compareTexts(take, brief, { paraphrase: { minScore: 2 }, meta: { a: noon, b: evening } });
    expect(c.relation).not.toBe('none');
    expect(c.passages.length).toBeGreaterThan(0);
    // Each passage opens on the same three words in both texts.
    const opening = (t: string, [s, e]: [number, number]) =>
      t.slice(s, e).toLowerCase().split(/\W+/).filter(Boolean).slice(0, 3).join(' ');
    for (const p of c.passages) expect(opening(brief, p.b)).toBe(opening(take, p.a));
    expect(c.shared_b).toBeGreaterThan(0);
  });

  it('asks the later text for DERIVED_CONTAINMENT_MIN_WORDS words', () => {
    const words = rewrite.split(' ');
    const brief = words.slice(0, DERIVED_CONTAINMENT_MIN_WORDS - 6).join(' ');
    const longer = words.slice(0, DERIVED_CONTAINMENT_MIN_WORDS + 6).join(' ');
    const at = (text: string) =>
      compareTexts(wire, text, {
        ...containmentOnly,
        minDerivedContainment: 0.01,
        meta: { a: noon, b: evening },
      }).relation !== 'none';
    expect([at(brief), at(longer)]).toEqual([false, true]);
  });
});

describe('containment candidates in the index', () => {
  it.each([
    [MIN_ANCHOR_KEYS, 1000, true],
    [MIN_ANCHOR_KEYS - 1, 1000, false],
    [MIN_ANCHOR_KEYS_SHORT, SHORT_TEXT_ANCHORS, true],
    [MIN_ANCHOR_KEYS_SHORT, SHORT_TEXT_ANCHORS + 1, false],
    [MIN_ANCHOR_KEYS_SHORT - 1, 3, false],
  ])('%i shared anchors, the later document holding %i: a candidate %s', (shared, later, expected) => {
    expect(enoughAnchors(shared, later)).toBe(expected);
    expect(
      isCandidate({ bands: 0, sentences: 0, anchors: shared, laterAnchors: later, duplicate: false }),
    ).toBe(expected);
  });

  // Sentence keys off (`minSentenceTerms` out of reach) and, in the second row, anchors off too:
  // the take is long, so the rewrite shares no document band with it either.
  it.each([
    ['with anchors', { minSentenceTerms: 1000 }, ['paper.txt ~ take.txt']],
    ['without anchors', { minSentenceTerms: 1000, anchorSample: 2 ** 31 }, []],
  ])(
    'pairs a short rewrite with the long wire take it came from %s, never the independent report',
    async (_, sketch, expected) => {
      // The take goes on with other news of the day, so the rewrite is a small part of it.
      const more = [
        'In other court news, a haulage firm was fined after a lorry shed its load on a busy ring road in the rush hour.',
        'A council worker who took bribes to approve planning applications was ordered to repay the money within six months.',
        'Two brothers admitted handling stolen garden machinery and will be sentenced next month after reports are prepared.',
        'A driver who fell asleep at the wheel on a motorway was banned for a year and told to take an extended test.',
        'A landlord was fined for letting a damp flat with faulty wiring to a family with three young children.',
        'A shopkeeper who sold fireworks to children was given a conditional discharge and ordered to pay costs.',
      ].join(' ');
      const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-containment-'));
      try {
        const docs = path.join(dir, 'docs');
        mkdirSync(docs);
        writeFileSync(path.join(docs, 'take.txt'), `${wire} ${more}`);
        writeFileSync(path.join(docs, 'paper.txt'), rewrite);
        writeFileSync(path.join(docs, 'other.txt'), independent);
        const store = openStore(path.join(dir, 'store'));
        await ingest(store, [docs]);
        const name = new Map([...store.documents.summaries()].map((d) => [d.id, path.basename(d.source)]));
        const pairs = updateReuse(store, { workers: 1, sketch }).pairs.map((p) =>
          [name.get(p.a), name.get(p.b)].sort().join(' ~ '),
        );
        expect(pairs).toEqual(expected);
        store.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  // A ferry story and a 31-word brief written from it that keeps one sampled anchor of the take's
  // wording; another brief of the day on the same sea that shares one anchor with the take too, but
  // too little of its wording for the comparison to relate them.
  const ferry = [
    'A ferry carrying forty passengers ran aground on a sandbank outside the harbour of Quellmouth early yesterday morning.',
    'The coastguard said nobody was hurt and that the passengers were taken ashore by lifeboat within two hours.',
    'The operator, Larkspur Lines, said the captain had reported a fault in the steering gear shortly before the vessel left its course.',
    'An inspector from the marine accident branch will travel to the port today.',
    'Local fishermen said the channel had silted up over the winter and that they had warned the harbour board several times.',
    'The harbour board said dredging had been delayed by a dispute over the cost.',
    'The ferry was refloated on the evening tide and towed to a repair yard.',
    'Services to the islands will run on a reduced timetable until next week.',
  ].join(' ');
  const ferryBrief =
    'Forty people were rescued by lifeboat when their ferry got stuck near Quellmouth. Nobody was hurt. The skipper had reported a fault in the steering, its owners said. Fishermen blame silt.';
  const otherBrief =
    'A yacht lost its mast in a squall off Quellmouth. Her crew of three sailed home under engine and the skipper said the vessel left its mooring too late in the day.';

  it('pairs a short brief with the wire story it shares one anchor with, and only after verification', async () => {
    const take = new Set(anchorKeys(prepareText(ferry), 3, 2, 2));
    for (const text of [ferryBrief, otherBrief]) {
      const own = anchorKeys(prepareText(text), 3, 2, 2);
      expect(own.length).toBeLessThanOrEqual(SHORT_TEXT_ANCHORS);
      expect(own.filter((k) => take.has(k))).toHaveLength(1);
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-short-'));
    try {
      const docs = path.join(dir, 'docs');
      mkdirSync(docs);
      const files: [string, string, string][] = [
        ['a-take.txt', ferry, '2031-05-04T12:00:00Z'],
        ['b-brief.txt', ferryBrief, '2031-05-04T23:00:00Z'],
        ['c-other.txt', otherBrief, '2031-05-04T23:00:00Z'],
      ];
      for (const [name, text] of files) writeFileSync(path.join(docs, name), text);
      const manifest = path.join(docs, 'manifest.jsonl');
      writeFileSync(
        manifest,
        files.map(([name, , published]) => JSON.stringify({ path: name, published })).join('\n'),
      );
      const store = openStore(path.join(dir, 'store'));
      await ingest(store, [docs], { manifest });
      const name = new Map([...store.documents.summaries()].map((d) => [d.id, path.basename(d.source)]));
      const pairs = updateReuse(store, { workers: 1 }).pairs.map((p) =>
        [name.get(p.a), name.get(p.b)].sort().join(' ~ '),
      );
      expect(pairs).toEqual(['a-take.txt ~ b-brief.txt']);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

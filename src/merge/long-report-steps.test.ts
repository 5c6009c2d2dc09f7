import { describe, expect, it } from 'vitest';
import type { Claim } from '../core/types.js';
import { documentEvents, FRAGMENT_WINDOW, fragmentTarget } from './absorb-fragments.js';
import type { ClusterRecord } from './cluster-mentions.js';
import type { MentionItem } from './compatibility.js';
import { ACCUSATION_WINDOW, accusationAnswered, type ClaimItem } from './group-claims.js';

// Two merge steps look, for each item of a report, at other items of the same report: a fragment
// at the report's events, a denial at the report's accusations. In one report of thousands of
// paragraphs that must not make the work grow with the square of the report. Work is counted
// (events read, list elements read), not timed.

/** One report's events: `size` of them, one mention each, every `every`-th a fragment (no figure of its own). */
function report(size: number, every: number, placeOf: (n: number) => string | null = () => null) {
  const items = new Map<string, MentionItem>();
  const records: ClusterRecord[] = [];
  for (let n = 0; n < size; n++) {
    const id = `m${n}`;
    const place = placeOf(n);
    // What fragmentTarget reads of a mention: its report, span and place.
    items.set(id, {
      mention: { documentId: 'r', span: [n * 100, n * 100 + 80], place: place ? { name: place } : null },
    } as unknown as MentionItem);
    records.push({
      items: [id],
      // No representatives: every event is compatible, so that the window alone decides.
      reps: [],
      place,
      figures: [{ id, document: 'r', anchored: n % every !== 0, killed: null, date: null, place }],
    });
  }
  let reads = 0;
  const cluster = (n: number) => {
    reads++;
    return records[n] as ClusterRecord;
  };
  const item = (id: string) => items.get(id) as MentionItem;
  const all = records.map((_, n) => n);
  const events = documentEvents('r', all, cluster, item);
  const targets = () =>
    all.filter((n) => n % every === 0).map((n) => fragmentTarget(n, cluster, () => events, item));
  return { targets, reads: () => reads };
}

describe('fragments of a long report', () => {
  it('reads a number of events linear in the report', () => {
    const [small, large] = [400, 1600].map((size) => {
      const r = report(size, 10);
      r.targets();
      return r.reads();
    });
    // Four times the events: linear work reads about four times as many, pairwise sixteen.
    expect((large as number) / (small as number)).toBeLessThan(6);
  });

  it.each([
    // [case, events in the report, the fragment, events at the fragment's place, target]
    ['a short report: its event at the place, however far', 40, 39, [0], 0],
    ['a short report: several events, none at the place, are ambiguous', 40, 39, [], null],
    ['a long report: the event at the place nearby', 1000, 500, [520], 520],
    ['a long report: an event beyond the window is not read', 1000, 500, [500 + FRAGMENT_WINDOW + 5], null],
  ])('%s', (_, size, fragment, atPlace, expected) => {
    const items = new Map<string, MentionItem>();
    const clusters = [...Array(size as number).keys()].map((n): ClusterRecord => {
      const id = `m${n}`;
      const place = (atPlace as number[]).includes(n) || n === fragment ? 'Eastbrook' : 'Westfield';
      items.set(id, {
        mention: { documentId: 'r', span: [n * 100, n * 100 + 80], place: { name: place } },
      } as unknown as MentionItem);
      return {
        items: [id],
        reps: [],
        place,
        figures: [{ id, document: 'r', anchored: n !== fragment, killed: null, date: null, place }],
      };
    });
    const cluster = (n: number) => clusters[n] as ClusterRecord;
    const item = (id: string) => items.get(id) as MentionItem;
    const events = documentEvents(
      'r',
      clusters.map((_, n) => n),
      cluster,
      item,
    );
    expect(fragmentTarget(fragment as number, cluster, () => events, item)).toBe(expected);
  });
});

/** A claim of report `r` at paragraph `n`. */
function claimAt(n: number, stance: Claim['stance'], text: string, claimant: string | null): ClaimItem {
  return {
    claim: {
      id: `c${n}`,
      documentId: 'r',
      span: [n * 100, n * 100 + text.length],
      text,
      claimant,
      stance,
      cue: null,
      about: [],
    },
    words: [],
    places: [],
    text,
    own: [],
    incidents: [],
  };
}

/** One report of `size` claims: accusations of a militia, every `every`-th a denial by an agency. */
function claims(size: number, every: number): ClaimItem[] {
  return [...Array(size).keys()].map((n) =>
    n % every === every - 1
      ? claimAt(n, 'deny', 'The Harbour Agency denied any part in it', 'Harbour Agency')
      : claimAt(n, 'affirm', 'Witnesses blamed a militia for the fire', null),
  );
}

describe('denials of a long report', () => {
  const ids = { get: (id: string) => id };
  const events = { get: () => null };

  it('reads the report a number of times linear in its size', () => {
    const [small, large] = [400, 1600].map((size) => {
      // Reads of the list's elements and of each claim's fields.
      let reads = 0;
      const counted = claims(size, 10).map(
        (c) =>
          new Proxy(c, {
            get(target, key, receiver) {
              reads++;
              return Reflect.get(target, key, receiver);
            },
          }),
      );
      const list = new Proxy(counted, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver);
        },
      });
      for (const c of list) if (c.claim.stance === 'deny') accusationAnswered(c, list, ids, events);
      return reads;
    });
    expect((large as number) / (small as number)).toBeLessThan(6);
  });

  const named = (n: number) => claimAt(n, 'affirm', 'Residents blamed the Harbour Agency for the fire', null);
  const other = (n: number) => claimAt(n, 'affirm', 'Witnesses blamed a militia for the fire', null);
  const denial = (n: number) =>
    claimAt(n, 'deny', 'The Harbour Agency denied any part in it', 'Harbour Agency');

  it.each([
    ['the nearest earlier accusation naming the denier', [named(1), other(2), denial(3)], 'c1'],
    ['else a later accusation naming the denier', [other(1), denial(2), named(3)], 'c3'],
    ['nothing when no accusation names it or shares its words', [other(1), denial(2)], null],
    [
      'nothing beyond the window of accusations',
      [
        named(0),
        ...[...Array(ACCUSATION_WINDOW).keys()].map((n) =>
          claimAt(n + 1, 'affirm', 'Crowds gathered outside the hall', null),
        ),
        denial(ACCUSATION_WINDOW + 1),
      ],
      null,
    ],
  ])('answers %s', (_, list, expected) => {
    const items = list as ClaimItem[];
    const d = items.find((c) => c.claim.stance === 'deny') as ClaimItem;
    expect(accusationAnswered(d, items, ids, events)).toBe(expected);
  });
});

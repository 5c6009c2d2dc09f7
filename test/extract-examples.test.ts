import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IncidentMention } from '../src/core/types.js';
import { createExtractor } from '../src/extract/index.js';
import { placeLevels } from '../src/merge/vote-place.js';

/**
 * The example corpus' ground truth (examples/expected.json) for incidents, figures, places and
 * dates, checked on its plain-text reports (the other formats need the readers, tested elsewhere).
 */
const root = join(import.meta.dirname, '..', 'examples');
const expected = JSON.parse(readFileSync(join(root, 'expected.json'), 'utf8')) as {
  events: {
    id: string;
    type: string;
    subtype: string;
    date: { start: string; end: string; precision: string } | null;
    place: { name: string; iso: string } | null;
    killed: { low: number; best: number; high: number } | null;
    killed_values?: { value: number; documents: string[] }[];
    mentions: { document: string; text: string }[];
  }[];
};
const manifest = new Map(
  readFileSync(join(root, 'corpus', 'manifest.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { path: string; published?: string })
    .map((r) => [r.path, r] as const),
);
const plain = (doc: string): boolean => /\.(txt|md)$/.test(doc);
const extract = createExtractor();
const extractions = new Map<string, { text: string; incidents: IncidentMention[] }>();
const extractionOf = (doc: string) => {
  let x = extractions.get(doc);
  if (!x) {
    const text = readFileSync(join(root, 'corpus', doc), 'utf8');
    x = {
      text,
      incidents: extract({ id: doc, text, published: manifest.get(doc)?.published ?? null, dateline: null })
        .incidents,
    };
    extractions.set(doc, x);
  }
  return x;
};

const cases = expected.events.flatMap((event) =>
  event.mentions.filter((m) => plain(m.document)).map((m) => [event.id, m.document, m.text, event] as const),
);

describe('example corpus ground truth (incidents, figures, places, dates)', () => {
  it.each(cases)('%s in %s: "%s"', (_id, doc, mentionText, event) => {
    const { text, incidents } = extractionOf(doc);
    const at = text.indexOf(mentionText);
    expect(at, 'mention text is in the document').toBeGreaterThanOrEqual(0);
    const end = at + mentionText.length;
    const hits = incidents.filter((i) => i.span[0] < end && i.span[1] > at && i.killed !== null);
    const listed = (event.killed_values ?? []).filter((v) => v.documents.includes(doc)).map((v) => v.value);
    const killedValues = new Set(
      listed.length > 0
        ? listed
        : event.killed
          ? [event.killed.low, event.killed.best, event.killed.high]
          : [],
    );
    const match = hits.find(
      (i) =>
        i.place?.name !== undefined &&
        placeLevels(event.place ?? { name: '' }).includes(i.place.name) &&
        i.killed?.low != null &&
        killedValues.has(i.killed.low),
    );
    expect(
      match,
      `an incident with a figure in ${[...killedValues].join('/')} at ${event.place?.name}`,
    ).toBeDefined();
    expect(match?.type).toBe(event.type);
    expect(match?.subtype).toBe(event.subtype);
    expect(match?.place?.countryCode).toBe(event.place?.iso);
    if (manifest.get(doc)?.published && event.date) {
      expect(match?.date?.start).toBe(event.date.start);
      expect(match?.date?.precision).toBe(event.date.precision);
    }
  });
});

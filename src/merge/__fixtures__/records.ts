import { emptyExtraction } from '../../core/empty-extraction.js';
import type {
  Claim,
  DocumentExtraction,
  IncidentKind,
  IncidentMention,
  PlaceMention,
  Quantity,
  Quote,
  ReusePair,
  StoredDocument,
} from '../../core/types.js';

/** Small hand-built records for merge tests. */
export function doc(id: string, text: string, published = '2024-05-02'): StoredDocument {
  return {
    id,
    sha256: `sha-${id}`,
    source: `${id}.txt`,
    recordKey: '',
    reader: 'text',
    capturedAt: '2024-05-03T00:00:00Z',
    text,
    title: null,
    outlet: `Outlet ${id}`,
    url: null,
    published,
    byline: null,
    dateline: null,
    credits: [],
    series: null,
    externalId: null,
    inferred: [],
  };
}

export function qty(best: number, qualifier: Quantity['qualifier'] = 'exact'): Quantity {
  const open = qualifier === 'at-least' || qualifier === 'more-than';
  return {
    span: [0, 0],
    text: String(best),
    low: best,
    best,
    high: open ? null : best,
    qualifier,
    percent: false,
    counted: 'person',
  };
}

export function town(name: string, admin1 = 'North Region', country = 'Freedonia'): PlaceMention {
  return {
    span: [0, 0],
    text: name,
    name,
    admin1,
    country,
    countryCode: 'FD',
    lat: 1,
    lon: 2,
    precision: 'town',
    kind: 'populated-place',
    relation: null,
  };
}

export function region(name: string, country = 'Freedonia'): PlaceMention {
  return {
    span: [0, 0],
    text: name,
    name,
    admin1: name,
    country,
    countryCode: 'FD',
    lat: 1.5,
    lon: 2.5,
    precision: 'region',
    kind: 'region',
    relation: null,
  };
}

/** An incident whose clause is `clause`, found inside `text` (the document's text). */
export function incident(
  d: StoredDocument,
  n: number,
  clause: string,
  o: {
    kind?: IncidentKind;
    killed?: Quantity | null;
    injured?: Quantity | null;
    place?: PlaceMention | null;
    date?: string | null;
    origin?: string | null;
    counts?: Quantity[];
  } = {},
): IncidentMention {
  const start = d.text.indexOf(clause);
  if (start < 0) throw new Error(`clause not in ${d.id}: ${clause}`);
  const span: [number, number] = [start, start + clause.length];
  const kind = o.kind ?? 'shelling';
  const remote = ['shelling', 'missile-strike', 'air-strike', 'bombing', 'explosion'].includes(kind);
  return {
    id: `${d.id}:i${n}`,
    documentId: d.id,
    span,
    text: clause,
    sentence: span,
    kind,
    type: remote ? 'Explosions/Remote violence' : 'Violence against civilians',
    subtype: remote ? 'Shelling/artillery/missile attack' : 'Attack',
    trigger: { span, text: clause },
    killed: o.killed ?? null,
    injured: o.injured ?? null,
    counts: o.counts ?? [],
    date:
      o.date === null
        ? null
        : {
            span: [0, 1],
            text: 'x',
            start: o.date ?? '2024-05-01',
            end: o.date ?? '2024-05-01',
            precision: 'day',
            reason: 'test',
          },
    place: o.place === undefined ? town('Ashford') : o.place,
    actors: [],
    modality: 'fact',
    origin: o.origin ?? null,
  };
}

export function quote(
  d: StoredDocument,
  n: number,
  content: string,
  speaker: string | null = 'Mayor Lee',
): Quote {
  const start = d.text.indexOf(content);
  if (start < 0) throw new Error(`quote not in ${d.id}: ${content}`);
  const span: [number, number] = [start, start + content.length];
  return {
    id: `${d.id}:q${n}`,
    documentId: d.id,
    span,
    text: content,
    content: [{ span, text: content }],
    direct: true,
    partial: false,
    speaker,
    speakerRole: null,
    speakerSpan: null,
    cue: 'said',
    cueSpan: null,
  };
}

export function claim(
  d: StoredDocument,
  n: number,
  text: string,
  stance: Claim['stance'],
  claimant: string | null,
  about: string[] = [],
): Claim {
  const start = d.text.indexOf(text);
  if (start < 0) throw new Error(`claim not in ${d.id}: ${text}`);
  return {
    id: `${d.id}:c${n}`,
    documentId: d.id,
    span: [start, start + text.length],
    text,
    claimant,
    stance,
    cue: null,
    about,
  };
}

export function extraction(d: StoredDocument, parts: Partial<DocumentExtraction>): DocumentExtraction {
  return { ...emptyExtraction(d.id, { date: d.published, from: 'published' }), ...parts };
}

/** A verbatim reuse pair whose one passage is `text` in both documents (a before b). */
export function verbatim(a: StoredDocument, b: StoredDocument, text: string): ReusePair {
  const sa = a.text.indexOf(text);
  const sb = b.text.indexOf(text);
  return {
    a: a.id,
    b: b.id,
    relation: 'verbatim',
    shared_a: 0.5,
    shared_b: 0.5,
    direction: 'a>b',
    reason: 'test',
    passages: [{ a: [sa, sa + text.length], b: [sb, sb + text.length], kind: 'verbatim', score: 1 }],
  };
}

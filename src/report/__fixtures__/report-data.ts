/**
 * A small, hand-written report of fictional events: one wire story (d1), a verbatim republication
 * (d2), a broadcaster splicing the wire copy into its own reporting (d3), a paraphrased rewrite that
 * alters a quotation (d4), an independent report with a different death toll (d5), a denial (d6),
 * and an unrelated flood (d7). Spans are computed from the texts so that slicing always matches.
 */
import { createHash } from 'node:crypto';
import type { LedgerDocument, Mention, Passage, Span } from '../../core/types.js';
import type { Highlight, ReportCustodyEntry, ReportData, ReportDocument } from '../types.js';

const WIRE_LEAD =
  'Artillery shells struck the covered market in Korvany on Saturday morning, killing at least 12 people and injuring 31, the regional governor said.';
const WIRE_QUOTE = '"It was a scene of pure devastation," Governor Alma Restrepo told reporters at the site.';
const WIRE_ACCUSE =
  'Restrepo said the Northern Army had fired on the market from positions east of the river.';
const WIRE_RESCUE = 'Rescue teams worked through the night to clear the collapsed roof of the main hall.';

const texts: Record<string, string> = {
  d1: `KORVANY, May 6 (Coastal Wire) - ${WIRE_LEAD}\n\n${WIRE_QUOTE}\n\n${WIRE_ACCUSE}\n\n${WIRE_RESCUE}\n`,
  d2: `KORVANY, May 6 (Coastal Wire) - ${WIRE_LEAD}\n\n${WIRE_QUOTE}\n\n${WIRE_ACCUSE}\n\n${WIRE_RESCUE}\n\nReporting by Coastal Wire staff.\n`,
  d3: `Our correspondent reached Korvany on Sunday. Stalls lay overturned and glass covered the square.\n\n${WIRE_LEAD}\n\n${WIRE_QUOTE}\n\nA nurse at the district hospital, Ivo Tamsin, said "we ran out of beds before noon."\n\n${WIRE_RESCUE}\n`,
  d4: 'Shelling hit the indoor market of Korvany on Saturday, leaving at least 12 people dead and 31 wounded, according to the governor of the region.\n\n"It was a scene of total devastation," Governor Alma Restrepo said to journalists there.\n\nEmergency crews spent the night removing the fallen roof of the central hall.\n',
  d5: 'KORVANY - Fourteen people were killed when shells hit the Korvany market on Saturday, the local hospital director, Dr. Pia Lund, said on Sunday.\n\nA day earlier, two people died in the shelling of the village of Seltsy, 8 km to the north.\n\n"We have never seen so many wounded at once," Lund said.\n',
  d6: 'The defence ministry of the Northern Republic on Sunday denied that its forces had shelled the Korvany market, calling the accusation "a provocation."\n\nA ministry spokesman said no artillery had been fired in the area.\n',
  d7: 'LINDMARK, May 9 - Flash floods tore through the river town of Lindmark on Tuesday, killing two people and injuring about 30, the fire service said.\n\nWater rose to the first floor of houses near the old bridge within an hour.\n',
};

/** `[start, end)` of the n-th occurrence of `needle` in document `doc`. */
function at(doc: string, needle: string, nth = 0): Span {
  const text = texts[doc] ?? '';
  let from = 0;
  let start = -1;
  for (let i = 0; i <= nth; i++) {
    start = text.indexOf(needle, from);
    if (start < 0) throw new Error(`fixture: "${needle}" not found in ${doc}`);
    from = start + 1;
  }
  return [start, start + needle.length];
}

function mention(doc: string, needle: string): Mention {
  return { document: doc, span: at(doc, needle), text: needle };
}

function passage(
  a: string,
  b: string,
  needleA: string,
  needleB: string,
  kind: Passage['kind'],
  score: number,
): Passage {
  return { a: at(a, needleA), b: at(b, needleB), kind, score };
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const meta: Record<string, Omit<LedgerDocument, 'id' | 'sha256' | 'family'> & { family: string }> = {
  d1: {
    source: 'wire/korvany-market.txt',
    url: 'https://coastal-wire.example/korvany',
    outlet: 'Coastal Wire',
    title: 'Shelling kills at least 12 at Korvany market',
    published: '2031-05-06T09:12:00Z',
    family: 'f1',
  },
  d2: {
    source: 'papers/daily-meridian.html',
    url: 'https://meridian.example/world/korvany',
    outlet: 'Daily Meridian',
    title: 'Shelling kills at least 12 at Korvany market',
    published: '2031-05-06T11:40:00Z',
    family: 'f1',
  },
  d3: {
    source: 'tv/channel-nine.txt',
    url: 'https://channel9.example/news/korvany',
    outlet: 'Channel Nine',
    title: 'Inside Korvany after the market strike',
    published: '2031-05-07T07:05:00Z',
    family: 'f1',
  },
  d4: {
    source: 'aggregator/newsbit.html',
    url: 'https://newsbit.example/a/8812',
    outlet: 'NewsBit',
    title: 'Korvany market shelled, 12 dead',
    published: '2031-05-06T15:30:00Z',
    family: 'f1',
  },
  d5: {
    source: 'local/korvany-herald.txt',
    url: null,
    outlet: 'Korvany Herald',
    title: 'Fourteen dead in market shelling, hospital says',
    published: '2031-05-07T10:00:00Z',
    family: 'f2',
  },
  d6: {
    source: 'statements/ministry.txt',
    url: null,
    outlet: 'Northern Republic Press Office',
    title: 'Ministry rejects market accusation',
    published: '2031-05-07T12:00:00Z',
    family: 'f3',
  },
  d7: {
    source: 'wire/lindmark-floods.txt',
    url: 'https://coastal-wire.example/lindmark',
    outlet: 'Coastal Wire',
    title: 'Two dead as floods hit Lindmark',
    published: '2031-05-09T16:20:00Z',
    family: 'f4',
  },
};

const ids = Object.keys(texts);

const documents: ReportDocument[] = ids.map((id) => {
  const m = meta[id]!;
  const text = texts[id]!;
  return {
    id,
    sha256: sha(text),
    source: m.source,
    url: m.url,
    outlet: m.outlet,
    title: m.title,
    published: m.published,
    family: m.family,
    capturedAt: `2031-05-10T08:0${ids.indexOf(id)}:00Z`,
    reader: m.source.endsWith('.html') ? 'html' : 'text',
    byline: null,
    credits: id === 'd1' || id === 'd2' ? ['Coastal Wire'] : [],
    length: text.length,
    text,
  };
});

let prev = '0'.repeat(64);
const custody: ReportCustodyEntry[] = documents.map((d, i) => {
  const hash = sha(`${prev}|${d.sha256}|${d.source}|${d.capturedAt}`);
  prev = hash;
  return {
    seq: i + 1,
    action: 'capture',
    document: d.id,
    sha256: d.sha256,
    source: d.source,
    at: d.capturedAt ?? '',
    hash,
  };
});

const highlights: Record<string, Highlight[]> = {
  d1: [
    {
      kind: 'incident',
      span: at('d1', 'Artillery shells struck the covered market in Korvany on Saturday morning'),
      label: 'shelling',
    },
    { kind: 'quantity', span: at('d1', 'at least 12 people'), label: 'killed: 12 (at least)' },
    { kind: 'quantity', span: at('d1', '31'), label: 'injured: 31' },
    { kind: 'place', span: at('d1', 'Korvany'), label: 'Korvany (town)' },
    { kind: 'date', span: at('d1', 'Saturday morning'), label: '2031-05-03 (day)' },
    {
      kind: 'quote',
      span: at('d1', '"It was a scene of pure devastation,"'),
      label: 'quote by Alma Restrepo',
    },
    { kind: 'claim', span: at('d1', WIRE_ACCUSE), label: 'accusation by Alma Restrepo' },
  ],
  d6: [
    {
      kind: 'claim',
      span: at('d6', 'denied that its forces had shelled the Korvany market'),
      label: 'denial by the defence ministry',
    },
  ],
};

const korvanyMentions: Mention[] = [
  mention('d1', WIRE_LEAD),
  mention('d2', WIRE_LEAD),
  mention('d3', WIRE_LEAD),
  mention(
    'd4',
    'Shelling hit the indoor market of Korvany on Saturday, leaving at least 12 people dead and 31 wounded',
  ),
  mention('d5', 'Fourteen people were killed when shells hit the Korvany market on Saturday'),
];

/** The full fixture. `generated` is fixed so that renders are reproducible. */
export const reportFixture: ReportData = {
  schema: 'corroborate.report/1',
  generated: '2031-05-10T09:00:00Z',
  documents,
  highlights,
  custody,
  ledger: {
    schema: 'corroborate.ledger/1',
    documents: documents.map(({ id, sha256, source, url, outlet, title, published, family }) => ({
      id,
      sha256,
      source,
      url,
      outlet,
      title,
      published,
      family,
    })),
    families: [
      { id: 'f1', documents: ['d1', 'd2', 'd3', 'd4'], origin: 'd1' },
      { id: 'f2', documents: ['d5'], origin: 'd5' },
      { id: 'f3', documents: ['d6'], origin: 'd6' },
      { id: 'f4', documents: ['d7'], origin: 'd7' },
    ],
    reuse: [
      {
        a: 'd1',
        b: 'd2',
        relation: 'duplicate',
        shared_a: 1,
        shared_b: 0.94,
        direction: 'a>b',
        reason: 'd1 published 2h28m earlier; d2 contains all of d1',
        passages: [passage('d1', 'd2', texts.d1!.trimEnd(), texts.d1!.trimEnd(), 'verbatim', 1)],
      },
      {
        a: 'd1',
        b: 'd3',
        relation: 'verbatim',
        shared_a: 0.71,
        shared_b: 0.52,
        direction: 'a>b',
        reason: 'd1 published 21h53m earlier and is credited as Coastal Wire',
        passages: [
          passage('d1', 'd3', WIRE_LEAD, WIRE_LEAD, 'verbatim', 1),
          passage('d1', 'd3', WIRE_QUOTE, WIRE_QUOTE, 'verbatim', 1),
          passage('d1', 'd3', WIRE_RESCUE, WIRE_RESCUE, 'verbatim', 1),
        ],
      },
      {
        a: 'd1',
        b: 'd4',
        relation: 'paraphrase',
        shared_a: 0.66,
        shared_b: 0.93,
        direction: 'a>b',
        reason: 'd1 published 6h18m earlier; every sentence of d4 rewords one of d1 in the same order',
        passages: [
          passage('d1', 'd4', WIRE_LEAD, texts.d4!.split('\n')[0]!, 'paraphrase', 0.71),
          passage(
            'd1',
            'd4',
            WIRE_QUOTE,
            '"It was a scene of total devastation," Governor Alma Restrepo said to journalists there.',
            'paraphrase',
            0.78,
          ),
          passage(
            'd1',
            'd4',
            WIRE_RESCUE,
            'Emergency crews spent the night removing the fallen roof of the central hall.',
            'paraphrase',
            0.64,
          ),
        ],
      },
      {
        a: 'd2',
        b: 'd3',
        relation: 'verbatim',
        shared_a: 0.66,
        shared_b: 0.52,
        direction: 'unknown',
        reason: 'both contain the same Coastal Wire passages; neither contains the other',
        passages: [passage('d2', 'd3', WIRE_LEAD, WIRE_LEAD, 'verbatim', 1)],
      },
    ],
    events: [
      {
        id: 'e1',
        type: 'Explosions/Remote violence',
        subtype: 'Shelling/artillery/missile attack',
        date: { start: '2031-05-03', end: '2031-05-03', precision: 'day' },
        place: {
          name: 'Korvany',
          admin1: 'Vale Oblast',
          country: 'Estrelia',
          lat: 47.21,
          lon: 31.84,
          precision: 'town',
        },
        actors: [
          { role: 'perpetrator', name: 'Northern Army' },
          { role: 'victim', name: 'civilians' },
        ],
        killed: { low: 12, best: 12, high: 14 },
        injured: { low: 31, best: 31, high: 31 },
        summary: 'Shelling of the covered market in Korvany',
        mentions: korvanyMentions,
        sources: 5,
        independent_sources: 2,
        origins: ['regional governor', 'hospital director'],
        conflicts: [
          {
            field: 'killed',
            values: [
              { value: 12, documents: ['d1', 'd2', 'd3', 'd4'] },
              { value: 14, documents: ['d5'] },
            ],
          },
        ],
      },
      {
        id: 'e2',
        type: 'Explosions/Remote violence',
        subtype: 'Shelling/artillery/missile attack',
        date: { start: '2031-05-02', end: '2031-05-02', precision: 'day' },
        place: {
          name: 'Seltsy',
          admin1: 'Vale Oblast',
          country: 'Estrelia',
          lat: 47.28,
          lon: 31.85,
          precision: 'town',
        },
        actors: [],
        killed: { low: 2, best: 2, high: 2 },
        injured: null,
        summary: 'Shelling of the village of Seltsy',
        mentions: [mention('d5', 'two people died in the shelling of the village of Seltsy')],
        sources: 1,
        independent_sources: 1,
        origins: [],
        conflicts: [],
      },
      {
        id: 'e3',
        type: 'Disasters and accidents',
        subtype: 'Flood',
        date: { start: '2031-05-09', end: '2031-05-09', precision: 'day' },
        place: {
          name: 'Lindmark',
          admin1: 'Coast Province',
          country: 'Estrelia',
          lat: 45.02,
          lon: 29.4,
          precision: 'town',
        },
        actors: [],
        killed: { low: 2, best: 2, high: 2 },
        injured: { low: 25, best: 30, high: 35 },
        summary: 'Flash floods in Lindmark',
        mentions: [
          mention(
            'd7',
            'Flash floods tore through the river town of Lindmark on Tuesday, killing two people and injuring about 30',
          ),
        ],
        sources: 1,
        independent_sources: 1,
        origins: ['fire service'],
        conflicts: [],
      },
    ],
    quotes: [
      {
        id: 'q1',
        speaker: 'Alma Restrepo',
        speaker_role: null,
        kind: 'direct',
        text: 'It was a scene of pure devastation',
        mentions: [
          mention('d1', 'It was a scene of pure devastation'),
          mention('d2', 'It was a scene of pure devastation'),
          mention('d3', 'It was a scene of pure devastation'),
          mention('d4', 'It was a scene of total devastation'),
        ],
        variants: [
          {
            text: 'It was a scene of pure devastation',
            documents: ['d1', 'd2', 'd3'],
            change: 'identical',
            flag: null,
          },
          {
            text: 'It was a scene of total devastation',
            documents: ['d4'],
            change: 'substitution',
            flag: 'content word changed: "pure" → "total"',
          },
        ],
        sources: 4,
        independent_sources: 1,
      },
      {
        id: 'q2',
        speaker: 'Pia Lund',
        speaker_role: null,
        kind: 'direct',
        text: 'We have never seen so many wounded at once',
        mentions: [mention('d5', 'We have never seen so many wounded at once')],
        variants: [
          {
            text: 'We have never seen so many wounded at once',
            documents: ['d5'],
            change: 'identical',
            flag: null,
          },
        ],
        sources: 1,
        independent_sources: 1,
      },
      {
        id: 'q3',
        speaker: 'Ivo Tamsin',
        speaker_role: null,
        kind: 'direct',
        text: 'we ran out of beds before noon',
        mentions: [mention('d3', 'we ran out of beds before noon')],
        variants: [
          { text: 'we ran out of beds before noon', documents: ['d3'], change: 'identical', flag: null },
        ],
        sources: 1,
        independent_sources: 1,
      },
    ],
    claims: [
      {
        id: 'c1',
        claimant: 'Alma Restrepo',
        stance: 'affirm',
        text: 'the Northern Army had fired on the market from positions east of the river',
        answers: 'e1',
        mentions: [mention('d1', WIRE_ACCUSE), mention('d2', WIRE_ACCUSE)],
        sources: 2,
        independent_sources: 1,
      },
      {
        id: 'c2',
        claimant: 'defence ministry of the Northern Republic',
        stance: 'deny',
        text: 'its forces had shelled the Korvany market',
        answers: 'c1',
        mentions: [mention('d6', 'denied that its forces had shelled the Korvany market')],
        sources: 1,
        independent_sources: 1,
      },
      {
        id: 'c3',
        claimant: 'Pia Lund',
        stance: 'report',
        text: 'Fourteen people were killed when shells hit the Korvany market on Saturday',
        answers: 'e1',
        mentions: [
          mention('d5', 'Fourteen people were killed when shells hit the Korvany market on Saturday'),
        ],
        sources: 1,
        independent_sources: 1,
      },
    ],
    custody: { entries: custody.length, head: prev },
  },
};

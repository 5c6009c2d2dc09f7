import { describe, expect, it } from 'vitest';
import type { Ledger, LedgerEvent, LedgerQuote } from '../core/types.js';
import { citation, formatBrief } from './brief.js';

const texts: Record<string, string> = {
  a: 'Gunfire killed 3 people at a river port on Friday, police said. The navy denied any role.',
  b: 'Gunfire killed 3 people at a river port on Friday, police said. Residents fled.',
  c: 'Officials said three died at the port. A witness called it "a night of pure terror".',
  d: 'A council meeting discussed the port budget on Monday.',
  e: 'Troops shelled a ferry landing at Wexmoor on Monday. Two mayors said the shelling amounted to a crime.',
  f: 'Two mayors said the shelling amounted to a crime. The harbour office was closed.',
  h: 'Troops shelled a ferry landing at Wexmoor on Monday. One ferryman was killed and 4 were hurt.',
  i: 'A guard said it was "a night of terror" at the port.',
  g: 'The navy denied any role, its spokesman Ivo Brandt told reporters on Saturday. Fishing resumed.',
  k: 'Gunfire killed 3 people at a river port on Friday, police said. Troops shelled a ferry landing at Wexmoor on Monday, killing 2 people. A ferryman called it "a night of pure terror".',
};
const textOf = (id: string) => texts[id] ?? null;

const doc = (id: string, outlet: string | null, title: string | null) => ({
  id,
  sha256: id,
  source: `/home/someone/reports/${id}.txt`,
  url: null,
  outlet,
  title,
  published: '2024-05-03T09:00:00Z',
  family: null,
});

const mention = (document: string, start: number, end: number) => ({
  document,
  span: [start, end] as [number, number],
  text: (texts[document] as string).slice(start, end),
});

function event(id: string, over: Partial<LedgerEvent>): LedgerEvent {
  return {
    id,
    type: 'Violence against civilians',
    subtype: 'Attack',
    date: null,
    place: null,
    actors: [],
    killed: null,
    injured: null,
    summary: '',
    mentions: [],
    sources: 1,
    independent_sources: 1,
    origins: [],
    conflicts: [],
    ...over,
  };
}

const port = event('ev-port', {
  killed: { low: 3, best: 3, high: 3 },
  summary: 'Gunfire killed 3 people at a river port on Friday',
  mentions: [mention('a', 0, 49), mention('b', 0, 49), mention('c', 0, 37)],
  sources: 3,
  independent_sources: 2,
});
const meeting = event('ev-meeting', {
  summary: 'A council meeting discussed the port budget on Monday.',
  mentions: [mention('d', 0, 54)],
  sources: 1,
  independent_sources: 1,
});

const ferry = event('ev-ferry', {
  type: 'Explosions/Remote violence',
  subtype: 'Shelling/artillery/missile attack',
  summary: 'Two mayors said the shelling amounted to a crime.',
  mentions: [mention('f', 0, 49), mention('e', 53, 102), mention('e', 0, 51)],
  sources: 2,
  independent_sources: 2,
});

const base: Ledger = {
  schema: 'corroborate.ledger/1',
  documents: [
    doc('a', 'Wire', 'Port shooting'),
    doc('b', 'Wire', 'Three dead at port'),
    doc('c', null, null),
    doc('d', 'Courier', null),
    doc('e', 'Courier', 'Ferry landing shelled'),
    doc('f', 'Herald', 'Mayors speak out'),
    doc('g', 'Herald', 'Navy answers'),
    doc('h', 'Herald', 'Ferryman killed'),
    doc('i', 'Gazette', 'Guard speaks'),
  ],
  families: [],
  reuse: [],
  events: [meeting, port],
  quotes: [],
  claims: [],
  custody: { entries: 1, head: '0'.repeat(64) },
};

describe('formatBrief', () => {
  it('cites exactly the documents whose text states the sentence', () => {
    const brief = formatBrief(base, { textOf });
    const line = brief.split('\n').find((l) => l.startsWith('Gunfire killed 3')) ?? '';
    expect(line).toContain('[Wire, 2024-05-03, "Port shooting"; Wire, 2024-05-03, "Three dead at port"]');
    expect(line).not.toContain('c.txt');
    expect(line).toContain('(the incident: 3 documents, 2 independent sources)');
  });

  it('tells an incident by the sentence most of its documents state', () => {
    const ledger: Ledger = {
      ...base,
      events: [
        {
          ...port,
          summary: 'Officials said three died at the port.',
          mentions: [mention('c', 0, 37), ...port.mentions],
        },
      ],
    };
    const brief = formatBrief(ledger, { textOf });
    expect(brief.startsWith('Gunfire killed 3 people at a river port on Friday, police said.')).toBe(true);
  });

  it('leads with the incidents that have figures, most corroborated first', () => {
    const ledger: Ledger = { ...base, events: [ferry, port] };
    const brief = formatBrief(ledger, { textOf });
    expect(brief.indexOf('Troops shelled')).toBeGreaterThan(0);
    expect(brief.indexOf('Gunfire killed 3')).toBeLessThan(brief.indexOf('Troops shelled'));
  });

  it('tells an incident by a sentence of it happening, not by a reaction more documents state', () => {
    const brief = formatBrief({ ...base, events: [ferry] }, { textOf });
    expect(brief).toContain('Troops shelled a ferry landing at Wexmoor on Monday. [Courier, 2024-05-03');
    expect(brief).not.toContain('amounted to');
  });

  it('leaves out an event only reacted to or referred to', () => {
    const reaction = event('ev-reaction', {
      summary: 'Two mayors said the shelling amounted to a crime.',
      mentions: [mention('f', 0, 49)],
    });
    const brief = formatBrief({ ...base, events: [port, reaction, meeting] }, { textOf });
    expect(brief).toContain('Gunfire killed 3');
    expect(brief).not.toContain('amounted to');
    expect(brief).not.toContain('council meeting');
  });

  it('says so when no event has a sentence telling an incident happening', () => {
    expect(formatBrief({ ...base, events: [meeting] }, { textOf })).toMatch(
      /^None of the ledger's 1 event has /,
    );
    expect(formatBrief({ ...base, events: [] }, { textOf })).toBe('The ledger has no events yet.\n');
  });

  it('tells an incident by its casualty clause with the count before a sentence more documents state', () => {
    const shelled = mention('e', 0, 51);
    const ledger: Ledger = {
      ...base,
      events: [
        {
          ...ferry,
          summary: shelled.text,
          mentions: [shelled, { ...shelled, document: 'h' }, mention('h', 53, 95)],
        },
      ],
    };
    expect(formatBrief(ledger, { textOf })).toContain(
      'One ferryman was killed and 4 were hurt. [Herald, 2024-05-03, "Ferryman killed"]',
    );
  });

  it('prints a denial as its whole sentence, citing only the documents that hold it', () => {
    const ledger: Ledger = {
      ...base,
      claims: [
        {
          id: 'cl-deny',
          claimant: 'Ivo Brandt',
          stance: 'deny',
          text: 'its spokesman Ivo Brandt told',
          answers: 'ev-port',
          mentions: [mention('g', 26, 55), mention('a', 64, 88)],
        },
      ],
    };
    const brief = formatBrief(ledger, { textOf });
    expect(brief).toContain(
      'Denied by Ivo Brandt: The navy denied any role, its spokesman Ivo Brandt told reporters on Saturday. [Herald, 2024-05-03, "Navy answers"]',
    );
    expect(brief).not.toMatch(/told \[/);
  });

  it('never prints a machine path', () => {
    expect(formatBrief(base, { textOf })).not.toContain('/home/someone');
  });

  it('skips a sentence holding a quotation flagged as altered, telling the incident by another', () => {
    const flaggedEvent = event('ev-port', {
      ...port,
      summary: 'A witness called it "a night of pure terror".',
      mentions: [mention('c', 39, 84), mention('a', 0, 49)],
    });
    const ledger: Ledger = {
      ...base,
      events: [flaggedEvent],
      quotes: [
        {
          id: 'q-1',
          speaker: 'a witness',
          speaker_role: null,
          kind: 'direct',
          text: 'a night of terror',
          mentions: [],
          variants: [
            { text: 'a night of terror', documents: ['b'], change: 'identical', flag: null },
            {
              text: 'a night of pure terror',
              documents: ['c'],
              change: 'extension',
              flag: 'altered wording',
            },
          ],
          sources: 2,
          independent_sources: 2,
        },
      ],
    };
    const brief = formatBrief(ledger, { textOf });
    expect(brief).not.toContain('pure terror');
    expect(brief).toContain('Gunfire killed 3 people at a river port on Friday, police said.');
  });

  it('tells a flagged misquote by its original wording, with the flag, citing the documents that hold it', () => {
    const quote = {
      id: 'q-2',
      speaker: 'a guard',
      speaker_role: null,
      kind: 'direct' as const,
      text: 'a night of terror',
      mentions: [] as LedgerQuote['mentions'],
      variants: [
        { text: 'a night of terror', documents: ['i', 'b'], change: 'identical' as const, flag: null },
        {
          text: 'a night of pure terror',
          documents: ['c'],
          change: 'extension' as const,
          flag: 'altered wording',
        },
      ],
      sources: 3,
      independent_sources: 2,
    };
    const quoted = (d: string, words: string) => {
      const at = (texts[d] as string).indexOf(words);
      return mention(d, at, at + words.length);
    };
    quote.mentions.push(quoted('i', 'a night of terror'), quoted('c', 'a night of pure terror'));
    const brief = formatBrief({ ...base, events: [port], quotes: [quote] }, { textOf });
    expect(brief).toContain(
      '  Misquoted [2024-05-03, c.txt] (altered wording); the words as the other reports quote them: "a night of terror" [Gazette, 2024-05-03, "Guard speaks"]',
    );
    expect(brief).not.toContain('pure terror');
    // A quotation none of the event's documents alters is not told with it.
    expect(
      formatBrief(
        { ...base, events: [meeting, port], quotes: [{ ...quote, variants: quote.variants.slice(0, 1) }] },
        { textOf },
      ),
    ).not.toContain('Misquoted');
  });

  it('tells a misquote with the incident whose sentences it is quoted by, not any sharing its document', () => {
    const landing = event('ev-landing', {
      killed: { low: 2, best: 2, high: 2 },
      summary: 'Troops shelled a ferry landing at Wexmoor on Monday, killing 2 people.',
      mentions: [mention('k', 64, 134)],
    });
    const both = { ...port, mentions: [...port.mentions, mention('k', 0, 49)] };
    const at = (texts.k as string).indexOf('a night of pure terror');
    const quote: LedgerQuote = {
      id: 'q-3',
      speaker: 'a ferryman',
      speaker_role: null,
      kind: 'direct',
      text: 'a night of terror',
      mentions: [mention('i', 20, 37), mention('k', at, at + 22)],
      variants: [
        { text: 'a night of terror', documents: ['i'], change: 'identical', flag: null },
        { text: 'a night of pure terror', documents: ['k'], change: 'extension', flag: 'altered wording' },
      ],
      sources: 2,
      independent_sources: 2,
    };
    const ledger: Ledger = {
      ...base,
      documents: [...base.documents, doc('k', 'Post', 'Two attacks')],
      events: [both, landing],
      quotes: [quote],
    };
    const [first = '', second = ''] = formatBrief(ledger, { textOf }).split('\n\n');
    expect(first).toMatch(/^Gunfire killed 3/);
    expect(first).not.toContain('Misquoted');
    expect(second).toMatch(/^Troops shelled a ferry landing/);
    expect(second).toContain('Misquoted [Post, 2024-05-03, "Two attacks"] (altered wording)');
  });

  it('never cites a document that does not state the sentence: the sentence is left out', () => {
    const unstated = event('ev-unstated', {
      killed: { low: 5, best: 5, high: 5 },
      summary: 'Rebels killed 5 herders at Quillan on Sunday.',
      mentions: [{ document: 'z', span: [0, 20], text: 'Herders were missing' }],
    });
    const ledger: Ledger = {
      ...base,
      documents: [...base.documents, doc('z', 'Post', 'Quillan')],
      events: [unstated],
    };
    const brief = formatBrief(ledger, { textOf });
    expect(brief).not.toContain('Rebels killed 5');
    expect(brief).not.toContain('Quillan');
  });

  it.each([
    ['the event directly', 'ev-port'],
    ['the accusation that answers the event', 'cl-accuse'],
  ])('prints a denial that answers %s', (_label, answers) => {
    const ledger: Ledger = {
      ...base,
      claims: [
        {
          id: 'cl-accuse',
          claimant: 'police',
          stance: 'affirm',
          text: 'police said',
          answers: 'ev-port',
          mentions: [mention('a', 51, 62)],
        },
        {
          id: 'cl-deny',
          claimant: 'the navy',
          stance: 'deny',
          text: 'The navy denied any role.',
          answers,
          mentions: [mention('a', 64, 89)],
        },
      ],
    };
    expect(formatBrief(ledger, { textOf })).toContain(
      'Denied by the navy: The navy denied any role. [Wire, 2024-05-03, "Port shooting"]',
    );
  });
});

describe('citations in the brief', () => {
  it('tells apart two documents that would be cited alike', () => {
    const twin = { ...doc('b', 'Wire', null), source: '/home/someone/reports/a.txt' };
    const ledger: Ledger = {
      ...base,
      documents: [{ ...doc('a', 'Wire', null), source: twin.source }, twin, ...base.documents.slice(2)],
    };
    const line = formatBrief(ledger, { textOf }).split('\n')[0] ?? '';
    expect(line).toContain('[Wire, 2024-05-03, a.txt, document a; Wire, 2024-05-03, a.txt, document b]');
  });
});

describe('citation', () => {
  it.each([
    [
      { outlet: 'Wire', published: '2024-05-03T09:00:00Z', title: 'Port shooting', source: '/x/a.txt' },
      'Wire, 2024-05-03, "Port shooting"',
    ],
    [{ outlet: null, published: null, title: null, source: '/x/y/report-7.txt' }, 'report-7.txt'],
    [
      { outlet: 'Radio', published: null, title: null, source: 'https://example.org/news/item-3?ref=feed' },
      'Radio, item-3',
    ],
    [
      { outlet: null, published: '2024-01-02', title: null, source: 'C:\\reports\\z.html' },
      '2024-01-02, z.html',
    ],
    [
      {
        outlet: 'Daily',
        published: null,
        title: null,
        source: '/x/feed.jsonl',
        url: 'https://daily.example/a/ferry-sinks',
      },
      'Daily, ferry-sinks',
    ],
  ])('cites %o as %s', (d, expected) => {
    expect(citation(d)).toBe(expected);
  });
});

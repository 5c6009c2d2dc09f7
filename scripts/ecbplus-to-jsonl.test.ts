import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type ConvertedDocument,
  convertCorpus,
  convertDocument,
  type EcbToken,
  parseEcbXml,
  rebuildText,
  surface,
} from './ecbplus-to-jsonl.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const corpusDir = join(root, '..', 'shared', 'corpora', 'ecbplus');
const haveCorpus = existsSync(join(corpusDir, 'ECB+'));
if (!haveCorpus) {
  console.warn(`ecbplus-to-jsonl tests: ${corpusDir} is absent; the tests on the real corpus are skipped`);
}

function tokens(sentences: string[][]): EcbToken[] {
  let id = 0;
  return sentences.flatMap((words, sentence) => words.map((text) => ({ id: ++id, sentence, text })));
}

function rebuild(sentences: string[][], splitHyphens = true): string {
  return rebuildText(tokens(sentences), { splitHyphens }).text;
}

describe('rebuildText spacing', () => {
  it.each([
    [['He', 'said', ',', 'and', 'left', '.'], 'He said, and left.'],
    [['(', 'AP', ')', 'Reid', "'s", 'rep', 'did', "n't", 'call'], "(AP) Reid's rep didn't call"],
    [['``', 'We', 'appreciate', 'it', ',', "''", 'she', 'said'], '“We appreciate it,” she said'],
    [['“', 'There', '’', 's', 'a', 'feeling', '”'], '“There’s a feeling”'],
    [['the', 'country', '’', 's', 'history'], 'the country’s history'],
    [['the', 'film', '‘', 'Mockingjay', '’', 'as', 'well'], 'the film ‘Mockingjay’ as well'],
    [['victims', "'", 'relatives'], "victims' relatives"],
    [['a', '59', '-', 'year', '-', 'old', 'woman'], 'a 59-year-old woman'],
    [['at', '10', ':', '33', 'AM', 'PT'], 'at 10:33 AM PT'],
    [['at', '7', 'p.', 'm.', 'on', 'Friday'], 'at 7 p.m. on Friday'],
    [['4', ':', '08', 'p', '.', 'm', '.', 'ET'], '4:08 p.m. ET'],
    [['S', '.', 'Rich', 'Hill'], 'S. Rich Hill'],
    [['Lawyer', ':', 'Lohan', 'checks', 'in'], 'Lawyer: Lohan checks in'],
    [['a', '$', '334', 'million', 'deal'], 'a $334 million deal'],
    [['August', '10', ',', '2011', '-', '-', 'Updated'], 'August 10, 2011 -- Updated'],
    [['Scrubs', ',', "'", "'", 'has', 'entered'], 'Scrubs,” has entered'],
    [['24', '/', '7', 'coverage', 'and', '/', 'or'], '24/7 coverage and/or'],
    [['a', 'rise', 'of', '5', '%', '...'], 'a rise of 5%...'],
    [['$2', '.', '6', 'million', 'and', '$30', ',', '000'], '$2.6 million and $30,000'],
    [['In', '2011', ',', '500', 'people', 'came'], 'In 2011, 500 people came'],
  ])('%j → %s', (words, expected) => {
    expect(rebuild([words])).toBe(expected);
  });

  it('pairs straight double quotes by position and parity', () => {
    expect(rebuild([['He', 'called', 'it', '"', 'wonderful', ',', '"', 'and', 'left', '.']])).toBe(
      'He called it "wonderful," and left.',
    );
    expect(
      rebuild([
        ['"', 'It', 'is', 'over', '.'],
        ['We', 'won', '.', '"'],
      ]),
    ).toBe('"It is over.\nWe won."');
    expect(
      rebuild([['films', 'as', '"', 'Bathing', 'Beauty', ',', '"', '"', 'Take', 'Me', 'Out', '"']]),
    ).toBe('films as "Bathing Beauty," "Take Me Out"');
  });

  it('keeps a standalone hyphen as a dash in texts whose tokenizer kept compounds whole', () => {
    expect(rebuild([['in', 'Malibu', ',', 'California', '-', 'the', 'same', 'facility']], false)).toBe(
      'in Malibu, California - the same facility',
    );
  });

  it('puts each sentence on its own line', () => {
    expect(rebuild([['One', '.'], ['Two', '.'], ['Three']])).toBe('One.\nTwo.\nThree');
  });

  it('records a span for every token that slices to its surface form', () => {
    const list = tokens([
      ['``', 'Yes', ',', "''", 'Lohan', "'s", 'lawyer', 'said', '.'],
      ['Fine', '.'],
    ]);
    const { text, spans } = rebuildText(list, { splitHyphens: true });
    for (const token of list) {
      const span = spans.get(token.id);
      expect(span).toBeDefined();
      expect(text.slice(...(span as [number, number]))).toBe(surface(token.text));
    }
  });
});

const sampleXml = `<Document doc_name="7_3ecbplus.xml" doc_id="DOC1">
<token t_id="1" sentence="0" number="0">http</token>
<token t_id="2" sentence="0" number="1">:</token>
<token t_id="3" sentence="0" number="2">/</token>
<token t_id="4" sentence="0" number="3">/</token>
<token t_id="5" sentence="0" number="4">news</token>
<token t_id="6" sentence="0" number="5">.</token>
<token t_id="7" sentence="0" number="6">example</token>
<token t_id="8" sentence="1" number="0">Flood</token>
<token t_id="9" sentence="1" number="1">hits</token>
<token t_id="10" sentence="1" number="2">town</token>
<token t_id="11" sentence="2" number="0">May</token>
<token t_id="12" sentence="2" number="1">3</token>
<token t_id="13" sentence="2" number="2">,</token>
<token t_id="14" sentence="2" number="3">2013</token>
<token t_id="15" sentence="3" number="0">Water</token>
<token t_id="16" sentence="3" number="1">swept</token>
<token t_id="17" sentence="3" number="2">away</token>
<token t_id="18" sentence="3" number="3">R&amp;B</token>
<token t_id="19" sentence="3" number="4">bars</token>
<token t_id="20" sentence="3" number="5">,</token>
<token t_id="21" sentence="3" number="6">police</token>
<token t_id="22" sentence="3" number="7">said</token>
<token t_id="23" sentence="3" number="8">.</token>
<Markables>
<ACTION_OCCURRENCE m_id="1"  >
  <token_anchor t_id="9"/>
</ACTION_OCCURRENCE>
<ACTION_OCCURRENCE m_id="2"  >
  <token_anchor t_id="16"/>
  <token_anchor t_id="17"/>
</ACTION_OCCURRENCE>
<ACTION_REPORTING m_id="3"  >
  <token_anchor t_id="22"/>
</ACTION_REPORTING>
<NEG_ACTION_OCCURRENCE m_id="4"  >
  <token_anchor t_id="8"/>
  <token_anchor t_id="10"/>
</NEG_ACTION_OCCURRENCE>
<HUMAN_PART_ORG m_id="5"  >
  <token_anchor t_id="21"/>
</HUMAN_PART_ORG>
<ACTION_OCCURRENCE m_id="9" RELATED_TO="" TAG_DESCRIPTOR="t7_flood" instance_id="ACT123" />
<ACTION_REPORTING m_id="10" RELATED_TO="" TAG_DESCRIPTOR="police_said" />
</Markables>
<Relations>
<CROSS_DOC_COREF r_id="1" note="ACT123" >
  <source m_id="1" />
  <source m_id="2" />
  <target m_id="9" />
</CROSS_DOC_COREF>
<INTRA_DOC_COREF r_id="2" >
  <source m_id="3" />
  <target m_id="10" />
</INTRA_DOC_COREF>
</Relations>
</Document>`;

describe('convertDocument', () => {
  const converted = convertDocument(sampleXml, '7_3ecbplus.xml', new Set([1, 3]));

  it('builds the document record: id, topic, subtopic, series, title, url, text without the URL line', () => {
    expect(converted.document).toEqual({
      id: '7_3ecbplus',
      topic: '7',
      subtopic: 'ecbplus',
      series: '7',
      title: 'Flood hits town',
      url: 'http://news.example',
      text: 'Flood hits town\nMay 3, 2013\nWater swept away R&B bars, police said.',
    });
  });

  it('writes event mentions with spans, chains and the validated flag; entities are left out', () => {
    const byId = new Map(converted.mentions.map((m) => [m.m_id, m]));
    expect([...byId.keys()].sort()).toEqual(['1', '2', '3', '4']);
    expect(byId.get('1')).toMatchObject({
      text: 'hits',
      chain: 'ACT123',
      chain_kind: 'cross',
      descriptor: 't7_flood',
    });
    expect(byId.get('2')).toMatchObject({
      text: 'swept away',
      chain: 'ACT123',
      validated: true,
      sentence: 3,
    });
    expect(byId.get('3')).toMatchObject({
      chain: 'intra:7_3ecbplus:10',
      chain_kind: 'intra',
      type: 'ACTION_REPORTING',
    });
    expect(byId.get('4')).toMatchObject({
      text: 'Flood hits town',
      parts: [
        [0, 5],
        [11, 15],
      ],
      chain: 'singleton:7_3ecbplus:4',
      chain_kind: 'singleton',
      validated: true,
    });
    expect(byId.get('2')?.validated).toBe(true);
    for (const m of converted.mentions) expect(converted.document.text.slice(...m.span)).toBe(m.text);
  });

  it('refuses a file name that is not an ECB+ document name', () => {
    expect(() => convertDocument(sampleXml, 'notes.xml', new Set())).toThrow(/expected <topic>_<n>ecb\.xml/);
  });
});

/** Checks that each mention's span and parts slice to the surface text of its own tokens. */
function checkSpans(converted: ConvertedDocument, xml: string): number {
  const parsed = parseEcbXml(xml, converted.document.id);
  const kept =
    converted.document.subtopic === 'ecbplus' ? parsed.tokens.filter((t) => t.sentence !== 0) : parsed.tokens;
  const { spans } = rebuildText(
    kept.filter((t) => t.text !== '').sort((a, b) => a.id - b.id),
    { splitHyphens: converted.document.subtopic === 'ecbplus' },
  );
  const byId = new Map(parsed.tokens.map((t) => [t.id, t]));
  const text = converted.document.text;
  let checked = 0;
  for (const mention of converted.mentions) {
    expect(text.slice(...mention.span)).toBe(mention.text);
    for (const id of mention.tokens) {
      const span = spans.get(id);
      const token = byId.get(id);
      expect(span, `${mention.doc} t_id ${id}`).toBeDefined();
      const [start, end] = span as [number, number];
      // The surface of `'` may be empty or `”` when two `'` tokens stand for one closing quote.
      if (token?.text !== "'") expect(text.slice(start, end)).toBe(surface(token?.text ?? ''));
      expect(start >= mention.span[0] && end <= mention.span[1]).toBe(true);
      checked++;
    }
    const first = spans.get(mention.tokens[0] as number) as [number, number];
    const last = spans.get(mention.tokens[mention.tokens.length - 1] as number) as [number, number];
    expect(mention.span).toEqual([first[0], last[1]]);
  }
  return checked;
}

describe.skipIf(!haveCorpus)('ECB+ corpus (../shared/corpora/ecbplus)', () => {
  it('converts topic 1 with every gold span slicing to its tokens', () => {
    const converted = [...convertCorpus(corpusDir, { topics: new Set(['1']) })];
    expect(converted.length).toBeGreaterThan(10);
    expect(new Set(converted.map((c) => c.document.subtopic))).toEqual(new Set(['ecb', 'ecbplus']));
    let tokensChecked = 0;
    for (const c of converted) {
      const [topic] = c.document.id.split('_');
      const xml = readFileSync(join(corpusDir, 'ECB+', topic as string, `${c.document.id}.xml`), 'utf8');
      tokensChecked += checkSpans(c, xml);
      expect(c.document.text).not.toMatch(/ [,.;!?)]|\( | {2}/);
    }
    expect(tokensChecked).toBeGreaterThan(100);
    const chains = new Map<string, Set<string>>();
    for (const m of converted.flatMap((c) => c.mentions)) {
      if (m.chain_kind !== 'cross') continue;
      const docs = chains.get(m.chain) ?? new Set();
      docs.add(m.doc);
      chains.set(m.chain, docs);
    }
    expect([...chains.values()].some((docs) => docs.size > 5)).toBe(true);
  });

  it('converts the whole corpus: 982 documents, unique ids, 15003 event mentions, all spans valid', () => {
    let documents = 0;
    let mentions = 0;
    let validated = 0;
    const ids = new Set<string>();
    for (const c of convertCorpus(corpusDir)) {
      documents++;
      ids.add(c.document.id);
      expect(c.document.text.length).toBeGreaterThan(0);
      for (const m of c.mentions) {
        mentions++;
        if (m.validated) validated++;
        if (c.document.text.slice(m.span[0], m.span[1]) !== m.text)
          throw new Error(`${m.doc} m_id ${m.m_id}: bad span`);
      }
    }
    expect(documents).toBe(982);
    expect(ids.size).toBe(982);
    // The ECB+ README counts 15,003 annotated action mentions.
    expect(mentions).toBe(15003);
    expect(validated).toBeGreaterThan(1000);
    expect(validated).toBeLessThan(mentions);
  });
});

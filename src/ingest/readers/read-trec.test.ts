import { describe, expect, it } from 'vitest';
import { detectFormat } from '../detect-format.js';
import { defaultLimits } from '../limits.js';
import { readInput } from './read-input.js';
import { docnoParts } from './read-trec.js';

const twoDocs = `<DOC>
<DOCNO> APW19980603.0791 </DOCNO>
<DOCTYPE> NEWS STORY </DOCTYPE>
<DATE_TIME> 06/03/1998 15:41:00 </DATE_TIME>
<BODY>
<SLUG> BC-Flood-Valley </SLUG>
<HEADLINE>
River floods &AMP; cuts off valley towns
</HEADLINE>
<TEXT>
   RIVERTON (AP) _ A river burst its banks on Wednesday and cut off
three towns, officials said.
   Two people were missing, the officials said. &QL;
</TEXT>
</BODY>
</DOC>
<DOC>
<DOCNO> NYT19980604.0012 </DOCNO>
<HEADLINE> Water recedes </HEADLINE>
<TEXT>
<P>
The water fell on Thursday &amp; roads reopened.
</P>
<P>
Farmers counted their losses.
</P>
</TEXT>
</DOC>
`;

function read(text: string, source = 'APW19980603.0791') {
  return readInput(Buffer.from(text), { source, limits: defaultLimits });
}

describe('TREC / DUC SGML', () => {
  it.each([
    ['a DUC file with no extension', 'APW19980603.0791', twoDocs],
    ['a .txt file', 'cluster/d30001t.txt', twoDocs],
    ['a .sgml file', 'docs.sgml', twoDocs],
    [
      'Gigaword DOC with an id attribute',
      'giga',
      '<DOC id="XIN_ENG_20040101.0005" type="story">\n<HEADLINE>x</HEADLINE>',
    ],
  ])('is its own format: %s', (_name, source, text) => {
    expect(detectFormat(Buffer.from(text), source)).toBe('trec');
  });

  it.each([
    ['plain text about a document', 'notes.txt', '<DOC> is how the file starts, said the clerk.'],
    ['an HTML page', 'page', '<html><body><p>Hi</p></body></html>'],
  ])('is not taken for other inputs: %s', (_name, source, text) => {
    expect(detectFormat(Buffer.from(text), source)).not.toBe('trec');
  });

  it('reads one report per DOC with headline, date and no markup', () => {
    const result = read(twoDocs);
    expect(result.reader).toBe('trec');
    expect(result.diagnostics).toEqual([]);
    expect(result.records.map((r) => r.recordKey)).toEqual(['APW19980603.0791', 'NYT19980604.0012']);
    const [first, second] = result.records;
    expect(first?.meta).toMatchObject({
      title: 'River floods & cuts off valley towns',
      published: '1998-06-03T15:41:00',
      externalId: 'APW19980603.0791',
      series: 'APW',
      outlet: 'Associated Press',
    });
    expect(first?.text).toBe(
      'RIVERTON (AP) _ A river burst its banks on Wednesday and cut off three towns, officials said.\n\nTwo people were missing, the officials said.',
    );
    expect(second?.text).toBe(
      'The water fell on Thursday & roads reopened.\n\nFarmers counted their losses.',
    );
    for (const r of result.records) expect(r.text).not.toMatch(/<|&\w+;/);
  });

  it.each([
    [
      'DATE_TIME wins over the DOCNO',
      '<DATE_TIME> 1998-03-05 </DATE_TIME>',
      'XIE19980304.0061',
      '1998-03-05',
    ],
    ['DATE in YYMMDD form', '<DATE> 880212 </DATE>', 'AP880212-0001', '1988-02-12'],
    ['DATE written out', '<DATE><P>January 1, 1989, Sunday</P></DATE>', 'LA010189-0001', '1989-01-01'],
    ['the DOCNO when no element dates it', '', 'XIE19980304.0061', '1998-03-04'],
    ['an older TREC DOCNO', '', 'AP880212-0001', '1988-02-12'],
    ['nothing for a DOCNO without a date', '', 'FBIS3-1', undefined],
    ['nothing for an impossible DOCNO date', '', 'NYT19981345.0001', undefined],
  ])('dates a DOC from %s', (_name, element, docno, published) => {
    const text = `<DOC>\n<DOCNO>${docno}</DOCNO>\n${element}\n<TEXT>A fire broke out.</TEXT>\n</DOC>\n`;
    const [record] = read(text).records;
    expect(record?.meta.published).toBe(published);
  });

  it.each([
    ['APW19980603.0791', { code: 'APW', date: '1998-06-03' }],
    ['XIN_ENG_20040101.0005', { code: 'XIN', date: '2004-01-01' }],
    ['WSJ870324-0001', { code: 'WSJ', date: '1987-03-24' }],
    ['FT911-1', null],
  ])('reads the DOCNO %s', (docno, parts) => {
    expect(docnoParts(docno)).toEqual(parts);
  });

  it('leaves out a DOC without text and names it, keeping the others', () => {
    const result = read(
      '<DOC><DOCNO>A1</DOCNO><TEXT>First report.</TEXT></DOC><DOC><DOCNO>A2</DOCNO></DOC><DOC><TEXT>Third.</TEXT></DOC>',
      'x.sgml',
    );
    expect(result.records.map((r) => r.recordKey)).toEqual(['A1', 'doc 3']);
    expect(result.diagnostics).toMatchObject([{ rule: 'ingest/no-text', record: 'A2', severity: 'error' }]);
  });

  it('decodes a declared Latin-1 SGML file', () => {
    const bytes = Buffer.from('<DOC><DOCNO>X1</DOCNO><TEXT>Caf\xe9 owners fled.</TEXT></DOC>', 'latin1');
    expect(readInput(bytes, { source: 'x.sgml', limits: defaultLimits }).diagnostics[0]?.rule).toBe(
      'ingest/invalid-utf8',
    );
    const result = readInput(bytes, { source: 'x.sgml', limits: defaultLimits, encoding: 'latin1' });
    expect(result.records[0]?.text).toBe('Café owners fled.');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../limits.js';
import { markdownToText } from './markdown-to-text.js';
import { readMarkdown } from './read-markdown.js';
import { readText } from './read-text.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

describe('readText', () => {
  it('keeps the text as written, with canonical line ends', () => {
    const r = readText(fixture('crlf.txt'), { source: 'crlf.txt', limits: defaultLimits });
    expect(r.records).toEqual([{ recordKey: '', text: 'Line one.\nLine two with CRLF.\n', meta: {} }]);
  });

  it('normalises to NFC and strips a byte-order mark', () => {
    const r = readText(new TextEncoder().encode('\ufeffCafe\u0301\r'), {
      source: 'a.txt',
      limits: defaultLimits,
    });
    expect(r.records[0]?.text).toBe('Café\n');
  });
});

describe('readMarkdown', () => {
  it('reads front matter and strips markup, keeping every word', () => {
    const r = readMarkdown(fixture('report.md'), { source: 'report.md', limits: defaultLimits });
    expect(r.records[0]?.meta).toEqual({
      title: 'Night market fire contained',
      published: '2031-06-02',
      byline: 'Lin Qiao',
      outlet: 'Harbour Lantern',
    });
    expect(r.records[0]?.text).toBe(
      'Night market fire contained\n\nA fire that broke out in a fictional night market in Kaohsiung late on Saturday was contained within two hours, the city fire bureau said.\n\nNobody was injured, the bureau said.\n\n14 stalls were damaged\n2 fire engines attended\n\nUse snake_case and 2 * 3 = 6 stay as written.\n\nSmoke over the stalls\n',
    );
  });

  it.each([
    ['setext heading', 'Title line\n==========\n\nBody.', 'Title line\n\nBody.', 'Title line'],
    ['fenced code kept', '```js\nconst a = *b*;\n```\nafter', 'const a = *b*;\nafter', undefined],
    [
      'links, references and escapes',
      'See [the notice][n] and <https://x.example>, \\*not emphasis\\*.\n\n[n]: https://n.example',
      'See the notice and https://x.example, *not emphasis*.\n',
      undefined,
    ],
    [
      'horizontal rule and quote',
      'a\n\n---\n\n> quoted **bold**',
      'a\n\n\n\nquoted bold'.replace('\n\n\n\n', '\n\n'),
      undefined,
    ],
    ['ordered list', '1. first\n2) second', 'first\nsecond', undefined],
  ])('%s', (_, input, text, title) => {
    const out = markdownToText(input);
    expect(out.text).toBe(text);
    expect(out.meta.title).toBe(title);
  });
});

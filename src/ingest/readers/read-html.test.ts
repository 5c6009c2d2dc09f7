import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLimits, resolveLimits } from '../limits.js';
import { maxReadabilityElements, readHtml } from './read-html.js';

const ctx = { source: 'page.html', limits: defaultLimits };
const html = (s: string) => new TextEncoder().encode(s);

describe('readHtml', () => {
  const result = readHtml(readFileSync(new URL('./__fixtures__/article.html', import.meta.url)), ctx);
  const record = result.records[0];

  it('reads the page metadata', () => {
    expect(result.diagnostics).toEqual([]);
    expect(record?.meta).toEqual({
      title: 'Ferry strands 40 in Lagos harbour fog',
      byline: 'Tomi Adeyemi-Hart',
      outlet: 'The Meridian Ledger',
      url: 'https://meridian-ledger.example/ferry-fog',
      published: '2031-02-14T09:30:00+01:00',
    });
  });

  it('keeps the article text as paragraphs and drops navigation, scripts and footer', () => {
    const text = record?.text ?? '';
    expect(text).toContain('LAGOS, Feb. 14 – A passenger ferry carrying 40 people');
    expect(text).toContain('\n\nNo one was hurt, the authority said in a statement.');
    expect(text).toContain('a cold, quiet wait.\nSome sang');
    expect(text).toContain('The & sign, entities like été and a non\u00a0breaking space');
    expect(text).not.toMatch(/Home|Sport|not text|All rights reserved|color: red/);
  });

  const metaCases: { name: string; head: string; body?: string; expected: Record<string, string> }[] = [
    {
      name: 'JSON-LD only',
      head: '<script type="application/ld+json">{"@graph":[{"@type":"WebSite"},{"@type":"NewsArticle","headline":"LD headline","datePublished":"2031-03-01","author":[{"name":"A One"},{"name":"B Two"}],"publisher":{"name":"LD Outlet"},"url":"https://ld.example/a"}]}</script>',
      expected: {
        title: 'LD headline',
        published: '2031-03-01',
        byline: 'A One, B Two',
        outlet: 'LD Outlet',
        url: 'https://ld.example/a',
      },
    },
    {
      name: '<title> and <time datetime>',
      head: '<title>Plain title</title>',
      body: '<p>Posted <time datetime="2031-03-02T10:00:00Z">Sunday</time>.</p>',
      expected: { title: 'Plain title', published: '2031-03-02T10:00:00Z' },
    },
    {
      name: 'og:url without canonical',
      head: '<meta property="og:url" content="https://og.example/x"><meta name="date" content="2031-03-03">',
      expected: { url: 'https://og.example/x', published: '2031-03-03' },
    },
    {
      name: 'malformed JSON-LD is ignored',
      head: '<title>T</title><script type="application/ld+json">{not json</script>',
      expected: { title: 'T' },
    },
  ];
  it.each(metaCases)('metadata: $name', ({ head, body, expected }) => {
    const r = readHtml(
      html(
        `<html><head>${head}</head><body><article>${body ?? ''}<p>Some article text that is long enough.</p></article></body></html>`,
      ),
      ctx,
    );
    expect(r.records[0]?.meta).toMatchObject(expected);
  });

  it('decodes the charset the page declares', () => {
    const bytes = Uint8Array.from([
      ...html('<html><head><meta charset="windows-1252"></head><body><p>Na'),
      0xef,
      ...html('ve '),
      0x93,
      ...html('quote'),
      0x94,
      ...html('</p></body></html>'),
    ]);
    expect(readHtml(bytes, ctx).records[0]?.text).toBe('Naïve “quote”');
  });

  it('rejects invalid UTF-8 when no charset is declared', () => {
    const bytes = Uint8Array.from([...html('<p>Na'), 0xef, ...html('ve</p>')]);
    expect(readHtml(bytes, ctx).diagnostics).toMatchObject([
      { rule: 'ingest/invalid-utf8', source: 'page.html' },
    ]);
  });

  it('falls back to the whole body when Readability finds no article', () => {
    const r = readHtml(html('<html><body><span>Only a short line.</span></body></html>'), ctx);
    expect(r.records[0]?.text).toBe('Only a short line.');
  });

  it('reports a page without text', () => {
    expect(readHtml(html('<html><body><script>x()</script></body></html>'), ctx).diagnostics[0]?.rule).toBe(
      'ingest/no-text',
    );
  });

  it.each([
    ['nested divs past maxDepth', `${'<div>'.repeat(40)}x${'</div>'.repeat(40)}`, 'ingest/too-deep'],
    ['unclosed paragraphs are not deep', `${'<p>para '.repeat(100)}`, null],
    ['void elements are not deep', `<p>${'<br><img src=x>'.repeat(100)}text</p>`, null],
  ])('depth: %s', (_, body, rule) => {
    const r = readHtml(html(`<html><body>${body}</body></html>`), {
      source: 'd.html',
      limits: resolveLimits({ maxDepth: 32 }),
    });
    if (rule) expect(r.diagnostics.map((d) => d.rule)).toEqual([rule]);
    else expect(r.records).toHaveLength(1);
  });
});

describe('readHtml on very large pages', () => {
  it('keeps the body text without Readability past maxReadabilityElements', () => {
    const body = Array.from({ length: maxReadabilityElements + 10 }, (_, i) => `<p>Line ${i}.</p>`).join('');
    const r = readHtml(html(`<html><body>${body}</body></html>`), ctx);
    expect(r.records[0]?.text.startsWith('Line 0.\n\nLine 1.')).toBe(true);
    expect(r.diagnostics).toMatchObject([
      { rule: 'ingest/html-large', severity: 'info', source: 'page.html' },
    ]);
  });
});

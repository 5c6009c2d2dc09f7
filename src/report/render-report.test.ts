import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { reportFixture } from './__fixtures__/report-data.js';
import { DATA_ELEMENT_ID, embedJson, renderReport, TEXTS_ELEMENT_ID, unpackReport } from './render-report.js';
import type { ReportData } from './types.js';

const bundle = { js: 'console.log("</script> and <!-- inside");', css: 'body { color: red; }' };

function between(html: string, open: RegExp, close: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`${open.source}([\\s\\S]*?)${close}`, 'g');
  for (const m of html.matchAll(re)) out.push(m[1] ?? '');
  return out;
}

const b64 = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64');

describe('renderReport', () => {
  it('inlines one script and one style, each allowed by its hash and nothing else', () => {
    const html = renderReport(reportFixture, bundle);
    const scripts = between(html, /<script type="module">/, '</script>');
    const styles = between(html, /<style>/, '</style>');
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(csp).toContain(`script-src 'sha256-${b64(scripts[0]!)}'`);
    expect(csp).toContain(`style-src 'sha256-${b64(styles[0]!)}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // The bundle cannot close its own element early.
    expect(scripts[0]).not.toMatch(/<\/script/i);
    expect(scripts[0]).not.toContain('<!--');
  });

  it('refers to nothing outside the file', () => {
    const html = renderReport(reportFixture, bundle);
    expect(html).not.toMatch(/\s(src|href)=/i);
    expect(html).not.toMatch(/@import|url\(http/i);
  });

  it('embeds the data as JSON with < escaped, and it parses back to the same data', () => {
    const hostile: ReportData = structuredClone(reportFixture);
    hostile.documents[0]!.text = '</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)> \u2028';
    const html = renderReport(hostile, bundle);
    const json = between(
      html,
      new RegExp(`<script type="application/json" id="${DATA_ELEMENT_ID}">`),
      '</script>',
    );
    expect(json).toHaveLength(1);
    expect(json[0]).not.toContain('<');
    const packed = between(
      html,
      new RegExp(`<script type="application/octet-stream" id="${TEXTS_ELEMENT_ID}">`),
      '</script>',
    );
    expect(packed[0]).toMatch(/^[A-Za-z0-9+/=]+$/);
    const extras = JSON.parse(gunzipSync(Buffer.from(packed[0]!, 'base64')).toString('utf8')) as {
      texts: string[];
    };
    expect(extras.texts[0]).toBe(hostile.documents[0]!.text);
    expect(unpackReport(JSON.parse(json[0]!) as ReportData, packed[0]!)).toEqual(hostile);
  });

  it('escapes <, >, & and line separators in embedded JSON', () => {
    expect(embedJson({ t: '<a>&\u2028' })).toBe('{"t":"\\u003ca\\u003e\\u0026\\u2028"}');
  });

  it('keeps fixture spans honest: every mention slices to its text', () => {
    const texts = new Map(reportFixture.documents.map((d) => [d.id, d.text ?? '']));
    const l = reportFixture.ledger;
    for (const m of [...l.events, ...l.quotes, ...l.claims].flatMap((x) => x.mentions)) {
      expect(texts.get(m.document)?.slice(m.span[0], m.span[1])).toBe(m.text);
    }
  });
});

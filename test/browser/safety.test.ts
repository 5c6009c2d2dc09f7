import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFixture } from '../../src/report/__fixtures__/report-data.js';
import { renderReport } from '../../src/report/render-report.js';
import type { ReportData } from '../../src/report/types.js';
import { createApp } from '../../src/server/app.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { type Browser, hasChromium, launch, SKIP_MESSAGE } from './chromium.js';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const PAYLOADS = [
  '<script>window.__pwned = "script"</script>',
  '<img src=x onerror="window.__pwned = \'img\'">',
  '</script><script>window.__pwned = "close"</script>',
  '<svg onload="window.__pwned = \'svg\'"></svg>',
  '"><iframe srcdoc="<script>parent.__pwned=1</script>">',
  '{{constructor.constructor("window.__pwned=1")()}}',
];
const EVIL = PAYLOADS.join(' ');

/** The fixture with markup and script payloads in every text field a view shows. */
function hostileData(): ReportData {
  const data: ReportData = structuredClone(reportFixture);
  const doc = data.documents[0]!;
  const prefix = `${EVIL}\n\n`;
  const shift = prefix.length;
  doc.text = prefix + (doc.text ?? '');
  doc.title = `Title ${EVIL}`;
  doc.outlet = `Outlet ${PAYLOADS[1]}`;
  doc.url = 'javascript:window.__pwned="link"';
  doc.length = doc.text.length;
  const moveSpan = (m: { document: string; span: [number, number] }) => {
    if (m.document === doc.id) m.span = [m.span[0] + shift, m.span[1] + shift];
  };
  for (const x of [...data.ledger.events, ...data.ledger.quotes, ...data.ledger.claims])
    x.mentions.forEach(moveSpan);
  for (const p of data.ledger.reuse) {
    for (const ps of p.passages) {
      if (p.a === doc.id) ps.a = [ps.a[0] + shift, ps.a[1] + shift];
      if (p.b === doc.id) ps.b = [ps.b[0] + shift, ps.b[1] + shift];
    }
  }
  data.highlights = { [doc.id]: [{ kind: 'claim', span: [0, shift - 2], label: EVIL }] };
  const ld = data.ledger.documents.find((d) => d.id === doc.id)!;
  Object.assign(ld, { title: doc.title, outlet: doc.outlet, url: doc.url });
  const e = data.ledger.events[0]!;
  e.summary = `Summary ${EVIL}`;
  e.place!.name = `Place ${PAYLOADS[1]}`;
  e.origins = [EVIL];
  const q = data.ledger.quotes[0]!;
  q.speaker = `Speaker ${PAYLOADS[0]}`;
  q.variants[1]!.flag = `flag ${PAYLOADS[1]}`;
  q.variants[1]!.text = `It was ${PAYLOADS[3]} devastation`;
  data.ledger.claims[1]!.claimant = `Claimant ${PAYLOADS[2]}`;
  data.ledger.reuse[0]!.reason = `Reason ${EVIL}`;
  data.custody[0]!.source = `source ${PAYLOADS[1]}`;
  return data;
}

const VIEWS = [
  '#/',
  '#/events',
  '#/event/e1',
  '#/graph',
  '#/compare/d1/d2',
  '#/quotes',
  '#/claims',
  '#/documents',
  '#/document/d1',
  '#/search?q=script',
];

async function visitAll(page: Page): Promise<void> {
  for (const hash of VIEWS) {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
    await page.waitForTimeout(120);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
      hash,
    ).toBeUndefined();
    // Only the app's own elements: no element was created from document text.
    expect(await page.locator('main img, main iframe, main script, main svg[onload]').count(), hash).toBe(0);
  }
}

describe.skipIf(!hasChromium)('untrusted text never runs', () => {
  let browser: Browser;
  let dir: string;
  let server: RunningServer;
  const dialogs: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'corroborate-safety-'));
    const data = hostileData();
    writeFileSync(join(dir, 'report.html'), renderReport(data));
    server = await startServer(createApp({ data: () => data }), { port: 0 });
    browser = await launch();
    browser.context.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith('file://') && !u.startsWith(server.url)) requests.push(u);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const mode of ['report', 'served'] as const) {
    it(`shows payloads as text in the ${mode} app and executes none`, async () => {
      const page = await browser.context.newPage();
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(mode === 'report' ? `file://${join(dir, 'report.html')}` : server.url);
      await page.waitForSelector('body[data-ready]');
      await visitAll(page);
      await page.evaluate(() => {
        location.hash = '#/document/d1';
      });
      await page.waitForSelector('.doc-text');
      expect(await page.locator('.doc-text').innerText()).toContain(
        '<script>window.__pwned = "script"</script>',
      );
      expect(await page.locator('h1').innerText()).toContain('<img src=x onerror=');
      // A javascript: URL is shown, never linked.
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      expect(await page.locator('dl.meta').innerText()).toContain('javascript:window.__pwned');
      await page.close();
    });
  }

  it('opened no dialog and requested nothing from elsewhere', () => {
    expect(dialogs).toEqual([]);
    expect(requests).toEqual([]);
  });
});

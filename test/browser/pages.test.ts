import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLedger } from '../../src/ledger-file/read.js';
import { renderReport } from '../../src/report/render-report.js';
import type { ReportData } from '../../src/report/types.js';
import { createApp } from '../../src/server/app.js';
import { createStoreBackend } from '../../src/server/backend.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { type Browser, hasChromium, launch, SKIP_MESSAGE } from './chromium.js';
import { analyseExample, type ExampleStore } from './example-data.js';

if (!hasChromium) console.warn(SKIP_MESSAGE);

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Every page of the app, with real ids from the data. */
function pages(data: ReportData, live: boolean): string[] {
  const event = [...data.ledger.events].sort((a, b) => b.mentions.length - a.mentions.length)[0];
  const pair = data.ledger.reuse[0];
  const doc = data.documents[0];
  return [
    '#/',
    '#/events',
    ...(event ? [`#/event/${event.id}`] : []),
    '#/graph',
    ...(pair ? [`#/compare/${pair.a}/${pair.b}`] : ['#/compare']),
    '#/quotes',
    '#/claims',
    '#/documents',
    ...(doc ? [`#/document/${doc.id}`] : []),
    '#/custody',
    '#/search?q=market',
    ...(live ? ['#/upload'] : ['#/upload']),
  ];
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Visits each page at desktop and phone size and collects what is wrong: horizontal overflow,
 * console errors, and axe-core violations rated serious or critical.
 */
async function audit(page: Page, hashes: string[], problems: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const hash of hashes) {
      const seen = problems.length;
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await page.waitForFunction((h) => location.hash === h || location.hash.startsWith(`${h}?`), hash);
      await page.waitForTimeout(150);
      const where = `${hash} at ${size.width}×${size.height}`;
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 1) found.push(`${where}: scrolls sideways by ${overflow}px`);
      // axe runs through the DevTools protocol, which the page's Content-Security-Policy does not block.
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
      const violations = (await page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }
        ).axe;
        return (await axe.run(document, { resultTypes: ['violations'] })).violations;
      })) as Violation[];
      for (const v of violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          found.push(
            `${where}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
          );
      for (const p of problems.slice(seen)) found.push(`${where}: ${p}`);
    }
  }
  return found;
}

function watch(page: Page, problems: string[]): void {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
}

describe.skipIf(!hasChromium)('every page at desktop and phone size, accessible and without errors', () => {
  let example: ExampleStore;
  let browser: Browser;
  let server: RunningServer;
  let dir: string;

  beforeAll(async () => {
    example = await analyseExample();
    dir = mkdtempSync(join(tmpdir(), 'corroborate-pages-'));
    writeFileSync(join(dir, 'report.html'), renderReport(example.data));
    const backend = createStoreBackend(example.store, {
      run: async () => {
        throw new Error('no uploads in this test');
      },
      loadLedger,
    });
    const allowedHosts: string[] = [];
    server = await startServer(createApp(backend, { allowedHosts }), { port: 0 });
    allowedHosts.push(new URL(server.url).host);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    example?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('in the offline report', async () => {
    const problems: string[] = [];
    const page = await browser.context.newPage();
    watch(page, problems);
    await page.goto(`file://${join(dir, 'report.html')}`);
    await page.waitForSelector('body[data-ready]');
    const found = await audit(page, pages(example.data, false), problems);
    expect(found, found.join('\n')).toEqual([]);
    await page.close();
  });

  it('in the live app', async () => {
    const problems: string[] = [];
    const page = await browser.context.newPage();
    watch(page, problems);
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready]');
    const found = await audit(page, pages(example.data, true), problems);
    expect(found, found.join('\n')).toEqual([]);
    await page.close();
  });

  it('moves through the interface with the keyboard alone', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
    await page.goto(`file://${join(dir, 'report.html')}`);
    await page.waitForSelector('body[data-ready]');
    // g then e opens Events; Tab reaches the filters; typing filters; j and Enter open an event.
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await page.waitForFunction(() => location.hash.startsWith('#/events'));
    await page.locator('#event-filter').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-from');
    await page.keyboard.press('Escape');
    await page.locator('main').focus();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.startsWith('#/event/'));
    // Every link and button on the event page can take the focus, and shows it.
    const first = page.locator('main a').first();
    await first.focus();
    const outline = await first.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('g');
    await page.keyboard.press('u');
    await page.waitForFunction(() => location.hash.startsWith('#/custody'));
    await page.close();
  });
});

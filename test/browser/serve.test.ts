import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze/analyze.js';
import { loadLedger } from '../../src/ledger-file/read.js';
import { createApp } from '../../src/server/app.js';
import { createStoreBackend } from '../../src/server/backend.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { type Browser, hasChromium, launch, SKIP_MESSAGE } from './chromium.js';
import { analyseExample, type ExampleStore } from './example-data.js';

if (!hasChromium) console.warn(SKIP_MESSAGE);

describe.skipIf(!hasChromium)('live app over the example store in Chromium', () => {
  let example: ExampleStore;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const foreign: string[] = [];

  beforeAll(async () => {
    example = await analyseExample();
    const backend = createStoreBackend(example.store, {
      run: async (store, inputs) => {
        const result = await analyze(store, inputs);
        return {
          summary: result.ingest,
          documents: result.ingest?.ingested.flatMap((i) => i.newDocuments) ?? [],
          ledger: result.ledger,
        };
      },
      loadLedger,
    });
    const allowedHosts: string[] = [];
    server = await startServer(createApp(backend, { allowedHosts }), { port: 0 });
    allowedHosts.push(new URL(server.url).host);
    browser = await launch();
    page = await browser.context.newPage();
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url)) foreign.push(r.url());
    });
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready]');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    example?.cleanup();
  });

  const go = async (hash: string) => {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
    await page.waitForFunction((h) => location.hash.startsWith(h), hash);
    await page.waitForTimeout(100);
  };

  it('serves the UI with security headers', async () => {
    const res = await page.request.get(server.url);
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(await page.locator('header .mode').innerText()).toBe('live');
  });

  it('shows the overview and events from the API', async () => {
    const { ledger } = example.data;
    expect(await page.locator('.lede').first().innerText()).toContain(`${ledger.events.length} events`);
    await go('#/events');
    expect(await page.locator('.vstatus').first().innerText()).toBe(
      `${ledger.events.length} of ${ledger.events.length} rows`,
    );
    expect(await page.locator('svg.map .marker').count()).toBeGreaterThan(0);
  });

  it('fetches document texts on demand for Compare and Document', async () => {
    const pair = example.data.ledger.reuse[0]!;
    await go(`#/compare/${pair.a}/${pair.b}`);
    await page.waitForSelector('.pane mark.passage');
    expect(await page.locator('.pane').nth(0).locator('mark.passage').count()).toBeGreaterThan(0);
    expect(await page.locator('.pane').nth(1).locator('mark.passage').count()).toBeGreaterThan(0);
    const doc = example.data.documents[0]!;
    await go(`#/document/${doc.id}`);
    await page.waitForSelector('.doc-text');
    expect(await page.locator('dl.meta').innerText()).toContain(doc.sha256);
    expect(await page.locator('table.custody-entries tbody tr').count()).toBeGreaterThan(0);
  });

  it('adds an uploaded document through ingest and analysis', async () => {
    const before = example.data.documents.length;
    const status = await page.evaluate(async () => {
      const res = await fetch('api/documents?name=late-report.txt', {
        method: 'POST',
        body: 'KAMPALA, March 12 - A fourth report said the market in the town reopened on Wednesday under police guard.\n',
      });
      return res.status;
    });
    expect(status).toBe(201);
    await go('#/');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    expect(await page.locator('.lede').first().innerText()).toMatch(new RegExp(`^${before + 1} documents`));
    // Its text is searchable through the server.
    await go('#/search?q=reopened%20police');
    await page.waitForSelector('section[aria-label="Documents"] li a');
    expect(await page.locator('section[aria-label="Documents"] li a').count()).toBe(1);
  });

  it('adds files picked or dropped on the page, with progress and per-file errors, then offers the downloads', async () => {
    const count = () =>
      page.evaluate(
        async () => ((await (await fetch('api/report')).json()) as { documents: unknown[] }).documents.length,
      );
    const before = await count();
    const seen = problems.length;
    await go('#/upload');
    await page.locator('#upload-files').setInputFiles([
      {
        name: 'harbour-report.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(
          'PORTVILLE, May 2 - Two people were injured when a crane fell at the harbour on Tuesday, the port authority said.\n',
        ),
      },
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    const dt = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(
        new File(
          [
            'HILLTOWN, May 3 - Firefighters said a warehouse fire was put out overnight and nobody was hurt.\n',
          ],
          'dropped.md',
          {
            type: 'text/markdown',
          },
        ),
      );
      return data;
    });
    await page.dispatchEvent('.drop-zone', 'drop', { dataTransfer: dt });
    await page.waitForSelector('body[data-upload="idle"]', { timeout: 120_000 });
    const rows = page.locator('.upload-row');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).getAttribute('class')).toContain('done');
    expect(await rows.nth(0).locator('.state').innerText()).toBe('added 1 document(s)');
    expect(await rows.nth(1).getAttribute('class')).toContain('failed');
    expect(await rows.nth(1).locator('.state').innerText()).toMatch(/^error: The request body is empty/);
    expect(await rows.nth(2).getAttribute('class')).toContain('done');
    expect(await count()).toBe(before + 2);
    // The browser logs the refused upload (the empty file) and nothing else.
    const logged = problems.splice(seen);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('status of 400');

    // The offline report of the new analysis downloads as one file.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Offline report (HTML)' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe('report.html');
    const html = readFileSync(await report.path(), 'utf8');
    const json = /<script type="application\/json" id="corroborate-data">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect((JSON.parse(json ?? '{}') as { documents: unknown[] }).documents.length).toBe(before + 2);
    const [ledger] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Ledger (JSON)' }).click(),
    ]);
    expect((JSON.parse(readFileSync(await ledger.path(), 'utf8')) as { schema: string }).schema).toBe(
      'corroborate.ledger/1',
    );
    // The page shows the new analysis on request.
    await page.getByRole('button', { name: 'Show the new analysis' }).click();
    await page.waitForSelector('body[data-ready]');
    await go('#/');
    expect(await page.locator('.lede').first().innerText()).toMatch(new RegExp(`^${before + 2} documents`));
  });

  it('made requests only to itself and broke no policy', () => {
    expect(foreign).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

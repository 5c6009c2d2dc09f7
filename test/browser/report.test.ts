import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport } from '../../src/report/render-report.js';
import type { ReportData } from '../../src/report/types.js';
import { type Browser, hasChromium, launch, SKIP_MESSAGE } from './chromium.js';
import { analyseExample, type ExampleStore } from './example-data.js';

if (!hasChromium) console.warn(SKIP_MESSAGE);

describe.skipIf(!hasChromium)('single-file report of the example corpus in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let dir: string;
  let url: string;
  let data: ReportData;
  let example: ExampleStore;
  const outside: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    example = await analyseExample();
    data = example.data;
    dir = mkdtempSync(join(tmpdir(), 'corroborate-report-'));
    writeFileSync(join(dir, 'report.html'), renderReport(data));
    url = `file://${join(dir, 'report.html')}`;
    browser = await launch();
    // Every request that is not the file itself is recorded and refused.
    await browser.context.route('**/*', (route) => {
      const u = route.request().url();
      if (u.startsWith('file://')) return route.continue();
      outside.push(u);
      return route.abort();
    });
    page = await browser.context.newPage();
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready]');
  });

  afterAll(async () => {
    await browser?.close();
    example?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const go = async (hash: string) => {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
    await page.waitForFunction((h) => location.hash === h || location.hash.startsWith(`${h}?`), hash);
    await page.waitForTimeout(50);
  };

  it('leads the Overview with findings: corroborated incidents, copy share, changed quotes, denials, glossary', async () => {
    await go('#/');
    const byCorroboration = [...data.ledger.events].sort(
      (a, b) =>
        b.independent_sources - a.independent_sources ||
        b.sources - a.sources ||
        (b.killed?.best ?? 0) - (a.killed?.best ?? 0) ||
        a.id.localeCompare(b.id),
    );
    const items = page.locator('ol.incidents li.incident');
    expect(await items.count()).toBe(Math.min(8, data.ledger.events.length));
    if (byCorroboration[0]) {
      expect(await items.first().locator('a.what').getAttribute('href')).toBe(
        `#/event/${byCorroboration[0].id}`,
      );
      expect(await items.first().innerText()).toContain(
        `${byCorroboration[0].independent_sources} independent`,
      );
    }
    expect(await page.getByTestId('copy-share').innerText()).toMatch(/^\d+%/);
    expect(await page.locator('.flag.denials li').count()).toBe(
      Math.min(8, data.ledger.claims.filter((c) => c.stance === 'deny').length),
    );
    expect(await page.locator('.flag.altered li').count()).toBe(
      Math.min(8, data.ledger.quotes.filter((q) => q.variants.some((v) => v.flag)).length),
    );
    const terms = await page.locator('.glossary dt').allInnerTexts();
    expect(terms).toEqual(expect.arrayContaining(['Family', 'Independent source']));
    // Custody is on its own page.
    expect(await page.getByTestId('custody-head').count()).toBe(0);
  });

  it('shows the custody checkpoint and the whole log on its own page', async () => {
    await go('#/custody');
    await page.waitForSelector('[data-testid="custody-head"]');
    expect(await page.getByTestId('custody-head').innerText()).toBe(data.ledger.custody.head);
    expect(await page.getByTestId('custody-entries').innerText()).toBe(String(data.ledger.custody.entries));
    expect(await page.locator('.custody-page .vstatus').innerText()).toBe(
      `${data.custody.length} of ${data.custody.length} rows`,
    );
  });

  it('lists events in a sortable table with one map marker per located event (or cluster)', async () => {
    await go('#/events');
    const rows = page.locator('table.vtable tbody tr:not(.spacer)');
    expect(await rows.count()).toBeGreaterThanOrEqual(Math.min(data.ledger.events.length, 12));
    expect(await page.locator('.vstatus').first().innerText()).toBe(
      `${data.ledger.events.length} of ${data.ledger.events.length} rows`,
    );
    // Most independent sources first, and the summary says what happened.
    const maxIndependent = Math.max(...data.ledger.events.map((e) => e.independent_sources));
    expect(await rows.first().locator('td').nth(7).innerText()).toBe(String(maxIndependent));
    const firstId = await rows.first().getAttribute('data-id');
    const first = data.ledger.events.find((e) => e.id === firstId);
    if (first?.summary) expect(await rows.first().locator('td').first().innerText()).toBe(first.summary);
    const located = data.ledger.events
      .filter((e) => e.place?.lat != null)
      .map((e) => e.id)
      .sort();
    const markerIds = (
      await page
        .locator('svg.map .marker')
        .evaluateAll((els) => els.flatMap((el) => (el.getAttribute('data-events') ?? '').split(' ')))
    ).sort();
    expect(markerIds).toEqual(located);
    expect(await page.locator('svg.map path.land').getAttribute('d')).toMatch(/^M/);
    // Sort by deaths, descending.
    await page.getByRole('button', { name: 'Killed', exact: true }).click();
    expect(await page.locator('th[aria-sort="descending"]').innerText()).toContain('Killed');
    const firstKilled = await rows.first().locator('td').nth(4).innerText();
    const max = Math.max(...data.ledger.events.map((e) => e.killed?.best ?? 0));
    expect(Number(firstKilled.split(' ')[0]?.replace(/,/g, ''))).toBe(max);
  });

  it('filters events by type, minimum independent sources and date, keeps the filters in the URL, and exports the rows', async () => {
    await go('#/events');
    const rows = () =>
      page
        .locator('table.vtable tbody tr:not(.spacer)')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    const type = data.ledger.events[0]?.type ?? '';
    await page.locator('#f-type').selectOption(type);
    const ofType = data.ledger.events.filter((e) => e.type === type).map((e) => e.id);
    expect(await page.locator('.vstatus').first().innerText()).toBe(
      `${ofType.length} of ${ofType.length} rows`,
    );
    for (const id of await rows()) expect(ofType).toContain(id);
    expect(await page.evaluate(() => location.hash)).toContain(
      `type=${encodeURIComponent(type).replace(/%20/g, '+')}`,
    );

    // A shared URL opens on the same rows.
    await go('#/');
    await go('#/events?min=2');
    const atLeastTwo = data.ledger.events.filter((e) => e.independent_sources >= 2);
    expect(await page.locator('.vstatus').first().innerText()).toBe(
      `${atLeastTwo.length} of ${atLeastTwo.length} rows`,
    );
    expect(await page.locator('#f-min').inputValue()).toBe('2');

    const day = data.ledger.events
      .map((e) => e.date?.end)
      .filter((d): d is string => !!d)
      .sort()[0];
    if (day) {
      await go('#/');
      await go(`#/events?to=${day}`);
      const before = data.ledger.events.filter((e) => e.date && e.date.start <= day);
      expect(await page.locator('.vstatus').first().innerText()).toBe(
        `${before.length} of ${before.length} rows`,
      );
    }

    // A bar of the timeline narrows the dates to its period.
    await go('#/');
    await go('#/events');
    const bars = page.locator('svg.timeline g.bar');
    expect(await bars.count()).toBeGreaterThan(0);
    await bars.first().click();
    const from = await page.locator('#f-from').inputValue();
    const to = await page.locator('#f-to').inputValue();
    expect(from).toMatch(/^\d{4}-\d\d-\d\d$/);
    const inPeriod = data.ledger.events.filter((e) => e.date && e.date.end >= from && e.date.start <= to);
    expect(await page.locator('.vstatus').first().innerText()).toBe(
      `${inPeriod.length} of ${inPeriod.length} rows`,
    );
    expect(await page.evaluate(() => location.hash)).toContain(`from=${from}`);

    await go('#/');
    await go('#/events?min=2');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('events.csv');
    const text = readFileSync(await csv.path(), 'utf8');
    expect(text.trimEnd().split('\r\n').length).toBe(atLeastTwo.length + 1);
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'JSON', exact: true }).click(),
    ]);
    const exported = JSON.parse(readFileSync(await json.path(), 'utf8')) as { id: string }[];
    expect(exported.map((e) => e.id).sort()).toEqual(atLeastTwo.map((e) => e.id).sort());
    const [geo] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'GeoJSON', exact: true }).click(),
    ]);
    const fc = JSON.parse(readFileSync(await geo.path(), 'utf8')) as { features: unknown[] };
    expect(fc.features.length).toBe(atLeastTwo.filter((e) => e.place?.lat != null).length);
  });

  it('links map and table both ways', async () => {
    await go('#/events');
    const marker = page.locator('svg.map .marker').first();
    const ids = ((await marker.getAttribute('data-events')) ?? '').split(' ');
    await marker.click();
    const rowIds = await page
      .locator('table.vtable tbody tr:not(.spacer)')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(rowIds.sort()).toEqual([...ids].sort());
    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    const row = page.locator(`table.vtable tbody tr[data-id="${ids[0]}"]`);
    await row.hover();
    expect(await page.locator('svg.map .marker.active').getAttribute('data-events')).toContain(ids[0]);
  });

  it('shows an event with every mention highlighted, its figures and conflicts', async () => {
    const event = [...data.ledger.events].sort((a, b) => b.mentions.length - a.mentions.length)[0]!;
    await go(`#/event/${event.id}`);
    await page.waitForSelector('ol.mentions li');
    expect(await page.locator('ol.mentions li').count()).toBe(event.mentions.length);
    const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
    const marked = squash((await page.locator('ol.mentions mark.incident').allInnerTexts()).join(' '));
    expect(marked).toContain(squash(event.mentions[0]!.text));
    expect(await page.locator('table.figures').innerText()).toContain('Killed');
    // The place and date say why they were chosen, as the ledger records it.
    const reasons = await page.locator('dl.meta .reason').allInnerTexts();
    const recorded = [event.date?.reason, event.place?.reason].filter((r): r is string => Boolean(r));
    expect(reasons).toEqual(recorded.map((r) => `Why: ${r}`));
    expect(recorded.length).toBeGreaterThan(0);
    if (event.conflicts.length)
      expect(await page.locator('ul.conflicts li').count()).toBe(event.conflicts.length);
    // Every document reporting the event sits in exactly one independent group.
    const grouped = await page
      .locator('ol.groups li.group > ul a')
      .evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    const docs = [...new Set(event.mentions.map((m) => `#/document/${m.document}`))];
    expect([...grouped].sort()).toEqual(docs.sort());
    expect(await page.locator('ol.groups .why').count()).toBe(
      await page.locator('ol.groups li.group').count(),
    );
    // The killed figure shows the sentences that give it, with the figure marked.
    if (event.killed) expect(await page.locator('.figure ul.evidence li mark.hl').count()).toBeGreaterThan(0);
    // Dependent pairs link to Compare.
    const inEvent = new Set(event.mentions.map((m) => m.document));
    const dependent = data.ledger.reuse.filter((p) => inEvent.has(p.a) && inEvent.has(p.b));
    expect(await page.locator('ul.pairs a[href^="#/compare/"]').count()).toBe(dependent.length);
    // Quotes and claims told next to the event are listed with it.
    const sections = await page.locator('.event-page h2').allInnerTexts();
    expect(sections.some((t) => t.startsWith('Denials ('))).toBe(true);
    expect(sections.some((t) => t.startsWith('Quotes ('))).toBe(true);
  });

  it('draws the reuse graph with one edge per pair and explains direction on focus', async () => {
    await page.mouse.move(0, 0);
    await go('#/graph');
    const directed = data.ledger.reuse.filter((p) => p.direction !== 'unknown');
    expect(await page.locator('svg.graph g.edge').count()).toBe(directed.length);
    // Unknown directions appear when asked for, and the choice is in the URL.
    await page.locator('#show-unknown').check();
    await page.waitForFunction(() => location.hash.includes('unknown=1'));
    await page.waitForTimeout(50);
    expect(await page.locator('svg.graph g.edge').count()).toBe(data.ledger.reuse.length);
    expect(await page.locator('.graph-list li.pair').count()).toBe(data.ledger.reuse.length);
    // Nodes carry outlet, date and title.
    const inPairs = new Set(data.ledger.reuse.flatMap((p) => [p.a, p.b]));
    const doc = data.documents.find((d) => inPairs.has(d.id) && d.outlet && d.published && d.title);
    expect(doc).toBeDefined();
    const node = page.locator(`svg.graph a.node[href="#/document/${doc?.id}"]`);
    expect(await node.locator('text.who').textContent()).toBe(
      `${doc?.outlet} · ${doc?.published?.slice(0, 10)}`,
    );
    expect(
      doc?.title?.startsWith((await node.locator('text.title').textContent())?.replace(/…$/, '') ?? '?'),
    ).toBe(true);
    expect(await page.locator('svg.graph g.edge.paraphrase .line').count()).toBe(
      data.ledger.reuse.filter((p) => p.relation === 'paraphrase').length,
    );
    const pair = data.ledger.reuse[0]!;
    await page.locator(`svg.graph g.edge[data-a="${pair.a}"][data-b="${pair.b}"]`).focus();
    expect(await page.locator('.edge-info').innerText()).toContain(pair.reason);
  });

  it('aligns passages side by side in Compare, verbatim and paraphrase styled apart, and jumps', async () => {
    const pair =
      data.ledger.reuse.find((p) => p.passages.some((x) => x.kind === 'paraphrase')) ?? data.ledger.reuse[0]!;
    await go(`#/compare/${pair.a}/${pair.b}`);
    await page.waitForSelector('.pane mark.passage');
    const panes = page.locator('.pane');
    for (const i of [0, 1]) {
      const ids = await panes
        .nth(i)
        .locator('mark.passage')
        .evaluateAll((els) => [
          ...new Set(els.flatMap((e) => (e.getAttribute('data-passage') ?? '').split(' '))),
        ]);
      expect(ids.sort()).toEqual(pair.passages.map((_, j) => String(j)).sort());
    }
    const para = page.locator('.pane mark.passage.paraphrase').first();
    const verb = page.locator('.pane mark.passage.verbatim').first();
    if ((await para.count()) && (await verb.count())) {
      const style = (l: typeof para) =>
        l.evaluate((e) => getComputedStyle(e).textDecorationStyle + getComputedStyle(e).backgroundColor);
      expect(await style(para)).not.toBe(await style(verb));
    }
    await page.getByRole('button', { name: 'Next passage' }).click();
    expect(await page.locator('.pane mark.current').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.counter').innerText()).toMatch(/^Passage 1 of/);
  });

  it('lists flagged quote variants first and claims with the denials answering them', async () => {
    await go('#/quotes');
    const anyFlag = data.ledger.quotes.some((q) => q.variants.some((v) => v.flag));
    expect(await page.locator('article.quote').count()).toBe(Math.min(50, data.ledger.quotes.length));
    if (anyFlag) {
      expect(await page.locator('article.quote').first().getAttribute('class')).toContain('flagged');
      expect(await page.locator('article.quote').first().locator('.flag-note').count()).toBeGreaterThan(0);
    }
    await go('#/claims');
    const denials = data.ledger.claims.filter((c) => c.stance === 'deny' && c.answers);
    if (denials.length)
      expect(await page.locator('article.thread .answers .claim.deny').count()).toBe(denials.length);
  });

  it('shows a document with highlights, metadata and custody entries', async () => {
    const doc = data.documents[0]!;
    await go(`#/document/${doc.id}`);
    await page.waitForSelector('.doc-text');
    expect(await page.locator('.doc-text').innerText()).toContain((doc.text ?? '').slice(0, 40).trim());
    expect(await page.locator('.doc-text mark.hl').count()).toBeGreaterThan(0);
    expect(await page.locator('dl.meta').innerText()).toContain(doc.sha256);
    expect(await page.locator('table.custody-entries tbody tr').count()).toBeGreaterThan(0);
    // Layers switch highlights on and off, and the choice goes into the URL.
    const quotes = page.locator('.doc-text mark.hl.quote');
    expect(await quotes.count()).toBe(0);
    await page.locator('#layer-quotes').check();
    const quoteLayer = await page.locator('label[for="layer-quotes"]').innerText();
    if (!quoteLayer.includes('(0)')) expect(await quotes.count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => location.hash)).toContain('layers=');
    await page.locator('#layer-figures').uncheck();
    expect(await page.locator('.doc-text mark.hl.incident, .doc-text mark.hl.quantity').count()).toBe(0);
    await page.locator('#layer-figures').check();

    await go('#/documents');
    const texts = await page.locator('table.vtable tbody').innerText();
    // Each row shows a file name, never the whole path or URL it came from.
    const withPath = data.documents.filter((d) => /[\\/]/.test(d.source));
    expect(withPath.length).toBeGreaterThan(0);
    for (const d of withPath) expect(texts).not.toContain(d.source);
    expect(await page.locator('table.vtable thead').innerText()).toContain('Share copied');
  });

  it('navigates with the keyboard: j/k through lists, Enter opens, / searches, ? helps', async () => {
    await go('#/events');
    await page.locator('main').focus();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    const active = await page.locator('table.vtable tr.active').getAttribute('data-id');
    expect(active).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.startsWith('#/event/'));
    expect(await page.evaluate(() => location.hash)).toBe(`#/event/${active}`);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    expect(await page.locator('dialog#help').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    await page.keyboard.press('?');
    expect(await page.locator('dialog#help').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
  });

  it('fits a phone-width screen without horizontal scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const view of [
      '#/',
      '#/events',
      '#/quotes',
      '#/claims',
      '#/graph',
      `#/document/${data.documents[0]!.id}`,
    ]) {
      await go(view);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, view).toBeLessThanOrEqual(1);
      // No card sticks out of the screen either (clipped content counts too).
      const wide = await page
        .locator('main .card, main section')
        .evaluateAll(
          (els) => els.filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).length,
        );
      expect(wide, view).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('made no request outside the file and broke no policy', () => {
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });
});

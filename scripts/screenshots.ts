/**
 * Regenerates docs/screenshots/*.png: runs the whole pipeline on ../shared/corpora/bucha-2022 into
 * a temporary store, writes the single-file report, opens it in headless Chromium at 1280×800 and
 * photographs every view (plus the Overview at phone width).
 *
 *   npm run build && npx tsx scripts/screenshots.ts [corpus-folder]
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { analyze } from '../src/analyze/analyze.js';
import { loadStages } from '../src/analyze/stages.js';
import { loadHighlights } from '../src/report/highlights.js';
import { loadReportData } from '../src/report/load-report-data.js';
import { renderReport } from '../src/report/render-report.js';
import { openStore } from '../src/store/open-store.js';
import { CHROMIUM_ARGS } from '../test/browser/chromium.js';

const corpus = process.argv[2] ?? '../shared/corpora/bucha-2022';
const outDir = process.env.SHOTS_OUT ?? 'docs/screenshots';
if (!existsSync(corpus)) {
  console.error(`screenshots: ${corpus} is missing; give a corpus folder as the first argument.`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'corroborate-shots-'));
const store = openStore(join(work, 'store'));
try {
  const stages = await loadStages();
  const manifest = join(corpus, 'manifest.jsonl');
  const result = await analyze(store, [corpus], { stages, ...(existsSync(manifest) ? { manifest } : {}) });
  const ledger = result.ledger;
  const highlights = loadHighlights(
    store,
    stages.extractor.version,
    ledger.documents.map((d) => d.id),
  );
  const data = loadReportData(store, { ledger, highlights });
  const file = join(work, 'report.html');
  writeFileSync(file, renderReport(data));

  const event = [...ledger.events].sort(
    (a, b) => b.mentions.length - a.mentions.length || a.id.localeCompare(b.id),
  )[0];
  const pair = [...ledger.reuse].sort(
    (a, b) => b.passages.length - a.passages.length || a.a.localeCompare(b.a),
  )[0];
  const doc = [...data.documents].sort(
    (a, b) => (highlights[b.id]?.length ?? 0) - (highlights[a.id]?.length ?? 0) || a.id.localeCompare(b.id),
  )[0];
  const shots: [string, string][] = [
    ['overview', '#/'],
    ['events', '#/events'],
    ['events-filtered', '#/events?min=2'],
    ['map', '#/events'],
    ...(event ? ([['event', `#/event/${event.id}`]] as [string, string][]) : []),
    ['who-copied-whom', '#/graph'],
    ...(pair
      ? ([
          [
            'compare',
            `#/compare/${pair.direction === 'b>a' ? `${pair.b}/${pair.a}` : `${pair.a}/${pair.b}`}`,
          ],
        ] as [string, string][])
      : []),
    ['quotes', '#/quotes'],
    ['claims', '#/claims'],
    ['documents', '#/documents'],
    ...(doc ? ([['document', `#/document/${doc.id}`]] as [string, string][]) : []),
    ['custody', '#/custody'],
  ];

  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`file://${file}`);
  await page.waitForSelector('body[data-ready]');
  for (const [name, hash] of shots) {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
    await page.waitForTimeout(400);
    if (name === 'compare') await page.getByRole('button', { name: 'Next passage' }).click();
    if (name === 'who-copied-whom') await page.locator('svg.graph g.edge').first().focus();
    if (name === 'map')
      await page.locator('figure.map-wrap').screenshot({ path: join(outDir, `${name}.png`) });
    else await page.screenshot({ path: join(outDir, `${name}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => {
    location.hash = '#/';
  });
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, 'phone-overview.png') });
  await page.evaluate(() => {
    location.hash = '#/graph';
  });
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, 'phone-graph.png') });
  await browser.close();
  for (const [name] of [...shots, ['phone-overview'], ['phone-graph']]) {
    const size = statSync(join(outDir, `${name}.png`)).size;
    console.log(
      `${outDir}/${name}.png ${(size / 1024).toFixed(0)} KiB${size > 300 * 1024 ? '  (over 300 KiB!)' : ''}`,
    );
  }
} finally {
  store.close();
  rmSync(work, { recursive: true, force: true });
}

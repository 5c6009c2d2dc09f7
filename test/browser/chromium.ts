import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium; `.ci/run` installs it. Browser tests skip with a message when it is absent. */
export const CHROMIUM = '/usr/bin/chromium';
/** Headless, and no background traffic: this machine's closed network refuses it. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const hasChromium = existsSync(CHROMIUM);
export const SKIP_MESSAGE = `${CHROMIUM} is missing: browser tests skipped (install Debian's chromium, as .ci/run does)`;

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** One headless Chromium with a fresh profile, no background traffic; close() removes the profile. */
export async function launch(viewport = { width: 1280, height: 800 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'corroborate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

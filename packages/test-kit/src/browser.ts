import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background networking). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Playwright turns Chromium's back-forward cache off; `backForwardCache: true` leaves it on, for tests of what a
 * page restored from that cache still holds.
 */
export async function launchBrowser(options: { backForwardCache?: boolean } = {}): Promise<{
  browser: Browser;
  downloadsPath: string;
  close: () => Promise<void>;
}> {
  const downloadsPath = await mkdtemp(join(tmpdir(), 'quire-e2e-downloads-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    downloadsPath,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  });
  return {
    browser,
    downloadsPath,
    close: async () => {
      await browser.close();
      await rm(downloadsPath, { recursive: true, force: true });
    },
  };
}

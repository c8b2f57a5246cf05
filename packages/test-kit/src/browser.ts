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
 * Where a Chromium shared by every test file listens (`startSharedBrowser`): the browser tests set it, so that each
 * file connects in a few milliseconds instead of starting a Chromium of its own (some 2 s of CPU each).
 */
export const SHARED_BROWSER_VARIABLE = 'QUIRE_TEST_BROWSER_WS';

/** A Chromium for several test files, which connect to it through `launchBrowser`. */
export async function startSharedBrowser(): Promise<{ wsEndpoint: string; close: () => Promise<void> }> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  return { wsEndpoint: server.wsEndpoint(), close: () => server.close() };
}

/**
 * A browser for one test file: the shared one when `SHARED_BROWSER_VARIABLE` names it, else a Chromium of its own.
 * Playwright turns Chromium's back-forward cache off; `backForwardCache: true` leaves it on (in a Chromium of the
 * file's own), for tests of what a page restored from that cache still holds. Closing disconnects from a shared
 * browser, which closes the contexts this file opened. `downloadsPath` is the file's own folder either way.
 */
export async function launchBrowser(options: { backForwardCache?: boolean } = {}): Promise<{
  browser: Browser;
  downloadsPath: string;
  close: () => Promise<void>;
}> {
  const downloadsPath = await mkdtemp(join(tmpdir(), 'quire-e2e-downloads-'));
  const shared = options.backForwardCache ? undefined : process.env[SHARED_BROWSER_VARIABLE];
  const browser = shared
    ? await chromium.connect(shared)
    : await chromium.launch({
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

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background networking). */
const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<{
  browser: Browser;
  downloadsPath: string;
  close: () => Promise<void>;
}> {
  const downloadsPath = await mkdtemp(join(tmpdir(), 'quire-e2e-downloads-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    downloadsPath,
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

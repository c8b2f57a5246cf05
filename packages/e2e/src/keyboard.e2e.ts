import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { AppError, formatBytes, toolPath } from '@quire/shared';
import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';
import {
  catchFileChoosers,
  focusedLabel,
  focusedName,
  isolated,
  isFocused,
  recordLiveRegions,
  saidIn,
  tabTo,
} from './keyboard.ts';
import { refuseJobs } from './job-requests.ts';

const FIRST = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const SECOND = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const PROTECTED = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const nameOf = (file: string) => file.split('/').at(-1) ?? file;

const browser = useBrowserSession();

const choosers = new WeakMap<Page, () => Promise<FileChooser>>();

/** Opens the file chooser from the focused control with Enter and picks `files`. */
async function chooseWithEnter(page: Page, files: readonly string[]): Promise<void> {
  await page.keyboard.press('Enter');
  const next = choosers.get(page);
  if (!next) throw new Error('the page was not opened to catch file choosers');
  await (await next()).setFiles(files.map(corpusPath));
}

const openMerge = () =>
  browser.open(toolPath('en', 'merge'), {}, async (page) => {
    choosers.set(page, catchFileChoosers(page));
    await recordLiveRegions(page);
  });

describe('a tool page used with the keyboard only', () => {
  it('skips to the content, picks, reorders and removes files, merges, downloads and starts over', async () => {
    const page = await openMerge();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('main');

    await tabTo(page, '[data-testid="file-input"]');
    await chooseWithEnter(page, [FIRST, SECOND]);
    await expect.poll(() => saidIn(page, 'upload-status')).toEqual(['2 files added. 2 files selected.']);
    expect(await focusedName(page)).toBe('file-input');

    // The first file's "up" is disabled, so Tab lands on its "down"; moving it keeps the keyboard on the file.
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe(`Move ${isolated(nameOf(FIRST))} down`);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('selected-file-name').allTextContents())
      .toEqual([nameOf(SECOND), nameOf(FIRST)]);
    expect((await saidIn(page, 'upload-status')).at(-1)).toBe(
      `${isolated(nameOf(FIRST))} is now number 2 of 2.`,
    );
    await expect.poll(() => focusedLabel(page)).toBe(`Move ${isolated(nameOf(FIRST))} up`);

    await tabTo(page, `[aria-label="Remove ${isolated(nameOf(SECOND))}"]`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('selected-file').count()).toBe(1);
    expect((await saidIn(page, 'upload-status')).at(-1)).toBe(
      `${isolated(nameOf(SECOND))} removed. 1 file selected.`,
    );
    await expect.poll(() => focusedLabel(page)).toBe(`Remove ${isolated(nameOf(FIRST))}`);

    await tabTo(page, '[data-testid="file-input"]', { backwards: true });
    await chooseWithEnter(page, [SECOND]);
    await tabTo(page, '[data-testid="action-button"]');
    await page.keyboard.press('Enter');

    // The action button goes while the job runs; the keyboard follows to Cancel, then to the download link.
    await page.getByTestId('tool-result').waitFor();
    await expect.poll(() => focusedName(page)).toBe('download-button');
    const said = await saidIn(page, 'job-status');
    expect(said[0]).toBe('Uploading your files… 0%');
    expect(said).toContain('Processing your files. This can take a few seconds…');
    const sizeText = (await page.getByTestId('result-size').textContent()) ?? '';
    // Named after the first file left in the list.
    const resultName = 'pysamples_outline-bookmarks_4p-merged.pdf';
    expect(said.at(-1)).toBe(`${isolated(resultName)} is ready to download (${isolated(sizeText)}).`);
    expect(await page.getByTestId('result-name').textContent()).toBe(resultName);
    expect(await page.getByTestId('toast-status').getByTestId('toast').count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(resultName);
    const saved = join(browser.downloadsPath, 'keyboard-merged.pdf');
    await download.saveAs(saved);
    expect(sizeText).toBe(formatBytes((await stat(saved)).size));

    await tabTo(page, '[data-testid="start-over"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('tool-result').count()).toBe(0);
    expect(await page.getByTestId('selected-file').count()).toBe(0);
    expect(await focusedName(page)).toBe('file-input');
  });

  it('asks for a password in a dialog that holds the keyboard, closes on Escape and gives focus back', async () => {
    const page = await openMerge();
    await tabTo(page, '[data-testid="file-input"]');
    await chooseWithEnter(page, [FIRST, PROTECTED]);
    await tabTo(page, '[data-testid="action-button"]');
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    const field = dialog.getByLabel('Password');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    const order: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.textContent || 'field'));
    }
    expect(order).toEqual(['Cancel', 'Unlock and continue', 'field']);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Unlock and continue');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('action-button');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('openpassword');
    await page.keyboard.press('Enter');
    await page.getByTestId('tool-result').waitFor();
    await expect.poll(() => focusedName(page)).toBe('download-button');
  });

  it('announces an error as an alert without taking focus; F8 reaches the toast and Escape gives focus back', async () => {
    const page = await openMerge();
    await refuseJobs(page, new AppError('SERVER_BUSY', 'busy', { retryAfterSeconds: 30 }));
    await tabTo(page, '[data-testid="file-input"]');
    await chooseWithEnter(page, [FIRST, SECOND]);
    await tabTo(page, '[data-testid="action-button"]');
    await page.keyboard.press('Enter');

    const toast = page.getByTestId('toast-alert').getByTestId('toast');
    await toast.waitFor();
    expect(await page.getByTestId('toast-alert').getAttribute('role')).toBe('alert');
    expect(await toast.getByTestId('toast-description').textContent()).toBe(
      'The server is busy right now. Wait 30 seconds and try again.',
    );
    expect(await page.getByTestId('toast-status').textContent()).toBe('');
    await expect.poll(() => focusedName(page)).toBe('action-button');

    await page.keyboard.press('F8');
    expect(await focusedName(page)).toBe('toast-close');
    await page.keyboard.press('Escape');
    await expect.poll(() => toast.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('action-button');
  });
});

describe('menus with the keyboard', () => {
  it('opens the mobile menu into a focus trap that Escape closes, back on the menu button', async () => {
    const page = await browser.open('/', { viewport: { width: 390, height: 844 } });
    await tabTo(page, '[data-testid="menu-button"]');
    const button = page.getByTestId('menu-button');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const menuId = await button.getAttribute('aria-controls');
    const menu = page.locator(`[id="${menuId}"]`);
    expect(await menu.getAttribute('role')).toBe('dialog');

    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => focusedLabel(page)).toBe('Close menu');
    const inMenu = () => menu.evaluate((element) => element.contains(document.activeElement));
    const stops = await menu.evaluate(
      (element) => element.querySelectorAll('a[href], button:not([disabled])').length,
    );
    for (let step = 0; step < stops; step += 1) {
      await page.keyboard.press('Tab');
      expect(await inMenu()).toBe(true);
    }
    expect(await focusedLabel(page)).toBe('Close menu');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('language-ar');

    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedName(page)).toBe('menu-button');
    expect(await inMenu()).toBe(false);
  });

  it('moves into the language menu, walks it with the arrows, closes on Escape and switches with Enter', async () => {
    const page = await browser.open(toolPath('en', 'merge'));
    await tabTo(page, '[data-testid="language-switcher"]');
    // A <details> element: its summary is the toggle, and the browser says whether it is open.
    const toggle = page.getByTestId('language-switcher');
    const isOpen = () => toggle.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open);
    await page.keyboard.press('Enter');
    expect(await isOpen()).toBe(true);
    expect(await page.getByTestId('language-list').isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe('language-en');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('language-ar');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('language-en');
    await page.keyboard.press('Escape');
    expect(await isOpen()).toBe(false);
    expect(await focusedName(page)).toBe('language-switcher');

    // Tabbing out closes it as well.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('language-en');
    await tabTo(page, '[data-testid="choose-tool"]');
    expect(await isOpen()).toBe(false);

    await tabTo(page, '[data-testid="language-switcher"]', { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('language-en');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(/\/es\/merge-pdf$/), page.keyboard.press('Enter')]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });
});

describe('focus you can see', () => {
  it('draws a ring around every control the keyboard reaches', async () => {
    const page = await openMerge();
    await tabTo(page, '[data-testid="file-input"]');
    await chooseWithEnter(page, [FIRST, SECOND]);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const unringed: string[] = [];
    const seen = new Set<string>();
    for (let step = 0; step < 45; step += 1) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const name =
          element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? element.textContent;
        const isVisible = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
        return { name: `${element.tagName.toLowerCase()} ${name ?? ''}`.trim(), isVisible };
      });
      if (!ring) continue;
      seen.add(ring.name);
      if (!ring.isVisible) unringed.push(ring.name);
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(unringed).toEqual([]);
    expect(await isFocused(page, 'body')).toBe(false);
  });
});

import { readFile } from 'node:fs/promises';
import { corpusEntry, corpusPath, featureValue } from '@quire/corpus';
import { toolPath, type ToolId } from '@quire/shared';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';
import { waitForHydration } from './browser-session.ts';
import { runJobWith } from './job-requests.ts';
import { pressAction } from './tool-page.ts';

const baseUrl = inject('baseUrl');
const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const DAMAGED = 'bad/qpdf_bad7_no-trailer-dict.pdf';
const PROTECTED = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SIX_ROTATED = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';

let browser: Browser | undefined;
let closeBrowser: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const session = await launchBrowser();
  browser = session.browser;
  closeBrowser = () => session.close();
});
afterAll(async () => {
  await closeBrowser?.();
});

/** A tool's English page in a fresh context of the given size, hydrated. */
async function openTool(toolId: ToolId, options: BrowserContextOptions = {}): Promise<Page> {
  if (!browser) throw new Error('the browser did not start');
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true, ...options });
  const page = await context.newPage();
  await page.goto(new URL(toolPath('en', toolId), baseUrl).href);
  await waitForHydration(page);
  return page;
}

/** Clicks the action button and waits for the job's result: its status (a failed job's error status). */
async function runTool(page: Page): Promise<number> {
  const response = await runJobWith(page, () => pressAction(page));
  return response.status();
}

/** Whether the element lies wholly inside the viewport. */
async function isInView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not displayed');
  return box;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('the tool workbench after a failure', () => {
  it('keeps the failure beside the file it concerns, after the toast has closed, until the next action', async () => {
    const page = await openTool('merge');
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES), corpusPath(DAMAGED)]);
    expect(await runTool(page)).toBe(422);

    const entries = page.getByTestId('selected-file');
    const fileError = page.getByTestId('file-error');
    await expect.poll(() => fileError.count()).toBe(1);
    expect(await entries.nth(1).getAttribute('data-error')).toBe('true');
    expect(await entries.nth(0).getAttribute('data-error')).toBeNull();
    const message = await fileError.textContent();
    expect(message).toContain('qpdf_bad7_no-trailer-dict.pdf');
    // The hidden status line no longer says "Processing…": the failure is read from the entry and the toast.
    expect(await page.getByTestId('job-status').textContent()).toBe('');
    // The toast closes by itself; the failure stays beside its file, and the action is offered again.
    await expect.poll(() => page.getByTestId('toast').count(), { timeout: 15_000 }).toBe(0);
    expect(await fileError.textContent()).toBe(message);
    expect(await page.getByTestId('action-button').count()).toBe(1);

    // The next action (removing the damaged file) clears it.
    await entries.nth(1).getByTestId('remove-file').click();
    expect(await fileError.count()).toBe(0);
    await page.context().close();
  });

  it('takes the toast away with the file it was about', async () => {
    const page = await openTool('merge');
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES), corpusPath(DAMAGED)]);
    expect(await runTool(page)).toBe(422);
    await expect.poll(() => page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    await page.getByTestId('selected-file').nth(1).getByTestId('remove-file').click();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    expect(await page.getByTestId('file-error').count()).toBe(0);
    await page.context().close();
  });

  it('says a wrong password is wrong, as an error, and says Cancel left the files chosen', async () => {
    const page = await openTool('split');
    await page.getByTestId('file-input').setInputFiles([corpusPath(PROTECTED)]);
    await pressAction(page);
    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('password-error').count()).toBe(0);
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Unlock and continue' }).click();

    const error = dialog.getByTestId('password-error');
    await error.waitFor();
    // The dialog opens again described by the error, so a screen reader reads it with the dialog.
    expect(await dialog.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    expect(await error.textContent()).toContain('is not correct');
    expect(await dialog.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => page.getByTestId('job-status').textContent())
      .toBe('Cancelled. Your files are still selected.');
    expect(await page.getByTestId('selected-file').count()).toBe(1);

    // The right password still works afterwards.
    await pressAction(page);
    await dialog.getByLabel('Password').fill(featureValue(corpusEntry(PROTECTED), 'user-password') ?? '');
    const response = await runJobWith(page, () =>
      dialog.getByRole('button', { name: 'Unlock and continue' }).click(),
    );
    expect(response.status()).toBe(200);
    await page.context().close();
  });
});

describe('the tool workbench after a result', () => {
  it('drops the result when an option changes and offers the action again', async () => {
    const page = await openTool('compress');
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES)]);
    expect(await runTool(page)).toBe(200);
    await page.getByTestId('download-button').waitFor();
    expect(await page.getByTestId('action-button').count()).toBe(0);

    await page.getByRole('radio', { name: /Low/ }).check();
    await expect.poll(() => page.getByTestId('tool-result').count()).toBe(0);
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await page.getByTestId('selected-file-name').textContent()).toBe(FOUR_PAGES.split('/')[1]);
    expect(await runTool(page)).toBe(200);
    await page.getByTestId('download-button').waitFor();
    await page.context().close();
  });
});

describe('the tool workbench once files are chosen', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`makes the drop area compact and brings the action into view on a ${device}`, async () => {
      const page = await openTool('merge', { viewport });
      const area = page.getByTestId('drop-area');
      expect(await area.getAttribute('data-compact')).toBeNull();
      const fullHeight = (await boxOf(area)).height;

      await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES), corpusPath(FOUR_PAGES)]);
      await expect.poll(() => area.getAttribute('data-compact')).toBe('true');
      expect((await boxOf(area)).height).toBeLessThan(fullHeight / 2);
      expect(await page.getByTestId('select-files-button').textContent()).toBe('Add more files');
      await expect.poll(() => isInView(page.getByTestId('action-button'))).toBe(true);
      expect(await isInView(page.getByTestId('selected-files'))).toBe(true);
      await page.context().close();
    });
  }

  it('scrolls at once, without animation, when the visitor asks for reduced motion', async () => {
    const page = await openTool('compress', { viewport: PHONE, reducedMotion: 'reduce' });
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES)]);
    await page.getByTestId('selected-file').waitFor();
    // No smooth scroll is running: two frames later the page is where it will stay, with the action in view.
    const positions = await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      await frame();
      const first = scrollY;
      await frame();
      await frame();
      return [first, scrollY];
    });
    expect(positions[0]).toBeGreaterThan(0);
    expect(positions[1]).toBe(positions[0]);
    expect(await isInView(page.getByTestId('action-button'))).toBe(true);
    await page.context().close();
  });
});

describe('the action of a tool whose options and preview are taller than the screen', () => {
  for (const [device, viewport] of [
    ['desktop of 800 px', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`rotate: stays wholly in view at the foot of the screen on a ${device}, and runs the job`, async () => {
      const page = await openTool('rotate', { viewport });
      await page.getByTestId('file-input').setInputFiles([corpusPath(SIX_ROTATED)]);
      await page.getByTestId('selected-file').waitFor();
      // The preview draws its pages, which makes the workbench taller than the screen.
      await page
        .locator('[data-testid="tool-workbench"] canvas, [data-testid="tool-workbench"] img')
        .first()
        .waitFor();
      const workbench = await boxOf(page.getByTestId('tool-workbench'));
      expect(workbench.y + workbench.height).toBeGreaterThan(viewport.height);
      await expect.poll(() => isInView(page.getByTestId('action-button'))).toBe(true);
      expect(await runTool(page)).toBe(200);
      await page.context().close();
    });
  }
});

describe('the tool workbench on a phone', () => {
  it('shows file names in full, so that scan_001 and scan_002 differ', async () => {
    const page = await openTool('merge', { viewport: PHONE });
    const buffer = await readFile(corpusPath(FOUR_PAGES));
    const names = ['scan_001_signed_contract_page.pdf', 'scan_002_signed_contract_page.pdf'];
    await page
      .getByTestId('file-input')
      .setInputFiles(names.map((name) => ({ name, mimeType: 'application/pdf', buffer })));
    const shown = page.getByTestId('selected-file-name');
    await expect.poll(() => shown.allTextContents()).toEqual(names);
    for (const element of await shown.all()) {
      // Not cut with an ellipsis: nothing of the name overflows its box.
      expect(await element.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    }
    await page.context().close();
  });

  it('keeps the success toast off the Download and Start over buttons', async () => {
    const page = await openTool('compress', { viewport: PHONE });
    await page.getByTestId('file-input').setInputFiles([corpusPath(FOUR_PAGES)]);
    expect(await runTool(page)).toBe(200);
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.getAttribute('data-variant')).toBe('default');
    // Wait for the result to settle in the middle of the screen before measuring.
    await expect.poll(() => isInView(page.getByTestId('start-over'))).toBe(true);
    // The result's pages and the tools to carry it on to load after it, and the page settles again: the toast must
    // end up clear of both buttons.
    const isClear = async () => {
      const toastBox = await boxOf(toast);
      return (
        !overlaps(toastBox, await boxOf(page.getByTestId('download-button'))) &&
        !overlaps(toastBox, await boxOf(page.getByTestId('start-over')))
      );
    };
    await expect.poll(isClear, { timeout: 5000 }).toBe(true);
    await page.context().close();
  });
});

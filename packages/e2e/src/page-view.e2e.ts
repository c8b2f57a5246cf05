import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusEntry, corpusPath, featureValue } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { runAndDownload, useToolPage } from './tool-page.ts';

const BOOK = 'pdf/pdfjs_freeculture-book_352p.pdf';
const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PROTECTED = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';
const DAMAGED = 'bad/qpdf_issue335a_nul-filled-tail.pdf';

const scratch = mkdtempSync(join(tmpdir(), 'quire-page-view-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** The first 200 pages of a corpus book, cut by qpdf. */
const TWO_HUNDRED_PAGES = join(scratch, 'book-200p.pdf');
execFileSync('qpdf', ['--empty', '--pages', corpusPath(BOOK), '1-200', '--', TWO_HUNDRED_PAGES]);

const view = useToolPage('rotate');

/** The thumbnails in the DOM: page number, drawn or not, accessible name, pressed. */
function thumbnailsOf() {
  return view.page.getByTestId('page-thumbnail').evaluateAll((items) =>
    items.map((item) => ({
      page: Number(item.getAttribute('data-page')),
      isDrawn: item.getAttribute('data-drawn') === 'true',
      label: item.querySelector('button[aria-pressed]')?.getAttribute('aria-label') ?? null,
      isPressed: item.querySelector('button[aria-pressed]')?.getAttribute('aria-pressed') === 'true',
    })),
  );
}

async function rotationsOf(path: string): Promise<number[]> {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', path], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+\s+rot:\s+(\d+)$/gm)].map((match) => Number(match[1]));
}

describe('the page view in a real browser', () => {
  it('draws a 200-page file as it scrolls into view, with only a window of its pages in the DOM', async () => {
    await view.page.locator('input[type=file]').setInputFiles([TWO_HUNDRED_PAGES]);
    await expect
      .poll(() => view.page.getByTestId('page-view').getAttribute('data-page-count'), { timeout: 20_000 })
      .toBe('200');
    await expect
      .poll(async () => (await thumbnailsOf()).find((thumbnail) => thumbnail.page === 1)?.isDrawn, {
        timeout: 20_000,
      })
      .toBe(true);
    const top = await thumbnailsOf();
    expect(top[0]).toMatchObject({ page: 1, label: 'Page 1 of 200, rotated by 90 degrees', isPressed: true });
    expect(top.length).toBeGreaterThan(4);
    expect(top.length).toBeLessThan(80);

    await view.page.getByTestId('page-grid').evaluate((grid) => grid.scrollTo({ top: grid.scrollHeight }));
    await expect
      .poll(async () => (await thumbnailsOf()).find((thumbnail) => thumbnail.page === 200)?.isDrawn, {
        timeout: 20_000,
      })
      .toBe(true);
    const bottom = await thumbnailsOf();
    expect(bottom.some((thumbnail) => thumbnail.page === 1)).toBe(false);
    expect(bottom.length).toBeLessThan(80);
    expect(bottom.at(-1)?.label).toBe('Page 200 of 200, rotated by 90 degrees');

    // A bigger view of one page, on demand; Escape puts it away.
    await view.page.getByRole('button', { name: 'Enlarge page 200 of 200' }).click();
    const zoom = view.page.getByRole('dialog', { name: 'Page 200 of 200' });
    await zoom.locator('canvas').waitFor({ timeout: 20_000 });
    const zoomedWidth = await zoom
      .locator('canvas')
      .evaluate((canvas) => (canvas as HTMLCanvasElement).width);
    const thumbnailWidth = await view.page
      .locator('[data-page="200"] canvas')
      .evaluate((canvas) => (canvas as HTMLCanvasElement).width);
    expect(zoomedWidth).toBeGreaterThan(thumbnailWidth * 3);
    await view.page.keyboard.press('Escape');
    await expect.poll(() => zoom.count()).toBe(0);
  });

  it('shows a protected file once its password is given, and the upload uses it without asking again', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PROTECTED)]);
    const notice = view.page.getByTestId('page-view-protected');
    await notice.waitFor({ timeout: 20_000 });
    expect(await view.page.getByTestId('page-thumbnail').count()).toBe(0);

    await notice.getByRole('button', { name: 'Enter the password' }).click();
    const dialog = view.page.getByRole('dialog', { name: 'Password required' });
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Unlock and continue' }).click();
    await view.page.getByTestId('password-error').waitFor({ timeout: 20_000 });
    await dialog.getByLabel('Password').fill(featureValue(corpusEntry(PROTECTED), 'user-password') ?? '');
    await dialog.getByRole('button', { name: 'Unlock and continue' }).click();

    await expect
      .poll(() => view.page.getByTestId('page-view').getAttribute('data-page-count'), { timeout: 20_000 })
      .toBe('30');
    await expect
      .poll(async () => (await thumbnailsOf()).find((thumbnail) => thumbnail.page === 1)?.isDrawn, {
        timeout: 20_000,
      })
      .toBe(true);

    const saved = await runAndDownload(
      view,
      {
        description: 'PDF rotated successfully!',
        fileName: (chosen) => resultFileName('rotate', chosen, 'application/pdf'),
      },
      `protected-${Date.now()}.pdf`,
    );
    expect(await view.page.getByTestId('password-dialog').count()).toBe(0);
    expect(execFileSync('qpdf', ['--show-npages', saved], { encoding: 'utf8' }).trim()).toBe('30');
  });

  it('says where the pages would be that a damaged file cannot show them', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(DAMAGED)]);
    await view.page.getByTestId('page-view-damaged').waitFor({ timeout: 20_000 });
    expect(await view.page.getByTestId('page-view-damaged').textContent()).toContain('looks damaged');
  });

  it('turns the pages clicked on Rotate, in step with the page list, and in the downloaded file', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByRole('radio', { name: /180°/ }).check();
    await view.page
      .getByRole('button', { name: 'Page 2 of 4, rotated by 180 degrees' })
      .click({ timeout: 20_000 });
    await view.page.getByRole('button', { name: 'Page 4 of 4, rotated by 180 degrees' }).click();
    expect(await view.page.getByTestId('rotate-pages').inputValue()).toBe('1, 3');
    expect(await view.page.getByRole('radio', { name: 'Selected pages' }).isChecked()).toBe(true);
    await expect
      .poll(async () => (await thumbnailsOf()).map((thumbnail) => [thumbnail.page, thumbnail.isPressed]))
      .toEqual([
        [1, true],
        [2, false],
        [3, true],
        [4, false],
      ]);

    // The list typed moves the pages too, and a click goes on from it.
    await view.page.getByTestId('rotate-pages').fill('3');
    await view.page.getByRole('button', { name: 'Page 4 of 4, not rotated' }).click();
    expect(await view.page.getByTestId('rotate-pages').inputValue()).toBe('3-4');

    const saved = await runAndDownload(
      view,
      {
        description: 'PDF rotated successfully!',
        fileName: (chosen) => resultFileName('rotate', chosen, 'application/pdf'),
      },
      `clicked-${Date.now()}.pdf`,
    );
    expect(await rotationsOf(saved)).toEqual([0, 0, 180, 180]);
  });
});

import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { openToolPageIn, runAndDownload, useToolPage } from './tool-page.ts';

/** Four pages of distinct text, none turned. */
const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
/** Six pages of distinct text, each with its own /Rotate (90, 90, 180, 180, 270, 270). */
const SIX_TURNED = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';

const view = useToolPage('organize');

/** Each page's text, as poppler reads it. */
const textsOf = (path: string) =>
  execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);

/** A page's words in any order: a page turned a quarter reads its lines in another order. */
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).sort().join(' ');

/** Each page's turn, as poppler reads it (the page's /Rotate). */
const turnsOf = (path: string) =>
  [
    ...execFileSync('pdfinfo', ['-f', '1', '-l', '99', path], { encoding: 'utf8' }).matchAll(/rot:\s+(\d+)/g),
  ].map((match) => Number(match[1]));

const EXPECTED = {
  description: 'PDF organized successfully!',
  fileName: (chosen: readonly string[]) => resultFileName('organize', chosen, 'application/pdf'),
};

const pagesOf = (page: Page) => page.getByTestId('organize-page');

/** Chooses files and waits until the board shows every page, each drawn. */
async function chooseFiles(page: Page, files: readonly string[], pageCount: number): Promise<void> {
  await page.locator('input[type=file]').setInputFiles(files.map((file) => corpusPath(file)));
  await expect
    .poll(() => page.getByTestId('organize-board').getAttribute('data-ready'), { timeout: 15_000 })
    .toBe('true');
  await expect.poll(() => pagesOf(page).count()).toBe(pageCount);
  await expect
    .poll(() => page.locator('[data-testid="organize-page"][data-drawn="false"]').count(), {
      timeout: 15_000,
    })
    .toBe(0);
}

/** What the board last told screen readers, without the isolates around the file name. */
/** A finger put down at `from`, moved to `to` in steps and lifted, as Chromium's touch input has it. */
async function dragByTouch(page: Page, from: Point, to: Point): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touch = (type: 'touchStart' | 'touchMove', { x, y }: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x: Math.round(x), y: Math.round(y) }] });
  await touch('touchStart', from);
  const steps = 10;
  for (let step = 1; step <= steps; step += 1) {
    await touch('touchMove', {
      x: from.x + ((to.x - from.x) * step) / steps,
      y: from.y + ((to.y - from.y) * step) / steps,
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

type Point = { readonly x: number; readonly y: number };

const announcement = async (page: Page) =>
  (await page.getByTestId('organize-announcement').textContent())?.replace(/[\u2066-\u2069]/g, '');

describe('the organize page in a real browser', () => {
  it('moves a page by keyboard, says so, and the download has the new order', async () => {
    // The board and its renderer are fetched once a file is chosen, not with the page.
    const fetched = async () =>
      (
        await view.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
      ).filter((url) => /organize-board|page-renderer|pdf\.worker/.test(url));
    expect(await fetched()).toEqual([]);
    await chooseFiles(view.page, [FOUR_PAGES], 4);
    expect((await fetched()).length).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(view.page)).toEqual([]);
    const help = await view.page.getByTestId('organize-help').textContent();
    expect(help).toContain('Alt with an arrow key');
    await pagesOf(view.page).first().focus();
    await view.page.keyboard.press('Alt+ArrowRight');
    await view.page.keyboard.press('Alt+ArrowRight');
    await expect
      .poll(() => announcement(view.page))
      .toBe('pysamples_outline-bookmarks_4p.pdf, page 1 moved to position 3 of 4');
    // Focus stays on the page moved; an arrow key then moves focus alone.
    await view.page.keyboard.press('ArrowRight');
    expect(await view.page.evaluate(() => document.activeElement?.getAttribute('data-position'))).toBe('4');
    const saved = await runAndDownload(view, EXPECTED, 'keyboard.pdf');
    const source = textsOf(corpusPath(FOUR_PAGES));
    expect(textsOf(saved)).toEqual([source[1], source[2], source[0], source[3]]);
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });

  it('drags a page across files, turns, deletes, adds a blank page, undoes and redoes', async () => {
    const { page } = view;
    await chooseFiles(page, [FOUR_PAGES, SIX_TURNED], 10);
    // The last page (the second file's sixth) dragged by mouse to the front, in front of the first page.
    const box = async (position: number) => {
      const found = await page
        .locator(`[data-testid="organize-page"][data-position="${position}"]`)
        .boundingBox();
      if (!found) throw new Error(`no page at position ${position}`);
      return found;
    };
    await page.locator('[data-testid="organize-page"][data-position="10"]').scrollIntoViewIfNeeded();
    const start = await box(10);
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    const target = await box(1);
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
    await page.mouse.move(target.x + 4, target.y + target.height / 3, { steps: 4 });
    expect(await page.getByTestId('organize-drop-mark').count()).toBe(1);
    await page.mouse.up();
    await expect
      .poll(() => announcement(page))
      .toBe('pdfbox_rotations-90-180-270_6p.pdf, page 6 moved to position 1 of 10');

    // Position 2 (the first file's first page) and 3 chosen and turned right; position 4 chosen alone and deleted.
    await pagesOf(page).nth(1).click();
    await pagesOf(page)
      .nth(2)
      .click({ modifiers: ['Control'] });
    await page.getByTestId('organize-turn-right').click();
    await expect.poll(() => announcement(page)).toBe('2 pages turned clockwise');
    // The page with the focus (the last clicked), drawn large and turned as it will be; Escape puts it away.
    await page.getByTestId('organize-enlarge').click();
    const zoom = page.getByRole('dialog');
    await zoom.locator('canvas').waitFor({ timeout: 20_000 });
    // Its title names the page (the file's name set apart from the words around it, for right-to-left pages).
    expect((await zoom.locator('h2').textContent())?.replace(/[\u2066-\u2069]/g, '')).toContain(
      `${FOUR_PAGES.split('/').at(-1)}, page 2`,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => zoom.count()).toBe(0);
    await pagesOf(page).nth(3).click();
    await page.keyboard.press('Delete');
    await expect.poll(() => pagesOf(page).count()).toBe(9);
    // A blank Letter page after the last page chosen (none now: after the page with focus).
    await page.getByTestId('organize-blank-size').selectOption('letter');
    await page.getByTestId('organize-add-blank').click();
    await expect.poll(() => pagesOf(page).count()).toBe(10);
    // Undo takes the blank page back, redo brings it again.
    await pagesOf(page).first().focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => pagesOf(page).count()).toBe(9);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => pagesOf(page).count()).toBe(10);

    const saved = await runAndDownload(view, EXPECTED, 'dragged.pdf');
    const first = textsOf(corpusPath(FOUR_PAGES)).map(wordsOf);
    const second = textsOf(corpusPath(SIX_TURNED)).map(wordsOf);
    const texts = textsOf(saved).map(wordsOf);
    expect(texts.length).toBe(10);
    // 2:6, 1:1 and 1:2 (turned), [1:3 deleted], 1:4 (focus moved there), the blank page after it, 2:1 … 2:5.
    const blankAt = texts.indexOf('');
    expect(blankAt).toBe(4);
    expect(texts.filter((_, index) => index !== blankAt)).toEqual([
      second[5],
      first[0],
      first[1],
      first[3],
      second[0],
      second[1],
      second[2],
      second[3],
      second[4],
    ]);
    const turns = turnsOf(saved);
    expect(turns.slice(0, 3)).toEqual([270, 90, 90]);
    expect(turns[3]).toBe(0);
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });

  it('mirrors the grid, its arrow keys and a drag by touch in Arabic', async () => {
    const { page } = view;
    await openToolPageIn(page, 'ar', 'organize');
    await chooseFiles(page, [FOUR_PAGES], 4);
    const [first, second] = await Promise.all([
      pagesOf(page).nth(0).boundingBox(),
      pagesOf(page).nth(1).boundingBox(),
    ]);
    // The second page stands to the left of the first.
    expect(second && first && second.x < first.x).toBe(true);
    await pagesOf(page).first().focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-position'))).toBe('2');
    // Alt with the left arrow moves the page forward, to the left.
    const moved = await pagesOf(page).nth(1).getAttribute('data-id');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => pagesOf(page).nth(2).getAttribute('data-id')).toBe(moved);

    // A finger drags the first page by its handle to the left end of the row: it comes last.
    const leading = await pagesOf(page).nth(0).getAttribute('data-id');
    await page.getByTestId('organize-grid').scrollIntoViewIfNeeded();
    const handle = await page.getByTestId('organize-handle').nth(0).boundingBox();
    const last = await pagesOf(page).nth(3).boundingBox();
    if (!handle || !last) throw new Error('the board is not laid out');
    await dragByTouch(
      page,
      { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 },
      { x: last.x + 2, y: last.y + last.height / 2 },
    );
    await expect.poll(() => pagesOf(page).nth(3).getAttribute('data-id')).toBe(leading);
  });
});

import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { openToolPageIn, runAndDownload, useToolPage } from './tool-page.ts';

/** Fourteen pages of text, each page's different from the others'. */
const PAPER = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
const PAPER_STEM = 'pdfjs_tracemonkey-paper_14p-text-2col';

const view = useToolPage('remove-pages');

/** The text of each page of a PDF, read by pdftotext. */
const textOfPages = (path: string) =>
  execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
const PAPER_PAGES = textOfPages(corpusPath(PAPER));
/** The source's pages by number (from 1). */
const paperPages = (...pages: number[]) => pages.map((page) => PAPER_PAGES[page - 1]);

/** The thumbnails in the DOM: page number, accessible name of its toggle, pressed, marked. */
function thumbnailsOf() {
  return view.page.getByTestId('page-thumbnail').evaluateAll((items) =>
    items.map((item) => ({
      page: Number(item.getAttribute('data-page')),
      label: item.querySelector('button[aria-pressed]')?.getAttribute('aria-label') ?? null,
      isPressed: item.querySelector('button[aria-pressed]')?.getAttribute('aria-pressed') === 'true',
      isMarked: item.querySelector('[data-testid=page-mark]') !== null,
    })),
  );
}

/** The pages shown pressed (chosen) in the page view. */
const pressedPages = async () =>
  (await thumbnailsOf()).filter((thumbnail) => thumbnail.isPressed).map((thumbnail) => thumbnail.page);

/** The pages after which the page view shows a cut (Split). */
const cutPages = () =>
  view.page
    .getByTestId('page-cut')
    .evaluateAll((cuts) =>
      cuts
        .filter((cut) => cut.getAttribute('aria-pressed') === 'true')
        .map((cut) => Number(cut.closest('[data-page]')?.getAttribute('data-page'))),
    );

/** Chooses the paper and waits until every one of its fourteen pages is in the grid. */
async function choosePaper(): Promise<void> {
  await view.page.locator('input[type=file]').setInputFiles([corpusPath(PAPER)]);
  await expect
    .poll(() => view.page.getByTestId('page-view').getAttribute('data-page-count'), { timeout: 20_000 })
    .toBe('14');
  await expect.poll(async () => (await thumbnailsOf()).length).toBe(14);
}

const pageButton = (name: string) => view.page.getByRole('button', { name, exact: true });

describe('choosing pages in the page view, in a real browser', () => {
  it('removes the pages clicked, Shift-clicked and chosen by keyboard, the list in step both ways', async () => {
    const field = view.page.getByTestId('remove-pages-pages');
    await choosePaper();

    await pageButton('Page 2 of 14').click();
    expect(await field.inputValue()).toBe('2');
    await pageButton('Page 5 of 14').click({ modifiers: ['Shift'] });
    expect(await field.inputValue()).toBe('2-5');
    // A chosen page is read out as chosen, and looks it.
    await pageButton('Page 5 of 14, selected').click();
    expect(await field.inputValue()).toBe('2-4');
    expect((await thumbnailsOf()).filter((thumbnail) => thumbnail.isMarked).map((each) => each.page)).toEqual(
      [2, 3, 4],
    );
    expect((await thumbnailsOf())[2]?.label).toBe('Page 3 of 14, selected');

    // By keyboard: Space chooses the page in focus, Shift+Enter the run from it to the next one chosen.
    await pageButton('Page 9 of 14').focus();
    await view.page.keyboard.press('Space');
    expect(await field.inputValue()).toBe('2-4, 9');
    await pageButton('Page 11 of 14').focus();
    await view.page.keyboard.press('Shift+Enter');
    expect(await field.inputValue()).toBe('2-4, 9-11');
    expect(await pressedPages()).toEqual([2, 3, 4, 9, 10, 11]);

    // The list typed moves the ticks; a list that does not parse ticks nothing.
    await field.fill('1, 14');
    await expect.poll(pressedPages).toEqual([1, 14]);
    await field.fill('3-');
    await expect.poll(pressedPages).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    await field.fill('3-x');
    await expect.poll(pressedPages).toEqual([]);
    await field.fill('12-');
    await pageButton('Page 6 of 14').click();
    expect(await field.inputValue()).toBe('6, 12-14');

    const saved = await runAndDownload(
      view,
      {
        description: 'Pages removed successfully!',
        fileName: (chosen) => resultFileName('remove-pages', chosen, 'application/pdf'),
      },
      `clicked-removed-${Date.now()}.pdf`,
    );
    expect(textOfPages(saved)).toEqual(paperPages(1, 2, 3, 4, 5, 7, 8, 9, 10, 11));
  });

  it('extracts the pages clicked, in the order the list gives', async () => {
    await openToolPageIn(view.page, 'en', 'extract-pages');
    const field = view.page.getByTestId('extract-pages-pages');
    await choosePaper();

    await pageButton('Page 8 of 14').click();
    await pageButton('Page 6 of 14').click({ modifiers: ['Shift'] });
    await pageButton('Page 2 of 14').click();
    expect(await field.inputValue()).toBe('2, 6-8');
    expect((await thumbnailsOf())[1]).toMatchObject({ label: 'Page 2 of 14, selected', isMarked: true });

    // An order typed is kept: a page clicked joins the end of the list.
    await field.fill('9, 1');
    await expect.poll(pressedPages).toEqual([1, 9]);
    await pageButton('Page 4 of 14').click();
    expect(await field.inputValue()).toBe('9, 1, 4');

    const saved = await runAndDownload(
      view,
      {
        description: 'Pages extracted successfully!',
        fileName: (chosen) => resultFileName('extract-pages', chosen, 'application/pdf'),
      },
      `clicked-extracted-${Date.now()}.pdf`,
    );
    expect(textOfPages(saved)).toEqual(paperPages(9, 1, 4));
  });

  it('splits where the visitor clicks between pages, the ranges in step both ways', async () => {
    await openToolPageIn(view.page, 'en', 'split');
    await choosePaper();
    // "Every page" cuts between every two pages; joining two turns the form to page ranges.
    expect(await cutPages()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    await pageButton('Split between pages 1 and 2').click();
    expect(await view.page.getByRole('radio', { name: /Page ranges/ }).isChecked()).toBe(true);
    const field = view.page.getByTestId('split-pageRange');
    expect(await field.inputValue()).toBe('1-2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14');

    await field.fill('1-5, 6-14');
    await expect.poll(cutPages).toEqual([5]);
    await pageButton('Split between pages 5 and 6').click();
    expect(await field.inputValue()).toBe('1-14');
    expect(await cutPages()).toEqual([]);
    await pageButton('Split between pages 3 and 4').click();
    // By keyboard too.
    await pageButton('Split between pages 7 and 8').focus();
    await view.page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe('1-3, 4-7, 8-14');
    expect(await cutPages()).toEqual([3, 7]);

    const saved = await runAndDownload(
      view,
      {
        description: 'PDF split successfully!',
        fileName: (chosen) => resultFileName('split', chosen, 'application/zip'),
      },
      `clicked-split-${Date.now()}.zip`,
    );
    const entries = unzipSync(new Uint8Array(await readFile(saved)));
    const parts = [`${PAPER_STEM}-p01-03.pdf`, `${PAPER_STEM}-p04-07.pdf`, `${PAPER_STEM}-p08-14.pdf`];
    expect(Object.keys(entries)).toEqual(parts);
    const texts = await Promise.all(
      parts.map(async (name) => {
        const path = join(view.downloadsPath, `${Date.now()}-${name}`);
        await writeFile(path, entries[name] ?? new Uint8Array());
        return textOfPages(path);
      }),
    );
    expect(texts).toEqual([
      paperPages(1, 2, 3),
      paperPages(4, 5, 6, 7),
      paperPages(8, 9, 10, 11, 12, 13, 14),
    ]);
  });

  it('runs the pages and the cuts between them right to left in Arabic', async () => {
    await openToolPageIn(view.page, 'ar', 'split');
    await choosePaper();
    const boxOf = async (selector: string) => {
      const box = await view.page.locator(selector).first().boundingBox();
      if (!box) throw new Error(`${selector} is not shown`);
      return box;
    };
    const first = await boxOf('[data-page="1"] [role=img]');
    const second = await boxOf('[data-page="2"] [role=img]');
    const cut = await boxOf('[data-page="1"] [data-testid=page-cut]');
    expect(second.y).toBe(first.y);
    expect(second.x + second.width).toBeLessThan(first.x);
    // The cut after page 1 lies between page 1 and page 2, which is on its left.
    const cutMiddle = cut.x + cut.width / 2;
    expect(cutMiddle).toBeGreaterThan(second.x + second.width);
    expect(cutMiddle).toBeLessThan(first.x);
    expect(
      await view.page.locator('[data-page="1"] [data-testid=page-cut]').getAttribute('aria-label'),
    ).toMatch(/^التقسيم بين الصفحتين/);
  });

  it('has no serious axe violation with pages loaded, chosen and cut, in English and Arabic', async () => {
    const violations: string[] = [];
    for (const locale of ['en', 'ar'] as const) {
      await openToolPageIn(view.page, locale, 'remove-pages');
      await choosePaper();
      await view.page.locator('[data-page="2"] button[aria-pressed]').click();
      await expect.poll(pressedPages).toEqual([2]);
      violations.push(...(await seriousViolations(view.page)).map((line) => `${locale} remove: ${line}`));

      await openToolPageIn(view.page, locale, 'split');
      await choosePaper();
      await view.page.locator('[data-testid=split-mode] input[value=range]').check();
      await view.page.locator('[data-page="3"] [data-testid=page-cut]').click();
      await expect.poll(cutPages).toEqual([3]);
      violations.push(...(await seriousViolations(view.page)).map((line) => `${locale} split: ${line}`));
    }
    expect(violations).toEqual([]);
  });

  it('shows the first page and page count of each file on Merge', async () => {
    await openToolPageIn(view.page, 'en', 'merge');
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath(PAPER), corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf')]);
    const files = view.page.getByTestId('selected-file');
    await expect
      .poll(() => files.getByTestId('first-page-count').allTextContents(), { timeout: 20_000 })
      .toEqual(['14 pages', '4 pages']);
    // Drawn: each first page's canvas is opaque and not blank white (text drawn this small is a light grey).
    const inked = await files.locator('[data-testid=first-page] canvas').evaluateAll((canvases) =>
      canvases.map((canvas) => {
        const { width, height } = canvas as HTMLCanvasElement;
        if (width === 0 || height === 0) return false;
        const pixels = (canvas as HTMLCanvasElement).getContext('2d')?.getImageData(0, 0, width, height).data;
        if (!pixels) return false;
        let isOpaque = true;
        let grey = 0;
        for (let index = 0; index < pixels.length; index += 4) {
          if ((pixels[index + 3] ?? 0) < 255) isOpaque = false;
          if ((pixels[index] ?? 255) < 250) grey += 1;
        }
        return isOpaque && grey > 5;
      }),
    );
    expect(inked).toEqual([true, true]);
    expect(await seriousViolations(view.page)).toEqual([]);
  });

  it('fetches the page view only once a file is chosen', async () => {
    const loaded: string[] = [];
    view.page.on('request', (request) => loaded.push(request.url()));
    await openToolPageIn(view.page, 'en', 'extract-pages');
    const isPageView = (url: string) => /page-picker|page-renderer/.test(url);
    expect(loaded.filter(isPageView)).toEqual([]);
    await choosePaper();
    expect(loaded.filter(isPageView).length).toBeGreaterThan(0);
  });
});

import { execFileSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { resultFileName, toolPath } from '@quire/shared';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForHydration } from './browser-session.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { isJobResult, waitForJobResult } from './job-requests.ts';
import { openToolPageIn, useToolPage } from './tool-page.ts';
import { downloadResult } from './download-result.ts';

const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const THREE_PAGES = 'pdf/pdfjs_mixed-page-sizes-3p.pdf';
/** Six pages of text and photos: compression changes what they look like. */
const WITH_IMAGES = 'pdf/pdf2docx_demo_text-images-6p.pdf';
const PDF = 'application/pdf';

const view = useToolPage('merge');

/** Runs the tool on the page's files and waits for its result card. */
async function run(): Promise<void> {
  const [response] = await Promise.all([
    waitForJobResult(view.page),
    view.page.getByTestId('action-button').click(),
  ]);
  expect(response.status()).toBe(200);
  await view.page.getByTestId('tool-result').waitFor();
}

/** The /Rotate of every page of a PDF, as poppler reads it. */
function turnsOf(path: string): number[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', path], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+\s+rot:\s+(\d+)$/gm)].map((match) => Number(match[1]));
}

/** Each drawn picture of a side of the comparison: its size on screen and how many of its pixels are not white. */
function picturesIn(side: Locator) {
  return side.locator('canvas').evaluateAll((canvases) =>
    (canvases as HTMLCanvasElement[]).map((canvas) => {
      const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? {
        data: [],
      };
      let inked = 0;
      for (let index = 0; index < data.length; index += 4) {
        if ((data[index] ?? 255) < 200 || (data[index + 1] ?? 255) < 200) inked += 1;
      }
      return { width: Math.round(canvas.getBoundingClientRect().width), inked };
    }),
  );
}

describe('results to look at, and carried on to another tool', () => {
  it("shows a merge's pages from the bytes fetched once, with a bigger view of one", async () => {
    const resultFetches: string[] = [];
    view.page.on('request', (request) => {
      if (isJobResult(request.url())) resultFetches.push(request.url());
    });
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath(FOUR_PAGES), corpusPath(THREE_PAGES)]);
    await run();

    const pages = view.page.getByTestId('result-pages');
    await expect.poll(() => pages.getAttribute('data-page-count'), { timeout: 20_000 }).toBe('7');
    const drawn = () =>
      pages
        .getByTestId('page-thumbnail')
        .evaluateAll((items) =>
          items
            .filter((item) => item.dataset.drawn === 'true')
            .map((item) => item.getAttribute('aria-posinset')),
        );
    await expect.poll(drawn, { timeout: 20_000 }).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(await pages.getByRole('img', { name: 'Page 5 of 7' }).count()).toBe(1);

    await pages.getByRole('button', { name: 'Enlarge page 5 of 7' }).click();
    const zoom = view.page.getByRole('dialog', { name: 'Page 5 of 7' });
    await zoom.locator('canvas').waitFor({ timeout: 20_000 });
    await zoom.getByRole('button', { name: 'Close' }).click();

    const download = await downloadResult(view.page);
    expect(download.suggestedFilename()).toBe(resultFileName('merge', [basename(FOUR_PAGES)], PDF));
    // The preview and the download are the same bytes, fetched once.
    expect(resultFetches).toHaveLength(1);
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('shows a page of the original beside the same page compressed, at the same zoom', async () => {
    await view.page.goto(new URL(toolPath('en', 'compress'), view.page.url()).href);
    await waitForHydration(view.page);
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(WITH_IMAGES)]);
    await view.page.getByRole('radio', { name: /^Low quality/ }).check();
    await run();

    const comparison = view.page.getByTestId('compress-comparison');
    await expect.poll(() => comparison.getAttribute('data-page-count'), { timeout: 20_000 }).toBe('6');
    const original = comparison.getByTestId('compare-original');
    const compressed = comparison.getByTestId('compare-result');
    const sides = async () => [await picturesIn(original), await picturesIn(compressed)] as const;
    // Two pictures, each of a page with ink on it, the same size.
    await expect
      .poll(async () => (await sides()).map((pictures) => pictures.length), { timeout: 20_000 })
      .toEqual([1, 1]);
    const [[before], [after]] = await sides();
    expect(before?.inked).toBeGreaterThan(1000);
    expect(after?.inked).toBeGreaterThan(1000);
    expect(after?.width).toBe(before?.width);

    // Twice as big on both sides (give or take the rounding of a pixel), the same size.
    await comparison.getByRole('button', { name: '200%' }).click();
    const zoomed = async () => {
      const [[left], [right]] = await sides();
      const isDoubled = Math.abs((left?.width ?? 0) - 2 * (before?.width ?? 0)) <= 2;
      return isDoubled && left?.width === right?.width;
    };
    await expect.poll(zoomed, { timeout: 20_000 }).toBe(true);

    await comparison.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => comparison.getAttribute('data-page')).toBe('2');
    expect(await comparison.getByTestId('compare-page').textContent()).toBe('Page 2 of 6');
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('carries a compressed result on to Rotate in Arabic, where it is rotated', async () => {
    await openToolPageIn(view.page, 'ar', 'compress');
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(WITH_IMAGES)]);
    await run();
    const compressedName = resultFileName('compress', [basename(WITH_IMAGES)], PDF);

    // Right to left, the original stands at the right of its compressed page.
    const comparison = view.page.getByTestId('compress-comparison');
    await comparison.getByTestId('compare-result').locator('canvas').waitFor({ timeout: 20_000 });
    const left = async (testId: string) => (await comparison.getByTestId(testId).boundingBox())?.x ?? 0;
    expect(await left('compare-original')).toBeGreaterThan(await left('compare-result'));

    const link = view.page.locator('[data-testid=next-tool][data-tool=rotate]');
    expect(await link.getAttribute('href')).toBe(toolPath('ar', 'rotate'));
    await link.click();
    await view.page.waitForURL((url) => url.pathname === toolPath('ar', 'rotate'));
    // Chosen with its name, its pages shown, ready to run (the new page is drawn a moment after its address).
    await expect
      .poll(() => view.page.getByTestId('selected-file-name').allTextContents())
      .toEqual([compressedName]);
    await expect
      .poll(() => view.page.getByTestId('page-view').getAttribute('data-page-count'), { timeout: 20_000 })
      .toBe('6');

    await run();
    const download = await downloadResult(view.page);
    expect(download.suggestedFilename()).toBe(resultFileName('rotate', [compressedName], PDF));
    const saved = join(view.downloadsPath, `carried-${Date.now()}.pdf`);
    await download.saveAs(saved);
    // Every page of the real file, each turned a quarter more than its own turn.
    const own = turnsOf(corpusPath(WITH_IMAGES));
    expect(own).toHaveLength(6);
    expect(turnsOf(saved)).toEqual(own.map((turn) => (turn + 90) % 360));
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { runAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';

const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const SCAN = 'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf';

const view = useToolPage('crop');

type Box = [number, number, number, number];

/** Each page's CropBox as poppler reads it. */
function cropBoxes(path: string): Box[] {
  const info = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '9999', path], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ CropBox:\s+(.+)$/gm)].map(
    (match) => (match[1] ?? '').trim().split(/\s+/).map(Number) as Box,
  );
}

async function cropAndDownload(): Promise<Box[]> {
  const saved = await runAndDownload(
    view,
    {
      description: 'PDF cropped successfully!',
      fileName: (chosen) => resultFileName('crop', chosen, 'application/pdf'),
    },
    `cropped-${Date.now()}.pdf`,
  );
  return cropBoxes(saved);
}

/** The frame drawn on each page of the page view (`top right bottom left` fractions), once every page is drawn. */
function framesOf() {
  return view.page
    .getByTestId('page-thumbnail')
    .evaluateAll((items) =>
      items.every((item) => item.getAttribute('data-drawn') === 'true')
        ? items.map((item) => item.getAttribute('data-frame'))
        : null,
    );
}

describe('the crop PDF page in a real browser', () => {
  it('frames the margins typed on the pages listed, and crops those pages only', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByRole('radio', { name: /Margins in points/ }).check();
    for (const side of ['top', 'right', 'bottom', 'left'])
      await view.page.getByTestId(`crop-margins-${side}`).fill('72');
    await view.page.getByTestId('crop-pages').fill('2');
    const before = cropBoxes(corpusPath(FOUR_PAGES));
    const [, second] = before;
    const fraction = (points: number) => (72 / points).toFixed(3);
    const width = (second?.[2] ?? 0) - (second?.[0] ?? 0);
    const height = (second?.[3] ?? 0) - (second?.[1] ?? 0);
    await expect
      .poll(framesOf, { timeout: 15_000 })
      .toEqual([null, [height, width, height, width].map(fraction).join(' '), null, null]);

    const after = await cropAndDownload();
    after.forEach((box, index) => {
      const old = before[index] as Box;
      const cut = index === 1 ? 72 : 0;
      expect(box.map((value) => Math.round(value))).toEqual(
        [old[0] + cut, old[1] + cut, old[2] - cut, old[3] - cut].map((value) => Math.round(value)),
      );
    });
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('turns the frame dragged on a page into the margins, by keyboard and by mouse, and crops by them', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByRole('radio', { name: /Margins in points/ }).check();
    for (const side of ['top', 'right', 'bottom', 'left'])
      await view.page.getByTestId(`crop-margins-${side}`).fill('72');
    const field = (side: string) => view.page.getByTestId(`crop-margins-${side}`).inputValue();
    const frame = view.page.getByRole('button', { name: 'The part kept of page 1' });
    await frame.waitFor({ timeout: 20_000 });
    // Three steps right by keyboard: the left margin grows as the right one shrinks, the frame's size kept.
    await frame.focus();
    for (let step = 0; step < 3; step += 1) await view.page.keyboard.press('ArrowRight');
    const [left, right] = [Number(await field('left')), Number(await field('right'))];
    expect(left).toBeGreaterThan(72);
    expect(left + right).toBeCloseTo(144, 0);
    // The bottom-right corner dragged up by the mouse: the bottom margin grows, the top stays.
    const handle = view.page.locator('[data-testid="page-box"] [data-corner="bottom-right"]');
    await handle.scrollIntoViewIfNeeded();
    const corner = await handle.boundingBox();
    if (!corner) throw new Error('no corner handle');
    const [x, y] = [corner.x + corner.width / 2, corner.y + corner.height / 2];
    await view.page.mouse.move(x, y);
    await view.page.mouse.down();
    await view.page.mouse.move(x, y - 60, { steps: 6 });
    await view.page.mouse.up();
    expect(Number(await field('bottom'))).toBeGreaterThan(100);
    expect(Number(await field('top'))).toBe(72);

    const margins = await Promise.all(
      ['top', 'right', 'bottom', 'left'].map(async (side) => Number(await field(side))),
    );
    const [top = 0, rightCut = 0, bottom = 0, leftCut = 0] = margins;
    const before = cropBoxes(corpusPath(FOUR_PAGES));
    const after = await cropAndDownload();
    const old = before[0] as Box;
    expect(after[0]?.map((value) => Math.round(value))).toEqual(
      [old[0] + leftCut, old[1] + bottom, old[2] - rightCut, old[3] - top].map((value) => Math.round(value)),
    );
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('trims the white margins of a scan by default, framed on every page before it is sent', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(SCAN)]);
    expect(await view.page.getByRole('radio', { name: /Trim white margins/ }).isChecked()).toBe(true);
    await expect.poll(framesOf, { timeout: 15_000 }).toHaveLength(5);
    const frames = (await framesOf()) ?? [];
    for (const frame of frames) {
      const sides = (frame ?? '').split(' ').map(Number);
      expect(sides).toHaveLength(4);
      expect(sides.reduce((sum, side) => sum + side, 0)).toBeGreaterThan(0.1);
    }
    const before = cropBoxes(corpusPath(SCAN));
    const after = await cropAndDownload();
    const area = (box: Box) => (box[2] - box[0]) * (box[3] - box[1]);
    after.forEach((box, index) => expect(area(box)).toBeLessThan(area(before[index] as Box) * 0.9));
  });
});

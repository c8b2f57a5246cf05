import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { jobFoldersLeft } from './job-folders.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';

const ROTATED = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const TUX_PNG = 'images/docxjs_tux_png-rgba-alpha.png';

const view = useToolPage('watermark');

/** Each page's text as poppler reads it. */
const pageTexts = (path: string) =>
  execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);

/** How many images and masks each page draws, as poppler lists them (`pdfimages -list`: page number first). */
function picturesPerPage(path: string): number[] {
  const listing = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2);
  const counts = [0, 0, 0, 0, 0, 0];
  for (const line of listing) {
    const page = Number(/^\s*(\d+)\s+\d+\s+(?:image|smask)\s/.exec(line)?.[1] ?? 0);
    if (page > 0) counts[page - 1] = (counts[page - 1] ?? 0) + 1;
  }
  return counts;
}

const expected = {
  description: 'Watermark added!',
  fileName: (chosen: readonly string[]) => resultFileName('watermark', chosen, 'application/pdf'),
};

describe('the watermark page in a real browser', () => {
  it('writes the text typed on the pages listed, which copying gives back', async () => {
    await view.page
      .locator('input[type=file]')
      .first()
      .setInputFiles([corpusPath(ROTATED)]);
    await view.page.getByTestId('watermark-text').fill('Draft copy');
    await view.page.getByTestId('watermark-pages').fill('2-3');
    await view.page.getByRole('radio', { name: 'Tiled over the page', exact: true }).check();
    const saved = await runAndDownload(view, expected, `watermarked-${Date.now()}.pdf`);
    const marked = pageTexts(saved).map((text) => text.includes('Draft copy'));
    expect(marked).toEqual([false, true, true, false, false, false]);
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });

  it('draws a picture instead of a text, and asks for one or the other when neither is given', async () => {
    await view.page
      .locator('input[type=file]')
      .first()
      .setInputFiles([corpusPath(ROTATED)]);
    await view.page.getByRole('radio', { name: 'Picture', exact: true }).check();
    // No picture yet: the server's answer, in the page's words.
    await view.page.getByTestId('action-button').click();
    await expect
      .poll(() => view.page.getByTestId('job-error').textContent())
      .toContain('Write the watermark’s text, or choose a JPG or PNG picture.');
    await view.page.getByTestId('watermark-image').setInputFiles([corpusPath(TUX_PNG)]);
    await expect
      .poll(() => view.page.getByTestId('watermark-image-name').textContent())
      .toBe('docxjs_tux_png-rgba-alpha.png');
    await view.page.getByTestId('watermark-pages').fill('1, 6');
    const saved = await runAndDownload(view, expected, `watermarked-picture-${Date.now()}.pdf`);
    // Tux drawn on the two pages listed (its colours and its transparency, an image and its mask each), and no
    // text added.
    expect(picturesPerPage(saved)).toEqual([2, 0, 0, 0, 0, 2]);
    expect(pageTexts(saved).join('')).not.toContain('Draft');
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });
});

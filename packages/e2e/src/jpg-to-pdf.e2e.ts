import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { TOOLS } from '@quire/shared';
import { describe, expect, inject, it } from 'vitest';
import { useToolPage } from './tool-page.ts';

const jobRoot = inject('jobRoot');
const PORTRAIT = 'images/pythondocx_photo-portrait_300dpi-nikon.jpg';
const LANDSCAPE = 'images/pysamples_progressive.jpg';
const PNG = 'images/pdflib_greyscale-bird.png';

const view = useToolPage('jpg-to-pdf');

const fileName = (path: string) => path.split('/')[1];

/** Runs the tool, checks the success toast and returns the page sizes of the downloaded PDF, in points. */
async function convertAndDownload(): Promise<{ width: number; height: number }[]> {
  const [response] = await Promise.all([
    view.page.waitForResponse((candidate) => candidate.url().endsWith(TOOLS['jpg-to-pdf'].apiPath)),
    view.page.getByTestId('action-button').click(),
  ]);
  expect(response.status()).toBe(200);
  await expect.poll(() => view.page.getByTestId('toast').getAttribute('data-variant')).toBe('default');
  expect(await view.page.getByTestId('toast-description').textContent()).toBe(
    'Images converted to PDF successfully!',
  );
  const [download] = await Promise.all([
    view.page.waitForEvent('download'),
    view.page.getByTestId('download-button').click(),
  ]);
  expect(download.suggestedFilename()).toBe(TOOLS['jpg-to-pdf'].output.fileName);
  const saved = join(view.downloadsPath, `converted-${Date.now()}.pdf`);
  await download.saveAs(saved);
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', saved], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => ({
    width: Number(match[1]),
    height: Number(match[2]),
  }));
}

describe('the JPG to PDF page in a real browser', () => {
  it('takes several images and turns each into a page, in the order of the list', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PORTRAIT), corpusPath(LANDSCAPE)]);
    await expect
      .poll(() => view.page.getByTestId('selected-file-name').allTextContents())
      .toEqual([fileName(PORTRAIT), fileName(LANDSCAPE)]);
    const sizes = await convertAndDownload();
    expect(sizes).toHaveLength(2);
    expect(sizes[0]?.height).toBeGreaterThan(sizes[0]?.width ?? Infinity);
    expect(sizes[1]?.width).toBeGreaterThan(sizes[1]?.height ?? Infinity);

    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => readdir(jobRoot), { timeout: 5000 }).toEqual([]);
  });

  it('reorders the images with the keyboard, and the PDF follows the new order', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PORTRAIT), corpusPath(LANDSCAPE)]);
    const names = view.page.getByTestId('selected-file-name');
    await expect.poll(() => names.allTextContents()).toEqual([fileName(PORTRAIT), fileName(LANDSCAPE)]);

    const moveUp = view.page.getByRole('button', { name: `Move \u2068${fileName(LANDSCAPE)}\u2069 up` });
    await moveUp.focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => names.allTextContents()).toEqual([fileName(LANDSCAPE), fileName(PORTRAIT)]);
    // At the top the up button is disabled, so the focus stays with the moved image on its down button.
    await expect
      .poll(() => view.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move \u2068${fileName(LANDSCAPE)}\u2069 down`);

    const sizes = await convertAndDownload();
    expect(sizes[0]?.width).toBeGreaterThan(sizes[0]?.height ?? Infinity);
    expect(sizes[1]?.height).toBeGreaterThan(sizes[1]?.width ?? Infinity);
  });

  it('puts every image on an A4 page (turned to the image’s orientation) when A4 is chosen', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(LANDSCAPE), corpusPath(PNG)]);
    await view.page.getByRole('radio', { name: /^A4/ }).check();
    await view.page.getByRole('radio', { name: 'Small margin' }).check();
    const sizes = await convertAndDownload();
    expect(sizes).toHaveLength(2);
    for (const size of sizes) {
      expect([Math.round(size.width), Math.round(size.height)].sort((a, b) => a - b)).toEqual([595, 842]);
    }
  });

  it('accepts images only, with a clear message for a PDF', async () => {
    expect(await view.page.getByTestId('drop-area').textContent()).toContain('Drop your images here');
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf')]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe('Invalid file type. Please select \u2068JPG\u2069 files.');
  });
});

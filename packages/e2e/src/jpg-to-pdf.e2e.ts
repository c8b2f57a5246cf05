import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { resultFileName, TOOLS } from '@quire/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openToolPageIn, runAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';

const PORTRAIT = 'images/pythondocx_photo-portrait_300dpi-nikon.jpg';
const LANDSCAPE = 'images/pysamples_progressive.jpg';
const PNG = 'images/pdflib_greyscale-bird.png';
const PDF = 'pdf/pysamples_outline-bookmarks_4p.pdf';

const view = useToolPage('jpg-to-pdf');

/** The formats the drop area names, each isolated, joined as English lists them. */
const FORMATS_EN =
  '\u2068JPG\u2069, \u2068PNG\u2069, \u2068WebP\u2069, \u2068TIFF\u2069, \u2068GIF\u2069, \u2068BMP\u2069, \u2068HEIC\u2069, or \u2068AVIF\u2069';
const FORMATS_AR = ['JPG', 'PNG', 'WebP', 'TIFF', 'GIF', 'BMP', 'HEIC', 'AVIF']
  .map((name) => `\u2068${name}\u2069`)
  .join(' أو ');

const fileName = (path: string) => path.split('/')[1];
/** A corpus file's name as a message shows it: isolated from the sentence around it. */
const named = (path: string) => `\u2068${fileName(path)}\u2069`;

/** Runs the tool, checks the success toast and returns the page sizes of the downloaded PDF, in points. */
async function convertAndDownload(): Promise<{ width: number; height: number }[]> {
  const saved = await runAndDownload(
    view,
    {
      description: 'Images converted to PDF successfully!',
      // Named after the (first) file chosen, as the server names it.
      fileName: (chosen) => resultFileName('jpg-to-pdf', chosen, 'application/pdf'),
    },
    `converted-${Date.now()}.pdf`,
  );
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
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
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

  it('takes a multi-page TIFF, a WebP and a HEIC: a page for each TIFF page, then one for each picture', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quire-e2e-formats-'));
    try {
      const page = (width: number, height: number, background: string) =>
        sharp({ create: { width, height, channels: 3, background } })
          .png()
          .toBuffer();
      const tiff = join(folder, 'scan.tif');
      await sharp(
        [await page(300, 400, '#c33'), await page(300, 400, '#3c3'), await page(300, 400, '#33c')],
        {
          join: { animated: true },
        },
      )
        .tiff()
        .toFile(tiff);
      const webp = join(folder, 'banner.webp');
      await sharp(await page(400, 100, '#fa0'))
        .webp()
        .toFile(webp);
      const source = join(folder, 'source.png');
      await writeFile(source, await page(200, 150, '#0af'));
      const heic = join(folder, 'IMG_0001.heic');
      execFileSync('heif-enc', [source, '-o', heic]);
      await view.page.locator('input[type=file]').setInputFiles([tiff, webp, heic]);
      await expect
        .poll(() => view.page.getByTestId('selected-file-name').allTextContents())
        .toEqual(['scan.tif', 'banner.webp', 'IMG_0001.heic']);
      const sizes = await convertAndDownload();
      expect(sizes.map((size) => size.width > size.height)).toEqual([false, false, false, true, true]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('asks for images of every format it takes, and names a refused file', async () => {
    const area = view.page.getByTestId('drop-area');
    expect(await area.textContent()).toContain('Drop your images here');
    expect(await area.textContent()).toContain(`Up to 50 ${FORMATS_EN} files, up to 50MB each`);
    expect(await view.page.getByTestId('select-files-button').textContent()).toBe('Select Images');
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PDF)]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe(`Invalid file type: “${named(PDF)}”. Please select ${FORMATS_EN} files.`);
  });

  it('names an image over the size limit and keeps the others', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quire-e2e-large-'));
    const large = join(folder, 'holiday photo.jpg');
    await writeFile(large, '');
    await truncate(large, TOOLS['jpg-to-pdf'].maxFileBytes + 1);
    try {
      await view.page.locator('input[type=file]').setInputFiles([corpusPath(PNG), large]);
      await expect
        .poll(() => view.page.getByTestId('upload-error').textContent())
        .toBe('File is too large: “\u2068holiday photo.jpg\u2069”. Maximum size is 50MB.');
      expect(await view.page.getByTestId('selected-file-name').allTextContents()).toEqual([fileName(PNG)]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('says the same in Arabic, naming the first refused file and counting the others', async () => {
    await openToolPageIn(view.page, 'ar', 'jpg-to-pdf');
    const area = view.page.getByTestId('drop-area');
    expect(await area.textContent()).toContain('أفلت صورك هنا');
    expect(await area.textContent()).toContain(`بصيغة ${FORMATS_AR}`);
    expect(await view.page.getByTestId('select-files-button').textContent()).toBe('اختيار صور');
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath(PDF), corpusPath(PORTRAIT), corpusPath('word/mammoth_tables.docx')]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe(
        `نوع الملف «${named(PDF)}» غير مدعوم. يُرجى اختيار ملفات بصيغة ${FORMATS_AR}. ` +
          'لم تتم إضافة ملف آخر أيضًا.',
      );
    expect(await view.page.getByTestId('selected-file-name').allTextContents()).toEqual([fileName(PORTRAIT)]);
  });
});

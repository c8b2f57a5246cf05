import { readFile } from 'node:fs/promises';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { downloadOnePagePicture, MIXED_SIZES, useOnePagePdf } from './one-page-picture.ts';

/** PNG's colour types: 2 is RGB, 6 is RGB with an alpha channel. */
const RGB = 2;
const RGB_ALPHA = 6;

const view = useToolPage('pdf-to-png');

const onePage = useOnePagePdf();

/** Width, height and colour type of a PNG, read from its header (IHDR, the first chunk). */
function pngHeader(bytes: Uint8Array): { width: number; height: number; colourType: number } {
  const view = Buffer.from(bytes);
  expect(view.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20), colourType: view[25] ?? -1 };
}

describe('the PDF to PNG page in a real browser', () => {
  it('offers the three qualities and the two backgrounds, medium on white first', async () => {
    expect(await view.page.getByTestId('png-quality').getByRole('radio').count()).toBe(3);
    expect(await view.page.getByRole('radio', { name: 'Medium (150 DPI)' }).isChecked()).toBe(true);
    const backgrounds = view.page.getByTestId('png-background').getByRole('radio');
    expect(await backgrounds.count()).toBe(2);
    expect(await view.page.getByRole('radio', { name: 'White' }).isChecked()).toBe(true);
  });

  it('renders one transparent PNG per page when asked, shows them and leaves nothing behind', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(MIXED_SIZES)]);
    // The pages that become images are shown first.
    await expect
      .poll(() => view.page.getByTestId('page-view').getAttribute('data-page-count'), { timeout: 20_000 })
      .toBe(String(corpusEntry(MIXED_SIZES).pages));
    await view.page.getByRole('radio', { name: 'Low (72 DPI)' }).check();
    await view.page.getByRole('radio', { name: 'Transparent' }).check();
    const saved = await runAndDownload(
      view,
      {
        title: 'Success',
        description: 'PDF converted to PNG images successfully!',
        fileName: () => 'pdfjs_mixed-page-sizes-3p-png.zip',
      },
      `pdf-images-${Date.now()}.zip`,
    );
    const entries = unzipSync(new Uint8Array(await readFile(saved)));
    expect(Object.keys(entries)).toEqual([1, 2, 3].map((page) => `pdfjs_mixed-page-sizes-3p-p${page}.png`));
    const first = pngHeader(entries['pdfjs_mixed-page-sizes-3p-p1.png'] ?? new Uint8Array());
    expect(first).toEqual({ width: 612, height: 792, colourType: RGB_ALPHA });
    // The pictures are shown beside the download.
    await expect
      .poll(() => view.page.getByTestId('result-pictures').getAttribute('data-page-count'), {
        timeout: 20_000,
      })
      .toBe('3');
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('gives a one-page PDF as its PNG on white, named after it, with a preview beside the download', async () => {
    const picture = await downloadOnePagePicture(view, onePage(), {
      extension: 'png',
      contentType: 'image/png',
    });
    expect(pngHeader(picture)).toEqual({
      width: 612,
      height: 792,
      colourType: RGB,
    });
  });
});

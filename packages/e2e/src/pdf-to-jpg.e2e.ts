import { readFile } from 'node:fs/promises';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { JPG_DPI } from '@quire/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { downloadOnePagePicture, MIXED_SIZES, useOnePagePdf } from './one-page-picture.ts';

const view = useToolPage('pdf-to-jpg');

const onePage = useOnePagePdf();

/** Width and height of a JPEG, read from its first start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  let offset = 2;
  while (offset + 9 < bytes.length) {
    const marker = bytes[offset + 1] ?? 0;
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = ((bytes[offset + 5] ?? 0) << 8) | (bytes[offset + 6] ?? 0);
      const width = ((bytes[offset + 7] ?? 0) << 8) | (bytes[offset + 8] ?? 0);
      return { width, height };
    }
    offset += 2 + length;
  }
  throw new Error('no start-of-frame marker');
}

/** Picks the quality, runs the tool and returns the entries of the downloaded zip. */
async function convertAndDownload(quality: string): Promise<Record<string, Uint8Array>> {
  await view.page.locator('input[type=file]').setInputFiles([corpusPath(MIXED_SIZES)]);
  // The pages that become images are shown first.
  await expect
    .poll(() => view.page.getByTestId('page-view').getAttribute('data-page-count'), { timeout: 20_000 })
    .toBe(String(corpusEntry(MIXED_SIZES).pages));
  await view.page.getByRole('radio', { name: quality }).check();
  const saved = await runAndDownload(
    view,
    {
      title: 'Success',
      description: 'PDF converted to JPG images successfully!',
      // Named after the file chosen, as are its pages (zero-padded to the width of the page count: 3 pages, 1 digit).
      fileName: () => 'pdfjs_mixed-page-sizes-3p-jpg.zip',
    },
    `pdf-images-${Date.now()}.zip`,
  );
  return unzipSync(new Uint8Array(await readFile(saved)));
}

describe('the PDF to JPG page in a real browser', () => {
  it('offers the three qualities with their resolution, medium first', async () => {
    const radios = view.page.getByTestId('jpg-quality').getByRole('radio');
    expect(await radios.count()).toBe(3);
    expect(await view.page.getByRole('radio', { name: 'Medium (150 DPI)' }).isChecked()).toBe(true);
    expect(await view.page.getByRole('radio', { name: 'High (300 DPI)' }).count()).toBe(1);
    expect(await view.page.getByRole('radio', { name: 'Low (72 DPI)' }).count()).toBe(1);
  });

  it('renders one JPG per page at 150 DPI by default', async () => {
    const entries = await convertAndDownload('Medium (150 DPI)');
    const count = corpusEntry(MIXED_SIZES).pages ?? 0;
    expect(Object.keys(entries)).toEqual(
      Array.from({ length: count }, (_, index) => `pdfjs_mixed-page-sizes-3p-p${index + 1}.jpg`),
    );
    const first = jpegSize(entries['pdfjs_mixed-page-sizes-3p-p1.jpg'] ?? new Uint8Array());
    expect(first.width).toBeCloseTo((612 * JPG_DPI.medium) / 72, -1);
    expect(first.height).toBeCloseTo((792 * JPG_DPI.medium) / 72, -1);

    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('renders at 72 DPI when low quality is chosen', async () => {
    const entries = await convertAndDownload('Low (72 DPI)');
    const first = jpegSize(entries['pdfjs_mixed-page-sizes-3p-p1.jpg'] ?? new Uint8Array());
    expect(first.width).toBeCloseTo(612, -1);
    expect(first.height).toBeCloseTo(792, -1);
  });

  it('gives a one-page PDF as its JPG, named after it, with a preview beside the download', async () => {
    const picture = await downloadOnePagePicture(view, onePage(), {
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    const size = jpegSize(picture);
    expect(size.width).toBeCloseTo(612, -1);
    expect(size.height).toBeCloseTo(792, -1);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { JPG_DPI } from '@quire/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';

/** Three pages; the first is US Letter portrait (612 × 792 pt). */
const MIXED_SIZES = 'pdf/pdfjs_mixed-page-sizes-3p.pdf';

const view = useToolPage('pdf-to-jpg');

let dir = '';
/** The first page of the three alone, under a name of the visitor's. */
let onePage = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-e2e-to-jpg-'));
  onePage = join(dir, 'Affiche été.pdf');
  execFileSync('qpdf', ['--empty', '--pages', corpusPath(MIXED_SIZES), '1', '--', onePage]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

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
    await view.page.locator('input[type=file]').setInputFiles([onePage]);
    await view.page.getByRole('radio', { name: 'Low (72 DPI)' }).check();
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/jpeg');
    await view.page.getByTestId('tool-result').waitFor();
    expect(await view.page.getByTestId('result-name').textContent()).toBe('Affiche été.jpg');
    expect(await view.page.getByTestId('result-preview').getAttribute('alt')).toBe(
      'Preview of \u2068Affiche été.jpg\u2069',
    );
    const [download] = await Promise.all([
      view.page.waitForEvent('download'),
      view.page.getByTestId('download-button').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Affiche été.jpg');
    const saved = join(view.downloadsPath, `one-page-${Date.now()}.jpg`);
    await download.saveAs(saved);
    const size = jpegSize(new Uint8Array(await readFile(saved)));
    expect(size.width).toBeCloseTo(612, -1);
    expect(size.height).toBeCloseTo(792, -1);
  });
});

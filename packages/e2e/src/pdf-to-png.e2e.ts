import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';

/** Three pages; the first is US Letter portrait (612 × 792 pt). */
const MIXED_SIZES = 'pdf/pdfjs_mixed-page-sizes-3p.pdf';
/** PNG's colour types: 2 is RGB, 6 is RGB with an alpha channel. */
const RGB = 2;
const RGB_ALPHA = 6;

const view = useToolPage('pdf-to-png');

let dir = '';
/** The first page of the three alone, under a name of the visitor's. */
let onePage = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-e2e-to-png-'));
  onePage = join(dir, 'Affiche été.pdf');
  execFileSync('qpdf', ['--empty', '--pages', corpusPath(MIXED_SIZES), '1', '--', onePage]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

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
    await view.page.locator('input[type=file]').setInputFiles([onePage]);
    await view.page.getByRole('radio', { name: 'Low (72 DPI)' }).check();
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    await view.page.getByTestId('tool-result').waitFor();
    expect(await view.page.getByTestId('result-name').textContent()).toBe('Affiche été.png');
    expect(await view.page.getByTestId('result-preview').getAttribute('alt')).toBe(
      'Preview of \u2068Affiche été.png\u2069',
    );
    const [download] = await Promise.all([
      view.page.waitForEvent('download'),
      view.page.getByTestId('download-button').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Affiche été.png');
    const saved = join(view.downloadsPath, `one-page-${Date.now()}.png`);
    await download.saveAs(saved);
    expect(pngHeader(new Uint8Array(await readFile(saved)))).toEqual({
      width: 612,
      height: 792,
      colourType: RGB,
    });
  });
});

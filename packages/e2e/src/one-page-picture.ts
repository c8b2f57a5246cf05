import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { afterAll, beforeAll, expect } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { pressAction, type ToolPageView } from './tool-page.ts';
import { downloadResult } from './download-result.ts';

/** Three pages; the first is US Letter portrait (612 × 792 pt). */
export const MIXED_SIZES = 'pdf/pdfjs_mixed-page-sizes-3p.pdf';
const ONE_PAGE_NAME = 'Affiche été';

/**
 * The first page of `MIXED_SIZES` alone, as a PDF under a name of the visitor's (with an accent), made before the
 * file's tests and deleted after them. The returned function gives its path once made.
 */
export function useOnePagePdf(): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-e2e-one-page-'));
    execFileSync('qpdf', ['--empty', '--pages', corpusPath(MIXED_SIZES), '1', '--', pathIn(dir)]);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return () => pathIn(dir);
}

const pathIn = (dir: string) => join(dir, `${ONE_PAGE_NAME}.pdf`);

/**
 * Runs a page-to-picture tool (PDF to JPG, PDF to PNG) at low quality on the one-page PDF and checks what a
 * visitor sees: the picture itself is answered (not a zip), named after the file, previewed beside the download,
 * and downloaded under that name. Returns the downloaded picture's bytes.
 */
export async function downloadOnePagePicture(
  view: ToolPageView,
  onePagePdf: string,
  picture: { extension: 'jpg' | 'png'; contentType: string },
): Promise<Uint8Array> {
  const name = `${ONE_PAGE_NAME}.${picture.extension}`;
  await view.page.locator('input[type=file]').setInputFiles([onePagePdf]);
  await view.page.getByRole('radio', { name: 'Low (72 DPI)' }).check();
  const [response] = await Promise.all([waitForJobResult(view.page), pressAction(view.page)]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(picture.contentType);
  await view.page.getByTestId('tool-result').waitFor();
  expect(await view.page.getByTestId('result-name').textContent()).toBe(name);
  expect(await view.page.getByTestId('result-preview').getAttribute('alt')).toBe(
    `Preview of \u2068${name}\u2069`,
  );
  const download = await downloadResult(view.page);
  expect(download.suggestedFilename()).toBe(name);
  const saved = join(view.downloadsPath, `one-page-${Date.now()}.${picture.extension}`);
  await download.saveAs(saved);
  return new Uint8Array(await readFile(saved));
}

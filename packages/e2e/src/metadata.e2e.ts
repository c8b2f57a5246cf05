import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { runAndDownload, useToolPage } from './tool-page.ts';
import { waitForJobResult } from './job-requests.ts';
import { downloadResult } from './download-result.ts';

/** PDF/A from Word: an author, no title. */
const PDFA = 'pdf/pdfbox_pdfa-3a_word2016.pdf';
/** Acrobat's: a subject, an author and keywords. */
const REVISED = 'pdf/pdflib_with-update-sections_incremental.pdf';

const view = useToolPage('metadata');

const expected = {
  description: 'PDF properties saved!',
  fileName: (chosen: readonly string[]) => resultFileName('metadata', chosen, 'application/pdf'),
};

/** One Info entry as poppler reads it, '' when absent. */
const infoOf = (path: string, key: string) =>
  new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1] ?? '';

/**
 * Holds pdf.js's worker (the page's reading of the file's own properties) until `release`: a slow phone's reading.
 * `isPdfWorker` matches its requests, for unrouting and waiting on them.
 */
async function holdPdfReading(): Promise<{ release: () => void; isPdfWorker: (url: URL) => boolean }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const isPdfWorker = (url: URL) => url.pathname.includes('pdf.worker');
  await view.page.route(isPdfWorker, async (route) => {
    await held;
    await route.fallback();
  });
  return { release, isPdfWorker };
}

describe('the PDF properties page in a real browser', () => {
  it('shows the file’s current properties, read in the page, and saves the ones changed', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(REVISED)]);
    const subject = view.page.getByTestId('metadata-subject');
    await expect.poll(() => subject.inputValue(), { timeout: 15_000 }).toBe('Payment Voucher');
    expect(await view.page.getByTestId('metadata-author').inputValue()).toBe('SE:W:CAR:MP');
    // It has no keywords of its own (an older revision's stay in its structure tree, not in its properties).
    expect(await view.page.getByTestId('metadata-keywords').inputValue()).toBe('');
    await view.page.getByTestId('metadata-title').fill('Voucher — بطاقة');
    const saved = await runAndDownload(view, expected, `properties-${Date.now()}.pdf`);
    expect(infoOf(saved, 'Title')).toBe('Voucher — بطاقة');
    expect(infoOf(saved, 'Subject')).toBe('Payment Voucher');
    expect(infoOf(saved, 'Author')).toBe('SE:W:CAR:MP');
  });

  it('keeps a property the visitor typed before the file’s own were read', async () => {
    // pdf.js's worker is held until the title is typed: a slow phone's reading, ending after the first keystrokes.
    const { release, isPdfWorker } = await holdPdfReading();
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(REVISED)]);
    await view.page.getByTestId('metadata-title').fill('Typed first');
    release();
    await expect
      .poll(() => view.page.getByTestId('metadata-subject').inputValue(), { timeout: 15_000 })
      .toBe('Payment Voucher');
    expect(await view.page.getByTestId('metadata-title').inputValue()).toBe('Typed first');
    await view.page.unroute(isPdfWorker);
  });

  it('keeps the result of a Save pressed before the file’s own properties were read', async () => {
    // The reading ends after the job: it changes no field, so the result made stays, with the visitor's title.
    const { release, isPdfWorker } = await holdPdfReading();
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(REVISED)]);
    await view.page.getByTestId('metadata-title').fill('Saved early');
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    await view.page.getByTestId('download-button').waitFor();
    // Let the reading end, and wait until pdf.js has answered it (the page count it reads shows with the file).
    release();
    await view.page.waitForResponse((answer) => isPdfWorker(new URL(answer.url()))).catch(() => undefined);
    await view.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    expect(await view.page.getByTestId('metadata-subject').inputValue()).toBe('');
    const download = await downloadResult(view.page);
    const saved = join(view.downloadsPath, `early-${Date.now()}.pdf`);
    await download.saveAs(saved);
    expect(infoOf(saved, 'Title')).toBe('Saved early');
    await view.page.unroute(isPdfWorker);
  });

  it('removes every property with "Remove all metadata"', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PDFA)]);
    await expect
      .poll(() => view.page.getByTestId('metadata-author').inputValue(), { timeout: 15_000 })
      .toBe('Tilman Hausherr');
    await view.page.getByTestId('metadata-author').fill('');
    await view.page.getByRole('radio', { name: /^Remove all metadata/ }).check();
    const saved = await runAndDownload(view, expected, `cleared-${Date.now()}.pdf`);
    for (const key of ['Author', 'Creator', 'Producer']) expect(infoOf(saved, key)).toBe('');
    expect(execFileSync('pdfinfo', ['-meta', saved], { encoding: 'utf8' }).trim()).toBe('');
  });
});

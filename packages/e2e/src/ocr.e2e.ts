import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { TOOLS } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindScans, scanImage } from '@quire/test-kit/scanned-pdfs';
import { routeNextJobView, waitForJobResult } from './job-requests.ts';
import { expectedMessage } from './page-head.ts';
import { openToolPageIn, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { downloadResult } from './download-result.ts';

const PAPER = corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf');
const view = useToolPage('ocr');

let dir = '';
let scan = '';
beforeAll(async () => {
  // A scanned page as a scanner makes one: the paper's first page as a 300 DPI grey JPEG, nothing else.
  dir = await mkdtemp(join(tmpdir(), 'quire-ocr-e2e-'));
  const page = await scanImage({ path: PAPER, page: 1, language: 'en' }, 'clean', join(dir, 'page'));
  scan = bindScans([page], join(dir, 'scanned-paper.pdf'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const checked = async (name: string) => view.page.getByRole('checkbox', { name, exact: true }).isChecked();

describe('the OCR PDF page in a real browser', () => {
  it("offers the document's languages, the page's language and English ticked, at most three", async () => {
    const group = view.page.getByTestId('ocr-language');
    expect(await group.getByRole('checkbox').count()).toBe(TOOLS.ocr.options.language.values.length);
    expect(await checked('English')).toBe(true);
    expect(await checked('French')).toBe(false);
    await view.page.getByRole('checkbox', { name: 'French', exact: true }).check();
    await view.page.getByRole('checkbox', { name: 'German', exact: true }).check();
    expect(await view.page.getByRole('checkbox', { name: 'Spanish', exact: true }).isDisabled()).toBe(true);

    await openToolPageIn(view.page, 'fr', 'ocr');
    const french = view.page.getByTestId('ocr-language');
    expect(await french.getByRole('checkbox', { checked: true }).count()).toBe(2);
  });

  it('makes a scan searchable: the page read, its confidence shown, the words in the downloaded PDF', async () => {
    await view.page.locator('input[type=file]').setInputFiles([scan]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['x-pages-recognised']).toBe('1');
    expect(Number(headers['x-ocr-confidence'])).toBeGreaterThan(80);
    expect(await view.page.getByTestId('recognised-pages').textContent()).toBe('1 page');
    expect(await view.page.getByTestId('ocr-confidence').textContent()).toMatch(/^\d{2,3}\s?%$/);

    const download = await downloadResult(view.page);
    expect(download.suggestedFilename()).toBe('scanned-paper-searchable.pdf');
    const saved = join(view.downloadsPath, 'searchable.pdf');
    await download.saveAs(saved);
    const text = execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' });
    expect(text).toContain('Trace-based Just-in-Time Type Specialization');

    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('says that no text could be read in a handwritten fax, and never that text was recognised', async () => {
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('pdf/pdfbox_ccitt-g4-fax-scan.pdf')]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-pages-recognised']).toBe('0');
    expect(response.headers()['x-notices']).toBe('PAGES_ARE_SCANS;file=0;pages=1');
    // Beside the result, the notice PDF to Word gives of the same page.
    const notice = view.page.getByTestId('result-notices').locator('[data-notice="PAGES_ARE_SCANS"]');
    expect(await notice.textContent()).toBe('No text could be read on 1 page: it is kept as a picture.');
    expect(await view.page.getByTestId('toast-title').textContent()).toBe(
      (await expectedMessage('en', 'common.toast.done')).text,
    );
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      (await expectedMessage('en', 'tools.ocr.successNothingRead')).text,
    );
    const workbench = await view.page.getByTestId('tool-workbench').textContent();
    expect(workbench).not.toContain((await expectedMessage('en', 'tools.ocr.success')).text);
    expect(workbench).not.toContain((await expectedMessage('en', 'tools.ocr.result.noScans')).text);
  });

  it.each([
    ['en', '6 pages', '91%'],
    ['ru', '6 страниц', '91\u00a0%'],
  ] as const)(
    'counts the pages it read where the label asks how many, not their list (%s)',
    async (locale, count, confidence) => {
      // The counts are those of the job's view, played back: a six-page scan takes minutes to read on a small machine.
      const text = corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf');
      await openToolPageIn(view.page, locale, 'ocr');
      await routeNextJobView(view.page, (job) => ({
        ...job,
        result: job.result && {
          ...job.result,
          report: { pageCount: 6, recognisedCount: 6, recognisedPages: '1-6', confidence: 91 },
        },
      }));
      await view.page.locator('input[type=file]').setInputFiles([text]);
      await Promise.all([waitForJobResult(view.page), view.page.getByTestId('action-button').click()]);
      await expect.poll(() => view.page.getByTestId('recognised-pages').textContent()).toBe(count);
      expect(await view.page.getByTestId('ocr-confidence').textContent()).toBe(confidence);
      await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
    },
  );
});

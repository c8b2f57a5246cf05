import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { toolPath } from '@quire/shared';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { bindScans, scanImage } from '@quire/test-kit/scanned-pdfs';
import { waitForJobResult } from './job-requests.ts';
import { expectedMessage } from './page-head.ts';
import { waitForHydration } from './browser-session.ts';
import { openToolPageIn, useToolPage } from './tool-page.ts';
import { downloadResult } from './download-result.ts';

const view = useToolPage('pdf-to-word');
const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the PDF to Word page in a real browser', () => {
  it('converts a PDF and downloads it as a .docx named after it, with its text in paragraphs', async () => {
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf')]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      'PDF converted to Word successfully!',
    );
    const download = await downloadResult(view.page);
    expect(download.suggestedFilename()).toBe('pdfjs_tracemonkey-paper_14p-text-2col.docx');
    const saved = join(view.downloadsPath, 'converted.docx');
    await download.saveAs(saved);
    const documentXml = new TextDecoder().decode(unzipSync(await readFile(saved))['word/document.xml']);
    expect(documentXml).toContain('Trace-based Just-in-Time Type Specialization');
    expect(documentXml).not.toContain('w:txbxContent');
  });

  it('says in the toast and beside the result, in the page language, that a scan it could not read stays a picture', async () => {
    // Handwriting: too poorly read to replace the picture.
    for (const [locale, expected] of [
      ['en', 'No text could be read on 1 page: it is kept as a picture.'],
      ['ja', '1ページでテキストを読み取れなかったため、画像のまま残しました。'],
    ] as const) {
      await view.page.goto(new URL(toolPath(locale, 'pdf-to-word'), view.page.url()).href);
      await waitForHydration(view.page);
      await view.page
        .locator('input[type=file]')
        .setInputFiles([corpusPath('pdf/pdfbox_ccitt-g4-fax-scan.pdf')]);
      const [response] = await Promise.all([
        waitForJobResult(view.page),
        view.page.getByTestId('action-button').click(),
      ]);
      expect(response.headers()['x-notices']).toBe('PAGES_ARE_SCANS;file=0;pages=1');
      const notice = view.page.getByTestId('result-notices').locator('[data-notice="PAGES_ARE_SCANS"]');
      expect(await notice.textContent()).toBe(expected);
      // The toast does not claim a successful conversion: every page of this file is a scan.
      const toast = await view.page.getByTestId('toast-description').textContent();
      expect(toast).toBe((await expectedMessage(locale, 'tools.pdf-to-word.successAllScans')).text);
      expect(toast).not.toBe((await expectedMessage(locale, 'tools.pdf-to-word.success')).text);
      expect(await view.page.getByTestId('toast-title').textContent()).toBe(
        (await expectedMessage(locale, 'common.toast.done')).text,
      );
      expect(await view.page.getByTestId('tool-workbench').textContent()).not.toMatch(/success/i);
    }
  });

  it('reads a scanned page in the languages ticked for the page, and says what it read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-word-scan-e2e-'));
    scratch.push(dir);
    // The top half of the paper's first page (its title, authors and abstract) as a scanner makes one, sideways:
    // the whole page, two columns of small print, took the test 10-14 s, the half 6-8 s.
    const source = {
      path: corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf'),
      page: 1,
      language: 'en',
      area: { x: 0, y: 0, width: 612, height: 396 },
    };
    const scan = bindScans([await scanImage(source, 'turned-90', join(dir, 'page'))], join(dir, 'scan.pdf'));
    await openToolPageIn(view.page, 'fr', 'pdf-to-word');
    const languages = view.page.getByTestId('pdf-to-word-language');
    expect(await languages.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await view.page.locator('input[type=file]').setInputFiles([scan]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-pages-recognised']).toBe('1');
    expect(await view.page.getByTestId('recognised-pages').textContent()).toBe('1 page');
    expect(await view.page.getByTestId('ocr-confidence').textContent()).toMatch(/^\d{2,3}\s?%$/);
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      (await expectedMessage('fr', 'tools.pdf-to-word.successRecognised')).text,
    );
    const download = await downloadResult(view.page);
    const saved = join(view.downloadsPath, 'scan.docx');
    await download.saveAs(saved);
    const entries = unzipSync(await readFile(saved));
    const documentXml = new TextDecoder().decode(entries['word/document.xml']);
    expect(documentXml).toContain('Trace-based Just-in-Time Type Specialization');
    expect(Object.keys(entries).filter((entry) => /^word\/media\/./.test(entry))).toEqual([]);
  });
});

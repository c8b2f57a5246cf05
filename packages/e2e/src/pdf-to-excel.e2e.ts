import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { expectedMessage } from './page-head.ts';
import { openToolPageIn, runAndDownload, useToolPage } from './tool-page.ts';

const view = useToolPage('pdf-to-excel');
const PAPER_FILE = 'pdf/pdf2docx_whisper-paper_28p-linearized.pdf';
const NO_TABLE_FILE = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';

const workbookName = (chosen: readonly string[]) => `${(chosen[0] ?? '').replace(/\.pdf$/, '')}.xlsx`;

describe('the PDF to Excel page in a real browser', () => {
  it('converts the tables of the pages asked for to an .xlsx named after the file, a sheet per page', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PAPER_FILE)]);
    await view.page.getByTestId('pdf-to-excel-pages').fill('5, 28');
    const saved = await runAndDownload(
      view,
      { description: 'PDF converted to Excel successfully!', fileName: workbookName },
      'paper.xlsx',
    );
    const parts = unzipSync(await readFile(saved));
    const workbook = strFromU8(parts['xl/workbook.xml'] ?? new Uint8Array());
    expect([...workbook.matchAll(/<sheet name="([^"]+)"/gu)].map((match) => match[1])).toEqual([
      'Page 5',
      'Page 28',
    ]);
    // Table 1 of the paper: its parameters as numbers, its sizes ("1550M") as text.
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain('<c r="B6"');
    expect(sheet).toMatch(/<c r="C6"[^>]*><v>1280<\/v>/u);
    expect(sheet).toContain('>1550M</t>');
    // Beside the result: the tables written and the sheets they fill.
    expect(await view.page.getByTestId('table-count').textContent()).toBe('4');
    expect(await view.page.getByTestId('sheet-count').textContent()).toBe('2');
  });

  it('says, in the page’s language, that a PDF without tables has none', async () => {
    await openToolPageIn(view.page, 'fr', 'pdf-to-excel');
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(NO_TABLE_FILE)]);
    await view.page.getByTestId('pdf-to-excel-pages').fill('1');
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(422);
    await expect.poll(() => view.page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    const { text } = await expectedMessage('fr', 'errors.NO_TABLES_FOUND', {
      hasFileName: 'yes',
      // The page sets a file's name apart from the text around it.
      fileName: `\u2068${NO_TABLE_FILE.replace(/^pdf\//u, '')}\u2069`,
    });
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(text);
  });
});

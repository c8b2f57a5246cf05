import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { createXlsx, gridRows } from '@quire/test-kit/spreadsheets';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { openToolPageIn, useToolPage } from './tool-page.ts';
import { downloadResult } from './download-result.ts';

const view = useToolPage('excel-to-pdf');
const PDF = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PDF_NAME = '\u2068pysamples_outline-bookmarks_4p.pdf\u2069';
const pages = (path: string) => Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }));

/** Converts the chosen file with the current choice and returns the downloaded PDF's path. */
async function convertAndDownload(savedAs: string): Promise<string> {
  const [response] = await Promise.all([
    waitForJobResult(view.page),
    view.page.getByTestId('action-button').click(),
  ]);
  expect(response.status()).toBe(200);
  const download = await downloadResult(view.page);
  const saved = join(view.downloadsPath, savedAs);
  await download.saveAs(saved);
  return saved;
}

describe('the Excel to PDF page in a real browser', () => {
  it('converts a wide sheet fitted to the page width by default, and with its own page setup on request', async () => {
    const wide = join(view.downloadsPath, 'wide.xlsx');
    writeFileSync(wide, createXlsx({ sheets: [{ name: 'Wide', rows: gridRows(20, 40) }] }));
    await view.page.locator('input[type=file]').setInputFiles([wide]);
    expect(
      await view.page.getByTestId('excel-to-pdf-fitWidth').getByRole('radio', { checked: true }).count(),
    ).toBe(1);
    const fitted = await convertAndDownload('fitted.pdf');
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      'Spreadsheet converted to PDF successfully!',
    );
    expect(pages(fitted)).toBe(1);

    await view.page.getByText('Keep each sheet’s page setup').click();
    const kept = await convertAndDownload('kept.pdf');
    expect(pages(kept)).toBeGreaterThan(1);
  });

  it('takes the corpus .xls, names the result after it, and refuses a PDF inline', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PDF)]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe(
        `Invalid file type: “${PDF_NAME}”. Please select one \u2068Excel\u2069, \u2068ODS\u2069, or \u2068CSV\u2069 file.`,
      );
    await view.page.locator('input[type=file]').setInputFiles([corpusPath('office/calamine_any-sheets.xls')]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    const download = await downloadResult(view.page);
    expect(download.suggestedFilename()).toBe('calamine_any-sheets.pdf');
  });

  it('asks for a spreadsheet in German', async () => {
    await openToolPageIn(view.page, 'de', 'excel-to-pdf');
    const area = view.page.getByTestId('drop-area');
    expect(await area.textContent()).toContain('Tabelle hier ablegen');
    expect(await view.page.getByTestId('select-files-button').textContent()).toBe('Tabelle auswählen');
    expect(await view.page.getByText('Spalten an die Seitenbreite anpassen').count()).toBe(1);
  });
});

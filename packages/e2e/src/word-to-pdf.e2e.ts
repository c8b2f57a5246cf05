import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { openToolPageIn, useToolPage } from './tool-page.ts';
import { downloadResult } from './download-result.ts';

const view = useToolPage('word-to-pdf');
const PDF = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PDF_NAME = '\u2068pysamples_outline-bookmarks_4p.pdf\u2069';

describe('the Word to PDF page in a real browser', () => {
  it('converts a .docx and downloads a PDF named after it with its twelve pages', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath('word/gotenberg_12-pages.docx')]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      'Word document converted to PDF successfully!',
    );
    const download = await downloadResult(view.page);
    expect(download.suggestedFilename()).toBe('gotenberg_12-pages.pdf');
    const saved = join(view.downloadsPath, 'converted-word.pdf');
    await download.saveAs(saved);
    expect(Number(execFileSync('qpdf', ['--show-npages', saved], { encoding: 'utf8' }))).toBe(12);
  });

  it('accepts .doc files too, and refuses a PDF inline, by its name', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PDF)]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe(
        `Invalid file type: “${PDF_NAME}”. Please select one \u2068Word\u2069, \u2068ODT\u2069, \u2068RTF\u2069, or \u2068TXT\u2069 file.`,
      );
    await view.page.locator('input[type=file]').setInputFiles([corpusPath('word/poi_simple-table.doc')]);
    await expect.poll(() => view.page.getByTestId('selected-file').count()).toBe(1);
  });

  it('asks for one Word document, not a PDF, in English and in Japanese', async () => {
    const area = view.page.getByTestId('drop-area');
    expect(await area.textContent()).toContain('Drop your Word document here');
    expect(await area.textContent()).not.toContain('PDF');
    expect(await view.page.getByTestId('select-files-button').textContent()).toBe('Select Word Document');

    await openToolPageIn(view.page, 'ja', 'word-to-pdf');
    expect(await area.textContent()).toContain('ここにWord文書をドロップ');
    expect(await area.textContent()).not.toContain('PDF');
    expect(await view.page.getByTestId('select-files-button').textContent()).toBe('Word文書を選択');
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PDF)]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe(
        `「${PDF_NAME}」は対応していないファイル形式です。\u2068Word\u2069、\u2068ODT\u2069、\u2068RTF\u2069、または\u2068TXT\u2069ファイルを選択してください。`,
      );
  });

  it('explains a password-protected document in words', async () => {
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('word/gotenberg_encrypted_password-foo.docx')]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(422);
    await expect.poll(() => view.page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(await view.page.getByTestId('toast-description').textContent()).toContain(
      'gotenberg_encrypted_password-foo.docx',
    );
  });
});

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { TOOLS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { useToolPage } from './tool-page.ts';

const view = useToolPage('word-to-pdf');

describe('the Word to PDF page in a real browser', () => {
  it('converts a .docx and downloads converted.pdf with its twelve pages', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath('word/gotenberg_12-pages.docx')]);
    const [response] = await Promise.all([
      view.page.waitForResponse((candidate) => candidate.url().endsWith(TOOLS['word-to-pdf'].apiPath)),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      'Word document converted to PDF successfully!',
    );
    const [download] = await Promise.all([
      view.page.waitForEvent('download'),
      view.page.getByTestId('download-button').click(),
    ]);
    expect(download.suggestedFilename()).toBe('converted.pdf');
    const saved = join(view.downloadsPath, 'converted-word.pdf');
    await download.saveAs(saved);
    expect(Number(execFileSync('qpdf', ['--show-npages', saved], { encoding: 'utf8' }))).toBe(12);
  });

  it('accepts .doc files too, and refuses a PDF inline', async () => {
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf')]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe('Invalid file type. Please select \u2068Word\u2069 files.');
    await view.page.locator('input[type=file]').setInputFiles([corpusPath('word/poi_simple-table.doc')]);
    await expect.poll(() => view.page.getByTestId('selected-file').count()).toBe(1);
  });

  it('explains a password-protected document in words', async () => {
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('word/gotenberg_encrypted_password-foo.docx')]);
    const [response] = await Promise.all([
      view.page.waitForResponse((candidate) => candidate.url().endsWith(TOOLS['word-to-pdf'].apiPath)),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(422);
    await expect.poll(() => view.page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(await view.page.getByTestId('toast-description').textContent()).toContain(
      'gotenberg_encrypted_password-foo.docx',
    );
  });
});

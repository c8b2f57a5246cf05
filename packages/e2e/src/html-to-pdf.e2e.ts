import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { createZip } from '@quire/test-kit/hostile-html';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { openToolPageIn, runAndDownload, useToolPage } from './tool-page.ts';

const view = useToolPage('html-to-pdf');
const PDF = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PDF_NAME = '\u2068pysamples_outline-bookmarks_4p.pdf\u2069';
const SUCCESS = { description: 'Web page converted to PDF successfully!' };
const textOf = (path: string) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
const pageSizeOf = (path: string) =>
  /Page size:\s+([\d.]+) x ([\d.]+)/
    .exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))
    ?.slice(1)
    .map((side) => Math.round(Number(side)));

describe('the HTML to PDF page in a real browser', () => {
  it('prints a zipped page with its style sheet on Letter turned sideways, named after the zip', async () => {
    const zip = join(view.downloadsPath, 'site.zip');
    writeFileSync(
      zip,
      createZip({
        'site/index.html':
          '<!doctype html><link rel="stylesheet" href="style.css"><h1>Quire zipped page</h1>',
        'site/style.css': 'h1::after { content: " with its styles"; }',
      }),
    );
    await view.page.locator('input[type=file]').setInputFiles([zip]);
    // A4, portrait and the page's own margins to start with.
    const checked = (option: string) =>
      view.page
        .getByTestId(`html-to-pdf-${option}`)
        .getByRole('radio', { checked: true })
        .getAttribute('value');
    expect(await checked('pageSize')).toBe('a4');
    expect(await checked('landscape')).toBe('false');
    await view.page.getByTestId('html-to-pdf-pageSize').getByText('Letter', { exact: true }).click();
    await view.page.getByTestId('html-to-pdf-landscape').getByText('Landscape', { exact: true }).click();
    const saved = await runAndDownload(view, { ...SUCCESS, fileName: () => 'site.pdf' }, 'site.pdf');
    expect(pageSizeOf(saved)).toEqual([792, 612]);
    expect(textOf(saved)).toContain('Quire zipped page with its styles');
  });

  it('refuses a PDF inline, and says what a zip without index.html lacks', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PDF)]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe(`Invalid file type: “${PDF_NAME}”. Please select one \u2068HTML\u2069 or \u2068ZIP\u2069 file.`);
    const zip = join(view.downloadsPath, 'pages.zip');
    writeFileSync(zip, createZip({ 'home.html': '<p>home</p>', 'about.html': '<p>about</p>' }));
    await view.page.locator('input[type=file]').setInputFiles([zip]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(422);
    const message = view.page.getByTestId('file-error');
    await expect.poll(() => message.count()).toBe(1);
    expect(await message.textContent()).toContain('has no index.html');
  });

  it('asks for a web page in German', async () => {
    await openToolPageIn(view.page, 'de', 'html-to-pdf');
    expect(await view.page.getByTestId('drop-area').textContent()).toContain(
      'HTML-Datei oder ZIP hier ablegen',
    );
    expect(await view.page.getByTestId('select-files-button').textContent()).toBe('HTML-Datei auswählen');
    expect(await view.page.getByText('Querformat').count()).toBe(1);
  });
});

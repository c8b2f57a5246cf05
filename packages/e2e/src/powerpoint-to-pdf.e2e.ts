import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { openToolPageIn, useToolPage } from './tool-page.ts';
import { downloadResult } from './download-result.ts';

const view = useToolPage('powerpoint-to-pdf');
const PDF = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PDF_NAME = '\u2068pysamples_outline-bookmarks_4p.pdf\u2069';
const PPTX = 'office/pythonpptx_placeholders.pptx';

describe('the PowerPoint to PDF page in a real browser', () => {
  it('refuses a PDF inline, then converts the corpus .pptx to a page per slide, named after it', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PDF)]);
    await expect
      .poll(() => view.page.getByTestId('upload-error').textContent())
      .toBe(
        `Invalid file type: “${PDF_NAME}”. Please select one \u2068PowerPoint\u2069 or \u2068ODP\u2069 file.`,
      );
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PPTX)]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      'Presentation converted to PDF successfully!',
    );
    const download = await downloadResult(view.page);
    expect(download.suggestedFilename()).toBe('pythonpptx_placeholders.pdf');
    const saved = join(view.downloadsPath, 'slides.pdf');
    await download.saveAs(saved);
    expect(execFileSync('qpdf', ['--show-npages', saved], { encoding: 'utf8' }).trim()).toBe('9');
  });

  it('asks for a presentation in Spanish', async () => {
    await openToolPageIn(view.page, 'es', 'powerpoint-to-pdf');
    expect(await view.page.getByTestId('drop-area').textContent()).toContain('Suelta aquí tu presentación');
    expect(await view.page.getByTestId('select-files-button').textContent()).toBe('Seleccionar presentación');
  });
});

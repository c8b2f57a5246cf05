import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { TOOLS } from '@quire/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useToolPage } from './tool-page.ts';

const view = useToolPage('pdf-to-word');

describe('the PDF to Word page in a real browser', () => {
  it('converts a PDF and downloads converted.docx with its text in paragraphs', async () => {
    await view.page
      .locator('input[type=file]')
      .setInputFiles([corpusPath('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf')]);
    const [response] = await Promise.all([
      view.page.waitForResponse((candidate) => candidate.url().endsWith(TOOLS['pdf-to-word'].apiPath)),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await view.page.getByTestId('toast-description').textContent()).toBe(
      'PDF converted to Word successfully!',
    );
    const [download] = await Promise.all([
      view.page.waitForEvent('download'),
      view.page.getByTestId('download-button').click(),
    ]);
    expect(download.suggestedFilename()).toBe('converted.docx');
    const saved = join(view.downloadsPath, 'converted.docx');
    await download.saveAs(saved);
    const documentXml = new TextDecoder().decode(unzipSync(await readFile(saved))['word/document.xml']);
    expect(documentXml).toContain('Trace-based Just-in-Time Type Specialization');
    expect(documentXml).not.toContain('w:txbxContent');
  });
});

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { PDFA_RULES, resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';

/** pdf2docx's demo: text, and pictures with soft masks, which PDF/A-1b must flatten. */
const DEMO = 'pdf/pdf2docx_demo_text-images-6p.pdf';
/** A PDF that carries an attached file, which PDF/A-1b and 2b do not allow. */
const WITH_ATTACHMENT = 'pdf/pysamples_file-attachment.pdf';

const view = useToolPage('pdf-to-pdfa');

const expected = {
  description: 'PDF/A file ready!',
  fileName: (chosen: readonly string[]) => resultFileName('pdf-to-pdfa', chosen, 'application/pdf'),
};

/** A PDF's bytes as text: PDF/A keeps its XMP packet unfiltered (PDF/A-1, 6.7.2), so it can be read there. */
const rawTextOf = (path: string) => readFileSync(path, 'latin1');

describe('the PDF to PDF/A page in a real browser', () => {
  it('offers the three levels with 2b chosen, and lists every rule it checks', async () => {
    expect(await view.page.getByRole('radio').count()).toBe(3);
    expect(await view.page.getByRole('radio', { name: /^PDF\/A-2b/ }).isChecked()).toBe(true);
    const checks = view.page.getByRole('region', { name: 'What is checked' });
    expect(await checks.getByRole('listitem').count()).toBe(PDFA_RULES.length);
  });

  it('makes a PDF/A-1b file: every page, every font embedded, identified as 1b', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(DEMO)]);
    await view.page.getByRole('radio', { name: /^PDF\/A-1b/ }).check();
    const saved = await runAndDownload(view, expected, `demo-${Date.now()}.pdf`);
    const info = execFileSync('pdfinfo', [saved], { encoding: 'utf8' });
    expect(info).toMatch(new RegExp(`Pages:\\s+${corpusEntry(DEMO).pages}\\b`));
    const fonts = execFileSync('pdffonts', [saved], { encoding: 'utf8' }).split('\n').slice(2);
    expect(fonts.filter((line) => / no +(yes|no) +(yes|no) +\d+ +\d+\s*$/.test(line))).toEqual([]);
    expect(rawTextOf(saved)).toMatch(/pdfaid:part[>="']+1/);
  });

  it('says which rule a file with an attachment breaks at 2b, and that 3b keeps it', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(WITH_ATTACHMENT)]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(422);
    const message = view.page.getByTestId('file-error');
    await expect.poll(() => message.count()).toBe(1);
    expect(await message.textContent()).toContain('Choose PDF/A-3b to keep them');
  });
});

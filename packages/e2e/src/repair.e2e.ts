import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';

/** Its trailer and cross-reference table are gone: qpdf and poppler read nothing of it, MuPDF rebuilds its page. */
const NO_TRAILER = 'bad/pdflib_missing-xref-trailer-dict.pdf';
const INTACT = 'pdf/pysamples_outline-bookmarks_4p.pdf';
/** Its first 12,000 bytes: no page left to rebuild. */
const CUT_SHORT = 'bad/pysamples_4pages_truncated-at-12000-bytes.pdf';

const view = useToolPage('repair');

const fileName = (chosen: readonly string[]) => resultFileName('repair', chosen, 'application/pdf');

describe('the repair PDF page in a real browser', () => {
  it('rebuilds a damaged file, and says which engine did, what was wrong and the pages kept', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(NO_TRAILER)]);
    const saved = await runAndDownload(
      view,
      { title: 'Success', description: 'PDF repaired successfully!', fileName },
      `repaired-${Date.now()}.pdf`,
    );
    const summary = view.page.getByTestId('repair-summary');
    expect(await summary.getAttribute('data-engine')).toBe('mupdf');
    expect(await summary.getByTestId('repair-engine').textContent()).toBe('MuPDF');
    expect(await summary.getByTestId('repair-pages').textContent()).toBe('1 page');
    const problems = summary.getByTestId('repair-problems').getByRole('listitem');
    expect(
      await problems.evaluateAll((items) => items.map((item) => item.getAttribute('data-problem'))),
    ).toEqual(['cross-reference', 'objects', 'end']);
    expect(await problems.first().textContent()).toContain('cross-reference table');
    // The summary says it was repaired: no notice says it again.
    expect(await view.page.getByTestId('result-notices').count()).toBe(0);
    expect(execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' })).toContain('PDF 2.0 document');
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('gives an intact file back as it was, saying nothing needed repairing', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(INTACT)]);
    const saved = await runAndDownload(
      view,
      {
        title: 'Done',
        description: 'Your PDF is not damaged: nothing needed repairing, and you get it back unchanged.',
        fileName,
      },
      `intact-${Date.now()}.pdf`,
    );
    expect(await view.page.getByTestId('repair-summary').getAttribute('data-engine')).toBe('none');
    expect((await readFile(saved)).equals(await readFile(corpusPath(INTACT)))).toBe(true);
  });

  it('says a file damaged beyond repair could not be repaired, naming it', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(CUT_SHORT)]);
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(422);
    const message = view.page.getByTestId('file-error');
    await expect.poll(() => message.count()).toBe(1);
    // The file's name set apart from the words around it (U+2068 … U+2069).
    expect(await message.textContent()).toContain(
      '“\u2068pysamples_4pages_truncated-at-12000-bytes.pdf\u2069” is damaged and could not be repaired.',
    );
  });
});

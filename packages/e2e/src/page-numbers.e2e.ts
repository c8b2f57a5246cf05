import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { waitForJobResult } from './job-requests.ts';
import { openToolPageIn, runAndDownload, useToolPage } from './tool-page.ts';
import { downloadResult } from './download-result.ts';

const ROTATED = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';

const view = useToolPage('page-numbers');

/** Each page's text as poppler reads it, bidi marks taken out. */
const pageTexts = (path: string) =>
  execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' })
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .split('\f')
    .slice(0, -1);

const expected = {
  description: 'Page numbers added!',
  fileName: (chosen: readonly string[]) => resultFileName('page-numbers', chosen, 'application/pdf'),
};

describe('the add page numbers page in a real browser', () => {
  it('numbers the pages chosen with a ready-made text, counting from the first number given', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(ROTATED)]);
    const presets = view.page.getByTestId('page-numbers-format-presets');
    await presets.getByRole('button', { name: 'Page {n} of {total}' }).click();
    await expect
      .poll(() => view.page.getByTestId('page-numbers-format').inputValue())
      .toBe('Page {n} of {total}');
    await view.page.getByTestId('page-numbers-start').fill('3');
    await view.page.getByTestId('page-numbers-pages').fill('2-');
    await view.page.getByRole('radio', { name: 'Top right' }).check();
    const saved = await runAndDownload(view, expected, `numbered-${Date.now()}.pdf`);
    const texts = pageTexts(saved);
    expect(texts).toHaveLength(6);
    expect(texts[0]).not.toMatch(/Page \d+ of/);
    for (let page = 2; page <= 6; page += 1) expect(texts[page - 1]).toContain(`Page ${page + 2} of 8`);
  });

  it('asks for a number in range before sending', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(ROTATED)]);
    await view.page.getByTestId('page-numbers-fontSize').fill('500');
    await view.page.getByTestId('action-button').click();
    await expect
      .poll(() => view.page.getByTestId('page-numbers-fontSize-error').textContent())
      .toBe('Enter a font size from 6 to 72 points.');
  });

  it('offers the presets in the page’s language: Arabic, written joined and right to left', async () => {
    await openToolPageIn(view.page, 'ar', 'page-numbers');
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(ROTATED)]);
    await view.page
      .getByTestId('page-numbers-format-presets')
      .getByRole('button', { name: 'صفحة {n} من {total}' })
      .click();
    const [response] = await Promise.all([
      waitForJobResult(view.page),
      view.page.getByTestId('action-button').click(),
    ]);
    expect(response.status()).toBe(200);
    const download = await downloadResult(view.page);
    const saved = `${view.downloadsPath}/numbered-ar-${Date.now()}.pdf`;
    await download.saveAs(saved);
    pageTexts(saved).forEach((text, index) => {
      expect(text).toContain('صفحة');
      expect(text).toContain(String(index + 1));
    });
  });
});

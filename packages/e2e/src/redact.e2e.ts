import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { jobFoldersLeft } from './job-folders.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';

/** One page of greetings: English, Arabic, Russian, Chinese, Thai, Japanese. */
const MULTILINGUAL = 'pdf/pypdf_multilang_arabic-cjk-thai-cyrillic.pdf';

const view = useToolPage('redact');

const fileName = (chosen: readonly string[]) => resultFileName('redact', chosen, 'application/pdf');
const textOf = (path: string) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });

describe('the redact PDF page in a real browser', () => {
  it('removes the words typed, one per line, and shows how many places went', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(MULTILINGUAL)]);
    await view.page.getByTestId('redact-search').fill('hello world\nمرحبا');
    await view.page.getByTestId('redact-fill').fill('#1e3a8a');
    const saved = await runAndDownload(
      view,
      { description: 'PDF redacted!', fileName },
      `redacted-${Date.now()}.pdf`,
    );
    expect(await view.page.getByTestId('redacted-matches').textContent()).toBe('2');
    expect(await view.page.getByTestId('redacted-areas').textContent()).toBe('0');
    const text = textOf(saved);
    expect(text).not.toMatch(/Hello|World|مرحبا/);
    for (const kept of ['English', 'بالعالم', 'Привет', 'こんにちは']) expect(text).toContain(kept);
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });

  it('says so when no word is found, and gives the file back with nothing of its text removed', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(MULTILINGUAL)]);
    await view.page.getByTestId('redact-search').fill('nowhere in this file');
    const saved = await runAndDownload(
      view,
      { description: 'No text was removed: none of the words was found.', fileName },
      `unchanged-${Date.now()}.pdf`,
    );
    expect(await view.page.getByTestId('result-notices').textContent()).toContain(
      'None of the words you searched',
    );
    expect(textOf(saved)).toContain('Hello World');
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { isJobSubmit } from './job-requests.ts';
import { runAndDownload, unlockAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';

const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const PROTECTED = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';
const NEW_PASSWORD = 'open sesame 2026';

const view = useToolPage('protect');

const textOf = (path: string, password?: string) =>
  execFileSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], { encoding: 'utf8' });

const encryptionOf = (path: string, password: string) =>
  execFileSync('qpdf', ['--show-encryption', `--password=${password}`, path], { encoding: 'utf8' });

const expected = {
  description: 'PDF protected successfully!',
  fileName: (chosen: readonly string[]) => resultFileName('protect', chosen, 'application/pdf'),
};

describe('the protect PDF page in a real browser', () => {
  it('locks the PDF with the password typed and keeps only the permissions left ticked', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByTestId('protect-newPassword').fill(NEW_PASSWORD);
    // The field hides what is typed and offers it to the password manager as a new password.
    expect(await view.page.getByTestId('protect-newPassword').getAttribute('type')).toBe('password');
    expect(await view.page.getByTestId('protect-newPassword').getAttribute('autocomplete')).toBe(
      'new-password',
    );
    const permissions = view.page.getByTestId('protect-permissions');
    await permissions.getByLabel('Print').uncheck();
    await permissions.getByLabel('Copy text and images').uncheck();

    const saved = await runAndDownload(view, expected, `protected-${Date.now()}.pdf`);
    const shown = encryptionOf(saved, NEW_PASSWORD);
    expect(shown).toMatch(/^R = 6$/m);
    expect(shown).toContain('Supplied password is user password');
    expect(shown).toContain('print high resolution: not allowed');
    expect(shown).toContain('extract for any purpose: not allowed');
    expect(shown).toContain('modify annotations: allowed');
    expect(shown).toContain('modify forms: allowed');
    expect(textOf(saved, NEW_PASSWORD)).toBe(textOf(corpusPath(FOUR_PAGES)));
    expect(() => execFileSync('qpdf', ['--show-npages', saved], { stdio: 'pipe' })).toThrow();
    // Nothing of the visitor's stays on the server once the answer is sent.
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('asks for the new password before uploading anything', async () => {
    let requests = 0;
    view.page.on('request', (request) => {
      if (isJobSubmit(request)) requests += 1;
    });
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FOUR_PAGES)]);
    await view.page.getByTestId('action-button').click();
    await expect
      .poll(() => view.page.getByTestId('protect-newPassword-error').textContent())
      .toBe('Type the password that will open the PDF.');
    expect(
      await view.page
        .getByTestId('protect-newPassword')
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);
    expect(requests).toBe(0);
  });

  it('opens a protected file with its password, then locks it with the new one', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(PROTECTED)]);
    await view.page.getByTestId('protect-newPassword').fill(NEW_PASSWORD);
    const { saved, password } = await unlockAndDownload(view, PROTECTED, `reprotected-${Date.now()}.pdf`);
    expect(encryptionOf(saved, NEW_PASSWORD)).toContain('Supplied password is user password');
    expect(textOf(saved, NEW_PASSWORD)).toBe(textOf(corpusPath(PROTECTED), password));
    // The old password opens it no more.
    expect(() =>
      execFileSync('qpdf', ['--show-npages', `--password=${password}`, saved], { stdio: 'pipe' }),
    ).toThrow();
  });
});

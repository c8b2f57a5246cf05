import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { runAndDownload, unlockAndDownload, useToolPage } from './tool-page.ts';
import { jobFoldersLeft } from './job-folders.ts';

const OPEN_WITH_PASSWORD = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';
const RESTRICTED = 'pdf/qpdf_encrypted-rc4-owner-only_restricted_30p.pdf';

const view = useToolPage('unlock');

const textOf = (path: string, password?: string) =>
  execFileSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], { encoding: 'utf8' });

const encryptionOf = (path: string) =>
  execFileSync('qpdf', ['--show-encryption', path], { encoding: 'utf8' });

const expected = {
  description: 'PDF unlocked successfully!',
  fileName: (chosen: readonly string[]) => resultFileName('unlock', chosen, 'application/pdf'),
};

describe('the unlock PDF page in a real browser', () => {
  it('asks for the password of a file that needs one, and gives it back without encryption', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(OPEN_WITH_PASSWORD)]);
    const { download, saved, password } = await unlockAndDownload(
      view,
      OPEN_WITH_PASSWORD,
      `unlocked-${Date.now()}.pdf`,
    );
    expect(download.suggestedFilename()).toBe(expected.fileName([OPEN_WITH_PASSWORD.replace(/^pdf\//, '')]));
    expect(encryptionOf(saved)).toContain('File is not encrypted');
    expect(textOf(saved)).toBe(textOf(corpusPath(OPEN_WITH_PASSWORD), password));
    await expect.poll(() => jobFoldersLeft(), { timeout: 5000 }).toEqual([]);
  });

  it('unlocks a file that opens without a password but forbids printing and copying, asking nothing', async () => {
    expect(encryptionOf(corpusPath(RESTRICTED))).toContain('print high resolution: not allowed');
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(RESTRICTED)]);
    const saved = await runAndDownload(view, expected, `restricted-${Date.now()}.pdf`);
    expect(await view.page.getByRole('dialog', { name: 'Password required' }).count()).toBe(0);
    expect(encryptionOf(saved)).toContain('File is not encrypted');
    expect(textOf(saved)).toBe(textOf(corpusPath(RESTRICTED)));
  });
});

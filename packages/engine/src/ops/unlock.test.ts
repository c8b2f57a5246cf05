import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusEntries, corpusPath, featureValue, hasFeature } from '@quire/corpus';
import { AppError } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, useJobContext } from '../../test/job-context.ts';
import { protect } from './protect.ts';
import { unlock } from './unlock.ts';

const ctx = useJobContext(120_000);
const FOUR_PAGES = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const OPEN_WITH_PASSWORD = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';

/** The text poppler reads, with a password when one is given. */
function textOf(path: string, password?: string): string {
  return execFileSync('pdftotext', [...(password === undefined ? [] : ['-upw', password]), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

const unlockFile = (path: string, password?: string) =>
  unlock({ file: inputFile(path, password), options: {} }, ctx);

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('unlock', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf');
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: the same text, without encryption',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const source = corpusPath(entry.name);
      const result = await unlockFile(source, password);
      expect(isEncrypted(result.path)).toBe(false);
      expect(textOf(result.path)).toBe(textOf(source, password));
      const removed =
        password !== undefined ? 'password' : hasFeature(entry, 'encrypted') ? 'restrictions' : 'nothing';
      expect(result.report.values).toEqual({ pageCount: Number(entry.pages), removed });
    },
  );

  it('unlocks a file locked only against printing and copying without any password', async () => {
    const restricted = join(ctx.workDir, 'restricted.pdf');
    execFileSync('qpdf', [
      corpusPath(FOUR_PAGES),
      restricted,
      '--encrypt',
      '',
      'owner-only',
      '256',
      '--print=none',
      '--extract=n',
      '--',
    ]);
    expect(execFileSync('qpdf', ['--show-encryption', restricted], { encoding: 'utf8' })).toContain(
      'print high resolution: not allowed',
    );
    const result = await unlockFile(restricted);
    expect(execFileSync('qpdf', ['--show-encryption', result.path], { encoding: 'utf8' })).toContain(
      'File is not encrypted',
    );
    expect(textOf(result.path)).toBe(textOf(corpusPath(FOUR_PAGES)));
    expect(result.report).toEqual({ values: { pageCount: 4, removed: 'restrictions' }, notices: [] });
  });

  it('asks for the password of a file that needs one, and refuses a wrong one, as every tool does', async () => {
    const missing = await refusalOf(unlockFile(corpusPath(OPEN_WITH_PASSWORD)));
    expect(missing.code).toBe('PASSWORD_REQUIRED');
    expect(missing.details).toEqual({
      fileIndex: 0,
      fileName: 'qpdf_encrypted-aes256_user-view_owner-master_30p.pdf',
    });
    const wrong = await refusalOf(unlockFile(corpusPath(OPEN_WITH_PASSWORD), 'not-it'));
    expect(wrong.code).toBe('PASSWORD_INCORRECT');
  });

  it('undoes Protect PDF: its result, opened with the new password, comes back as the original text', async () => {
    const newPassword = 'round trip';
    const protectedFile = await protect(
      { file: inputFile(corpusPath(FOUR_PAGES)), options: { newPassword, permissions: [] } },
      ctx,
    );
    const result = await unlockFile(protectedFile.path, newPassword);
    expect(isEncrypted(result.path)).toBe(false);
    expect(textOf(result.path)).toBe(textOf(corpusPath(FOUR_PAGES)));
    expect(result.report.values.removed).toBe('password');
    expect(result.report.notices).toEqual([{ code: 'PASSWORD_REMOVED', fileIndex: 0 }]);
  });
});

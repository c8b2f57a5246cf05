import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import { PDF_PERMISSIONS, type PdfPermission } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { protect } from './protect.ts';

const ctx = useJobContext(120_000);

const NEW_PASSWORD = 'Quire 2026 · Grüße';

/** The text poppler reads, with a password when one is given. */
function textOf(path: string, password?: string): string {
  return execFileSync('pdftotext', [...(password === undefined ? [] : ['-upw', password]), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

const passwordArgs = (password?: string) => (password === undefined ? [] : [`--password=${password}`]);

/** qpdf's account of a file's encryption as opened with `password`. */
function encryptionOf(path: string, password?: string): string {
  return execFileSync('qpdf', ['--show-encryption', ...passwordArgs(password), path], { encoding: 'utf8' });
}

/** Whether qpdf opens the file with `password` (or none) to count its pages. */
function opens(path: string, password?: string): boolean {
  try {
    execFileSync('qpdf', ['--show-npages', ...passwordArgs(password), path], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** What qpdf says each permission allows once the file is open: its lines of `--show-encryption`. */
const PERMISSION_LINES: Readonly<Record<PdfPermission, readonly string[]>> = {
  print: ['print low resolution', 'print high resolution'],
  copy: ['extract for any purpose'],
  edit: ['modify document assembly', 'modify other'],
  annotate: ['modify annotations'],
  forms: ['modify forms'],
};

async function protectFile(
  path: string,
  options: { newPassword?: string; permissions?: readonly PdfPermission[]; password?: string } = {},
) {
  const { newPassword = NEW_PASSWORD, permissions = PDF_PERMISSIONS, password } = options;
  return protect({ file: inputFile(path, password), options: { newPassword, permissions } }, ctx);
}

describe('protect', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf');
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: AES-256 that opens only with the new password, the same text inside',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const source = corpusPath(entry.name);
      const result = await protectFile(source, { password });

      const shown = encryptionOf(result.path, NEW_PASSWORD);
      expect(shown).toMatch(/^R = 6$/m);
      expect(shown).toContain('Supplied password is user password');
      expect(shown).toMatch(/^file encryption method: AESv3$/m);
      expect(opens(result.path)).toBe(false);
      expect(textOf(result.path, NEW_PASSWORD)).toBe(textOf(source, password));
      expect(result.report.values).toEqual({
        pageCount: Number(entry.pages),
        permissions: 'print,copy,edit,annotate,forms',
      });
      // The old password opens nothing any more.
      if (password !== undefined) expect(opens(result.path, password)).toBe(false);
    },
  );

  it('keeps exactly the permissions asked for, each alone and none', async () => {
    const source = corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf');
    const cases: (readonly PdfPermission[])[] = [[], ...PDF_PERMISSIONS.map((permission) => [permission])];
    for (const permissions of cases) {
      const result = await protectFile(source, { permissions });
      const shown = encryptionOf(result.path, NEW_PASSWORD);
      for (const permission of PDF_PERMISSIONS) {
        const expected = permissions.includes(permission) ? 'allowed' : 'not allowed';
        for (const line of PERMISSION_LINES[permission])
          expect(shown, `${permissions.join(',')}: ${line}`).toContain(`${line}: ${expected}\n`);
      }
      expect(result.report.values.permissions).toBe(
        permissions.length === 0 ? 'none' : permissions.join(','),
      );
    }
  });

  it('opens with the new password as a reader, never as the owner who may lift the restrictions', async () => {
    const result = await protectFile(corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf'), {
      permissions: [],
    });
    const shown = encryptionOf(result.path, NEW_PASSWORD);
    expect(shown).toContain('Supplied password is user password');
    expect(shown).not.toContain('owner password');
  });

  it.each([
    ['two dashes', '--'],
    ['a leading dash', '-print=none'],
    ['spaces around it', '  open sesame  '],
    ['Arabic', 'كلمة السر'],
    ['Japanese', 'パスワード'],
    ['an @ first', '@file'],
    ['the 127 bytes a PDF keeps', `${'é'.repeat(63)}a`],
  ])('takes a password with %s exactly as typed', async (_what, newPassword) => {
    const source = corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf');
    const result = await protectFile(source, { newPassword });
    expect(encryptionOf(result.path, newPassword)).toContain('Supplied password is user password');
    // poppler's command line reads 32 bytes of a password; qpdf reads it whole.
    if (Buffer.byteLength(newPassword) <= 32) expect(textOf(result.path, newPassword)).toBe(textOf(source));
    if (newPassword.trim() !== newPassword) expect(opens(result.path, newPassword.trim())).toBe(false);
  });

  it('leaves no trace of the password in its directory: the job file is gone, the result holds only hashes', async () => {
    const newPassword = 'trace-me-9f2c';
    await protectFile(corpusPath('pdf/pysamples_outline-bookmarks_4p.pdf'), { newPassword });
    const names = await readdir(ctx.workDir);
    expect(names).toEqual(['protected.pdf']);
    for (const name of names) {
      const bytes = await readFile(join(ctx.workDir, name));
      expect(bytes.includes(Buffer.from(newPassword))).toBe(false);
    }
  });
});

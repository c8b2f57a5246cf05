import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { inputFile, qpdfPageCount } from '../../test/job-context.ts';
import { quickInspect } from './quick-inspect.ts';

const USER_PASSWORD_FILE = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const OWNER_ONLY_FILE = 'pdf/qpdf_encrypted-rc4-owner-only_restricted_30p.pdf';

describe('quickInspect', () => {
  it.each(['pdf/pdf2docx_tables-lattice.pdf', 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf'])(
    'counts the pages of %s as qpdf does',
    async (name) => {
      const info = await quickInspect(inputFile(corpusPath(name)));
      expect(info).toEqual({
        pageCount: qpdfPageCount(corpusPath(name)),
        wasRepaired: false,
        wasProtected: false,
        password: undefined,
        path: corpusPath(name),
      });
    },
  );

  it('opens a protected file with its password, and leaves it to qpdf without one or with a wrong one', async () => {
    const entry = corpusEntries().find((candidate) => candidate.name === USER_PASSWORD_FILE);
    const password = entry ? featureValue(entry, 'user-password') : undefined;
    expect(password).toBeTruthy();
    const path = corpusPath(USER_PASSWORD_FILE);
    expect(await quickInspect(inputFile(path, password))).toEqual({
      pageCount: qpdfPageCount(path, password),
      wasRepaired: false,
      wasProtected: true,
      password,
      path,
    });
    expect(await quickInspect(inputFile(path))).toBeNull();
    expect(await quickInspect(inputFile(path, `${password}-wrong`))).toBeNull();
  });

  it('opens a file locked only against editing without a password, ignoring one sent', async () => {
    const path = corpusPath(OWNER_ONLY_FILE);
    const info = await quickInspect(inputFile(path, 'not-the-password'));
    expect(info).toEqual({
      pageCount: 30,
      wasRepaired: false,
      wasProtected: false,
      password: undefined,
      path,
    });
  });

  it('leaves damaged, repaired, empty and oversized files to qpdf', async () => {
    for (const name of [
      'bad/qpdf_bad1_not-a-pdf-oops.pdf',
      'bad/qpdf_bad2_no-startxref.pdf',
      'bad/qpdf_bad7_no-trailer-dict.pdf',
      'bad/pdflib_invalid-root-ref.pdf',
      'bad/pdfjs_poppler85140_huge-mediabox-bogus-count.pdf',
    ]) {
      expect(await quickInspect(inputFile(corpusPath(name))), name).toBeNull();
    }
    expect(await quickInspect(inputFile(corpusPath(OWNER_ONLY_FILE)), 29)).toBeNull();
  });
});

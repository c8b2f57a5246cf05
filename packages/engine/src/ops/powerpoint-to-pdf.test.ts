import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { afterAll, describe, expect, it } from 'vitest';
import {
  asSlideShow,
  createSlidesOdp,
  markPptEncrypted,
  withHiddenSlide,
} from '@quire/test-kit/hostile-presentations';
import {
  coldSofficePdf,
  pdfDifferences,
  pdfPageCount,
  pdfPageTexts,
} from '@quire/test-kit/office-to-pdf-checks';
import { convertWithLibreOffice } from '@quire/test-kit/spreadsheets';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { stopWarmOffice } from '../libreoffice/warm-office.ts';
import { powerpointToPdf } from './powerpoint-to-pdf.ts';

const ctx = useJobContext(120_000);
const convert = (path: string) => powerpointToPdf({ file: inputFile(path), options: {} }, ctx);
const write = (name: string, bytes: Uint8Array | string) => {
  const path = join(ctx.workDir, name);
  writeFileSync(path, bytes);
  return path;
};
/** Each page's text, white space squeezed (LibreOffice and pdftotext disagree on it). */
const pageTexts = (pdf: string) => pdfPageTexts(pdf).map((text) => text.replace(/\s+/g, ' ').trim());

afterAll(stopWarmOffice);

/**
 * The Office lane's pipeline (format detection, the warm sandboxed LibreOffice, its cold fallback, the qpdf check)
 * is Word to PDF's and Excel to PDF's, tested with them; here, what is the presentations' own: one file of each
 * format (the corpus has .pptx only: the others are made from it or written here) and Impress's page per slide.
 * `npm run bench office-to-pdf` compares every corpus presentation with a cold soffice.
 */
const PPTX = 'office/pythonpptx_placeholders.pptx'; // 9 slides: placeholders of every kind, a table

describe('powerpointToPdf', () => {
  it('converts a corpus .pptx to the same pages and text as a cold soffice', async () => {
    const path = corpusPath(PPTX);
    const result = await convert(path);
    expect(pdfPageCount(result.path)).toBe(9);
    expect(pdfDifferences(result.path, coldSofficePdf(path, ctx.workDir))).toEqual([]);
  }, 180_000);

  it('prints a slide show (.ppsx) as its presentation, and leaves hidden slides out', async () => {
    const pptx = readFileSync(corpusPath(PPTX));
    const shown = pageTexts((await convert(write('deck.pptx', pptx))).path);
    const show = (await convert(write('deck.ppsx', asSlideShow(pptx)))).path;
    expect(pageTexts(show)).toEqual(shown);
    const hidden = pageTexts((await convert(write('hidden.pptx', withHiddenSlide(pptx, 2)))).path);
    expect(hidden).toEqual(shown.filter((_, index) => index !== 1));
  });

  it('converts an .odp and the .ppt LibreOffice writes of it, one page per slide in order', async () => {
    const slides = ['Quire slide one', 'Quire slide two: Größe', 'Quire slide three 日本語'];
    const odp = createSlidesOdp(slides);
    expect(pageTexts((await convert(write('deck.odp', odp))).path)).toEqual(slides);
    const ppt = convertWithLibreOffice(odp, 'odp', 'ppt');
    expect(pageTexts((await convert(write('deck.ppt', ppt))).path)).toEqual(slides);
    // The same file marked encrypted, as PowerPoint marks a presentation saved with a password.
    await expect(convert(write('locked.ppt', markPptEncrypted(ppt)))).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
      message: '"locked.ppt" is protected by a password.',
      details: { fileName: 'locked.ppt' },
    });
  }, 180_000);

  it.each([
    [
      'a password-protected OOXML container',
      'word/gotenberg_encrypted_password-foo.docx',
      'PASSWORD_REQUIRED',
    ],
    ['a Word document', 'word/mammoth_tables.docx', 'INVALID_FILE_TYPE'],
    ['a spreadsheet', 'office/calamine_any-sheets.xls', 'INVALID_FILE_TYPE'],
    ['a PDF', 'pdf/pdflib_us-constitution_19p.pdf', 'INVALID_FILE_TYPE'],
  ])('refuses %s (%s) with %s', async (_what, name, code) => {
    await expect(convert(corpusPath(name))).rejects.toMatchObject({
      code,
      details: { fileName: name.split('/')[1] },
    });
  });

  it('refuses an empty file and plain text, naming the formats it takes', async () => {
    await expect(convert(write('empty.pptx', ''))).rejects.toMatchObject({ code: 'EMPTY_FILE' });
    await expect(convert(write('notes.pptx', 'slide one\nslide two\n'))).rejects.toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: '"notes.pptx" is not a presentation (.pptx, .ppt, .ppsx or .odp).',
    });
  });
});

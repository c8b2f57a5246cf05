import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { corpusPath } from '@quire/corpus';
import { AppError } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import { pdfToPdfa } from './pdf-to-pdfa.ts';

const ctx = useJobContext(300_000);

/** Fonts poppler lists as not embedded (its `emb` column), read independently of our checker. */
function unembeddedFonts(path: string): string[] {
  const lines = execFileSync('pdffonts', [path], { encoding: 'utf8' }).split('\n').slice(2);
  return lines.filter((line) => line.trim() !== '' && / no +(yes|no) +(yes|no) +\d+ +\d+\s*$/.test(line));
}

function xmpOf(path: string): string {
  const pdf = new mupdf.PDFDocument(readFileSync(path));
  return pdf.getTrailer().get('Root').get('Metadata').readStream().asString();
}

describe('pdfToPdfa', () => {
  // pdfTeX Type1 fonts, and a file that only names the standard Helvetica and ZapfDingbats (the IRS form).
  it.each([
    ['pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf', '2b'],
    ['pdf/pdfjs_irs-f1040-prefilled_acroform.pdf', '2b'],
    ['pdf/pdf2docx_demo_text-images-6p.pdf', '1b'],
    ['pdf/pypdf_chinese-product-table_issue914.pdf', '3b'],
  ] as const)(
    '%s as PDF/A-%s: every page, every font embedded, identified as its level',
    async (name, level) => {
      const result = await pdfToPdfa({ file: inputFile(corpusPath(name)), options: { level } }, ctx);
      expect(qpdfPageCount(result.path)).toBe(qpdfPageCount(corpusPath(name)));
      expect(unembeddedFonts(result.path)).toEqual([]);
      expect(xmpOf(result.path)).toMatch(new RegExp(`pdfaid:part[>="']+${level.slice(0, 1)}`));
      expect(result.report.values.level).toBe(level);
    },
  );

  it('keeps attachments in 3b and refuses 1b and 2b naming the rule (Ghostscript keeps them)', async () => {
    const file = inputFile(corpusPath('pdf/pysamples_file-attachment.pdf'));
    await expect(pdfToPdfa({ file, options: { level: '3b' } }, ctx)).resolves.toBeDefined();
    for (const level of ['1b', '2b'] as const) {
      const error = await pdfToPdfa({ file, options: { level } }, ctx).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('PDFA_NOT_CONFORMANT');
      expect((error as AppError).details).toMatchObject({
        fileIndex: 0,
        fileName: file.name,
        rule: 'no-embedded-files',
        reason: 'attachments',
        level,
      });
    }
  });

  it('keeps the links, which draw nothing and were not flagged to print (Ghostscript drops such annotations)', async () => {
    const name = 'pdf/pdf2docx_whisper-paper_28p-linearized.pdf';
    const links = (path: string) => {
      const pdf = new mupdf.PDFDocument(readFileSync(path));
      let count = 0;
      for (let index = 0; index < pdf.countPages(); index += 1)
        count += pdf.loadPage(index).getLinks().length;
      return count;
    };
    const before = links(corpusPath(name));
    expect(before).toBeGreaterThan(50);
    const result = await pdfToPdfa({ file: inputFile(corpusPath(name)), options: { level: '2b' } }, ctx);
    expect(links(result.path)).toBe(before);
  });

  it('opens a protected file with its password and writes it unencrypted', async () => {
    const path = corpusPath('pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf');
    const result = await pdfToPdfa({ file: inputFile(path, 'view'), options: { level: '2b' } }, ctx);
    expect(isEncrypted(result.path)).toBe(false);
    expect(qpdfPageCount(result.path)).toBe(30);
    expect(result.report.notices.map((notice) => notice.code)).toContain('PASSWORD_REMOVED');
  });
});

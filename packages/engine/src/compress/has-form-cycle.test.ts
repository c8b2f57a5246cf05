import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createFormCycle, createTextPdf, writePdf } from '@quire/test-kit/hostile-pdfs';
import { hasFormXObjectCycle } from './has-form-cycle.ts';

const check = (bytes: Buffer) => hasFormXObjectCycle(new mupdf.PDFDocument(bytes));

describe('hasFormXObjectCycle', () => {
  it.each(['self', 'pair', 'appearance'] as const)(
    'finds forms that draw each other in a loop (%s)',
    (shape) => {
      expect(check(createFormCycle(shape))).toBe(true);
    },
  );

  it('finds a loop through a form that borrows the resources listing it', () => {
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /X 5 0 R >> >> >>',
      { dict: '<< >>', stream: Buffer.from('/X Do') },
      { dict: '<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] >>', stream: Buffer.from('/X Do') },
    ]);
    expect(check(pdf)).toBe(true);
  });

  it('accepts forms shared by several others, and files without forms', () => {
    const form = (resources: string) => ({
      dict: `<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << ${resources} >> >> >>`,
      stream: Buffer.from(''),
    });
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /A 5 0 R /B 6 0 R >> >> >>',
      { dict: '<< >>', stream: Buffer.from('/A Do /B Do') },
      form('/C 7 0 R'),
      form('/C 7 0 R'),
      form(''),
    ]);
    expect(check(pdf)).toBe(false);
    expect(check(createTextPdf('plain', 3))).toBe(false);
  });
});

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, qpdfCheck, useJobContext } from '../../test/job-context.ts';
import { flatten } from './flatten.ts';

const ctx = useJobContext(120_000);

/** The corpus's filled and empty forms, with how many widgets each draws. */
const FORMS = [
  ['pdf/pdfbox_acroforms-basic-fields.pdf', 26],
  ['pdf/pdfjs_irs-f1040-prefilled_acroform.pdf', 242],
  ['pdf/pdflib_with-update-sections_incremental.pdf', 12],
  // A LibreOffice form without appearances, asking readers to draw them (/NeedAppearances).
  ['pdf/pysamples_libreoffice-form.pdf', 9],
] as const;
/** A page with a highlight and a strike-out, and no form. */
const MARKED_UP = 'pdf/pdf2docx_sections-columns.pdf';
const WITH_LINKS = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const OPEN_WITH_PASSWORD = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';
const PASSWORD = 'view';

type Counts = { widgets: number; markup: number; links: number; hasAcroForm: boolean; objrToAnnots: number };

/** What qpdf finds in the whole file (every object, reachable or not by the pages): widgets, markup, links, form. */
function interactiveParts(path: string): Counts {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json=1', '--json-key=objects', path], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    }),
  ) as { objects: Record<string, Record<string, unknown>> };
  const objects = Object.values(json.objects);
  const subtype = (object: Record<string, unknown>) => (object as { '/Subtype'?: string })['/Subtype'];
  const annotationIds = new Set(
    Object.entries(json.objects)
      .filter(([, object]) => (object as { '/Type'?: string })['/Type'] === '/Annot')
      .map(([id]) => id),
  );
  return {
    widgets: objects.filter((object) => subtype(object) === '/Widget').length,
    markup: objects.filter((object) =>
      ['/Highlight', '/StrikeOut', '/Square'].includes(subtype(object) ?? ''),
    ).length,
    links: objects.filter((object) => subtype(object) === '/Link').length,
    hasAcroForm: objects.some((object) => object['/Type'] === '/Catalog' && '/AcroForm' in object),
    objrToAnnots: objects.filter(
      (object) => object['/Type'] === '/OBJR' && annotationIds.has(String(object['/Obj'])),
    ).length,
  };
}

/**
 * Each page drawn by poppler in grey at 50 dpi, as PGM pixel bytes, annotations and fields included. One pdftoppm
 * writes every page to its output, one PGM after the other: a process a page opened the file (and worked out its
 * AES-256 key) once a page, 2.5 CPU-s for the 30 pages of the protected file, 0.1 s at once.
 */
function pagePixels(path: string, password?: string): Uint8Array[] {
  const args = [...(password ? ['-upw', password] : []), '-gray', '-r', '50', path];
  const pgms = execFileSync('pdftoppm', args, { maxBuffer: 256 * 1024 * 1024 });
  const pages: Uint8Array[] = [];
  for (let offset = 0; offset < pgms.length;) {
    // P5 header: magic, width height, maxval (below 256: a byte a pixel), each on its own line.
    const header = /^P5\n(\d+) (\d+)\n\d+\n/.exec(pgms.subarray(offset, offset + 32).toString('latin1'));
    expect(header).not.toBeNull();
    const size = Number(header?.[1]) * Number(header?.[2]);
    offset += header?.[0].length ?? 0;
    pages.push(pgms.subarray(offset, offset + size));
    offset += size;
  }
  return pages;
}

/** The share of pixels, over all pages, whose grey differs by more than a fifth between two renderings. */
function changedShare(before: Uint8Array[], after: Uint8Array[]): number {
  expect(after.map((page) => page.length)).toEqual(before.map((page) => page.length));
  let changed = 0;
  let total = 0;
  before.forEach((page, index) => {
    const other = after[index] as Uint8Array;
    for (let pixel = 0; pixel < page.length; pixel += 1)
      if (Math.abs((page[pixel] as number) - (other[pixel] as number)) > 51) changed += 1;
    total += page.length;
  });
  return changed / total;
}

/** The words poppler reads, in its reading order. */
function wordsOf(path: string, password?: string): string[] {
  return execFileSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split(/\s+/u)
    .filter(Boolean);
}

const flattenFile = (path: string, what: 'forms' | 'annotations' | 'both' = 'both', password?: string) =>
  flatten({ file: inputFile(path, password), options: { what } }, ctx);

/** A copy of the basic form with a red square annotation drawn over its first page: both kinds on one page. */
function formWithSquare(): string {
  const pdf = mupdf.PDFDocument.openDocument(
    readFileSync(corpusPath(FORMS[0][0])),
    'application/pdf',
  ) as mupdf.PDFDocument;
  const page = pdf.loadPage(0);
  const square = page.createAnnotation('Square');
  square.setRect([40, 40, 140, 90]);
  square.setColor([1, 0, 0]);
  square.setBorderWidth(4);
  square.update();
  const path = join(ctx.workDir, 'form-and-square.pdf');
  writeFileSync(path, pdf.saveToBuffer('').asUint8Array());
  pdf.destroy();
  return path;
}

describe('flatten', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf');
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: every page and its words kept',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const source = corpusPath(entry.name);
      const result = await flattenFile(source, 'both', password);
      expect(result.report.values.pageCount).toBe(Number(entry.pages));
      expect(wordsOf(result.path)).toEqual(wordsOf(source, password));
    },
  );

  it.each(FORMS)(
    '%s: every field drawn into its page as it looked, nothing interactive left',
    async (name, widgets) => {
      const source = corpusPath(name);
      expect(interactiveParts(source)).toMatchObject({ widgets, hasAcroForm: true });
      const result = await flattenFile(source);
      const before = pagePixels(source);
      expect(result.report.values).toEqual({
        pageCount: before.length,
        formFields: widgets,
        annotations: 0,
      });
      expect(interactiveParts(result.path)).toEqual({
        widgets: 0,
        markup: 0,
        links: 0,
        hasAcroForm: false,
        objrToAnnots: 0,
      });
      expect(qpdfCheck(result.path).ok).toBe(true);
      // The same look and the same text: poppler draws and reads the form's fields, then the pages that carry them
      // (the LibreOffice form's "Alice" and "Bob", which its own appearances leave out).
      expect(changedShare(before, pagePixels(result.path))).toBeLessThan(0.0005);
      expect(wordsOf(result.path)).toEqual(wordsOf(source));
    },
  );

  it('draws a highlight and a strike-out into the page, and keeps them with forms only', async () => {
    const source = corpusPath(MARKED_UP);
    expect(interactiveParts(source).markup).toBe(2);
    const flat = await flattenFile(source, 'annotations');
    expect(flat.report.values).toMatchObject({ formFields: 0, annotations: 2 });
    expect(interactiveParts(flat.path).markup).toBe(0);
    // Poppler draws the highlight's blend a shade apart from its baked copy: a fraction of one per cent.
    expect(changedShare(pagePixels(source), pagePixels(flat.path))).toBeLessThan(0.005);

    const formsOnly = await flattenFile(source, 'forms');
    expect(formsOnly.report.values).toMatchObject({ formFields: 0, annotations: 0 });
    expect(interactiveParts(formsOnly.path).markup).toBe(2);
    expect(changedShare(pagePixels(source), pagePixels(formsOnly.path))).toBe(0);
  });

  it('takes only what it is asked for on a page with both a form and an annotation', async () => {
    const source = formWithSquare();
    const before = pagePixels(source);
    expect(interactiveParts(source)).toMatchObject({ widgets: 26, markup: 1, hasAcroForm: true });

    const forms = await flattenFile(source, 'forms');
    expect(forms.report.values).toMatchObject({ formFields: 26, annotations: 0 });
    expect(interactiveParts(forms.path)).toMatchObject({ widgets: 0, markup: 1, hasAcroForm: false });

    const annotations = await flattenFile(source, 'annotations');
    expect(annotations.report.values).toMatchObject({ formFields: 0, annotations: 1 });
    expect(interactiveParts(annotations.path)).toMatchObject({ widgets: 26, markup: 0, hasAcroForm: true });

    // Both: nothing left, and the square still red on the page.
    const both = await flattenFile(source);
    expect(both.report.values).toMatchObject({ formFields: 26, annotations: 1 });
    expect(interactiveParts(both.path)).toMatchObject({ widgets: 0, markup: 0, hasAcroForm: false });
    expect(changedShare(before, pagePixels(both.path))).toBeLessThan(0.0005);
    for (const path of [forms.path, annotations.path])
      expect(changedShare(before, pagePixels(path))).toBeLessThan(0.0005);
  });

  it('leaves links as links', async () => {
    const source = corpusPath(WITH_LINKS);
    const result = await flattenFile(source);
    expect(result.report.values).toEqual({ pageCount: 4, formFields: 0, annotations: 0 });
    expect(interactiveParts(result.path).links).toBe(interactiveParts(source).links);
    expect(interactiveParts(source).links).toBeGreaterThan(0);
  });

  it('opens a protected file with its password and gives it back without one', async () => {
    const source = corpusPath(OPEN_WITH_PASSWORD);
    const result = await flattenFile(source, 'both', PASSWORD);
    expect(isEncrypted(result.path)).toBe(false);
    expect(result.report.notices).toEqual([{ code: 'PASSWORD_REMOVED', fileIndex: 0 }]);
    expect(changedShare(pagePixels(source, PASSWORD), pagePixels(result.path))).toBe(0);
  });
});

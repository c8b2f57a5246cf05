import { readFileSync } from 'node:fs';
import { corpusPath } from '@quire/corpus';
import { MAX_OCR_PAGES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { isScannedPage, refuseTooManyScans, surveyPages, type PageSurvey } from './find-scanned-pages.ts';

const survey = (characters: number, imageShare: number, charactersBesideImages = 0): PageSurvey => ({
  pageNumber: 1,
  characters,
  charactersBesideImages,
  imageShare,
  widthPt: 595,
  heightPt: 842,
  isBitonal: false,
  imagePpi: 300,
});

describe('isScannedPage', () => {
  it('reads a page whose only content is a picture, or a picture with a stamp', () => {
    expect(isScannedPage(survey(0, 1))).toBe(true);
    expect(isScannedPage(survey(0, 0.3))).toBe(true);
    expect(isScannedPage(survey(12, 0.95))).toBe(true);
  });

  it('leaves pages with text alone, an earlier OCR layer included, and pages without a real picture', () => {
    expect(isScannedPage(survey(400, 1))).toBe(false);
    expect(isScannedPage(survey(12, 0.2))).toBe(false);
    expect(isScannedPage(survey(0, 0.01))).toBe(false);
    expect(isScannedPage(survey(0, 0))).toBe(false);
  });

  it('leaves a picture with a few words of its own beside it alone, unless the picture is the whole page', () => {
    // A title over a photo, a figure's labels: the text stands beside the picture, which leaves part of the page.
    expect(isScannedPage(survey(12, 0.6, 12))).toBe(false);
    expect(isScannedPage(survey(12, 0.6, 0))).toBe(true);
    // A scan's page number in its margin.
    expect(isScannedPage(survey(3, 0.95, 3))).toBe(true);
  });
});

describe('surveyPages', () => {
  const survey = async (name: string) => {
    const mupdf = await loadMupdf();
    const document = mupdf.Document.openDocument(readFileSync(corpusPath(name)), 'application/pdf');
    try {
      return surveyPages(mupdf, document, [1]);
    } finally {
      document.destroy();
    }
  };

  it('tells a bitonal scan (CCITT) from a scan in tones (JPEG 2000) and from a page of text', async () => {
    expect(await survey('pdf/pypdf_epson-scan_indirect-rotate-5p.pdf')).toMatchObject([
      { imageShare: 1, isBitonal: true, imagePpi: 300 },
    ]);
    expect(await survey('pdf/pypdf_vicksburg_scanned-ocr-6p-linearized.pdf')).toMatchObject([
      { isBitonal: false },
    ]);
    expect(await survey('pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf')).toMatchObject([
      { imageShare: 0, isBitonal: false, imagePpi: null },
    ]);
  });
});

describe('refuseTooManyScans', () => {
  it('lets up to MAX_OCR_PAGES scanned pages through and refuses one more, naming the file, count and tool', () => {
    expect(() => refuseTooManyScans(MAX_OCR_PAGES, 'scans.pdf', 'PDF to text')).not.toThrow();
    expect(() => refuseTooManyScans(MAX_OCR_PAGES + 1, 'scans.pdf', 'PDF to text')).toThrow(
      expect.objectContaining({
        code: 'DOCUMENT_TOO_COMPLEX',
        message: `"scans.pdf" has ${MAX_OCR_PAGES + 1} scanned pages; PDF to text reads the text of up to ${MAX_OCR_PAGES}.`,
        details: { fileIndex: 0, fileName: 'scans.pdf', maxPages: MAX_OCR_PAGES },
      }),
    );
  });
});

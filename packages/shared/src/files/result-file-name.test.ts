import { describe, expect, it } from 'vitest';
import { TOOL_IDS } from '../tools/tool-ids.ts';
import { pageFileName, resultFileName, resultMimeType, resultMimeTypes } from './result-file-name.ts';
import { MAX_FILE_NAME_BYTES, numberedFileName, safeFileName } from './safe-file-name.ts';

const PDF = 'application/pdf';
const ZIP = 'application/zip';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const JPEG = 'image/jpeg';
/** UTF-8 bytes: each `%XX` of the URI encoding is one. */
const bytesOf = (name: string) => encodeURIComponent(name).replace(/%[0-9A-F]{2}/g, '_').length;

describe('resultFileName', () => {
  it('names each tool’s result after its source', () => {
    expect(resultFileName('compress', ['report-final.pdf'], PDF)).toBe('report-final-compressed.pdf');
    expect(resultFileName('pdf-to-word', ['report-final.pdf'], DOCX)).toBe('report-final.docx');
    expect(resultFileName('merge', ['b-first.pdf', 'a-second.pdf'], PDF)).toBe('b-first-merged.pdf');
    expect(resultFileName('split', ['report.pdf'], ZIP)).toBe('report-split.zip');
    expect(resultFileName('rotate', ['scan.PDF'], PDF)).toBe('scan-rotated.pdf');
    expect(resultFileName('ocr', ['fax.pdf'], PDF)).toBe('fax-searchable.pdf');
    expect(resultFileName('word-to-pdf', ['letter.docx'], PDF)).toBe('letter.pdf');
    expect(resultFileName('jpg-to-pdf', ['IMG_0001.jpeg', 'IMG_0002.png'], PDF)).toBe('IMG_0001.pdf');
    expect(resultFileName('pdf-to-jpg', ['slides.pdf'], ZIP)).toBe('slides-jpg.zip');
  });

  it('names a one-page PDF to JPG’s image after its source', () => {
    expect(resultFileName('pdf-to-jpg', ['poster.pdf'], JPEG)).toBe('poster.jpg');
  });

  it('keeps Unicode and dots inside the stem', () => {
    expect(resultFileName('compress', ['Rapport été v1.2.pdf'], PDF)).toBe('Rapport été v1.2-compressed.pdf');
    expect(resultFileName('pdf-to-word', ['報告書.pdf'], DOCX)).toBe('報告書.docx');
    expect(resultFileName('ocr', ['تقرير.pdf'], PDF)).toBe('تقرير-searchable.pdf');
  });

  it('makes a hostile name safe: no folders, control or bidi characters, device names, Windows symbols', () => {
    expect(resultFileName('compress', ['../../etc/passwd.pdf'], PDF)).toBe('passwd-compressed.pdf');
    expect(resultFileName('compress', ['C:\\Temp\\a.pdf'], PDF)).toBe('a-compressed.pdf');
    expect(resultFileName('rotate', ['a"\r\nSet-Cookie: x.pdf'], PDF)).toBe('a___Set-Cookie_ x-rotated.pdf');
    expect(resultFileName('pdf-to-word', ['evil\u202Efdp.exe.pdf'], DOCX)).toBe('evilfdp.exe.docx');
    expect(resultFileName('pdf-to-word', ['CON.pdf'], DOCX)).toBe('_CON.docx');
    expect(resultFileName('pdf-to-word', ['lpt1'], DOCX)).toBe('_lpt1.docx');
    expect(resultFileName('merge', ['<b>?*|.pdf'], PDF)).toBe('_b____-merged.pdf');
    expect(resultFileName('merge', ['..pdf.'], PDF)).toBe('pdf-merged.pdf');
  });

  it('gives the tool’s fixed name when the source has no usable name', () => {
    expect(resultFileName('compress', [''], PDF)).toBe('compressed.pdf');
    expect(resultFileName('merge', ['/'], PDF)).toBe('merged.pdf');
    expect(resultFileName('rotate', [' . '], PDF)).toBe('rotated.pdf');
    expect(resultFileName('jpg-to-pdf', [], PDF)).toBe('converted.pdf');
    expect(resultFileName('pdf-to-jpg', [''], JPEG)).toBe('pdf-images.jpg');
  });

  it('cuts a long stem to leave what follows it whole, within 150 bytes', () => {
    for (const toolId of TOOL_IDS) {
      for (const mimeType of resultMimeTypes(toolId)) {
        const name = resultFileName(toolId, [`${'報告'.repeat(80)}.pdf`], mimeType);
        expect(bytesOf(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
        expect(name.startsWith('報告'.repeat(20))).toBe(true);
        expect(name).toBe(resultFileName(toolId, ['報告'.repeat(80)], mimeType));
      }
    }
  });
});

describe('resultMimeType', () => {
  it('is the JPG itself for a one-page PDF to JPG, the tool’s own type otherwise', () => {
    const jpgReport = (pageCount: number) => ({ values: { pageCount, downscaledPages: 0, minDpi: 72 } });
    expect(resultMimeType('pdf-to-jpg', jpgReport(1))).toBe(JPEG);
    expect(resultMimeType('pdf-to-jpg', jpgReport(2))).toBe(ZIP);
    expect(resultMimeType('split', { values: { fileCount: 1 } })).toBe(ZIP);
    expect(resultMimeType('compress', { values: { originalBytes: 9, outputBytes: 8 } })).toBe(PDF);
    expect(resultMimeTypes('pdf-to-jpg')).toEqual([ZIP, JPEG]);
  });
});

describe('pageFileName', () => {
  it('pads page numbers to the width of the page count', () => {
    expect(pageFileName('report.pdf', { first: 7, last: 7 }, 12, '.jpg')).toBe('report-p07.jpg');
    expect(pageFileName('report.pdf', { first: 3, last: 3 }, 9, '.pdf')).toBe('report-p3.pdf');
    expect(pageFileName('report.pdf', { first: 1, last: 5 }, 120, '.pdf')).toBe('report-p001-005.pdf');
    expect(pageFileName('report.pdf', { first: 10, last: 10 }, 10, '.pdf')).toBe('report-p10.pdf');
  });

  it('keeps the page numbers of a long name and names pages of a nameless file', () => {
    const name = pageFileName(`${'a'.repeat(300)}.pdf`, { first: 999, last: 1000 }, 1000, '.pdf');
    expect(bytesOf(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(name.endsWith('-p0999-1000.pdf')).toBe(true);
    expect(pageFileName('.pdf', { first: 1, last: 1 }, 2, '.jpg')).toBe('pdf-p1.jpg');
    expect(pageFileName('', { first: 2, last: 2 }, 2, '.jpg')).toBe('document-p2.jpg');
  });
});

describe('safeFileName and numberedFileName', () => {
  it('falls back when nothing is left, and numbers copies within the limit', () => {
    expect(safeFileName('..', 'file')).toBe('file');
    expect(safeFileName('nul.txt', 'file')).toBe('_nul.txt');
    expect(numberedFileName('a.pdf', 2)).toBe('a (2).pdf');
    const long = numberedFileName(`${'é'.repeat(80)}.pdf`, 12);
    expect(bytesOf(long)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(long.endsWith(' (12).pdf')).toBe(true);
  });
});

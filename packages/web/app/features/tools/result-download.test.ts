import { TOOLS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { resultDownloadOf } from './result-download.ts';

describe('resultDownloadOf', () => {
  it('names the download after the visitor’s first file, as the server names it', () => {
    expect(resultDownloadOf(TOOLS.compress, ['report-final.pdf'], 'application/pdf')).toEqual({
      mimeType: 'application/pdf',
      fileName: 'report-final-compressed.pdf',
    });
    expect(resultDownloadOf(TOOLS['pdf-to-word'], ['report-final.pdf'], null).fileName).toBe(
      'report-final.docx',
    );
    expect(resultDownloadOf(TOOLS.merge, ['Q3 été.pdf', 'Q4.pdf'], 'application/pdf').fileName).toBe(
      'Q3 été-merged.pdf',
    );
    expect(resultDownloadOf(TOOLS['jpg-to-pdf'], ['IMG_2041.JPG', 'b.png'], null).fileName).toBe(
      'IMG_2041.pdf',
    );
  });

  it('offers a one-page PDF to JPG as the JPG it is', () => {
    expect(resultDownloadOf(TOOLS['pdf-to-jpg'], ['poster.pdf'], 'image/jpeg')).toEqual({
      mimeType: 'image/jpeg',
      fileName: 'poster.jpg',
    });
    expect(resultDownloadOf(TOOLS['pdf-to-jpg'], ['slides.pdf'], 'application/zip').fileName).toBe(
      'slides-jpg.zip',
    );
  });

  it('keeps to the types the tool gives, whatever the answer says', () => {
    expect(resultDownloadOf(TOOLS.compress, ['a.pdf'], 'text/html; charset=utf-8')).toEqual({
      mimeType: 'application/pdf',
      fileName: 'a-compressed.pdf',
    });
    expect(resultDownloadOf(TOOLS.split, ['a.pdf'], 'image/jpeg').mimeType).toBe('application/zip');
  });
});

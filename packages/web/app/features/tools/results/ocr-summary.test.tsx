import { type JobView } from '@quire/shared';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OcrSummary, PdfToWordSummary } from './ocr-summary.tsx';
import { doneJob } from './test-jobs.ts';

/** OCR's figures for `count` pages read of `pageCount`. */
const ocrRead = (count: number, pageCount = count, pages = count > 0 ? `1-${count}` : '') => ({
  pageCount,
  recognisedCount: count,
  recognisedPages: pages,
  confidence: count > 0 ? 91 : null,
});

/** The summary beside OCR's result on the English page, for its job. */
const summaryOf = (job: JobView, path = '/ocr-pdf') =>
  renderToString(
    <MemoryRouter initialEntries={[path]}>
      <OcrSummary job={job} />
    </MemoryRouter>,
  );

/** The figure shown as the pages recognised, for a count and a list of pages. */
function pagesFigure(count: number, pages: string, path = '/ocr-pdf', Summary = OcrSummary): string {
  const job =
    Summary === OcrSummary
      ? doneJob('ocr', ocrRead(count, count, pages))
      : doneJob('pdf-to-word', { ...ocrRead(count, count, pages), pagesWithoutText: 0 });
  const html = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <Summary job={job} />
    </MemoryRouter>,
  );
  return /data-testid="recognised-pages">([^<]*)</.exec(html)?.[1] ?? '';
}

describe('OcrSummary', () => {
  it('says a document without scans had nothing to recognise', () => {
    expect(summaryOf(doneJob('ocr', ocrRead(0, 3)))).toContain('Every page of this PDF already has text');
  });

  it('never says that every page already had text when its scans could not be read', () => {
    const html = summaryOf(
      doneJob('ocr', ocrRead(0, 1), [{ code: 'PAGES_ARE_SCANS', fileIndex: 0, pages: 1 }]),
    );
    expect(html).not.toContain('already has text');
    expect(html).toBe('');
  });

  it('counts the pages recognised, with the plural form of the language, instead of listing them', () => {
    expect(pagesFigure(6, '1-6')).toBe('6 pages');
    expect(pagesFigure(1, '3')).toBe('1 page');
    expect(pagesFigure(3, '2,5,7', '/de/ocr-pdf')).toBe('3 Seiten');
    expect(pagesFigure(1, '1', '/de/ocr-pdf')).toBe('1 Seite');
    expect(pagesFigure(5, '1-5', '/ru/ocr-pdf')).toBe('5 страниц');
    expect(pagesFigure(2, '1-2', '/ru/ocr-pdf')).toBe('2 страницы');
    expect(pagesFigure(2, '1-2', '/ar/ocr-pdf')).toBe('صفحتان');
    expect(pagesFigure(6, '1-6', '/ja/ocr-pdf')).toBe('6ページ');
    expect(pagesFigure(2, '1-2', '/pdf-to-word', PdfToWordSummary)).toBe('2 pages');
  });
});

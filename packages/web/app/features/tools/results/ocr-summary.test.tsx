import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OcrSummary } from './ocr-summary.tsx';

/** The summary beside OCR's result on the English page, for an answer's headers. */
const summaryOf = (headers: Record<string, string>) =>
  renderToString(
    <MemoryRouter initialEntries={['/ocr-pdf']}>
      <OcrSummary headers={new Headers(headers)} />
    </MemoryRouter>,
  );

describe('OcrSummary', () => {
  it('says a document without scans had nothing to recognise', () => {
    expect(summaryOf({ 'X-Page-Count': '3', 'X-Pages-Recognised': '0' })).toContain(
      'Every page of this PDF already has text',
    );
  });

  it('never says that every page already had text when its scans could not be read', () => {
    const html = summaryOf({
      'X-Page-Count': '1',
      'X-Pages-Recognised': '0',
      'X-Notices': 'PAGES_ARE_SCANS;file=0;pages=1',
    });
    expect(html).not.toContain('already has text');
    expect(html).toBe('');
  });
});

import { queuedJobView, type Notice } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { readOcrResult, unreadScansOf } from './ocr-result.ts';
import { doneJob } from './test-jobs.ts';

describe('readOcrResult', () => {
  it('reads the pages recognised, which, and the confidence, of OCR and of PDF to Word', () => {
    const read = { recognisedCount: 4, recognisedPages: '1-3, 7', confidence: 91.42 };
    expect(readOcrResult(doneJob('ocr', { pageCount: 8, ...read }))).toEqual({
      count: 4,
      pages: '1-3, 7',
      confidence: 91.42,
    });
    expect(readOcrResult(doneJob('pdf-to-word', { pageCount: 8, pagesWithoutText: 0, ...read }))).toEqual({
      count: 4,
      pages: '1-3, 7',
      confidence: 91.42,
    });
  });

  it('knows a document without scans, and reads nothing of a tool that does not recognise text', () => {
    const none = { pageCount: 3, recognisedCount: 0, recognisedPages: '', confidence: null };
    expect(readOcrResult(doneJob('ocr', none))).toEqual({ count: 0, pages: '', confidence: null });
    expect(readOcrResult(doneJob('merge', { pageCount: 3 }))).toBeNull();
    expect(readOcrResult(queuedJobView('5d41c0b7e2a94f3c8b6d1e0f9a7c2b34', 'ocr'))).toBeNull();
  });
});

describe('unreadScansOf', () => {
  it('finds the notice of scans that could not be read among the job’s notices', () => {
    const none = { pageCount: 2, recognisedCount: 0, recognisedPages: '', confidence: null };
    const notices: Notice[] = [
      { code: 'FILE_REPAIRED', fileIndex: 0 },
      { code: 'PAGES_ARE_SCANS', fileIndex: 0, pages: 1 },
    ];
    expect(unreadScansOf(doneJob('ocr', none, notices))).toEqual(notices[1]);
    expect(unreadScansOf(doneJob('ocr', none, notices.slice(0, 1)))).toBeUndefined();
  });
});

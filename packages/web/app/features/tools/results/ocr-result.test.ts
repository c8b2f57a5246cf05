import { describe, expect, it } from 'vitest';
import { readOcrResult } from './ocr-result.ts';

describe('readOcrResult', () => {
  it('reads the pages recognised, which, and the confidence', () => {
    const headers = new Headers({
      'X-Pages-Recognised': '4',
      'X-Recognised-Page-List': '1-3, 7',
      'X-Ocr-Confidence': '91.4',
    });
    expect(readOcrResult(headers)).toEqual({ count: 4, pages: '1-3, 7', confidence: 91.4 });
  });

  it('knows a document without scans, and refuses headers it cannot read', () => {
    expect(readOcrResult(new Headers({ 'X-Pages-Recognised': '0' }))).toEqual({
      count: 0,
      pages: '',
      confidence: null,
    });
    expect(readOcrResult(new Headers())).toBeNull();
    expect(readOcrResult(new Headers({ 'X-Pages-Recognised': 'many' }))).toBeNull();
  });
});

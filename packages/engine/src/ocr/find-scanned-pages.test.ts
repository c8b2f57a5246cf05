import { describe, expect, it } from 'vitest';
import { isScannedPage, type PageSurvey } from './find-scanned-pages.ts';

const survey = (characters: number, imageShare: number): PageSurvey => ({
  pageNumber: 1,
  characters,
  imageShare,
  widthPt: 595,
  heightPt: 842,
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
});

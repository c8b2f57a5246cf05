import { describe, expect, it } from 'vitest';
import { TOOL_IDS } from '../tools/tool-ids.ts';
import { formatNotices, parseNotices, reportHeaders } from './report-headers.ts';
import { NOTICES_HEADER, REPORT_SPECS } from './report-spec.ts';

describe('report headers', () => {
  it('are named once per tool, apart from the notices’ header', () => {
    for (const id of TOOL_IDS) {
      const names = REPORT_SPECS[id].map((spec) => spec.header.toLowerCase());
      expect(new Set(names).size, id).toBe(names.length);
      expect(names, id).not.toContain(NOTICES_HEADER.toLowerCase());
    }
  });

  it("write compress's sizes, its reduction and, when nothing was saved, the skip flag", () => {
    expect(
      reportHeaders('compress', { values: { originalBytes: 2000, outputBytes: 500 }, notices: [] }),
    ).toEqual({
      'X-Original-Size': '2000',
      'X-Compressed-Size': '500',
      'X-Compression-Ratio': '75.0',
    });
    expect(
      reportHeaders('compress', {
        values: { originalBytes: 2000, outputBytes: 2000 },
        notices: [{ code: 'ALREADY_OPTIMAL' }],
      }),
    ).toMatchObject({
      'X-Compression-Ratio': '0.0',
      'X-Compression-Skipped': 'already-optimal',
      [NOTICES_HEADER]: 'ALREADY_OPTIMAL',
    });
  });

  it('leave conditional headers out', () => {
    const headers = reportHeaders('pdf-to-jpg', {
      values: { pageCount: 4, downscaledPages: 0, minDpi: 300 },
      notices: [],
    });
    expect(headers).toEqual({ 'X-Page-Count': '4' });
  });
});

describe('notices', () => {
  it('go through the header and back with their facts', () => {
    const notices = [
      { code: 'FILE_REPAIRED', fileIndex: 1 },
      { code: 'PAGES_DOWNSCALED', pages: 3, dpi: 212 },
      { code: 'IMAGES_DROPPED' },
    ] as const;
    const value = formatNotices(notices);
    expect(value).toBe('FILE_REPAIRED;file=1, PAGES_DOWNSCALED;pages=3;dpi=212, IMAGES_DROPPED');
    expect(parseNotices(value)).toEqual(notices);
  });

  it('skip what they do not know instead of guessing', () => {
    expect(parseNotices('SOMETHING_NEW;x=1, PAGES_ARE_SCANS;pages=abc;file=2, ')).toEqual([
      { code: 'PAGES_ARE_SCANS', fileIndex: 2 },
    ]);
    expect(parseNotices(null)).toEqual([]);
  });
});

import { corpusPath, words } from '@quire/corpus';
import { referenceWords } from '@quire/test-kit/scanned-pdfs';
import { describe, expect, it } from 'vitest';
import { accuracy, tally } from './ocr-accuracy.ts';

describe('tally', () => {
  it('counts a misread word once and a missed or an invented word once each, in any order', () => {
    expect(tally(words('one two three four'), words('four three too'))).toEqual({ reference: 4, errors: 2 });
    expect(tally(words('one two'), words('one two extra'))).toEqual({ reference: 2, errors: 1 });
  });

  it('counts a letter-spaced heading read as words as found, letter by letter', () => {
    const reference = words('C O N S T I T U T I O N O F T H E rest');
    expect(tally(reference, words('constitution of the rest'))).toEqual({ reference: 18, errors: 0 });
  });

  it('follows a letter-spaced run through letters kerned together, up to what was read', () => {
    const reference = words('C O N S T I T U T I O N O F T H E U N I T E D S TAT E S 4');
    const read = tally(reference, words('constitution of the united states'));
    expect(read).toEqual({ reference: 28, errors: 1 });
    expect(accuracy(read)).toBeCloseTo(27 / 28);
  });

  it('does not count a spaced run as found when the letters were misread', () => {
    const reference = words('C O N S T I T U T I O N');
    expect(tally(reference, words('constltution')).errors).toBe(12);
  });
});

describe('words of a page that mixes directions', () => {
  it('end where a right-to-left run ends, as on the page', () => {
    // The line reads "A line with an Arabic العربية word embedded." and the date "١٤ إبريل ١٤٣٤"; poppler writes
    // "\u202b العربية\u202cword" and "\u202b إبريل\u202c١٤", and dropping the marks glued the words together
    // ("العربيةword", "إبريل١٤").
    const reference = referenceWords({
      path: corpusPath('pdf/pdfbox_bidi-arabic-sample.pdf'),
      page: 1,
      language: 'ar',
    });
    expect(reference).toEqual(
      expect.arrayContaining(['arabic', 'العربية', 'word', 'embedded', 'إبريل', '١٤']),
    );
    expect(reference.filter((word) => /[\u0600-\u06ff]/u.test(word) && /[a-z0-9]/u.test(word))).toEqual([]);
    expect(reference).toHaveLength(30);
  });
});

import { describe, expect, it } from 'vitest';
import { TermMatcher } from './find-matches.ts';

describe('TermMatcher', () => {
  it('matches literal terms case-insensitively, their spaces as any run of spaces, in compatibility form', () => {
    const matcher = new TermMatcher(['jane  doe', 'ﬁle 7.1'], false);
    expect(matcher.findRanges(['Call JANE\u00a0 Doe', 'the file 7.1 and file 731'])).toEqual([
      [[5, 14]],
      [[4, 12]],
    ]);
    expect(matcher.matchTexts(['Jane Doe', 'John'])).toEqual([true, false]);
    // Every character a visitor may type is read as itself.
    const punctuated = new TermMatcher(['Jean-Pierre', '555-0100', 'a/b (c) [d] {e} $f^ *.+?|\\'], false);
    expect(
      punctuated.matchTexts(['jean-pierre', 'tel. 555-0100', 'a/b (c) [d] {e} $f^ *.+?|\\', 'Jean Pierre']),
    ).toEqual([true, true, true, false]);
  });

  it('reads terms as regular expressions, and stops one that backtracks without end within its budget', () => {
    expect(new TermMatcher(['\\d{3}-\\d{4}'], true).findRanges(['555-0100'])).toEqual([[[0, 8]]]);
    const slow = new TermMatcher(['(a+)+$'], true, 200);
    expect(() => slow.findRanges([`${'a'.repeat(40)}b`])).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        details: { option: 'search', reason: 'regexTimeout' },
      }),
    );
    // The budget is the document's: once spent, the next page is refused at once.
    expect(() => slow.findRanges(['aaa'])).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});

import { words } from '@quire/corpus';
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

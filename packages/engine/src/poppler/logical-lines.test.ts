import { describe, expect, it } from 'vitest';
import { toLogicalLines } from './logical-lines.ts';

const RLE = '\u202b';
const LRE = '\u202a';
const PDF = '\u202c';

describe('toLogicalLines', () => {
  it('leaves lines without marks as they are, spaces and form feeds included', () => {
    const text = 'two  spaces\n\fnext page\n';
    expect(toLogicalLines(text)).toBe(text);
  });

  it('keeps an Arabic word in an English line where it stands, the space poppler moved put back', () => {
    expect(toLogicalLines(`A line with an Arabic ${RLE} العربية${PDF}word embedded.`)).toBe(
      'A line with an Arabic العربية word embedded.',
    );
  });

  it('reads a mostly Arabic line written as seen from the right: numbers, dashes and brackets where they belong', () => {
    expect(toLogicalLines(`١٤٣٤ ${RLE} إبريل${PDF}١٤`)).toBe('١٤ إبريل ١٤٣٤');
    expect(toLogicalLines(`١٤٣٤-${RLE}إبريل${PDF}-١٤`)).toBe('١٤-إبريل-١٤٣٤');
    expect(toLogicalLines(`(${RLE})يناير${PDF}`)).toBe('(يناير)');
    expect(toLogicalLines(`«${RLE}»إختبار ذاتي${PDF}`)).toBe('«إختبار ذاتي»');
  });

  it('takes a line that is one right-to-left run as it is, its left-to-right runs turned at their ends', () => {
    expect(toLogicalLines(`${RLE}שלום עולם מה שלום כולם?${PDF}`)).toBe('שלום עולם מה שלום כולם?');
    expect(toLogicalLines(`${RLE}לפי סעיף ${LRE}(15${PDF}ב)(${LRE} )4${PDF} לחוק${PDF}`)).toBe(
      'לפי סעיף 15(ב)(4) לחוק',
    );
  });

  it('keeps a page’s form feed before its first line', () => {
    expect(toLogicalLines(`end\n\f${RLE}مرحبا بالعالم${PDF}\n`)).toBe('end\n\fمرحبا بالعالم\n');
  });
});

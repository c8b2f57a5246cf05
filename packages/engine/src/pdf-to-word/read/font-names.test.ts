import { describe, expect, it } from 'vitest';
import { mapFontName } from './font-names.ts';

describe('mapFontName', () => {
  it.each([
    ['ABCDEF+TimesNewRomanPS-BoldItalicMT', 'serif', 'Times New Roman', true, true],
    ['ArialMT', 'sans', 'Arial', false, false],
    ['TACTGM+NimbusRomNo9L-Medi', 'serif', 'Times New Roman', true, false],
    ['QWERTY+Calibri-Bold', 'sans', 'Calibri', true, false],
    ['CMR10', 'serif', 'Times New Roman', false, false],
    ['Georgia-Italic', 'serif', 'Georgia', false, true],
    ['MS-Mincho', 'serif', 'MS Mincho', false, false],
    ['ABCDEE+Verdana,Bold', 'sans', 'Verdana', true, false],
    // Families few readers have show in a common family of their kind, as every reader can show them.
    ['WQGKRI+AGaramond-Regular', 'serif', 'Times New Roman', false, false],
    ['MMPHFK+ACaslon-Italic', 'serif', 'Times New Roman', false, true],
    ['FrutigerLTStd-Bold', 'sans', 'Arial', true, false],
    ['KozMinPr6N-Regular', 'serif', 'KozMinPr6N', false, false],
    ['SimSun', 'serif', 'SimSun', false, false],
    ['MicrosoftYaHeiUI', 'sans', 'MicrosoftYaHeiUI', false, false],
    // A condensed sans-serif stays narrow.
    ['PTIQQO+HelveticaNeueLTStd-BlkCn', 'sans', 'Arial Narrow', true, false],
    ['Univers-CondensedBold', 'sans', 'Arial Narrow', true, false],
    ['HelveticaNeueLTStd-Roman', 'sans', 'Arial', false, false],
    // A Type 3 font has no name: MuPDF's stand-in must not reach Word's font list.
    ['Type3 (166 0 R)', 'sans', 'Arial', false, false],
  ] as const)('%s → %s', (name, generic, family, isBold, isItalic) => {
    expect(mapFontName(name, generic)).toEqual({ family, isBold, isItalic });
  });
});

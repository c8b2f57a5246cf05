import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../i18n/create-translator.ts';
import { successMessageKeyOf } from './index.ts';

const { t } = getTranslator('en');

describe('successMessageKeyOf', () => {
  it('uses the success texts of spec section 8', () => {
    expect(t(successMessageKeyOf('split', new Headers()))).toBe('PDF split successfully!');
    expect(t(successMessageKeyOf('pdf-to-jpg', new Headers()))).toBe(
      'PDF converted to JPG images successfully!',
    );
    const reduced = new Headers({ 'X-Original-Size': '1000', 'X-Compressed-Size': '500' });
    expect(t(successMessageKeyOf('compress', reduced))).toBe('PDF compressed successfully!');
  });

  it('does not claim a compression that saved nothing', () => {
    const same = new Headers({
      'X-Original-Size': '1000',
      'X-Compressed-Size': '1000',
      'X-Compression-Ratio': '0',
    });
    expect(t(successMessageKeyOf('compress', same))).not.toBe('PDF compressed successfully!');
  });
});

import { LOCALES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../i18n/create-translator.ts';
import { successToastOf } from './index.ts';

const { t } = getTranslator('en');

/** The toast's text, in English. */
const successMessageKeyOf = (...args: Parameters<typeof successToastOf>) =>
  successToastOf(...args).description;

describe('successToastOf', () => {
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
    expect(t(successToastOf('compress', same).title)).toBe('Done');
    expect(t(successToastOf('compress', new Headers()).title)).toBe('Success');
  });

  it('says plainly that scanned pages are pictures with no text, never "converted successfully"', () => {
    const converted = (notices: string | null, pageCount = '3') =>
      t(
        successMessageKeyOf(
          'pdf-to-word',
          new Headers({
            'X-Page-Count': pageCount,
            'X-Pages-Without-Text': '0',
            ...(notices ? { 'X-Notices': notices } : {}),
          }),
        ),
      );
    expect(converted(null)).toBe('PDF converted to Word successfully!');
    const scanned = new Headers({ 'X-Page-Count': '1', 'X-Notices': 'PAGES_ARE_SCANS;file=0;pages=1' });
    expect(t(successToastOf('pdf-to-word', scanned).title)).toBe('Done');
    const everyPage = converted('PAGES_ARE_SCANS;file=0;pages=3');
    expect(everyPage).toBe(
      'No text could be found in your PDF: its pages are pictures with no words we could read. The Word file holds them as pictures.',
    );
    expect(converted('PAGES_ARE_SCANS;file=0;pages=1', '1')).toBe(everyPage);
    expect(converted('FILE_REPAIRED;file=0, PAGES_ARE_SCANS;file=0;pages=3')).toBe(everyPage);
    const somePages = converted('PAGES_ARE_SCANS;file=0;pages=1');
    expect(somePages).toMatch(
      /^PDF converted to Word, but some pages are pictures with no words we could read/,
    );
    for (const text of [everyPage, somePages]) expect(text).not.toMatch(/success/i);
    // Scans that were read: converted, with a word to check what was read.
    const read = new Headers({ 'X-Page-Count': '2', 'X-Pages-Recognised': '2', 'X-Ocr-Confidence': '93.1' });
    expect(successToastOf('pdf-to-word', read)).toEqual({
      title: 'common.toast.success',
      description: 'tools.pdf-to-word.successRecognised',
    });
  });

  it('words the scanned-pages texts in every language, none of them the plain success text', () => {
    for (const locale of LOCALES) {
      const { t: translate } = getTranslator(locale);
      const success = translate('tools.pdf-to-word.success');
      for (const key of [
        'tools.pdf-to-word.successAllScans',
        'tools.pdf-to-word.successSomeScans',
        'tools.pdf-to-word.successRecognised',
      ] as const) {
        expect(translate(key), `${locale} ${key}`).not.toBe(success);
        expect(translate(key).length, `${locale} ${key}`).toBeGreaterThan(20);
      }
    }
  });

  it('never says "Text recognised" of an OCR that could read no text in a scan (a handwritten fax)', () => {
    const ocrAnswer = (recognised: string, notices?: string) =>
      new Headers({
        'X-Page-Count': '2',
        'X-Pages-Recognised': recognised,
        ...(notices ? { 'X-Notices': notices } : {}),
      });
    const fax = successToastOf('ocr', ocrAnswer('0', 'PAGES_ARE_SCANS;file=0;pages=1'));
    expect(fax).toEqual({ title: 'common.toast.done', description: 'tools.ocr.successNothingRead' });
    expect(t(fax.description)).toBe(
      'No text could be read on the scanned pages of your PDF: they hold no words we could read (handwriting, for example), so they stay unsearchable.',
    );
    const some = successToastOf(
      'ocr',
      ocrAnswer('1', 'FILE_REPAIRED;file=0, PAGES_ARE_SCANS;file=0;pages=1'),
    );
    expect(some).toEqual({ title: 'common.toast.done', description: 'tools.ocr.successSomeUnread' });
    // Without the notice, nothing recognised means nothing needed recognising; pages read are a success.
    expect(successToastOf('ocr', ocrAnswer('0')).description).toBe('tools.ocr.result.noScans');
    expect(successToastOf('ocr', ocrAnswer('2'))).toEqual({
      title: 'common.toast.success',
      description: 'tools.ocr.success',
    });
    for (const locale of LOCALES) {
      const { t: translate } = getTranslator(locale);
      for (const key of ['tools.ocr.successNothingRead', 'tools.ocr.successSomeUnread'] as const) {
        expect(translate(key), `${locale} ${key}`).not.toBe(translate('tools.ocr.success'));
        expect(translate(key).length, `${locale} ${key}`).toBeGreaterThan(20);
      }
    }
  });
});

import { LOCALES, type Notice } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../i18n/create-translator.ts';
import { successToastOf } from './index.ts';
import { doneJob } from './test-jobs.ts';

const { t } = getTranslator('en');

/** The toast's text key. */
const successMessageKeyOf = (...args: Parameters<typeof successToastOf>) =>
  successToastOf(...args).description;

const scans = (pages: number): Notice => ({ code: 'PAGES_ARE_SCANS', fileIndex: 0, pages });
const noRecognition = { recognisedCount: 0, recognisedPages: '', confidence: null };

describe('successToastOf', () => {
  it('uses the success texts of spec section 8', () => {
    expect(t(successMessageKeyOf(doneJob('split', { fileCount: 2 })))).toBe('PDF split successfully!');
    const jpg = doneJob('pdf-to-jpg', { pageCount: 2, downscaledPages: 0, minDpi: 150 });
    expect(t(successMessageKeyOf(jpg))).toBe('PDF converted to JPG images successfully!');
    const reduced = doneJob('compress', { originalBytes: 1000, outputBytes: 500 });
    expect(t(successMessageKeyOf(reduced))).toBe('PDF compressed successfully!');
  });

  it('does not claim a compression that saved nothing', () => {
    const same = doneJob('compress', { originalBytes: 1000, outputBytes: 1000 }, [
      { code: 'ALREADY_OPTIMAL' },
    ]);
    expect(t(successMessageKeyOf(same))).not.toBe('PDF compressed successfully!');
    expect(t(successToastOf(same).title)).toBe('Done');
    const reduced = doneJob('compress', { originalBytes: 1000, outputBytes: 500 });
    expect(t(successToastOf(reduced).title)).toBe('Success');
  });

  it('says plainly that scanned pages are pictures with no text, never "converted successfully"', () => {
    const converted = (notices: readonly Notice[], pageCount = 3) =>
      t(
        successMessageKeyOf(
          doneJob('pdf-to-word', { pageCount, pagesWithoutText: 0, ...noRecognition }, notices),
        ),
      );
    expect(converted([])).toBe('PDF converted to Word successfully!');
    const scanned = doneJob('pdf-to-word', { pageCount: 1, pagesWithoutText: 1, ...noRecognition }, [
      scans(1),
    ]);
    expect(t(successToastOf(scanned).title)).toBe('Done');
    const everyPage = converted([scans(3)]);
    expect(everyPage).toBe(
      'No text could be found in your PDF: its pages are pictures with no words we could read. The Word file holds them as pictures.',
    );
    expect(converted([scans(1)], 1)).toBe(everyPage);
    expect(converted([{ code: 'FILE_REPAIRED', fileIndex: 0 }, scans(3)])).toBe(everyPage);
    const somePages = converted([scans(1)]);
    expect(somePages).toMatch(
      /^PDF converted to Word, but some pages are pictures with no words we could read/,
    );
    for (const text of [everyPage, somePages]) expect(text).not.toMatch(/success/i);
    // Scans that were read: converted, with a word to check what was read.
    const read = doneJob('pdf-to-word', {
      pageCount: 2,
      pagesWithoutText: 0,
      recognisedCount: 2,
      recognisedPages: '1-2',
      confidence: 93.1,
    });
    expect(successToastOf(read)).toEqual({
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
    const ocrAnswer = (recognised: number, notices: readonly Notice[] = []) =>
      doneJob(
        'ocr',
        {
          pageCount: 2,
          recognisedCount: recognised,
          recognisedPages: recognised > 0 ? `1-${recognised}` : '',
          confidence: recognised > 0 ? 88 : null,
        },
        notices,
      );
    const fax = successToastOf(ocrAnswer(0, [scans(1)]));
    expect(fax).toEqual({ title: 'common.toast.done', description: 'tools.ocr.successNothingRead' });
    expect(t(fax.description)).toBe(
      'No text could be read on the scanned pages of your PDF: they hold no words we could read (handwriting, for example), so they stay unsearchable.',
    );
    const some = successToastOf(ocrAnswer(1, [{ code: 'FILE_REPAIRED', fileIndex: 0 }, scans(1)]));
    expect(some).toEqual({ title: 'common.toast.done', description: 'tools.ocr.successSomeUnread' });
    // Without the notice, nothing recognised means nothing needed recognising; pages read are a success.
    expect(successToastOf(ocrAnswer(0)).description).toBe('tools.ocr.result.noScans');
    expect(successToastOf(ocrAnswer(2))).toEqual({
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

  it('says plainly when PDF to text found pages without text, whether all or some, in every language', () => {
    const empty = (pages: number): Notice => ({ code: 'NO_TEXT_FOUND', fileIndex: 0, pages });
    const toText = (pagesWithoutText: number, recognisedCount = 0) =>
      doneJob(
        'pdf-to-text',
        {
          pageCount: 3,
          pagesWithoutText,
          recognisedCount,
          recognisedPages: recognisedCount > 0 ? `1-${recognisedCount}` : '',
          confidence: recognisedCount > 0 ? 91 : null,
        },
        pagesWithoutText > 0 ? [empty(pagesWithoutText)] : [],
      );
    expect(successToastOf(toText(0))).toEqual({
      title: 'common.toast.success',
      description: 'tools.pdf-to-text.success',
    });
    expect(successToastOf(toText(3))).toEqual({
      title: 'common.toast.done',
      description: 'tools.pdf-to-text.successNoText',
    });
    expect(successToastOf(toText(1, 1))).toEqual({
      title: 'common.toast.done',
      description: 'tools.pdf-to-text.successSomeNoText',
    });
    expect(successToastOf(toText(0, 2)).description).toBe('tools.pdf-to-text.successRecognised');
    for (const locale of LOCALES) {
      const { t: translate } = getTranslator(locale);
      const success = translate('tools.pdf-to-text.success');
      for (const key of [
        'tools.pdf-to-text.successNoText',
        'tools.pdf-to-text.successSomeNoText',
        'tools.pdf-to-text.successRecognised',
      ] as const) {
        expect(translate(key), `${locale} ${key}`).not.toBe(success);
        expect(translate(key).length, `${locale} ${key}`).toBeGreaterThan(20);
      }
    }
  });

  it('asks to check what PDF to Excel read in scanned pages, in every language', () => {
    const toExcel = (recognisedCount: number) =>
      doneJob('pdf-to-excel', {
        pageCount: 2,
        tableCount: 3,
        sheetCount: 2,
        recognisedCount,
        recognisedPages: recognisedCount > 0 ? `1-${recognisedCount}` : '',
        confidence: recognisedCount > 0 ? 88 : null,
      });
    expect(successToastOf(toExcel(0))).toEqual({
      title: 'common.toast.success',
      description: 'tools.pdf-to-excel.success',
    });
    expect(successToastOf(toExcel(1)).description).toBe('tools.pdf-to-excel.successRecognised');
    for (const locale of LOCALES) {
      const { t: translate } = getTranslator(locale);
      const recognised = translate('tools.pdf-to-excel.successRecognised');
      expect(recognised, locale).not.toBe(translate('tools.pdf-to-excel.success'));
      expect(recognised.length, locale).toBeGreaterThan(20);
    }
  });
});

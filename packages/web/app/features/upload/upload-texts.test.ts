import { LOCALES, TOOL_IDS, TOOLS, type Locale } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../i18n/create-translator.ts';
import { stripIsolates } from '../../i18n/isolate-values.ts';
import { HOME_RULES } from '../home/home-upload.tsx';
import { uploadRulesOf } from '../tools/upload-rules.ts';
import { dropAreaTextOf, typeListOf, uploadWordingOf } from './upload-texts.ts';
import type { UploadRules } from './validate-files.ts';

function textsOf(rules: UploadRules, locale: Locale = 'en') {
  const text = dropAreaTextOf(getTranslator(locale).t, rules, uploadWordingOf(rules, locale));
  return { ...text, limits: stripIsolates(text.limits) };
}

describe('the upload texts', () => {
  it('read from the registry what a widget takes: one kind or several, one file or several', () => {
    const wording = (rules: UploadRules) => {
      const { kind, files } = uploadWordingOf(rules, 'en');
      return { kind, files };
    };
    expect(wording(uploadRulesOf(TOOLS.merge))).toEqual({ kind: 'pdf', files: 'several' });
    expect(wording(uploadRulesOf(TOOLS.split))).toEqual({ kind: 'pdf', files: 'single' });
    expect(wording(uploadRulesOf(TOOLS['word-to-pdf']))).toEqual({ kind: 'word', files: 'single' });
    expect(wording(uploadRulesOf(TOOLS['jpg-to-pdf']))).toEqual({ kind: 'image', files: 'several' });
    expect(wording(HOME_RULES)).toEqual({ kind: 'mixed', files: 'several' });
  });

  it('name the formats in the page’s language, each name isolated', () => {
    expect(typeListOf(['stampImage'], 'en').pageText).toBe('\u2068JPG\u2069 or \u2068PNG\u2069');
    expect(stripIsolates(typeListOf(['image'], 'en').pageText)).toBe(
      'JPG, PNG, WebP, TIFF, GIF, BMP, HEIC, or AVIF',
    );
    expect(stripIsolates(typeListOf(HOME_RULES.accepts, 'en').pageText)).toBe(
      'PDF, Word, ODT, RTF, TXT, Excel, ODS, CSV, PowerPoint, ODP, HTML, ZIP, JPG, PNG, WebP, TIFF, GIF, BMP, HEIC, or AVIF',
    );
    expect(stripIsolates(typeListOf(['stampImage'], 'ar').pageText)).toBe('JPG أو PNG');
    expect(stripIsolates(typeListOf(['pdf', 'word'], 'ja').pageText)).toBe('PDF、Word、ODT、RTF、またはTXT');
  });

  it('say in English what each drop area takes', () => {
    expect(textsOf(uploadRulesOf(TOOLS.merge))).toEqual({
      idle: 'Drop your PDFs here',
      dragging: 'Drop your files here',
      browse: 'or click to browse files',
      button: 'Select PDF Files',
      compactButton: 'Add more files',
      limits: 'Up to 10 PDF files, up to 100MB each',
    });
    expect(textsOf(uploadRulesOf(TOOLS.compress))).toMatchObject({
      idle: 'Drop your PDF here',
      dragging: 'Drop your file here',
      button: 'Select PDF File',
      compactButton: 'Choose another file',
      limits: 'One PDF file, up to 100MB',
    });
    expect(textsOf(uploadRulesOf(TOOLS['word-to-pdf']))).toMatchObject({
      idle: 'Drop your Word document here',
      button: 'Select Word Document',
      limits: 'One Word, ODT, RTF, or TXT file, up to 100MB',
    });
    expect(textsOf(uploadRulesOf(TOOLS['excel-to-pdf']))).toMatchObject({
      idle: 'Drop your spreadsheet here',
      button: 'Select Spreadsheet',
      limits: 'One Excel, ODS, or CSV file, up to 100MB',
    });
    expect(textsOf(uploadRulesOf(TOOLS['powerpoint-to-pdf']))).toMatchObject({
      idle: 'Drop your presentation here',
      button: 'Select Presentation',
      limits: 'One PowerPoint or ODP file, up to 100MB',
    });
    expect(textsOf(uploadRulesOf(TOOLS['jpg-to-pdf']))).toMatchObject({
      idle: 'Drop your images here',
      button: 'Select Images',
      limits: 'Up to 50 JPG, PNG, WebP, TIFF, GIF, BMP, HEIC, or AVIF files, up to 50MB each',
    });
    expect(textsOf(HOME_RULES)).toMatchObject({
      idle: 'Drop your files here',
      button: 'Select Files',
      limits:
        'Up to 50 PDF, Word, ODT, RTF, TXT, Excel, ODS, CSV, PowerPoint, ODP, HTML, ZIP, JPG, PNG, WebP, TIFF, GIF, BMP, HEIC, or AVIF files, up to 100MB each',
    });
  });

  it('say it in Japanese and Arabic', () => {
    expect(textsOf(uploadRulesOf(TOOLS['word-to-pdf']), 'ja')).toMatchObject({
      idle: 'ここにWord文書をドロップ',
      button: 'Word文書を選択',
      limits: 'Word、ODT、RTF、またはTXTファイル（100MBまで）を1つ',
    });
    expect(textsOf(uploadRulesOf(TOOLS['jpg-to-pdf']), 'ar')).toMatchObject({
      idle: 'أفلت صورك هنا',
      button: 'اختيار صور',
      limits:
        'حتى 50 ملفًا بصيغة JPG أو PNG أو WebP أو TIFF أو GIF أو BMP أو HEIC أو AVIF، بحد أقصى 50 ميغابايت لكل ملف',
    });
    expect(textsOf(uploadRulesOf(TOOLS.merge), 'ar')).toMatchObject({
      idle: 'أفلت ملفات PDF هنا',
      button: 'اختيار ملفات PDF',
    });
  });

  it.each(LOCALES)(
    '%s: a drop area names PDF only where PDFs are taken, and Word only where Word is',
    (locale) => {
      const widgets = [...TOOL_IDS.map((id) => uploadRulesOf(TOOLS[id])), HOME_RULES];
      for (const rules of widgets) {
        const { idle, button } = textsOf(rules, locale);
        const takes = rules.accepts.length === 1 ? rules.accepts[0] : 'mixed';
        for (const [kind, word] of [
          ['pdf', /PDF/],
          ['word', /Word/],
        ] as const) {
          expect(idle, `${locale} ${rules.accepts.join()} ${idle}`).toSatisfy((text: string) =>
            takes === kind ? word.test(text) : !word.test(text),
          );
          expect(button).toSatisfy((text: string) => (takes === kind ? word.test(text) : !word.test(text)));
        }
      }
    },
  );

  it.each(LOCALES)('%s: one file or several reads differently where the language says so', (locale) => {
    const single = textsOf(uploadRulesOf(TOOLS.compress), locale);
    const several = textsOf(uploadRulesOf(TOOLS.merge), locale);
    const sameWords = ['ko', 'ja', 'zh-cn', 'zh-tw'].includes(locale);
    expect(single.button === several.button).toBe(sameWords);
  });
});

import { describe, expect, it } from 'vitest';
import { createTranslator } from './create-translator.ts';
import { isolateValues, markAsPageText, plainArgumentsOf, stripIsolates } from './isolate-values.ts';
import { messagesFor } from './messages.ts';

const FSI = '\u2068';
const PDI = '\u2069';
const LATIN_NAME = 'report (final).pdf';
const ARABIC_NAME = 'تقرير (نهائي) 2024.pdf';

describe('plainArgumentsOf', () => {
  it('finds arguments printed as they are, in every branch of selects and plurals', () => {
    const message =
      '{hasFileName, select, yes {“{fileName}” has {count, plural, one {# page} other {# pages}}.} other {{item}}}';
    expect([...plainArgumentsOf(message)].sort()).toEqual(['fileName', 'item']);
  });

  it('leaves out select, plural and number arguments, and finds nothing in a broken message', () => {
    expect([...plainArgumentsOf('{n, number} {kind, select, a {A} other {B}}')]).toEqual([]);
    expect([...plainArgumentsOf('{fileName')]).toEqual([]);
  });
});

describe('isolateValues', () => {
  it('isolates plain strings only; numbers, select values and page text pass unchanged', () => {
    const values = isolateValues(
      { fileName: LATIN_NAME, hasFileName: 'yes', count: 3, tool: markAsPageText('دمج PDF') },
      new Set(['fileName', 'tool']),
    );
    expect(values).toEqual({
      fileName: `${FSI}${LATIN_NAME}${PDI}`,
      hasFileName: 'yes',
      count: 3,
      tool: 'دمج PDF',
    });
  });

  it('writes a number printed as it is in the given format, and leaves a plural’s count to ICU', () => {
    const german = new Intl.NumberFormat('de');
    const values = isolateValues({ percent: 99.5, count: 1234 }, new Set(['percent']), (value) =>
      german.format(value),
    );
    expect(values).toEqual({ percent: '99,5', count: 1234 });
  });
});

describe('the translator', () => {
  const arabic = createTranslator('ar', {
    ...messagesFor('ar'),
    'common.upload.remove': 'إزالة {fileName}',
    'common.tool.howTo': 'كيفية استخدام {tool}',
    'errors.EMPTY_FILE':
      '{hasFileName, select, yes {الملف «{fileName}» فارغ.} other {أحد الملفات فارغ.}} اختر ملفًا آخر.',
    'common.upload.fileCount':
      '{count, plural, zero {لا ملفات} one {ملف واحد} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}',
  }).t;
  const english = createTranslator('en').t;

  it('keeps a Latin file name whole inside an Arabic sentence', () => {
    expect(arabic('common.upload.remove', { fileName: LATIN_NAME })).toBe(`إزالة ${FSI}${LATIN_NAME}${PDI}`);
    expect(arabic('errors.EMPTY_FILE', { hasFileName: 'yes', fileName: LATIN_NAME })).toBe(
      `الملف «${FSI}${LATIN_NAME}${PDI}» فارغ. اختر ملفًا آخر.`,
    );
  });

  it('keeps an Arabic file name whole inside an English sentence', () => {
    expect(english('common.password.description', { fileName: ARABIC_NAME })).toBe(
      `“${FSI}${ARABIC_NAME}${PDI}” is protected by a password. Enter it to continue.`,
    );
    expect(english('common.upload.moved', { fileName: ARABIC_NAME, position: 2, count: 3 })).toBe(
      `${FSI}${ARABIC_NAME}${PDI} is now number 2 of 3.`,
    );
  });

  it('still chooses select branches and plural forms from the raw values', () => {
    expect(arabic('errors.EMPTY_FILE', { hasFileName: 'no', fileName: '' })).toBe(
      'أحد الملفات فارغ. اختر ملفًا آخر.',
    );
    expect(arabic('common.upload.fileCount', { count: 2 })).toBe('ملفان');
    expect(english('common.footer.copyright', { year: markAsPageText('2026') })).toBe(
      '© 2026 Quire. All rights reserved.',
    );
  });

  it('writes every number in the page’s language, also where a message prints it as it is', () => {
    const german = createTranslator('de').t;
    expect(german('tools.compress.result.reduced', { percent: 99.5 })).toBe(
      'Komprimierung abgeschlossen! Die Datei ist jetzt 99,5\u00a0% kleiner.',
    );
    expect(english('tools.compress.result.reduced', { percent: 12.5 })).toBe(
      'Compression complete! File size reduced by 12.5%',
    );
    expect(german('common.upload.moved', { fileName: 'a.pdf', position: 1200, count: 1500 })).toBe(
      `${FSI}a.pdf${PDI} ist jetzt an Position 1.200 von 1.500.`,
    );
    expect(createTranslator('fr').t('tools.compress.result.reduced', { percent: 40.25 })).toContain('40,25');
  });

  it('inserts text of the page language as it is', () => {
    expect(arabic('common.tool.howTo', { tool: markAsPageText('PDF إلى Word') })).toBe(
      'كيفية استخدام PDF إلى Word',
    );
  });

  it('gives back the plain words when the isolates are stripped', () => {
    expect(stripIsolates(arabic('common.upload.remove', { fileName: LATIN_NAME }))).toBe(
      `إزالة ${LATIN_NAME}`,
    );
  });
});

import { DEFAULT_LOCALE, LOCALES, type Locale } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import allowed from '../../../../content/i18n/identical-allowed.json';
import { checkTranslations, isLanguageNeutral } from './check-translations.ts';
import { LOCALE_FILES, ownMessages as ownMessageTrees } from './messages.ts';

const allowedFor = (locale: Locale) =>
  new Set([...allowed['*'], ...((allowed as unknown as Partial<Record<string, string[]>>)[locale] ?? [])]);

/** A language's messages as written: the tests read the files as prerendering does, where none is parsed yet. */
function ownMessages(locale: Locale): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ownMessageTrees(locale)).map(([key, message]) => {
      if (typeof message !== 'string') throw new Error(`${locale} ${key} is not written as text`);
      return [key, message];
    }),
  );
}

const english = ownMessages(DEFAULT_LOCALE);

describe('translations', () => {
  it('English is valid ICU and has no folder for an unknown locale', () => {
    expect(checkTranslations('en', english, english, new Set(Object.keys(english)))).toEqual([]);
    const folders = new Set(Object.keys(LOCALE_FILES).map((file) => file.split('/').at(-2)));
    expect([...folders].sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s has every message, well formed and translated',
    (locale) => {
      const problems = checkTranslations(locale, english, ownMessages(locale), allowedFor(locale));
      expect(problems.map(({ key, problem }) => `${locale} ${key}: ${problem}`)).toEqual([]);
    },
  );
});

describe('the translation check', () => {
  const source = { 'a.count': '{count, plural, one {# file} other {# files}}', 'a.title': 'Merge PDF' };

  it('reports missing, extra, broken and untranslated messages', () => {
    const problems = checkTranslations('de', source, { 'a.title': 'Merge PDF', 'a.extra': 'x {' });
    expect(problems.map((p) => `${p.key}: ${p.problem.split(':')[0]}`)).toEqual([
      'a.extra: extra key',
      'a.count: missing',
      'a.title: identical to English',
    ]);
    expect(
      checkTranslations('de', source, { ...source, 'a.count': '{count, plural, one {# x}' })[0]?.problem,
    ).toMatch(/not valid ICU/);
  });

  it('asks for every plural form of the language and keeps the arguments', () => {
    const ar = checkTranslations('ar', source, {
      'a.count': '{count, plural, one {ملف واحد} other {# ملفات}}',
      'a.title': 'دمج PDF',
    });
    expect(ar.map((p) => p.problem)).toEqual(['plural {count} lacks the ar form(s): few, many, two, zero']);
    const renamed = checkTranslations('fr', source, {
      'a.count': '{n, plural, one {# fichier} other {# fichiers}}',
      'a.title': 'Fusionner PDF',
    });
    expect(renamed.map((p) => p.problem)).toEqual([
      'drops the argument(s) {count}',
      'uses unknown argument(s) {n}',
    ]);
  });

  it('asks for # where a plural prints its own count', () => {
    const problems = checkTranslations('de', source, {
      'a.count': '{count, plural, one {eine Datei} other {{count} Dateien}}',
      'a.title': 'PDF zusammenführen',
    });
    expect(problems.map((p) => p.problem)).toEqual([
      'prints the count {count} as it is: write # inside its plural, which formats it',
    ]);
  });

  it('lets brand and file-type words stay as they are', () => {
    expect(isLanguageNeutral('{tool} – PDF, JPG')).toBe(true);
    expect(isLanguageNeutral('Merge PDF')).toBe(false);
  });
});

import { DEFAULT_LOCALE, LOCALES } from '@quire/shared';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTranslations, isLanguageNeutral } from './check-translations.ts';
import { flattenMessages } from './messages.ts';

const CONTENT = join(import.meta.dirname, '../../../../content');

function localeMessages(locale: string): Record<string, string> {
  const folder = join(CONTENT, 'locales', locale);
  const flat: Record<string, string> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    flattenMessages(JSON.parse(readFileSync(join(folder, file), 'utf8')), file.replace(/\.json$/, ''), flat);
  }
  return flat;
}

const allowed = JSON.parse(readFileSync(join(CONTENT, 'i18n/identical-allowed.json'), 'utf8')) as Record<
  string,
  string[] | string
>;
const allowedFor = (locale: string) =>
  new Set([...(allowed['*'] as string[]), ...((allowed[locale] as string[] | undefined) ?? [])]);

const english = localeMessages(DEFAULT_LOCALE);

describe('translations', () => {
  it('English is valid ICU and has no folder for an unknown locale', () => {
    expect(checkTranslations('en', english, english, new Set(Object.keys(english)))).toEqual([]);
    const folders = readdirSync(join(CONTENT, 'locales')).sort();
    expect(folders).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s has every message, well formed and translated',
    (locale) => {
      const problems = checkTranslations(locale, english, localeMessages(locale), allowedFor(locale));
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

  it('lets brand and file-type words stay as they are', () => {
    expect(isLanguageNeutral('{tool} – PDF, JPG')).toBe(true);
    expect(isLanguageNeutral('Merge PDF')).toBe(false);
  });
});

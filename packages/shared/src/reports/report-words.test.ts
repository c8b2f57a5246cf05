import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { fillWords, REPORT_WORDS } from './report-words.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the words tools write into their results', () => {
  const english = REPORT_WORDS.en.compare;

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every one of them, with the same placeholders, translated',
    (locale) => {
      const words: Readonly<Record<string, string>> = REPORT_WORDS[locale].compare;
      expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(words[key] ?? ''), `${locale} ${key}`).toEqual(placeholders(text));
        // A sentence that stays English was not translated (a short label may read the same: "Original").
        if (text.replace(/\{\w+\}/g, '').trim().length > 20)
          expect(words[key], `${locale} ${key}`).not.toBe(text);
      }
    },
  );

  it('fills placeholders, and leaves one without a value as written', () => {
    expect(fillWords('Page {old} and {new}', { old: 3 })).toBe('Page 3 and {new}');
  });
});

import { AppError, ERROR_CODE_LIST, TOOLS, TOOL_IDS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import enErrors from '../../../../content/locales/en/errors.json';
import { createTranslator, getTranslator } from './create-translator.ts';
import { messagesFor, pageNamespacesOf } from './messages.ts';
import { errorMessageValues } from './translate-error.ts';

describe('English messages', () => {
  it('have exactly one message per error code', () => {
    expect(Object.keys(enErrors).sort()).toEqual([...ERROR_CODE_LIST].sort());
  });

  it('give every tool a title, a description and its page texts', () => {
    const messages = messagesFor('en');
    for (const id of TOOL_IDS) {
      for (const field of ['title', 'description', 'action', 'selectPrompt', 'success', 'failure']) {
        expect(messages[`tools.${id}.${field}` as keyof typeof messages], `${id}.${field}`).toMatch(/\S/);
      }
    }
  });

  it('format every error message with the values the site passes', () => {
    const { t } = getTranslator('en');
    const values = {
      fileName: 'a.pdf',
      hasFileName: 'yes',
      limitMegabytes: 100,
      maxFiles: 10,
      minFiles: 2,
      maxPages: 2000,
      retryAfterSeconds: 5,
      types: 'PDF',
    };
    for (const code of ERROR_CODE_LIST) {
      // The values the site really passes, built the way the tool page builds them.
      const siteValues = errorMessageValues(new AppError(code, 'x', { fileName: 'a.pdf' }), TOOLS.merge);
      const text = t(`errors.${code}`, siteValues);
      expect(text, code).not.toMatch(/[{}]/);
    }
    expect(
      t(
        'errors.INVALID_PAGE_RANGE',
        errorMessageValues(
          new AppError('INVALID_PAGE_RANGE', 'x', { item: '12-20', reason: 'outOfRange', pageCount: 10 }),
          TOOLS.split,
        ),
      ),
    ).toBe('“\u206812-20\u2069”: the document has 10 pages.');
    expect(t('errors.FILE_TOO_LARGE', values)).toBe(
      '“\u2068a.pdf\u2069” is larger than 100MB. Compress or split it first, then try again.',
    );
  });
});

describe('locales', () => {
  it('give each language its own text', () => {
    expect(messagesFor('ar')['common.upload.dropHere.pdf']).not.toBe(
      messagesFor('en')['common.upload.dropHere.pdf'],
    );
    const spanish = getTranslator('es').t('common.upload.selectButton.pdf', { files: 'several' });
    expect(spanish).toMatch(/PDF/);
    expect(spanish).not.toBe('Select PDF Files');
  });

  it('use real plural rules: Arabic has six forms', () => {
    const message = '{count, plural, zero {zero} one {one} two {two} few {few} many {many} other {other}}';
    const { t } = createTranslator('ar', { ...messagesFor('ar'), 'common.upload.fileCount': message });
    const forms = [0, 1, 2, 3, 11, 100].map((count) => t('common.upload.fileCount', { count }));
    expect(forms).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
  });

  it('pluralise English upload messages', () => {
    const { t } = getTranslator('en');
    expect(t('common.upload.fileCount', { count: 1 })).toBe('1 file');
    expect(t('common.upload.fileCount', { count: 3 })).toBe('3 files');
    expect(t('common.upload.tooMany', { maxFiles: 10, fileName: 'k.pdf' })).toBe(
      'Maximum 10 files allowed. “\u2068k.pdf\u2069” was not added.',
    );
    expect(t('common.upload.tooMany', { maxFiles: 1, fileName: 'k.pdf' })).toMatch(
      /^Maximum 1 file allowed\./,
    );
  });
});

describe('page namespaces', () => {
  it('are read by their page alone', () => {
    expect(pageNamespacesOf('/api-docs')).toEqual(['apiDocs']);
    expect(pageNamespacesOf('/api-docs/')).toEqual(['apiDocs']);
    expect(pageNamespacesOf('/merge-pdf')).toEqual([]);
    expect(pageNamespacesOf('/blog/api-docs')).toEqual([]);
  });

  it('are at hand when prerendering, in every language', () => {
    expect(getTranslator('en').t('apiDocs.title')).toBe('API Documentation');
    expect(getTranslator('ar').t('apiDocs.title')).not.toMatch(/API Documentation|apiDocs/);
    expect(getTranslator('ar').t('apiDocs.title')).toMatch(/\S/);
  });
});

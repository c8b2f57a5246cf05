import { TOOLS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../i18n/create-translator.ts';
import { prepareOptions, type PreparedOptions } from './prepare-options.ts';

const { t } = getTranslator('en');
const messageOf = (prepared: PreparedOptions) =>
  prepared.ok ? null : t(prepared.problem.message.key, prepared.problem.message.values);

describe('prepareOptions', () => {
  it('sends split in pages mode without a page range', () => {
    expect(prepareOptions(TOOLS.split, { mode: 'pages', pageRange: '1-3' })).toEqual({
      ok: true,
      fields: { mode: 'pages' },
    });
  });

  it('trims the range in range mode', () => {
    expect(prepareOptions(TOOLS.split, { mode: 'range', pageRange: '  1-5, 10-15 ' })).toEqual({
      ok: true,
      fields: { mode: 'range', pageRange: '1-5, 10-15' },
    });
  });

  it('asks for a page range when it is empty or blank (spec section 5)', () => {
    for (const pageRange of ['', '   ', ' , ']) {
      const prepared = prepareOptions(TOOLS.split, { mode: 'range', pageRange });
      expect(prepared.ok).toBe(false);
      expect(messageOf(prepared)).toBe('Please enter a page range');
    }
    expect(messageOf(prepareOptions(TOOLS.split, { mode: 'range' }))).toBe('Please enter a page range');
  });

  it('names the wrong item with the same message as the server', () => {
    expect(messageOf(prepareOptions(TOOLS.split, { mode: 'range', pageRange: '1-3, 5-2' }))).toBe(
      '“\u20685-2\u2069”: the range runs backwards. Write the lower page first.',
    );
    expect(messageOf(prepareOptions(TOOLS.split, { mode: 'range', pageRange: 'abc' }))).toBe(
      '“\u2068abc\u2069” is not a page or a range such as 3, 1-5 or 8-.',
    );
    const prepared = prepareOptions(TOOLS.split, { mode: 'range', pageRange: '0' });
    expect(prepared.ok ? null : prepared.problem.option).toBe('pageRange');
  });

  it('omits rotate pages for all pages and checks them when given', () => {
    expect(prepareOptions(TOOLS.rotate, { angle: '180' })).toEqual({ ok: true, fields: { angle: '180' } });
    expect(prepareOptions(TOOLS.rotate, { angle: '90', pages: ' 1-3, 7 ' })).toEqual({
      ok: true,
      fields: { angle: '90', pages: '1-3, 7' },
    });
    expect(messageOf(prepareOptions(TOOLS.rotate, { angle: '90', pages: ' ' }))).toBe(
      'Please enter the pages to rotate',
    );
  });

  it('always sends a page list the tool requires, and asks for it before sending when blank', () => {
    const tool = { ...TOOLS.compress, options: { pages: { kind: 'page-list', required: true } } } as const;
    expect(prepareOptions(tool, { pages: ' 2, 4- ' })).toEqual({ ok: true, fields: { pages: '2, 4-' } });
    for (const values of [{}, { pages: '' }, { pages: ' , ' }] as Record<string, string>[]) {
      const prepared = prepareOptions(tool, values);
      expect(prepared.ok ? null : prepared.problem.option).toBe('pages');
      expect(messageOf(prepared)).toBe('Enter the pages, for example 1-5, 10-15.');
    }
    expect(messageOf(prepareOptions(tool, { pages: '2-9' }, 4))).toBe(
      '“\u20682-9\u2069”: the document has 4 pages.',
    );
  });

  it('passes choice options through unchanged', () => {
    expect(prepareOptions(TOOLS.compress, { quality: 'low' })).toEqual({
      ok: true,
      fields: { quality: 'low' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { describePageRangeProblem } from '../page-ranges.ts';
import { initialOptionValues, optionKindOf, readOptions } from './option-kinds.ts';
import type { OptionSpec } from './option-specs.ts';

const REQUIRED: Record<string, OptionSpec> = { pages: { kind: 'page-list', required: true } };
const OPTIONAL: Record<string, OptionSpec> = { pages: { kind: 'page-list' } };

describe('a page list a tool requires', () => {
  it('is read like any page list when sent', () => {
    expect(readOptions(REQUIRED, new Map([['pages', ' 2-3, 5 ']]))).toEqual({ pages: '2-3, 5' });
  });

  it('is refused with INVALID_OPTIONS, naming the field, when absent or blank', () => {
    for (const fields of [new Map<string, string>(), new Map([['pages', '  ']])]) {
      let thrown: unknown;
      try {
        readOptions(REQUIRED, fields);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({ code: 'INVALID_OPTIONS', details: { option: 'pages' } });
      expect((thrown as AppError).message).toBe('The "pages" field is required: pages such as 1-3, 7, 9-.');
    }
    // Without `required`, a list left out stays out.
    expect(readOptions(OPTIONAL, new Map())).toEqual({ pages: undefined });
  });

  it('is required (the API schema marks what isRequired says), and the form starts it blank', () => {
    const spec = REQUIRED.pages as OptionSpec;
    expect(optionKindOf(spec).isRequired(spec)).toBe(true);
    expect(initialOptionValues(REQUIRED)).toEqual({});
  });

  it('has words for a list that would leave no page', () => {
    expect(describePageRangeProblem({ item: '', reason: 'everyPage', pageCount: 4 })).toBe(
      'The list takes every page of the document (4); leave at least one.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { readOptions } from './option-kinds.ts';
import { checkLayoutPages, MAX_LAYOUT_ITEMS, readPageLayout } from './page-layout.ts';
import { TOOLS } from './registry.ts';

const problemOf = (text: string) => {
  const read = readPageLayout(text);
  return read.ok ? null : read.problem;
};

describe('readPageLayout', () => {
  it('reads pages (rotate 0 when absent) and blank pages, in order', () => {
    expect(
      readPageLayout('[{"file": 1, "page": 3, "rotate": 90}, {"blank": "previous"}, {"page": 1, "file": 0}]'),
    ).toEqual({
      ok: true,
      layout: [{ file: 1, page: 3, rotate: 90 }, { blank: 'previous' }, { file: 0, page: 1, rotate: 0 }],
    });
  });

  it('refuses a layout that is not a JSON array of pages, or lists none or too many', () => {
    expect(problemOf('[{"file": 0, "page": 1}')).toEqual({ reason: 'notJson' });
    expect(problemOf('{"file": 0, "page": 1}')).toEqual({ reason: 'notList' });
    expect(problemOf('[]')).toEqual({ reason: 'empty' });
    const many = JSON.stringify(Array.from({ length: MAX_LAYOUT_ITEMS + 1 }, () => ({ blank: 'a4' })));
    expect(problemOf(many)).toEqual({ reason: 'tooMany', maxItems: MAX_LAYOUT_ITEMS });
  });

  it.each([
    ['[{"file": 0, "page": 1}, 3]', { reason: 'malformed', item: 2 }],
    ['[{"file": 0, "page": 0}]', { reason: 'malformed', item: 1 }],
    ['[{"file": -1, "page": 1}]', { reason: 'malformed', item: 1 }],
    ['[{"file": 0, "page": 1.5}]', { reason: 'malformed', item: 1 }],
    ['[{"file": "0", "page": 1}]', { reason: 'malformed', item: 1 }],
    ['[{"file": 0}]', { reason: 'malformed', item: 1 }],
    ['[{"file": 0, "page": 1, "angle": 90}]', { reason: 'malformed', item: 1 }],
    ['[{"blank": "a4", "rotate": 90}]', { reason: 'malformed', item: 1 }],
    ['[{"blank": "a4"}, {"file": 0, "page": 2, "rotate": 45}]', { reason: 'rotate', item: 2 }],
    ['[{"file": 0, "page": 2, "rotate": -90}]', { reason: 'rotate', item: 1 }],
    ['[{"blank": "a3"}]', { reason: 'blankSize', item: 1 }],
  ])('%s: names the item at fault', (text, problem) => {
    expect(problemOf(text)).toEqual(problem);
  });
});

describe('checkLayoutPages', () => {
  const files = [
    { name: 'a.pdf', pageCount: 3 },
    { name: 'b.pdf', pageCount: 8 },
  ];

  it('passes pages within their files, and blank pages', () => {
    expect(checkLayoutPages([{ file: 1, page: 8, rotate: 0 }, { blank: 'a4' }], files)).toBeNull();
  });

  it('names the first item past its file’s end, or of a file not sent', () => {
    expect(
      checkLayoutPages(
        [{ file: 0, page: 3, rotate: 0 }, { blank: 'a4' }, { file: 1, page: 12, rotate: 0 }],
        files,
      ),
    ).toEqual({ reason: 'pageOutOfRange', item: 3, fileIndex: 1, fileName: 'b.pdf', page: 12, pageCount: 8 });
    expect(checkLayoutPages([{ file: 2, page: 1, rotate: 0 }], files)).toEqual({
      reason: 'noFile',
      item: 1,
      fileIndex: 2,
      fileCount: 2,
    });
  });
});

describe('the layout option of organize', () => {
  const read = (layout?: string) =>
    readOptions(TOOLS.organize.options, new Map(layout === undefined ? [] : [['layout', layout]]));

  it('is read into its items', () => {
    expect(read('[{"file": 0, "page": 2, "rotate": 270}]')).toEqual({
      layout: [{ file: 0, page: 2, rotate: 270 }],
    });
  });

  it('is required, and a bad one is INVALID_LAYOUT naming the item in its message', () => {
    expect(() => read()).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => read('[]')).toThrow(expect.objectContaining({ code: 'INVALID_LAYOUT' }));
    const error = (() => {
      try {
        read('[{"file": 0, "page": 1}, {"blank": "a5"}]');
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'INVALID_LAYOUT',
      message: 'layout item 2: blank must be "a4", "letter" or "previous".',
      details: { reason: 'blankSize', item: 2 },
    });
  });
});

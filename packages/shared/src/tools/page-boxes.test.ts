import { describe, expect, it } from 'vitest';
import { OPTION_KINDS, readOptions } from './option-kinds.ts';
import { pageBoxRect, readPageBoxes } from './page-boxes.ts';
import { TOOLS } from './registry.ts';

describe('readPageBoxes', () => {
  it('reads boxes in fractions of the page, cut at its edge by a hair', () => {
    expect(readPageBoxes('[{"page": 2, "x": 0.5, "y": 0.25, "width": 0.5000001, "height": 0.5}]')).toEqual({
      ok: true,
      boxes: [{ page: 2, x: 0.5, y: 0.25, width: 0.5, height: 0.5 }],
    });
    expect(readPageBoxes('[]')).toEqual({ ok: true, boxes: [] });
  });

  it('refuses what is not a list of boxes within their pages', () => {
    expect(readPageBoxes('{')).toMatchObject({ ok: false, problem: { reason: 'notJson' } });
    expect(readPageBoxes('{"page": 1}')).toMatchObject({ ok: false, problem: { reason: 'notList' } });
    const cases = [
      ['{"page": 0, "x": 0, "y": 0, "width": 1, "height": 1}', 'malformed'],
      ['{"page": 1, "x": 0, "y": 0, "width": 1, "height": 1, "image": 0}', 'malformed'],
      ['{"page": 1, "x": "0", "y": 0, "width": 1, "height": 1}', 'malformed'],
      ['{"page": 1, "x": 0.5, "y": 0, "width": 0.6, "height": 1}', 'outside'],
      ['{"page": 1, "x": 0, "y": 0, "width": 0, "height": 1}', 'outside'],
    ] as const;
    for (const [box, reason] of cases) {
      expect(readPageBoxes(`[{"page": 1, "x": 0, "y": 0, "width": 1, "height": 1}, ${box}]`)).toEqual({
        ok: false,
        problem: { reason, item: 2 },
      });
    }
  });

  it('places a box on its page as seen', () => {
    expect(pageBoxRect({ page: 1, x: 0.5, y: 0.25, width: 0.25, height: 0.5 }, [0, 0, 792, 612])).toEqual([
      396, 153, 594, 459,
    ]);
  });
});

describe('Redact PDF options', () => {
  const read = (fields: Record<string, string>) =>
    readOptions(TOOLS.redact.options, new Map(Object.entries(fields)));

  it('reads search terms one per line, and a colour', () => {
    expect(read({ search: ' Jane Doe \r\n\n555-0100 ', fill: '#FFAA00' })).toMatchObject({
      search: ['Jane Doe', '555-0100'],
      regex: 'false',
      areas: [],
      fill: '#ffaa00',
    });
    expect(() => read({ fill: 'red' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });

  it('refuses a regular expression that does not compile, naming its line and not its words', () => {
    expect(read({ search: '(a', regex: 'false' })).toMatchObject({ search: ['(a'] });
    const refusal = (() => {
      try {
        read({ search: 'fine\n(unclosed', regex: 'true' });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toMatchObject({ code: 'INVALID_OPTIONS', details: { option: 'search', line: 2 } });
    expect(JSON.stringify(refusal)).not.toContain('unclosed');
    expect(OPTION_KINDS['search-terms'].isRequired(TOOLS.redact.options.search)).toBe(false);
  });
});

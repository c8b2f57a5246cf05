import { describe, expect, it } from 'vitest';
import { NO_FILTER, readFilter, writeFilter } from './filter-params.ts';

describe('the filter in the URL', () => {
  it('reads the search and an offered category', () => {
    expect(readFilter(new URLSearchParams('q=merge%20pdf&category=how-to'), ['how-to'])).toEqual({
      query: 'merge pdf',
      category: 'how-to',
    });
    expect(readFilter(new URLSearchParams(''), ['how-to'])).toEqual(NO_FILTER);
  });

  it('treats a category the listing does not offer as All', () => {
    expect(readFilter(new URLSearchParams('category=reviews'), ['how-to']).category).toBeNull();
    expect(readFilter(new URLSearchParams('category=nonsense'), ['how-to']).category).toBeNull();
  });

  it('writes only what filters, and keeps other parameters', () => {
    const params = new URLSearchParams('utm_source=mail&q=old');
    expect(writeFilter({ query: 'split', category: 'how-to' }, params).toString()).toBe(
      'utm_source=mail&q=split&category=how-to',
    );
    expect(writeFilter({ query: '  ', category: null }, params).toString()).toBe('utm_source=mail');
    expect(params.toString()).toBe('utm_source=mail&q=old');
  });
});

import { describe, expect, it } from 'vitest';
import {
  categoriesOf,
  filterPosts,
  foldForSearch,
  matchesFilter,
  type FilterablePost,
} from './filter-posts.ts';

const post = (overrides: Partial<FilterablePost>): FilterablePost => ({
  title: 'How to Merge PDF Files Online',
  excerpt: 'Combine contracts into one tidy PDF.',
  tags: ['merge', 'guide'],
  category: 'pdf-tools',
  ...overrides,
});

const ALL = { query: '', category: null } as const;

describe('foldForSearch', () => {
  it('ignores case, accents and character width', () => {
    expect(foldForSearch('Résumé ÜBERBLICK', 'fr')).toBe('resume uberblick');
    expect(foldForSearch('ＰＤＦ　ｶﾀｶﾅ', 'ja')).toBe('pdf カタカナ');
    expect(foldForSearch('Straße', 'de')).toBe('strasse');
    expect(foldForSearch('Ёлка', 'ru')).toBe('елка');
  });

  it('ignores Arabic vowel marks, the tatweel and hamza on alef', () => {
    expect(foldForSearch('دَمْج الملفـــات', 'ar')).toBe('دمج الملفات');
    expect(foldForSearch('أمان إضافي', 'ar')).toBe('امان اضافي');
  });

  it('keeps marks that make another letter outside Latin script', () => {
    expect(foldForSearch('パス', 'ja')).not.toBe(foldForSearch('ハス', 'ja'));
    expect(foldForSearch('й', 'ru')).toBe('й');
    expect(foldForSearch('병합', 'ko')).toBe('병합');
  });
});

describe('matchesFilter', () => {
  it('finds the search text in the title, the excerpt or any tag, whatever its case', () => {
    expect(matchesFilter(post({}), { query: 'MERGE pdf', category: null }, 'en')).toBe(true);
    expect(matchesFilter(post({}), { query: 'tidy', category: null }, 'en')).toBe(true);
    expect(matchesFilter(post({}), { query: 'Guide', category: null }, 'en')).toBe(true);
    expect(matchesFilter(post({}), { query: 'compress', category: null }, 'en')).toBe(false);
  });

  it('needs every word, each in any field', () => {
    expect(matchesFilter(post({}), { query: 'guide contracts', category: null }, 'en')).toBe(true);
    expect(matchesFilter(post({}), { query: 'guide rotate', category: null }, 'en')).toBe(false);
  });

  it('shows everything for an empty or blank search', () => {
    expect(matchesFilter(post({}), ALL, 'en')).toBe(true);
    expect(matchesFilter(post({}), { query: '   ', category: null }, 'en')).toBe(true);
  });

  it('keeps only the chosen category, together with the search', () => {
    const security = post({ category: 'security', title: 'Why security matters', tags: ['privacy'] });
    expect(matchesFilter(security, { query: '', category: 'security' }, 'en')).toBe(true);
    expect(matchesFilter(post({}), { query: '', category: 'security' }, 'en')).toBe(false);
    expect(matchesFilter(security, { query: 'merge', category: 'security' }, 'en')).toBe(false);
  });

  it('matches accented text typed without accents', () => {
    const french = post({ title: 'Fusionner des PDF en sécurité' });
    expect(matchesFilter(french, { query: 'securite', category: null }, 'fr')).toBe(true);
  });
});

describe('filterPosts and categoriesOf', () => {
  const posts = [
    post({ title: 'A', category: 'how-to' }),
    post({ title: 'B', category: 'security' }),
    post({ title: 'C', category: 'how-to' }),
  ];

  it('keeps the order of the posts', () => {
    expect(filterPosts(posts, { query: '', category: 'how-to' }, 'en').map((p) => p.title)).toEqual([
      'A',
      'C',
    ]);
  });

  it('lists each category once, in the given order', () => {
    expect(categoriesOf(posts, ['pdf-tools', 'security', 'how-to'])).toEqual(['security', 'how-to']);
  });
});

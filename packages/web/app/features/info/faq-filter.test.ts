import { describe, expect, it } from 'vitest';
import {
  countByCategory,
  filterFaq,
  foldForSearch,
  searchTerms,
  type SearchableFaqItem,
} from './faq-filter.ts';

const ITEMS: SearchableFaqItem[] = [
  {
    id: 'merge-limit',
    category: 'merging',
    question: 'How many files can I merge?',
    answerText: 'Up to 10 PDFs in one merge.',
    keywords: ['limit', 'batch'],
  },
  {
    id: 'split-ranges',
    category: 'splitting',
    question: 'How do I write page ranges?',
    answerText: 'Separate the items with commas: 1-5, 10-15.',
    keywords: ['syntax'],
  },
  {
    id: 'cookies',
    category: 'security',
    question: 'Does Quire use cookies?',
    answerText: 'No cookies and no analytics.',
    keywords: ['tracking', 'Résumé'],
  },
  {
    id: 'deletion',
    category: 'security',
    question: 'When are my files deleted?',
    answerText: 'As soon as the response has been sent.',
    keywords: ['retention'],
  },
];

const ids = (items: readonly SearchableFaqItem[]) => items.map((item) => item.id);

describe('filterFaq', () => {
  it('shows every question, in order, for All and no search (the default)', () => {
    expect(ids(filterFaq(ITEMS, { category: 'all', query: '' }, 'en'))).toEqual([
      'merge-limit',
      'split-ranges',
      'cookies',
      'deletion',
    ]);
  });

  it('keeps only the chosen category', () => {
    expect(ids(filterFaq(ITEMS, { category: 'security', query: '' }, 'en'))).toEqual(['cookies', 'deletion']);
    expect(filterFaq(ITEMS, { category: 'editor', query: '' }, 'en')).toEqual([]);
  });

  it('searches question, answer and keywords, case-insensitively, every word required', () => {
    expect(ids(filterFaq(ITEMS, { category: 'all', query: 'MERGE' }, 'en'))).toEqual(['merge-limit']);
    expect(ids(filterFaq(ITEMS, { category: 'all', query: 'commas' }, 'en'))).toEqual(['split-ranges']);
    expect(ids(filterFaq(ITEMS, { category: 'all', query: 'Tracking' }, 'en'))).toEqual(['cookies']);
    expect(ids(filterFaq(ITEMS, { category: 'all', query: '  files   deleted ' }, 'en'))).toEqual([
      'deletion',
    ]);
    expect(filterFaq(ITEMS, { category: 'all', query: 'files cookies' }, 'en')).toEqual([]);
  });

  it('combines the category and the search', () => {
    expect(ids(filterFaq(ITEMS, { category: 'security', query: 'files' }, 'en'))).toEqual(['deletion']);
    expect(filterFaq(ITEMS, { category: 'merging', query: 'cookies' }, 'en')).toEqual([]);
  });

  it('ignores accents on either side', () => {
    expect(ids(filterFaq(ITEMS, { category: 'all', query: 'resume' }, 'en'))).toEqual(['cookies']);
    expect(ids(filterFaq(ITEMS, { category: 'all', query: 'cóokies' }, 'en'))).toEqual(['cookies']);
  });
});

describe('search folding', () => {
  it('lower-cases by the language, drops accents and Arabic vowel marks, keeps kana voicing', () => {
    expect(foldForSearch('Ёлка', 'ru')).toBe('елка');
    expect(foldForSearch('مُلَفّ', 'ar')).toBe('ملف');
    expect(foldForSearch('が', 'ja')).toBe('が');
    expect(foldForSearch('파일', 'ko')).toBe('파일');
  });

  it('splits words at any space, ideographic spaces included', () => {
    expect(searchTerms(' PDF\u3000ファイル  ', 'ja')).toEqual(['pdf', 'ファイル']);
    expect(searchTerms('   ', 'en')).toEqual([]);
  });
});

describe('countByCategory', () => {
  it('counts the questions matching the search, per category and in all', () => {
    const all = countByCategory(ITEMS, '', 'en');
    expect(all.get('all')).toBe(4);
    expect(all.get('security')).toBe(2);
    expect(all.get('editor')).toBeUndefined();
    const searched = countByCategory(ITEMS, 'files', 'en');
    expect(searched.get('all')).toBe(2);
    expect(searched.get('merging')).toBe(1);
    expect(searched.get('security')).toBe(1);
    expect(searched.get('splitting')).toBeUndefined();
  });
});

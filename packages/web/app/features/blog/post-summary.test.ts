import { describe, expect, it } from 'vitest';
import { loadBlogIndex, loadBlogPost } from '../../content/load-content.ts';
import { detailPost, relatedPosts, summarizePost } from './post-summary.ts';

const post = (slug: string, category: 'how-to' | 'security') => ({ slug, category });

describe('relatedPosts', () => {
  it('takes other posts of the same category, in order, at most three', () => {
    const posts = [
      post('a', 'how-to'),
      post('b', 'security'),
      post('c', 'how-to'),
      post('d', 'how-to'),
      post('e', 'how-to'),
      post('f', 'how-to'),
    ];
    expect(relatedPosts(posts[0]!, posts).map((p) => p.slug)).toEqual(['c', 'd', 'e']);
    expect(relatedPosts(posts[1]!, posts)).toEqual([]);
  });

  it('pairs the two security posts and the two how-to posts of the blog, and nothing else', async () => {
    const index = await loadBlogIndex('en');
    const pairs = index
      .map((p) => [p.slug, relatedPosts(p, index).map((r) => r.slug)] as const)
      .filter(([, related]) => related.length > 0);
    expect(Object.fromEntries(pairs)).toEqual({
      'why-security-matters-online-pdf-tools': ['how-to-convert-pdf-to-word-safely'],
      'how-to-convert-pdf-to-word-safely': ['why-security-matters-online-pdf-tools'],
      'tips-splitting-large-pdf-files': ['how-to-convert-images-to-pdf-quickly'],
      'how-to-convert-images-to-pdf-quickly': ['tips-splitting-large-pdf-files'],
    });
  });
});

describe('summarizePost and detailPost', () => {
  it('date the post in the page’s language and keep the body', async () => {
    const spanish = await loadBlogPost('how-to-merge-pdf-files-online', 'es');
    if (!spanish) throw new Error('missing post');
    const summary = summarizePost(spanish, 'es');
    expect(summary.publishDateText).toBe('9 de enero de 2025');
    expect(summary.lang).toBeUndefined();
    expect(detailPost(spanish, 'es').html).toContain('<h2');
  });

  it('marks text that is not in the page’s language', async () => {
    const english = await loadBlogPost('how-to-merge-pdf-files-online', 'en');
    if (!english) throw new Error('missing post');
    expect(summarizePost(english, 'de').lang).toBe('en');
    expect(summarizePost(english, 'de').publishDateText).toBe('9. Januar 2025');
  });
});
